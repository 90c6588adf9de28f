//! An item's `context`, as the HTML the server rendered from its Markdown.

use crate::model::ItemId;
use serde::{Deserialize, Serialize};

/// One item's context as HTML. Only the server makes these, from Markdown,
/// with raw HTML turned into text and links limited to the web and mail
/// (see the server's `markdown` module); the page shows `html` as is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemContext {
    pub id: ItemId,
    pub html: String,
}
