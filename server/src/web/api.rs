//! Recording the answers: JSON from programs, the page's form fields from
//! the island, or a plain form POST when JavaScript is off. All of them go
//! through the one rule pass of `app::validate`; every refusal is an
//! `AppError`, in the page's language.

use super::body;
use super::claimed::{AnswersBody, Claimed};
use super::error::{AppError, SessionError};
use super::lang::RequestLang;
use super::page::{page_id, render};
use super::posted;
use super::state::AppState;
use app::page::PageData;
use app::page::protocol::{DraftSaved, FOLLOW, NOT_SAME, OVERTURN, Recorded, Relay};
use app::{DecideOutput, Lang, Via};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use std::sync::Arc;

/// `POST /api/decisions`: the answers, as JSON or as the page's form.
pub async fn submit_answers(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: AnswersBody,
) -> Result<Json<Recorded>, AppError> {
    answer(&state, lang, &headers, body, None).await
}

/// `POST /api/relay/…`: the answers `aide mcp` passes on, recorded as
/// given where `relay` says (the route's, set when the router is built).
pub async fn relayed_answers(
    relay: Relay,
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: AnswersBody,
) -> Result<Json<Recorded>, AppError> {
    answer(&state, lang, &headers, body, Some(relay)).await
}

/// Records the answers of `body`, relayed by `aide mcp` or not.
async fn answer(
    state: &AppState,
    lang: Lang,
    headers: &HeaderMap,
    body: AnswersBody,
    relay: Option<Relay>,
) -> Result<Json<Recorded>, AppError> {
    let claimed = Claimed::new(state, lang, headers, body).map_err(AppError::in_json)?;
    let output = claimed
        .output(lang, &state.ruled())
        .map_err(AppError::in_json)?;
    let via = relay.map_or_else(|| claimed.via_page(), Relay::via);
    record(state, lang, (output, via), page_id(headers))
        .await
        .map_err(AppError::in_json)?;
    Ok(Json(Recorded { ok: true }))
}

/// `PUT /api/draft`: the answers so far (items may still be open), as JSON
/// or as the page's form.
pub async fn save_draft(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: AnswersBody,
) -> Result<Json<DraftSaved>, AppError> {
    let claimed = Claimed::new(&state, lang, &headers, body).map_err(AppError::in_json)?;
    let entries = claimed.draft(lang).map_err(AppError::in_json)?;
    let draft = state
        .save_draft(entries)
        .await
        .map_err(|e| AppError::session(lang, e, state.printer()).in_json())?;
    Ok(Json(DraftSaved {
        ok: true,
        saved_at: draft.saved_at(),
    }))
}

/// `POST /submit` from the server-rendered form without JavaScript: answers
/// with the final page, or a message page.
pub async fn submit_form(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    request: Request,
) -> Response {
    let pairs: Vec<(String, String)> = match body::whole(request, lang).await {
        Ok(request) => match Bytes::from_request(request, &state).await {
            Ok(bytes) => match serde_urlencoded::from_bytes(&bytes) {
                Ok(pairs) => pairs,
                Err(_) => return AppError::bad_form(lang).into_response(),
            },
            Err(_) => return AppError::body_timed_out(lang).into_response(),
        },
        Err(error) => return error.into_response(),
    };
    if let Some(item) = posted::pressed(&pairs, NOT_SAME) {
        let act = async |id| state.not_the_same(id).await;
        return posted::keep_then(&state, lang, pairs, item, act).await;
    }
    if let Some(asked) = super::later::asked(&pairs) {
        return super::later::decide_later(&state, lang, pairs, asked).await;
    }
    if let Some(item) = posted::pressed(&pairs, OVERTURN) {
        let act = async |id| state.overturn(id).await;
        return posted::keep_then(&state, lang, pairs, item, act).await;
    }
    if let Some(item) = posted::pressed(&pairs, FOLLOW) {
        let pairs = posted::answered_as_before(&state, pairs, item);
        let act = async |_| Ok::<(), SessionError>(());
        return posted::keep_then(&state, lang, pairs, item, act).await;
    }
    let headers = HeaderMap::new();
    let claimed = match Claimed::new(&state, lang, &headers, AnswersBody::Form(pairs)) {
        Ok(claimed) => claimed,
        Err(error) => return error.into_response(),
    };
    let output = match claimed.output(lang, &state.ruled()) {
        Ok(output) => output,
        Err(error) => return error.into_response(),
    };
    let served = claimed.served;
    match record(&state, lang, (output, Via::Page), None).await {
        Ok(()) => {
            let data = PageData {
                served,
                lang,
                ended: state.ended().borrow().clone(),
                draft: Arc::default(),
                all_items: false,
                also_waiting: Default::default(),
                images: app::page::Images::Linked,
                not_same: state.not_same(),
                provisional: Default::default(),
                ruled: Default::default(),
            };
            render(&state, data).await
        }
        Err(error) => error.into_response(),
    }
}

/// Records the answers to the served session; `page` is the island's id
/// of the page that sent them. A page that submits after the answers are
/// recorded is told them.
async fn record(
    state: &AppState,
    lang: Lang,
    answers: (DecideOutput, Via),
    page: Option<String>,
) -> Result<(), AppError> {
    match state.record(answers, page).await {
        Ok(()) => Ok(()),
        Err(SessionError::AlreadyDecided) => Err(AppError::already_decided(
            lang,
            &state.recorded_lines(lang).await,
        )),
        Err(e) => Err(AppError::session(lang, e, state.printer())),
    }
}
