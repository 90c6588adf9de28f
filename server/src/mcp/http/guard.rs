//! What every request to `aide mcp --http` passes before rmcp sees it:
//! the token (401 without it, nothing of MCP runs), the session cap (503),
//! and a body read whole within a deadline (408) and a size (413). After
//! rmcp, a body it could not parse as a message is told as JSON-RPC tells
//! it (400, -32700 or -32600) instead of rmcp's 415.

use super::sessions::Sessions;
use super::token::{Presented, Token};
use crate::mcp::rpc::{SERVER_ERROR, error_response};
use app::Lang;
use app::i18n::{AgentMsg, Msg};
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use rmcp::model::ErrorCode;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// What the guard checks against.
#[derive(Clone, Debug)]
pub struct Guard {
    pub token: Token,
    pub sessions: Arc<Sessions>,
    /// How long a POST's whole body may take to arrive.
    pub body_deadline: Duration,
    pub max_body: usize,
    pub lang: Lang,
}

/// The middleware in front of rmcp's service.
pub async fn guard(State(guard): State<Guard>, request: Request, next: Next) -> Response {
    match guard.token.presented(request.headers()) {
        Presented::Right => {}
        presented => return unauthorized(presented, guard.lang),
    }
    // Only a POST without a session id can open a session (initialize).
    let opens =
        request.method() == Method::POST && !request.headers().contains_key("mcp-session-id");
    if opens && guard.sessions.is_full() {
        let max = guard.sessions.max();
        let mut response = rpc_error(
            StatusCode::SERVICE_UNAVAILABLE,
            SERVER_ERROR,
            Msg::Agent(AgentMsg::McpHttpBusy { max }),
            guard.lang,
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        return response;
    }
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let bytes = match read_whole(body, &parts.headers, &guard).await {
        Ok(bytes) => bytes,
        Err(refusal) => return refusal,
    };
    let json_declared = is_json(&parts.headers);
    let request = Request::from_parts(parts, Body::from(bytes.clone()));
    let response = next.run(request).await;
    // rmcp answers 415 both to a wrong Content-Type and to a body it could
    // not parse; with a JSON Content-Type it can only be the body.
    if response.status() == StatusCode::UNSUPPORTED_MEDIA_TYPE && json_declared {
        let is_json = serde_json::from_slice::<serde::de::IgnoredAny>(&bytes).is_ok();
        let code = if is_json {
            ErrorCode::INVALID_REQUEST
        } else {
            ErrorCode::PARSE_ERROR
        };
        return rpc_error(
            StatusCode::BAD_REQUEST,
            code,
            Msg::Agent(AgentMsg::McpHttpNotJsonRpc),
            guard.lang,
        );
    }
    response
}

/// The body, whole: 413 over the limit (at once when its declared length
/// is), 408 when it has not all arrived within the deadline.
async fn read_whole(
    body: Body,
    headers: &axum::http::HeaderMap,
    guard: &Guard,
) -> Result<Bytes, Response> {
    let too_large = || {
        rpc_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            SERVER_ERROR,
            Msg::Agent(AgentMsg::McpHttpBodyLarge {
                max_bytes: guard.max_body,
            }),
            guard.lang,
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > guard.max_body as u64) {
        return Err(too_large());
    }
    let limited = http_body_util::Limited::new(body, guard.max_body);
    match tokio::time::timeout(guard.body_deadline, limited.collect()).await {
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => Err(too_large()),
        // The client broke the body off: nobody is left to read a reply.
        Ok(Err(_)) => Err(StatusCode::BAD_REQUEST.into_response()),
        Err(_) => {
            let mut response = rpc_error(
                StatusCode::REQUEST_TIMEOUT,
                SERVER_ERROR,
                Msg::Agent(AgentMsg::McpHttpBodyLate {
                    secs: guard.body_deadline.as_secs().max(1),
                }),
                guard.lang,
            );
            // The rest of the body may still come: not on this connection.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            Err(response)
        }
    }
}

fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// 401 as RFC 6750 words it: a `WWW-Authenticate: Bearer` challenge and a
/// JSON body saying what to send.
fn unauthorized(presented: Presented, lang: Lang) -> Response {
    let challenge = match presented {
        Presented::Wrong => r#"Bearer realm="aide", error="invalid_token""#,
        _ => r#"Bearer realm="aide""#,
    };
    let body = json!({
        "error": "invalid_token",
        "error_description": Msg::Agent(AgentMsg::McpHttpUnauthorized).text(lang),
    });
    let mut response = (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static(challenge),
    );
    response
}

/// A JSON-RPC error with no id (the request's could not be read).
fn rpc_error(status: StatusCode, code: ErrorCode, msg: Msg, lang: Lang) -> Response {
    let body = error_response(None, code, msg.text(lang));
    (status, axum::Json(body)).into_response()
}
