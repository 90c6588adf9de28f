//! The local web server: the decision page, its assets, and the endpoints
//! that record the answers.

mod access;
mod api;
mod assets;
mod attached;
mod audience;
mod bind;
mod body;
mod claimed;
mod ended_page;
mod error;
mod guard;
mod highlight;
mod image;
mod lang;
mod later;
mod markdown;
mod page;
mod posted;
mod query;
mod rulings;
mod serve;
mod snippet;
mod state;

pub use access::{Access, KEY_HEADER, KEY_PARAM, RELAY_HEADER};
pub use assets::embedded as assets_embedded;
pub use bind::{ServeOptions, bind_first_free, browsers_refuse};
pub use ended_page::{ENDED_PAGE_FOR, Faded, HandBack, serve_ended};
pub use lang::PageLang;
/// The accept loop with its header deadline, for `aide mcp --http` too.
pub(crate) use serve::{HEADER_TIMEOUT, accept};
pub use serve::{Signals, StopWhen, Stopped, serve};
pub use state::AppState;

use app::page::Route;
use app::page::protocol::Relay;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::HeaderMap;
use axum::middleware::from_fn_with_state;
use axum::routing::{MethodRouter, get, post, put};
use axum::{Extension, Router};
use std::time::Duration;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

/// Largest request body accepted (answers with long notes fit easily).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// How long a request body may go silent between two chunks.
const BODY_TIMEOUT: Duration = Duration::from_secs(20);
/// How long any request may take in all.
const HANDLER_TIMEOUT: Duration = Duration::from_secs(30);

/// The router, without a socket, so tests can drive it with `oneshot`.
pub fn app(state: AppState) -> Router {
    let few = from_fn_with_state(state.bodies(), body::few_at_once);
    let session = Router::new()
        .route(Route::Page.path(), page_route(get(page::page), &state))
        .route(
            Route::Decisions.path(),
            post(api::submit_answers).layer(few.clone()),
        )
        .route(
            Route::Form.path(),
            page_route(post(api::submit_form).layer(few.clone()), &state),
        )
        .route(Route::Draft.path(), put(api::save_draft).layer(few.clone()))
        .route(Route::Items.path(), get(page::items))
        .route(Route::View.path(), get(page::app_view))
        .route(Route::Outcome.path(), get(page::outcome))
        .route(Route::Record.path(), get(page::record))
        .route(
            Route::Rulings.path(),
            get(rulings::page).post(rulings::act).layer(few.clone()),
        )
        .route(Route::Image.path(), get(image::image))
        .layer(from_fn_with_state(state.clone(), guard::session_routes));
    // Answers `aide mcp` passes on: the route says where they were given.
    let mut relayed = Router::new();
    for relay in [Relay::View, Relay::Elicitation] {
        let handler = move |state: State<AppState>,
                            lang: Extension<lang::RequestLang>,
                            headers: HeaderMap,
                            body: claimed::AnswersBody| {
            api::relayed_answers(relay, state, lang, headers, body)
        };
        relayed = relayed.route(
            Route::Relayed(relay).path(),
            post(handler).layer(few.clone()),
        );
    }
    let relayed = relayed.layer(from_fn_with_state(state.clone(), guard::relay_routes));
    let assets = Router::new()
        .route("/favicon.svg", get(assets::favicon))
        .route("/pkg/{bundle}/{file}", get(assets::pkg))
        .with_state(state.assets().clone())
        .layer(from_fn_with_state(state.clone(), guard::asset_routes));
    let router = session
        .merge(relayed)
        .merge(assets)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        // A declared Content-Length over the limit is refused with 413 as
        // soon as the headers are read, without waiting for the body.
        .layer(from_fn_with_state(state.page_lang(), body::declared_limit))
        .layer(RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            HANDLER_TIMEOUT,
        ))
        .with_state(state);
    guard::with_security_headers(router)
        // brotli or gzip, as the browser accepts: the page's HTML shrinks to
        // about a seventh (its JS and CSS go out precompressed). At each
        // one's default level (brotli's 4, as tower-http sets it), not at
        // the page's (below): the items a 1,000-item page fetches after its
        // first ones took longer to compress at gzip's best (in two noisy
        // bench/page.sh pairs, every item was in 0.2-0.4 s later; not
        // confirmed beyond that noise).
        .layer(CompressionLayer::new())
}

/// A route that answers with the page, whole ([`page::whole`]), and
/// compressed at the level that pays for the page: brotli at quality 5
/// (a 10-item page in 8.4 KB, half a millisecond; quality 4 takes 9.1 KB,
/// 11 a hundred milliseconds), or else gzip at its best (9.6 KB, against
/// 9.7 at its default). The router's own compression then leaves it alone.
fn page_route(route: MethodRouter<AppState>, state: &AppState) -> MethodRouter<AppState> {
    route
        .layer::<_, std::convert::Infallible>(
            CompressionLayer::new()
                .no_gzip()
                .no_deflate()
                .no_zstd()
                .quality(CompressionLevel::Precise(PAGE_BROTLI_QUALITY)),
        )
        .layer(
            CompressionLayer::new()
                .no_br()
                .quality(CompressionLevel::Best),
        )
        .layer(from_fn_with_state(state.clone(), page::whole))
}

/// brotli's quality for the page: see [`page_route`].
const PAGE_BROTLI_QUALITY: i32 = 5;

async fn not_found() -> axum::http::StatusCode {
    axum::http::StatusCode::NOT_FOUND
}

#[cfg(test)]
mod tests;
