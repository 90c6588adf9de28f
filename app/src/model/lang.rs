//! The languages aide speaks. Defined with the formats, which store it
//! (`decide.lang`, the page's choice); the catalogue (`crate::i18n`) gives
//! it its words and reads it from tags and locales.

use serde::{Deserialize, Serialize};

/// The language of messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Zh,
    #[default]
    En,
}
