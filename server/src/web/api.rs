//! Recording the answers: JSON from the hydrated page, or a plain form POST
//! when JavaScript is off. Both go through `app::validate_output`; every
//! refusal is an `AppError`, in the page's language.

use super::error::AppError;
use super::lang::RequestLang;
use super::page::render;
use super::state::{AppState, Served};
use app::page::PageData;
use app::{Lang, Timestamp, validate_draft, validate_output};
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Form, Json};
use serde_json::{Value, json};
use std::sync::Arc;

/// `{"ok":true}`: the answers are recorded.
#[derive(serde::Serialize)]
pub struct Recorded {
    ok: bool,
}

/// `{"ok":true,"saved_at":…}`: the draft is saved.
#[derive(serde::Serialize)]
pub struct DraftSaved {
    ok: bool,
    saved_at: Timestamp,
}

/// `POST /api/decisions` with `{"decisions":[...]}`.
pub async fn submit_json(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: Result<Json<Value>, JsonRejection>,
) -> Result<Json<Recorded>, AppError> {
    let value = json_body(lang, body)?;
    record(&state, lang, session_header(&headers), &value)
        .await
        .map_err(AppError::in_json)?;
    Ok(Json(Recorded { ok: true }))
}

/// `PUT /api/draft` with `{"decisions":[...]}`, where items may still be
/// open: the page saves the answers so far as the person works.
pub async fn save_draft(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: Result<Json<Value>, JsonRejection>,
) -> Result<Json<DraftSaved>, AppError> {
    let value = json_body(lang, body)?;
    let served = claimed(&state, lang, session_header(&headers)).map_err(AppError::in_json)?;
    let answers = validate_draft(&served.pending.input, &value)
        .map_err(|e| AppError::invalid(lang, &e).in_json())?;
    let draft = state
        .save_draft(answers)
        .await
        .map_err(|e| AppError::session(lang, e, state.printer()).in_json())?;
    Ok(Json(DraftSaved {
        ok: true,
        saved_at: draft.saved_at,
    }))
}

/// The JSON body, or why there is none: axum checks the media type and
/// the syntax; the refusal is said in the page's language.
fn json_body(lang: Lang, body: Result<Json<Value>, JsonRejection>) -> Result<Value, AppError> {
    match body {
        Ok(Json(value)) => Ok(value),
        Err(JsonRejection::MissingJsonContentType(_)) => Err(AppError::not_json(lang).in_json()),
        Err(other) => Err(AppError::refused(other.status(), lang, other.body_text()).in_json()),
    }
}

fn session_header(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(app::page::SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
}

/// `POST /submit` from the server-rendered form: `item-{id}` holds the
/// chosen value and `note-{id}` the note.
pub async fn submit_form(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let field = |name: String| {
        fields
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.clone())
    };
    let claimed_id = field(app::page::SESSION_FIELD.to_owned());
    let served = match claimed(&state, lang, claimed_id.as_deref()) {
        Ok(served) => served,
        Err(error) => return error.into_response(),
    };
    let decisions: Vec<Value> = served
        .pending
        .input
        .items()
        .iter()
        .filter_map(|item| {
            let chosen = field(format!("item-{}", item.id()))?;
            let note = field(format!("note-{}", item.id())).unwrap_or_default();
            Some(json!({ "id": item.id().get(), "chosen": chosen, "note": note }))
        })
        .collect();
    let value = json!({ "decisions": decisions });
    match record(&state, lang, claimed_id.as_deref(), &value).await {
        Ok(()) => {
            let data = PageData {
                input: served.pending.input.clone(),
                session_id: served.pending.meta.session_id.clone(),
                lang,
                decided: true,
                draft: Vec::new(),
                snippets: Vec::new(),
                contexts: Vec::new(),
            };
            render(&state, data).await
        }
        Err(error) => error.into_response(),
    }
}

/// Validates `value` against the served session and records it, if it is
/// the session the page shows (`claimed_id`).
async fn record(
    state: &AppState,
    lang: Lang,
    claimed_id: Option<&str>,
    value: &Value,
) -> Result<(), AppError> {
    let served = claimed(state, lang, claimed_id)?;
    let output =
        validate_output(&served.pending.input, value).map_err(|e| AppError::invalid(lang, &e))?;
    state
        .record(output)
        .await
        .map_err(|e| AppError::session(lang, e, state.printer()))
}

/// The served session, if it is the one the page (`claimed_id`) shows.
fn claimed(
    state: &AppState,
    lang: Lang,
    claimed_id: Option<&str>,
) -> Result<Arc<Served>, AppError> {
    let Some(claimed_id) = claimed_id else {
        let fields = format!(
            "{} / {}",
            app::page::SESSION_HEADER,
            app::page::SESSION_FIELD
        );
        return Err(AppError::bad_request(lang, fields));
    };
    state
        .claimed(claimed_id)
        .map_err(|e| AppError::session(lang, e, state.printer()))
}
