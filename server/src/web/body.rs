//! How request bodies are read: a few at a time, each whole before it is
//! parsed, so a burst of large saves cannot hold hundreds of bodies (and
//! what they parse into) at once, and a body that stops arriving is told
//! apart from one that is wrong.

use super::MAX_BODY_BYTES;
use super::error::AppError;
use app::Lang;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::error::Error;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How many requests with a body are read, parsed, validated and saved at
/// once: as many as the runtime's blocking threads. Saves queue on the
/// store lock anyway; what waits here waits unread, in its socket, not in
/// memory. 1,000 concurrent full-draft saves of a 1,000-item page peaked
/// at 945 MiB without the bound and at 67 MiB with it (`bench/bodies.py`).
pub const BODIES_AT_ONCE: usize = 8;

/// The permits of one server's requests with a body.
#[derive(Clone, Debug)]
pub struct Bodies(Arc<Semaphore>);

impl Default for Bodies {
    fn default() -> Self {
        Bodies(Arc::new(Semaphore::new(BODIES_AT_ONCE)))
    }
}

/// Middleware of the routes that take a body: the request waits for one
/// of `BODIES_AT_ONCE` permits and holds it until its response is built.
/// It runs after the access checks, so only the page's own requests wait.
pub async fn few_at_once(State(bodies): State<Bodies>, request: Request, next: Next) -> Response {
    // Never closed, so there is always a permit in the end.
    let _permit = bodies.0.acquire_owned().await.ok();
    next.run(request).await
}

/// The request with its body read whole (at most `MAX_BODY_BYTES`): a body
/// that went silent for longer than the server's body timeout is 408, one
/// over the limit 413; the extractors then parse it as before.
pub async fn whole(request: Request, lang: Lang) -> Result<Request, AppError> {
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Err(error) => Err(refusal(lang, &error)),
    }
}

/// Why a body could not be read, from the errors it carries.
fn refusal(lang: Lang, error: &axum::Error) -> AppError {
    let mut cause: Option<&(dyn Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if e.is::<tower_http::timeout::TimeoutError>() {
            return AppError::body_timed_out(lang);
        }
        if e.is::<http_body_util::LengthLimitError>() {
            return AppError::body_too_large(lang);
        }
        cause = e.source();
    }
    AppError::body_broken(lang)
}

/// Middleware of every route: a declared `Content-Length` over the limit
/// is refused with 413 as soon as the headers are read, without waiting
/// for the body, in the page's words (tower-http's limit layer answers
/// "length limit exceeded"). A body without one is held to the limit as
/// it is read ([`whole`]).
pub async fn declared_limit(
    State(lang): State<super::PageLang>,
    request: Request,
    next: Next,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_none_or(|length| length <= MAX_BODY_BYTES as u64) {
        return next.run(request).await;
    }
    let lang = lang
        .for_request(request.headers(), request.uri().query())
        .lang;
    let refusal = AppError::body_too_large(lang);
    if request.uri().path().starts_with("/api/") {
        refusal.in_json().into_response()
    } else {
        refusal.into_response()
    }
}
