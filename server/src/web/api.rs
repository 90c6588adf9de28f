//! Recording the answers: JSON from programs, the page's form fields from
//! the island, or a plain form POST when JavaScript is off. All of them go
//! through `app::validate_output` (or `validate_draft`); every refusal is an
//! `AppError`, in the page's language.

use super::body;
use super::error::AppError;
use super::lang::RequestLang;
use super::page::{page_id, render};
use super::state::{AppState, SessionError};
use app::page::protocol::{DraftSaved, FORM_MEDIA_TYPE, FormAnswers, Recorded, SESSION_HEADER};
use app::page::{Field, PageData, Served};
use app::{Lang, validate_draft, validate_output};
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Form, Json};
use serde_json::Value;
use std::sync::Arc;

/// A body of answers: `{"decisions":[...]}` as JSON, or the page's form
/// fields URL-encoded (what the island sends).
pub enum AnswersBody {
    Json(Value),
    Form(Vec<(String, String)>),
}

impl<S: Send + Sync> FromRequest<S> for AnswersBody {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        let lang = request
            .extensions()
            .get::<RequestLang>()
            .map(|l| l.lang)
            .unwrap_or_default();
        let request = body::whole(request, lang)
            .await
            .map_err(AppError::in_json)?;
        let is_form = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with(FORM_MEDIA_TYPE));
        if is_form {
            return match Form::<Vec<(String, String)>>::from_request(request, state).await {
                Ok(Form(pairs)) => Ok(AnswersBody::Form(pairs)),
                Err(rejection) => {
                    Err(
                        AppError::refused(rejection.status(), lang, rejection.body_text())
                            .in_json(),
                    )
                }
            };
        }
        match Json::<Value>::from_request(request, state).await {
            Ok(Json(value)) => Ok(AnswersBody::Json(value)),
            Err(JsonRejection::MissingJsonContentType(_)) => {
                Err(AppError::not_json(lang).in_json())
            }
            Err(other) => Err(AppError::refused(other.status(), lang, other.body_text()).in_json()),
        }
    }
}

/// What the validators read: the answers, and the session they claim.
struct Claimed {
    served: Arc<Served>,
    answers: AnswersBody,
}

impl Claimed {
    /// The served session, if the body (or else the header) names it.
    fn new(
        state: &AppState,
        lang: Lang,
        headers: &HeaderMap,
        answers: AnswersBody,
    ) -> Result<Self, AppError> {
        let from_form = match &answers {
            AnswersBody::Form(pairs) => {
                let session = Field::Session.name();
                pairs
                    .iter()
                    .find(|(k, _)| *k == session)
                    .map(|(_, v)| v.as_str())
            }
            AnswersBody::Json(_) => None,
        };
        let header = headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok());
        let served = claimed(state, lang, from_form.or(header))?;
        Ok(Claimed { served, answers })
    }

    /// The session, and the body as the validators read it: the answers,
    /// or (`draft`) the answers so far.
    fn into_parts(self, draft: bool) -> (Arc<Served>, Value) {
        let value = match self.answers {
            AnswersBody::Json(value) => value,
            AnswersBody::Form(pairs) => {
                let input = &self.served.pending.input;
                let form = FormAnswers::read(input, &pairs);
                if draft {
                    form.draft_json(input)
                } else {
                    form.output_json(input)
                }
            }
        };
        (self.served, value)
    }
}

/// `POST /api/decisions`: the answers, as JSON or as the page's form.
pub async fn submit_answers(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    body: AnswersBody,
) -> Result<Json<Recorded>, AppError> {
    let claimed = Claimed::new(&state, lang, &headers, body).map_err(AppError::in_json)?;
    let (served, value) = claimed.into_parts(false);
    record(&state, lang, &served, &value, page_id(&headers))
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
    let (served, value) = claimed.into_parts(true);
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

/// `POST /submit` from the server-rendered form without JavaScript: answers
/// with the final page, or a message page.
pub async fn submit_form(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    request: Request,
) -> Response {
    let pairs = match body::whole(request, lang).await {
        Ok(request) => match Form::<Vec<(String, String)>>::from_request(request, &state).await {
            Ok(Form(pairs)) => pairs,
            Err(rejection) => return rejection.into_response(),
        },
        Err(error) => return error.into_response(),
    };
    let headers = HeaderMap::new();
    let claimed = match Claimed::new(&state, lang, &headers, AnswersBody::Form(pairs)) {
        Ok(claimed) => claimed,
        Err(error) => return error.into_response(),
    };
    let (served, value) = claimed.into_parts(false);
    match record(&state, lang, &served, &value, None).await {
        Ok(()) => {
            let data = PageData {
                served,
                lang,
                ended: state.ended().borrow().clone(),
                draft: Arc::default(),
                all_items: false,
                also_waiting: Default::default(),
            };
            render(&state, data).await
        }
        Err(error) => error.into_response(),
    }
}

/// Validates `value` against the served session and records it; `page`
/// is the island's id of the page that sent it. A page that submits after
/// the answers are recorded is told them.
async fn record(
    state: &AppState,
    lang: Lang,
    served: &Served,
    value: &Value,
    page: Option<String>,
) -> Result<(), AppError> {
    let output =
        validate_output(&served.pending.input, value).map_err(|e| AppError::invalid(lang, &e))?;
    match state.record(output, page).await {
        Ok(()) => Ok(()),
        Err(SessionError::AlreadyDecided) => Err(AppError::already_decided(
            lang,
            &state.recorded_lines(lang).await,
        )),
        Err(e) => Err(AppError::session(lang, e, state.printer())),
    }
}

/// The served session, if it is the one the page (`claimed_id`) shows.
fn claimed(
    state: &AppState,
    lang: Lang,
    claimed_id: Option<&str>,
) -> Result<Arc<Served>, AppError> {
    let Some(claimed_id) = claimed_id else {
        let fields = format!("{SESSION_HEADER} / {}", Field::Session.name());
        return Err(AppError::bad_request(lang, fields));
    };
    state
        .claimed(claimed_id)
        .map_err(|e| AppError::session(lang, e, state.printer()))
}
