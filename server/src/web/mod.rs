//! The local web server: the decision page, its assets, and the endpoints
//! that record the answers.

mod api;
mod assets;
mod page;
mod serve;
mod state;

pub use assets::embedded as assets_embedded;
pub use serve::{ServeOptions, Served, StopWhen, bind_first_free, serve};
pub use state::AppState;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

/// Largest request body accepted (answers with long notes fit easily).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The router, without a socket, so tests can drive it with `oneshot`.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/", get(page::page))
        .route(app::page::DECISIONS_API, post(api::submit_json))
        .route(app::page::FORM_ACTION, post(api::submit_form))
        .route("/favicon.svg", get(assets::favicon))
        .route("/pkg/{file}", get(assets::pkg))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

#[cfg(test)]
mod tests;
