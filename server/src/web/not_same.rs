//! The form posted by a precedent's "Not the same question" button (with
//! or without JavaScript): what the person entered is kept as the draft,
//! not submitted; the precedent is said not to be the same question; and
//! the page is shown again at the item, without it.

use super::claimed::{AnswersBody, Claimed};
use super::error::AppError;
use super::state::AppState;
use app::ItemId;
use app::Lang;
use app::page::protocol::{DomId, NOT_SAME, Route};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};

/// The item whose precedent the posted form says is not the same
/// question, if the form was posted by that button.
pub fn asked(pairs: &[(String, String)]) -> Option<u32> {
    pairs
        .iter()
        .find(|(name, _)| name == NOT_SAME)
        .map(|(_, item)| item.trim().parse().unwrap_or(0))
}

/// Keeps the form as the draft, says item `item`'s precedent is not the
/// same question, and sends the browser back to the page at the item
/// (303: reloading the page then posts nothing again).
pub async fn not_the_same(
    state: &AppState,
    lang: Lang,
    pairs: Vec<(String, String)>,
    item: u32,
) -> Response {
    if let Err(refused) = keep_as_draft(state, lang, pairs).await {
        return refused;
    }
    // An id the session does not have shows the page as it is.
    let id = ItemId::new(item);
    if let Some(id) = id
        && let Err(e) = state.not_the_same(id).await
    {
        return AppError::session(lang, e, state.printer()).into_response();
    }
    back_to(id)
}

/// Keeps a posted form as the session's draft, checked by the one rule
/// pass: what a button that posts the form without submitting it does
/// first ("Not the same question", "Decide later", "Decide now").
pub async fn keep_as_draft(
    state: &AppState,
    lang: Lang,
    pairs: Vec<(String, String)>,
) -> Result<(), Response> {
    let claimed = Claimed::new(state, lang, &HeaderMap::new(), AnswersBody::Form(pairs))
        .map_err(IntoResponse::into_response)?;
    let entries = claimed.draft(lang).map_err(IntoResponse::into_response)?;
    state
        .save_draft(entries)
        .await
        .map_err(|e| AppError::session(lang, e, state.printer()).into_response())?;
    Ok(())
}

/// The page again, at item `id` when it has one (303: reloading the page
/// then posts nothing again).
pub fn back_to(id: Option<ItemId>) -> Response {
    let to = match id {
        Some(id) => format!("{}#{}", Route::Page.path(), DomId::Item(id).get()),
        None => Route::Page.path().to_owned(),
    };
    Redirect::to(&to).into_response()
}
