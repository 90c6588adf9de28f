//! The decision page, rendered on the server.

use super::error::SessionError;
use super::error::{AppError, no_store};
use super::lang::RequestLang;
use super::state::AppState;
use crate::store::blocking;
use app::i18n::PageText;
use app::page::protocol::{OUTCOME_HEADER, OUTCOME_WAIT_SECS, PAGE_HEADER};
use app::page::{
    Ended, Images, ItemsQuery, PageData, PageQuery, SESSION_HEADER, Served, ended_html, item_html,
    items_html, shell, view_html,
};
use app::{Meta, Pending, SessionId};
use axum::Extension;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;

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
            let provisional = provisional(&loaded.served.pending);
            let data = PageData {
                served: loaded.served,
                lang,
                ended: loaded.ended,
                draft: loaded.draft,
                all_items,
                also_waiting: Arc::new(state.also_waiting().await),
                images: Images::Linked,
                not_same: loaded.not_same,
                provisional,
                ruled: state.ruled(),
            };
            render(&state, data).await
        }
        Err(error) => AppError::session(lang, error, state.printer()).into_response(),
    }
}

/// `GET /record/{session_id}`: an earlier record of this project as a
/// page (its question and the answers recorded), where a precedent's link
/// leads. A session id that is not one, or names no record, is 404.
pub async fn record(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    axum::extract::Path(session): axum::extract::Path<String>,
) -> Response {
    let not_found = || AppError::not_found(lang, PageText::RecordNotFound).into_response();
    let Ok(session) = session.parse::<SessionId>() else {
        return not_found();
    };
    let store = state.store().clone();
    // Its diffs are highlighted off the async threads too: every line of
    // a long session's takes a second or more.
    let loaded = blocking(move || {
        let record = store.records().load(&session)?;
        Ok(record.map(|record| {
            let attached = super::attached::prepare_all(record.input.input.items());
            (record, attached)
        }))
    });
    let (record, attached) = match loaded.await {
        Ok(Some(loaded)) => loaded,
        Ok(None) => return not_found(),
        Err(fault) => return AppError::fault(lang, &fault, state.printer()).into_response(),
    };
    let meta = record.input.meta.clone().unwrap_or(Meta {
        created_at: record.completed_at,
        session_id: record.session_id.clone(),
    });
    let served = Served {
        pending: Pending::new(record.input.input, meta),
        snippets: Vec::new(),
        contexts: Vec::new(),
        precedents: Vec::new(),
        attached,
    };
    let data = PageData {
        served: Arc::new(served),
        lang,
        ended: Some(Ended::Decided(Arc::new(record.output))),
        draft: Arc::default(),
        all_items: true,
        also_waiting: Arc::default(),
        // The page server serves the pictures of its own session only.
        images: Images::Inline,
        not_same: Arc::default(),
        provisional: Arc::default(),
        ruled: Arc::default(),
    };
    render(&state, data).await
}

/// `GET /api/items?from=N`: the items the page left out, from position
/// `N`, as server HTML with the answers saved so far. The request names
/// the session its page shows (`x-aide-session`), so a page of a replaced
/// session never receives the new session's items.
pub async fn items(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
    super::query::ApiQuery(query): super::query::ApiQuery<ItemsQuery>,
) -> Result<Response, AppError> {
    let images = if query.inline_images {
        Images::Inline
    } else {
        Images::Linked
    };
    let data = open_session(&state, lang, &headers, images).await?;
    if let Some(id) = query.item {
        let id = app::ItemId::new(id);
        return Ok(fragment(
            id.map(|id| item_html(&data, id)).unwrap_or_default(),
        ));
    }
    Ok(fragment(items_html(&data, query.from)))
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
    let data = open_session(&state, lang, &headers, Images::Inline).await?;
    Ok(fragment(view_html(&data)))
}

/// `GET /api/outcome`: how the session ended, once it has (a long poll
/// of at most `OUTCOME_WAIT_SECS`): `204` while it is open, else the
/// screen to show in place of the form, its kind in `x-aide-outcome`. A
/// page of another session learns that it was replaced.
pub async fn outcome(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let page = page_id(&headers);
    let shown = headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok());
    let Some(shown) = shown else {
        return Err(AppError::missing(lang, SESSION_HEADER).in_json());
    };
    let ended = match state.claimed(shown) {
        Ok(_) => {
            let wait = Duration::from_secs(OUTCOME_WAIT_SECS);
            let ended = state.outcome(wait, page).await;
            ended.map_err(|e| AppError::session(lang, e, state.printer()).in_json())?
        }
        Err(_) => Some(Ended::Replaced(())),
    };
    let Some(ended) = ended else {
        let mut response = StatusCode::NO_CONTENT.into_response();
        no_store(&mut response);
        return Ok(response);
    };
    let pending = &state.served().pending;
    let html = ended_html(&pending.input, &pending.meta.session_id, &ended, lang);
    let mut response = fragment(html);
    response.headers_mut().insert(
        OUTCOME_HEADER,
        HeaderValue::from_static(ended.kind().word()),
    );
    Ok(response)
}

