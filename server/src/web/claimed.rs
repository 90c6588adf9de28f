//! A body of answers and the served session it claims to answer: read
//! once, by the one rule pass, for every route that takes answers (the
//! page's and the API's, drafts, and the form "Not the same question"
//! posts).

use super::body;
use super::error::AppError;
use super::lang::RequestLang;
use super::state::AppState;
use app::page::protocol::{FORM_MEDIA_TYPE, FormAnswers, SESSION_HEADER};
use app::page::{Field, Served};
use app::validate::{ReadError, parse_draft_body, parse_output};
use app::{DecideOutput, DraftEntry, Lang, Via};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, header};
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
pub(super) struct Claimed {
    pub(super) served: Arc<Served>,
    answers: AnswersBody,
}

impl Claimed {
    /// The served session, if the body (or else the header) names it.
    pub(super) fn new(
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

    /// The answers, checked against the session. The page's form lists
    /// the items a standing ruling answered (`ruled`) apart from its open
    /// items: their answers are the ruling's. A program's JSON answers
    /// every item itself.
    pub(super) fn output(
        &self,
        lang: Lang,
        ruled: &[app::Decision],
    ) -> Result<DecideOutput, AppError> {
        let input = &self.served.pending.input;
        match &self.answers {
            AnswersBody::Json(bytes) => parse_output(input, bytes).map_err(|e| refused(lang, e)),
            AnswersBody::Form(pairs) => FormAnswers::read(input, pairs)
                .output_ruled(input, ruled)
                .map_err(|e| AppError::invalid(lang, &e)),
        }
    }

    /// Where answers sent to the page's own route were given: the page
    /// for form fields, a program for JSON. Nothing a client sends says
    /// otherwise; answers from the App view or the client's form come by
    /// their own route (`api::relayed_answers`).
    pub(super) fn via_page(&self) -> Via {
        match self.answers {
            AnswersBody::Form(_) => Via::Page,
            AnswersBody::Json(_) => Via::Api,
        }
    }

    /// The answers so far (items may be open), checked the same way.
    pub(super) fn draft(&self, lang: Lang) -> Result<Vec<DraftEntry>, AppError> {
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
