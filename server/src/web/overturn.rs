//! The form posted by a ruled item's "Overturn" button (with or without
//! JavaScript, as "Not the same question" is): what the person entered is
//! kept as the draft, the ruling's answer to the item is overturned (the
//! store and the ledger say so), and the page is shown again at the item,
//! now an open item the person answers (issue 56).

use super::error::AppError;
use super::not_same::{back_to, keep_as_draft};
use super::state::AppState;
use app::page::protocol::OVERTURN;
use app::{ItemId, Lang};
use axum::response::{IntoResponse, Response};

/// The item whose ruled answer the posted form overturns, if the form was
/// posted by that button.
pub fn asked(pairs: &[(String, String)]) -> Option<u32> {
    pairs
        .iter()
        .find(|(name, _)| name == OVERTURN)
        .map(|(_, item)| item.trim().parse().unwrap_or(0))
}

/// Keeps the form as the draft, overturns item `item`'s ruled answer, and
/// sends the browser back to the page at the item (303: reloading the
/// page then posts nothing again). An item no ruling answers shows the
/// page as it is.
pub async fn overturn(
    state: &AppState,
    lang: Lang,
    pairs: Vec<(String, String)>,
    item: u32,
) -> Response {
    if let Err(refused) = keep_as_draft(state, lang, pairs).await {
        return refused;
    }
    let id = ItemId::new(item);
    if let Some(id) = id
        && let Err(e) = state.overturn(id).await
    {
        return AppError::session(lang, e, state.printer()).into_response();
    }
    back_to(id)
}
