//! Recording the answers: JSON from the hydrated page, or a plain form POST
//! when JavaScript is off. Both go through `app::validate_output`.

use super::lang::RequestLang;
use super::page::{message_page, render};
use super::state::{AppState, Served, SessionError};
use app::i18n::PageText;
use app::page::PageData;
use app::{Lang, ValidationErrors, validate_draft, validate_output};
use axum::Extension;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use serde_json::{Value, json};

/// A refusal: status, message and optional hint.
struct Refusal {
    status: StatusCode,
    message: String,
    hint: Option<&'static str>,
}

/// `POST /api/decisions` with `{"decisions":[...]}`.
pub async fn submit_json(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let result = async {
        let value = json_body(lang, &headers, &body)?;
        record(&state, lang, session_header(&headers), &value).await
    }
    .await;
    reply(result.map(|()| json!({ "ok": true })))
}

/// `PUT /api/draft` with `{"decisions":[...]}`, where items may still be
/// open: the page saves the answers so far as the person works.
pub async fn save_draft(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let result = async {
        let value = json_body(lang, &headers, &body)?;
        let served = claimed(&state, lang, session_header(&headers))?;
        let answers =
            validate_draft(&served.pending.input, &value).map_err(|e| invalid(e, lang))?;
        let draft = state
            .save_draft(answers)
            .await
            .map_err(|e| session_refusal(e, lang))?;
        Ok(json!({ "ok": true, "saved_at": draft.saved_at }))
    }
    .await;
    reply(result)
}

/// The JSON body of a request that says it sends JSON.
fn json_body(lang: Lang, headers: &HeaderMap, body: &Bytes) -> Result<Value, Refusal> {
    if !is_json(headers) {
        return Err(Refusal {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: "Content-Type must be application/json".into(),
            hint: None,
        });
    }
    serde_json::from_slice(body).map_err(|e| Refusal {
        status: StatusCode::BAD_REQUEST,
        message: format!("{}: {e}", PageText::BadRequest.get(lang)),
        hint: None,
    })
}

fn session_header(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(app::page::SESSION_HEADER)
        .and_then(|v| v.to_str().ok())
}

fn reply(result: Result<Value, Refusal>) -> Response {
    match result {
        Ok(body) => Json(body).into_response(),
        Err(refusal) => {
            let body = json!({ "error": refusal.message, "hint": refusal.hint });
            (refusal.status, Json(body)).into_response()
        }
    }
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
        Err(refusal) => return refusal_page(lang, refusal),
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
    match record(
        &state,
        lang,
        claimed_id.as_deref(),
        &json!({ "decisions": decisions }),
    )
    .await
    {
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
        Err(refusal) => refusal_page(lang, refusal),
    }
}

/// Validates `value` against the served session and records it, if it is
/// the session the page shows (`claimed`).
async fn record(
    state: &AppState,
    lang: Lang,
    claimed_id: Option<&str>,
    value: &Value,
) -> Result<(), Refusal> {
    let served = claimed(state, lang, claimed_id)?;
    let output = validate_output(&served.pending.input, value).map_err(|e| invalid(e, lang))?;
    state
        .record(output)
        .await
        .map_err(|e| session_refusal(e, lang))
}

/// The served session, if it is the one the page (`claimed_id`) shows.
fn claimed(
    state: &AppState,
    lang: Lang,
    claimed_id: Option<&str>,
) -> Result<std::sync::Arc<Served>, Refusal> {
    let Some(claimed_id) = claimed_id else {
        return Err(Refusal {
            status: StatusCode::BAD_REQUEST,
            message: format!(
                "{}: {} / {}",
                PageText::BadRequest.get(lang),
                app::page::SESSION_HEADER,
                app::page::SESSION_FIELD
            ),
            hint: None,
        });
    };
    state
        .claimed(claimed_id)
        .map_err(|e| session_refusal(e, lang))
}

fn invalid(errors: ValidationErrors, lang: Lang) -> Refusal {
    Refusal {
        status: StatusCode::BAD_REQUEST,
        message: errors.messages(lang).join("\n"),
        hint: errors.hints(lang).first().copied(),
    }
}

fn conflict(text: PageText, lang: Lang) -> Refusal {
    Refusal {
        status: StatusCode::CONFLICT,
        message: text.get(lang),
        hint: None,
    }
}

fn session_refusal(error: SessionError, lang: Lang) -> Refusal {
    match error {
        SessionError::Replaced => conflict(PageText::Replaced, lang),
        SessionError::AlreadyDecided => conflict(PageText::AlreadyDecided, lang),
        SessionError::Store(other) => Refusal {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("{}: {other}", PageText::SaveFailed.get(lang)),
            hint: None,
        },
    }
}

fn refusal_page(lang: Lang, refusal: Refusal) -> Response {
    let title = if refusal.status == StatusCode::INTERNAL_SERVER_ERROR {
        PageText::SaveFailed
    } else {
        PageText::BadRequest
    };
    message_page(refusal.status, lang, title, &refusal.message)
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}
