//! The decision page, rendered on the server.

use super::error::{AppError, no_store};
use super::lang::RequestLang;
use super::state::AppState;
use super::state::SessionError;
use app::page::{ItemsQuery, PageData, PageQuery, SESSION_HEADER, items_html, shell, view_html};
use axum::Extension;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, Request, header};
use axum::response::{Html, IntoResponse, Response};
use std::sync::Arc;

/// `GET /`: the pending session, or a page saying there is none. A long
/// session's page carries its first items in full (all of them with
/// `?items=all`).
pub async fn page(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    // A query the page does not know is no reason not to show it.
    let all_items = query.is_ok_and(|Query(q)| q.all_items());
    match state.load().await {
        Ok(loaded) => {
            state.note_opened().await;
            let data = PageData {
                served: loaded.served,
                lang,
                decided: loaded.decided,
                draft: Arc::new(loaded.draft),
                all_items,
            };
            render(&state, data).await
        }
        Err(error) => AppError::session(lang, error, state.printer()).into_response(),
    }
}

/// `GET /api/items?from=N`: the items the page left out, from position
/// `N`, as server HTML with the answers saved so far. The request names
/// the session its page shows (`x-aide-session`), so a page of a replaced
/// session never receives the new session's items.
pub async fn items(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    Query(ItemsQuery { from }): Query<ItemsQuery>,
) -> Result<Response, AppError> {
    let data = open_session(&state, lang, &headers).await?;
    Ok(fragment(items_html(&data, from)))
}

/// `GET /api/view`: the form as the MCP App view shows it, for the
/// session the request names (`x-aide-session`): the same item cards as
/// the page, its first items only; the view fetches the rest from
/// `/api/items`.
pub async fn app_view(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let data = open_session(&state, lang, &headers).await?;
    Ok(fragment(view_html(&data)))
}

/// The served session with its draft, if it is the one the request names
/// and it is still open; refusals in JSON.
async fn open_session(
    state: &AppState,
    lang: app::Lang,
    headers: &HeaderMap,
) -> Result<PageData, AppError> {
    let shown = headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok());
    let Some(shown) = shown else {
        return Err(AppError::bad_request(lang, SESSION_HEADER.to_owned()).in_json());
    };
    let session_error = |e| AppError::session(lang, e, state.printer()).in_json();
    state.claimed(shown).map_err(session_error)?;
    let loaded = state.load().await.map_err(session_error)?;
    if loaded.decided {
        return Err(session_error(SessionError::AlreadyDecided));
    }
    Ok(PageData {
        served: loaded.served,
        lang,
        decided: false,
        draft: Arc::new(loaded.draft),
        all_items: false,
    })
}

/// Server HTML that is only ever the state of the moment.
fn fragment(html: String) -> Response {
    let mut response = Html(html).into_response();
    no_store(&mut response);
    response
}

/// Renders the page for `data` (server HTML whose island the WASM
/// hydrates).
pub async fn render(state: &AppState, data: PageData) -> Response {
    let options = state.leptos().clone();
    let nonce = match super::access::random_hex() {
        Ok(nonce) => nonce,
        Err(error) => {
            return AppError::internal_with(data.lang, error, state.printer()).into_response();
        }
    };
    let lang = data.lang;
    let context_nonce = nonce.clone();
    let handler = leptos_axum::render_app_to_stream_with_context(
        move || {
            leptos::prelude::provide_context(leptos::nonce::Nonce::from_value(
                context_nonce.as_str(),
            ))
        },
        move || shell(options.clone(), data.clone()),
    );
    let (parts, body) = handler(Request::new(Body::empty()))
        .await
        .into_response()
        .into_parts();
    // Whole, not streamed: the page then goes out with a Content-Length, so
    // an HTTP/1.0 client can keep its connection alive (a stream of unknown
    // length can only end by closing it).
    let body = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(bytes) => bytes,
        Err(error) => {
            return AppError::internal_with(lang, error, state.printer()).into_response();
        }
    };
    let mut response = Response::from_parts(parts, Body::from(body));
    no_store(&mut response);
    if let Ok(csp) = HeaderValue::from_str(&super::guard::page_csp(&nonce)) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    response
}
