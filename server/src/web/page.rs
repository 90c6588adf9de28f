//! The decision page, rendered on the server.

use super::error::{AppError, no_store};
use super::lang::RequestLang;
use super::state::AppState;
use app::page::{PageData, shell};
use axum::Extension;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, Request, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// `GET /`: the pending session, or a page saying there is none.
pub async fn page(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
) -> Response {
    match state.load().await {
        Ok(loaded) => {
            state.note_opened().await;
            let data = PageData {
                served: loaded.served,
                lang,
                decided: loaded.decided,
                draft: Arc::new(loaded.draft),
            };
            render(&state, data).await
        }
        Err(error) => AppError::session(lang, error, state.printer()).into_response(),
    }
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
