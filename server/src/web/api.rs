//! Recording the answers: JSON from programs, the page's form fields from
//! the island, or a plain form POST when JavaScript is off. All of them go
//! through the one rule pass of `app::validate`; every refusal is an
//! `AppError`, in the page's language.

use super::body;
use super::error::{AppError, SessionError};
use super::lang::RequestLang;
use super::page::{page_id, render};
use super::state::AppState;
use app::page::protocol::{
    DraftSaved, FORM_MEDIA_TYPE, FormAnswers, Recorded, Relay, SESSION_HEADER,
};
use app::page::{Field, PageData, Served};
use app::validate::{ReadError, parse_draft_body, parse_output};
use app::{DecideOutput, DraftEntry, Lang, Via};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use std::sync::Arc;

/// A body of answers: `{"decisions":[...]}` as JSON text, or the page's
/// form fields URL-encoded (what the island, the plain form and the App
/// view send). Either is read straight into the answers by the one rule
/// pass (`app::validate`), never through a `serde_json::Value`.
pub enum AnswersBody {
    Json(Bytes),
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
        let media = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<mime::Mime>().ok());
        let is_form = media
            .as_ref()
            .is_some_and(|m| m.essence_str() == FORM_MEDIA_TYPE);
        let is_json = media.as_ref().is_some_and(|m| {
            m.type_() == mime::APPLICATION
                && (m.subtype() == mime::JSON || m.suffix() == Some(mime::JSON))
        });
        if !is_form && !is_json {
            return Err(AppError::not_json(lang).in_json());
        }
        let request = body::whole(request, lang)
            .await
            .map_err(AppError::in_json)?;
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|_| AppError::body_timed_out(lang).in_json())?;
        if is_json {
            return Ok(AnswersBody::Json(bytes));
        }
        serde_urlencoded::from_bytes(&bytes)
            .map(AnswersBody::Form)
            .map_err(|_| AppError::bad_form(lang).in_json())
    }
}

/// A body, and the served session it claims to answer.
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

    /// The answers, checked against the session.
    fn output(&self, lang: Lang) -> Result<DecideOutput, AppError> {
        let input = &self.served.pending.input;
        match &self.answers {
            AnswersBody::Json(bytes) => parse_output(input, bytes).map_err(|e| refused(lang, e)),
            AnswersBody::Form(pairs) => FormAnswers::read(input, pairs)
                .output(input)
                .map_err(|e| AppError::invalid(lang, &e)),
        }
    }

    /// Where answers sent to the page's own route were given: the page
    /// for form fields, a program for JSON. Nothing a client sends says
    /// otherwise; answers from the App view or the client's form come by
    /// their own route ([`relayed_answers`]).
    fn via_page(&self) -> Via {
        match self.answers {
            AnswersBody::Form(_) => Via::Page,
            AnswersBody::Json(_) => Via::Api,
        }
    }

    /// The answers so far (items may be open), checked the same way.
    fn draft(&self, lang: Lang) -> Result<Vec<DraftEntry>, AppError> {
        let input = &self.served.pending.input;
        match &self.answers {
            AnswersBody::Json(bytes) => {
                parse_draft_body(input, bytes).map_err(|e| refused(lang, e))
            }
            AnswersBody::Form(pairs) => FormAnswers::read(input, pairs)
                .draft(input)
                .map_err(|e| AppError::invalid(lang, &e)),
        }
    }
}

/// A JSON body that could not be read: not JSON, or answers that break
/// the rules.
fn refused(lang: Lang, error: ReadError) -> AppError {
    match error {
        ReadError::Json(error) => AppError::bad_json(lang, &error),
        ReadError::Invalid(errors) => AppError::invalid(lang, &errors),
    }
}

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
    let output = claimed.output(lang).map_err(AppError::in_json)?;
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
    let pairs = match body::whole(request, lang).await {
        Ok(request) => match Bytes::from_request(request, &state).await {
            Ok(bytes) => match serde_urlencoded::from_bytes(&bytes) {
                Ok(pairs) => pairs,
                Err(_) => return AppError::bad_form(lang).into_response(),
            },
            Err(_) => return AppError::body_timed_out(lang).into_response(),
        },
        Err(error) => return error.into_response(),
    };
    let headers = HeaderMap::new();
    let claimed = match Claimed::new(&state, lang, &headers, AnswersBody::Form(pairs)) {
        Ok(claimed) => claimed,
        Err(error) => return error.into_response(),
    };
    let output = match claimed.output(lang) {
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
                provisional: Default::default(),
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

/// The served session, if it is the one the page (`claimed_id`) shows.
fn claimed(
    state: &AppState,
    lang: Lang,
    claimed_id: Option<&str>,
) -> Result<Arc<Served>, AppError> {
    let Some(claimed_id) = claimed_id else {
        let fields = format!("{SESSION_HEADER} / {}", Field::Session.name());
        return Err(AppError::missing(lang, &fields));
    };
    state
        .claimed(claimed_id)
        .map_err(|e| AppError::session(lang, e, state.printer()))
}
