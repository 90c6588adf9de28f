//! The middleware in front of every route: security headers on every
//! response, the `Host` check everywhere, and the key and origin checks on
//! everything that shows or changes the session.

use super::access::Refused;
use super::lang::RequestLang;
use super::state::AppState;
use app::Lang;
use app::i18n::PageText;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy of responses that are not the page: nothing may load.
const CSP_NONE: &str = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// The page's policy: its own scripts, the hydration script and the
/// stylesheet by nonce, and the WASM; nothing inline otherwise but the
/// pictures of an earlier record's options (`data:`, which runs nothing).
pub fn page_csp(nonce: &str) -> String {
    format!(
        "default-src 'none'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; style-src 'nonce-{nonce}'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )
}

/// Routes that show or change the session: key, host and origin.
pub async fn session_routes(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let access = state.access();
    let (request_lang, first) = first_checks(&state, &request);
    let lang = request_lang.lang;
    let checked = first.and_then(|()| access.check_key(request.headers(), request.uri().query()));
    match checked {
        Ok(from_query) => {
            request.extensions_mut().insert(request_lang);
            let mut response = next.run(request).await;
            if from_query && let Ok(cookie) = HeaderValue::from_str(&access.set_cookie()) {
                response.headers_mut().append(header::SET_COOKIE, cookie);
            }
            if request_lang.switched
                && let Ok(cookie) = HeaderValue::from_str(&request_lang.set_cookie())
            {
                response.headers_mut().append(header::SET_COOKIE, cookie);
            }
            response
        }
        Err(refused) => forbidden(refused, lang, is_api(&request)),
    }
}

/// The routes `aide mcp` relays answers by: host and origin as for the
/// session's routes, and the relay secret instead of the page's key, so
/// neither the page nor anyone holding its key can say the answers came
/// from the App view or the client's form.
pub async fn relay_routes(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let (request_lang, first) = first_checks(&state, &request);
    let checked = first.and_then(|()| state.access().check_relay(request.headers()));
    match checked {
        Ok(()) => {
            request.extensions_mut().insert(request_lang);
            next.run(request).await
        }
        Err(refused) => forbidden(refused, request_lang.lang, true),
    }
}

/// What both kinds of guarded route check first, host and origin, with
/// the language the refusal is said in.
fn first_checks(state: &AppState, request: &Request) -> (RequestLang, Result<(), Refused>) {
    let access = state.access();
    let request_lang = state
        .page_lang()
        .for_request(request.headers(), request.uri().query());
    let checked = access
        .check_host(request.headers())
        .and_then(|()| access.check_origin(request.method(), request.headers()));
    (request_lang, checked)
}

fn is_api(request: &Request) -> bool {
    request.uri().path().starts_with("/api/")
}

/// Static assets: only the host check (they hold nothing of the session).
pub async fn asset_routes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match state.access().check_host(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refused) => {
            let lang = state.page_lang().for_request(request.headers(), None).lang;
            forbidden(refused, lang, false)
        }
    }
}

/// Headers every response carries; the page sets its own CSP first, so
/// the default policy goes only where none is.
pub fn with_security_headers<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    let fixed = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            header::HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ];
    let router = router.layer(SetResponseHeaderLayer::if_not_present(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP_NONE),
    ));
    fixed.into_iter().fold(router, |router, (name, value)| {
        router.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ))
    })
}

/// 403 that says what to do and nothing about the session; JSON for the
/// API, so the page can show the reason.
fn forbidden(refused: Refused, lang: Lang, json: bool) -> Response {
    let text = match refused {
        Refused::Host => PageText::ForbiddenHost,
        Refused::Origin => PageText::ForbiddenOrigin,
        Refused::Key => PageText::ForbiddenKey,
    }
    .get(lang);
    let mut response = if json {
        let body = serde_json::json!({ "error": text });
        (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
    } else {
        (StatusCode::FORBIDDEN, text).into_response()
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
