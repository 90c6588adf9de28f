//! The form posted by an item's "Decide later" or "Decide now" button
//! (with or without JavaScript, as "Not the same question" is): the form
//! is kept as the draft with the item marked to decide later, or without
//! the mark, and the page is shown again at the item (issue 58).
//!
//! The mark lives in the draft (`{"id":N,"later":true}`), not the ledger:
//! it is the state of one open question, read by the one draft check,
//! kept across a reload and a server restart, taken back by answering
//! the item, and gone with the draft once the person's answers are
//! recorded; a session where nobody presses the button keeps the spec's
//! draft.

use super::posted::{back_to, keep_as_draft};
use super::state::AppState;
use app::page::Field;
use app::page::protocol::{LATER, NOW};
use app::{ItemId, Lang};
use axum::response::Response;

/// The item a posted form's "Decide later" (`true`) or "Decide now"
/// (`false`) button names, if one posted it.
pub fn asked(pairs: &[(String, String)]) -> Option<(u32, bool)> {
    pairs.iter().find_map(|(name, item)| {
        let later = match name.as_str() {
            LATER => true,
            NOW => false,
            _ => return None,
        };
        Some((item.trim().parse().unwrap_or(0), later))
    })
}

/// Keeps the form as the draft with item `item` to decide later (its
/// choice cleared, its note kept) or, not `later`, to decide now; then
/// the page at the item.
pub async fn decide_later(
    state: &AppState,
    lang: Lang,
    mut pairs: Vec<(String, String)>,
    (item, later): (u32, bool),
) -> Response {
    let id = ItemId::new(item);
    if let Some(id) = id {
        let dropped = [
            Field::Later(id).name(),
            Field::Choice(id).name(),
            Field::Other(id).name(),
        ];
        let dropped = if later { &dropped[..] } else { &dropped[..1] };
        pairs.retain(|(name, _)| !dropped.contains(name));
        if later {
            pairs.push((Field::Later(id).name(), "1".to_owned()));
        }
    }
    if let Err(refused) = keep_as_draft(state, lang, pairs).await {
        return refused;
    }
    back_to(id)
}
