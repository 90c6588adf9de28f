//! The buttons that post the form without submitting it, with or without
//! JavaScript (the island lets the browser post them): a precedent's "Not
//! the same question", a ruled item's "Overturn" (issue 56), "Decide
//! later" and "Decide now" (issue 58, `later.rs`), and a precedent's
//! "Same as before" as the App view posts it (the island answers in
//! place). Each first keeps what the person entered as the draft, then
//! does its one thing, and sends the browser back to the page at the item.

use super::claimed::{AnswersBody, Claimed};
use super::error::{AppError, SessionError};
use super::state::AppState;
use app::ItemId;
use app::Lang;
use app::page::Follow;
use app::page::protocol::{CHOICE_OTHER, DomId, Field, Route};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};

/// The item a button named `field` posted the form for, if it did (`0`
/// when its value is not a number: no item has it).
pub fn pressed(pairs: &[(String, String)], field: &str) -> Option<u32> {
    pairs
        .iter()
        .find(|(name, _)| name == field)
        .map(|(_, item)| item.trim().parse().unwrap_or(0))
}

/// Keeps the form as the draft, does `act` to item `item` ("Not the same
/// question": its precedent is not the same question; "Overturn": the
/// ruling's answer to it is overturned, the store and the ledger say so),
/// and sends the browser back to the page at the item. An id the session
/// does not have shows the page as it is.
pub async fn keep_then<Done>(
    state: &AppState,
    lang: Lang,
    pairs: Vec<(String, String)>,
    item: u32,
    act: impl AsyncFnOnce(ItemId) -> Result<Done, SessionError>,
) -> Response {
    if let Err(refused) = keep_as_draft(state, lang, pairs).await {
        return refused;
    }
    let id = ItemId::new(item);
    if let Some(id) = id
        && let Err(e) = act(id).await
    {
        return AppError::session(lang, e, state.printer()).into_response();
    }
    back_to(id)
}

/// Keeps a posted form as the session's draft, checked by the one rule
/// pass: what a button that posts the form without submitting it does
/// first.
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

/// The posted form with item `item` answered as its precedent was ("Answer
/// the same way"): the item's choices and own answer replaced by the
/// precedent's. As posted when the item has no precedent to follow.
pub fn answered_as_before(
    state: &AppState,
    mut pairs: Vec<(String, String)>,
    item: u32,
) -> Vec<(String, String)> {
    let served = state.served();
    let precedent = served
        .precedents
        .iter()
        .find(|p| ItemId::new(item) == Some(p.id));
    let Some((id, follow)) = precedent.and_then(|p| Some((p.id, p.precedent.follow.as_ref()?)))
    else {
        return pairs;
    };
    let (choice, other) = (Field::Choice(id).name(), Field::Other(id).name());
    pairs.retain(|(name, _)| *name != choice && *name != other);
    match follow {
        Follow::Choose(positions) => {
            pairs.extend(positions.iter().map(|p| (choice.clone(), p.to_string())));
        }
        Follow::Other(text) => {
            pairs.extend([(choice, CHOICE_OTHER.to_owned()), (other, text.clone())]);
        }
    }
    pairs
}