/// The island's id of the page that sent the request, if it is one: a
/// short token of letters and digits (anything else is not counted as a
/// page of its own).
pub fn page_id(headers: &HeaderMap) -> Option<String> {
    let id = headers.get(PAGE_HEADER)?.to_str().ok()?;
    let plausible = (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric());
    plausible.then(|| id.to_owned())
}

/// The served session with its draft, if it is the one the request names
/// and it is still open; refusals in JSON.
async fn open_session(
    state: &AppState,
    lang: app::Lang,
    headers: &HeaderMap,
    images: Images,
) -> Result<PageData, AppError> {
    let shown = headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok());
    let Some(shown) = shown else {
        return Err(AppError::missing(lang, SESSION_HEADER).in_json());
    };
    let session_error = |e| AppError::session(lang, e, state.printer()).in_json();
    state.claimed(shown).map_err(session_error)?;
    let loaded = state.load().await.map_err(session_error)?;
    if loaded.ended.is_some() {
        return Err(session_error(SessionError::AlreadyDecided));
    }
    let provisional = provisional(&loaded.served.pending);
    Ok(PageData {
        served: loaded.served,
        lang,
        ended: None,
        draft: loaded.draft,
        all_items: false,
        also_waiting: Default::default(),
        images,
        not_same: loaded.not_same,
        provisional,
        ruled: state.ruled(),
    })
}

/// The page as it goes out, compressed or not: whole, with a
/// Content-Length. Leptos and the compression layer stream it in chunks of
/// unknown length, and a stream of unknown length can only end by closing
/// the connection for an HTTP/1.0 client; whole, a page is also 34 bytes
/// lighter than chunked (its chunks' sizes, `Transfer-Encoding: chunked`).
/// A 10-item page is under 10 KB compressed and a 1,000-item one sends
/// its first items only. A body that fails is the server's error, said in
/// the request's language.
pub async fn whole(State(state): State<AppState>, request: Request<Body>, next: Next) -> Response {
    let lang = state
        .page_lang()
        .for_request(request.headers(), request.uri().query())
        .lang;
    let (parts, body) = next.run(request).await.into_parts();
    match axum::body::to_bytes(body, usize::MAX).await {
        Ok(bytes) => Response::from_parts(parts, Body::from(bytes)),
        Err(error) => AppError::internal_with(lang, error, state.printer()).into_response(),
    }
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
    let nonce = match super::access::random_nonce() {
        Ok(nonce) => nonce,
        Err(error) => {
            return AppError::internal_with(data.lang, error, state.printer()).into_response();
        }
    };
    let context_nonce = nonce.clone();
    let handler = leptos_axum::render_app_to_stream_with_context(
        move || {
            leptos::prelude::provide_context(leptos::nonce::Nonce::from_value(
                context_nonce.as_str(),
            ))
        },
        move || shell(options.clone(), data.clone(), super::assets::stylesheet()),
    );
    // Streamed by Leptos; it goes out whole (`whole`, the routes' layer).
    let mut response = handler(Request::new(Body::empty())).await.into_response();
    no_store(&mut response);
    if let Ok(csp) = HeaderValue::from_str(&super::guard::page_csp(&nonce)) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    response
}

/// The items whose `if_unanswered` rule has fired by now: the agent has
/// their recommended option provisionally, and the page says so (the
/// answers themselves are `result`'s, `app::model::interim`).
pub fn provisional(pending: &app::Pending) -> Arc<Vec<app::ItemId>> {
    let now = crate::clock::now().fixed_offset();
    let created_at = pending.meta.created_at;
    let taken = app::model::interim(&pending.input, created_at, now, (&[], &[]), |_| {
        String::new()
    });
    let ids = taken.map_or_else(Vec::new, |output| {
        output.decisions().iter().map(|d| d.id()).collect()
    });
    Arc::new(ids)
}
