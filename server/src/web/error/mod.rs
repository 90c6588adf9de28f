//! One error for every handler: what the request could not do, said in the
//! page's language, as JSON for the page's scripts or as a small page for a
//! browser. Faults of the server are logged with their details on the
//! server's stderr and reach the browser only as a plain sentence (no paths).

use crate::output::Printer;
use crate::store::StoreError;
use app::i18n::{Damage, Msg, PageText};
use app::{Lang, ValidationErrors};
use axum::http::StatusCode;

mod response;

pub(super) use response::no_store;

/// Why the served session cannot be shown or answered.
#[derive(Debug)]
pub enum SessionError {
    /// `pending.json` is gone or now belongs to another session.
    Replaced,
    /// This session's answers are already recorded.
    AlreadyDecided,
    /// The project folder was deleted under the server: nothing can be
    /// saved (410; the server stops within a moment).
    ProjectGone,
    /// The agent withdrew this session: no answers are taken.
    Withdrawn {
        reason: Option<String>,
    },
    Store(StoreError),
}

/// What a request could not do.
#[derive(Debug)]
pub struct AppError {
    status: StatusCode,
    lang: Lang,
    /// The heading of the message page.
    title: PageText,
    message: String,
    hint: Option<&'static str>,
    /// Answer `{"error","hint"}` (the page's scripts) rather than a page.
    json: bool,
}

impl AppError {
    /// The request is wrong: 400 with why, already said in `lang` (from
    /// the catalogue: no library's English reaches the page).
    pub fn bad_request(lang: Lang, detail: String) -> Self {
        let message = format!("{}: {detail}", PageText::BadRequest.get(lang));
        Self::new(StatusCode::BAD_REQUEST, lang, PageText::BadRequest, message)
    }

    /// What the request names is not there: 404, saying what.
    pub fn not_found(lang: Lang, what: PageText) -> Self {
        Self::new(StatusCode::NOT_FOUND, lang, what, what.get(lang))
    }

    /// A request without `field` (a header, a form field, a parameter).
    pub fn missing(lang: Lang, field: &str) -> Self {
        let damage = Damage::Missing {
            path: field.to_owned(),
        };
        Self::bad_request(lang, damage.text(lang))
    }

    /// A body over the limit: 413.
    pub fn body_too_large(lang: Lang) -> Self {
        let mib = super::MAX_BODY_BYTES / (1024 * 1024);
        let text = PageText::BodyTooLarge { mib }.get(lang);
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            lang,
            PageText::BadRequest,
            text,
        )
    }

    /// A body that broke off before it was whole: 400.
    pub fn body_broken(lang: Lang) -> Self {
        let text = PageText::BodyBroken.get(lang);
        Self::new(StatusCode::BAD_REQUEST, lang, PageText::BadRequest, text)
    }

    /// Answers that break the rules: 400 with every message and the first hint.
    pub fn invalid(lang: Lang, errors: &ValidationErrors) -> Self {
        let mut error = Self::new(
            StatusCode::BAD_REQUEST,
            lang,
            PageText::BadRequest,
            errors.messages(lang).join("\n"),
        );
        error.hint = errors.hints(lang).first().copied();
        error
    }

    /// A body that stopped arriving before it was whole: 408.
    pub fn body_timed_out(lang: Lang) -> Self {
        let text = PageText::BodyTimedOut.get(lang);
        Self::new(
            StatusCode::REQUEST_TIMEOUT,
            lang,
            PageText::BadRequest,
            text,
        )
    }

    /// A body of another media type than JSON or the page's form: 415.
    pub fn not_json(lang: Lang) -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            lang,
            PageText::BadRequest,
            PageText::WrongMediaType.get(lang),
        )
    }

    /// A JSON body that is not JSON: 400 with where it stops being JSON.
    pub fn bad_json(lang: Lang, error: &app::validate::JsonError) -> Self {
        Self::bad_request(lang, app::i18n::json_error_text(error, lang))
    }

    /// A form body whose fields cannot be read: 400.
    pub fn bad_form(lang: Lang) -> Self {
        Self::bad_request(lang, PageText::BadForm.get(lang))
    }

    /// The session cannot be shown or answered: 409, or a fault (logged
    /// by `log`, the server's printer).
    pub fn session(lang: Lang, error: SessionError, log: Printer) -> Self {
        let text = match error {
            SessionError::Replaced => PageText::Replaced,
            SessionError::AlreadyDecided => PageText::AlreadyDecided,
            SessionError::Withdrawn { reason } => return Self::withdrawn(lang, reason),
            SessionError::ProjectGone => {
                let text = PageText::ProjectGone.get(lang);
                return Self::new(StatusCode::GONE, lang, PageText::NoSession, text);
            }
            SessionError::Store(fault) => return Self::fault(lang, &fault, log),
        };
        Self::new(
            StatusCode::CONFLICT,
            lang,
            PageText::NoSession,
            text.get(lang),
        )
    }

    /// The agent withdrew the question before this request's answers: 409
    /// with what the page's "withdrawn" screen says, and the reason.
    pub fn withdrawn(lang: Lang, reason: Option<String>) -> Self {
        let mut message = PageText::WithdrawnBody.get(lang);
        if let Some(reason) = reason {
            message.push('\n');
            message.push_str(&format!(
                "{}: {reason}",
                PageText::WithdrawnReason.get(lang)
            ));
        }
        Self::new(
            StatusCode::CONFLICT,
            lang,
            PageText::WithdrawnTitle,
            message,
        )
    }

    /// The answers were recorded before this request's: 409 with the
    /// answers that stand, one line each.
    pub fn already_decided(lang: Lang, recorded: &[String]) -> Self {
        let mut message = PageText::AlreadyDecided.get(lang);
        if !recorded.is_empty() {
            message.push('\n');
            message.push_str(&PageText::RecordedAnswers.get(lang));
            for line in recorded {
                message.push('\n');
                message.push_str(line);
            }
        }
        Self::new(StatusCode::CONFLICT, lang, PageText::NoSession, message)
    }

    /// A fault of the server: logged in full (in the server's language),
    /// answered with 500 and a sentence that names no file.
    pub fn fault(lang: Lang, fault: &StoreError, log: Printer) -> Self {
        log.error(&fault.message(log.lang));
        Self::internal(lang)
    }

    /// A fault that is not about files (rendering, randomness): logged,
    /// answered with 500.
    pub fn internal_with(lang: Lang, detail: impl std::fmt::Display, log: Printer) -> Self {
        log.error(&Msg::ServerFailed {
            detail: detail.to_string(),
        });
        Self::internal(lang)
    }

    fn internal(lang: Lang) -> Self {
        let text = PageText::ServerFault.get(lang);
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            PageText::SaveFailed,
            text,
        )
    }

    fn new(status: StatusCode, lang: Lang, title: PageText, message: String) -> Self {
        AppError {
            status,
            lang,
            title,
            message,
            hint: None,
            json: false,
        }
    }

    /// Answered as JSON, for the page's scripts.
    pub fn in_json(mut self) -> Self {
        self.json = true;
        self
    }
}

impl From<StoreError> for SessionError {
    /// The store's "one outcome per session" refusals are what the page
    /// tells the person; the rest are faults.
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Answered(_) => SessionError::AlreadyDecided,
            StoreError::Withdrawn { reason, .. } => SessionError::Withdrawn { reason },
            fault => SessionError::Store(fault),
        }
    }
}
