//! Router tests: requests go through `app(state)` with `oneshot`, against a
//! store in a temp folder.

use super::{Access, AppState, MAX_BODY_BYTES, PageLang, app};
use crate::store::{DecisionStore, Project};
use app::{Lang, Pending};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

struct Fixture {
    _dir: tempfile::TempDir,
    store: DecisionStore,
    pending: Pending,
    state: AppState,
}

fn fixture_with(input: serde_json::Value) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    let input = app::validate_input(&input).unwrap();
    let (pending, stamp) = store.pending().submit_now(input);
    let state = AppState::new(store.clone(), pending.clone(), stamp, CHINESE, access());
    Fixture {
        _dir: dir,
        store,
        pending,
        state,
    }
}

/// Another submit: `pending.json` now names a new session.
fn replace_session(f: &Fixture) -> Pending {
    f.store.pending().submit_now(f.pending.input.clone()).0
}

/// Whether this build embeds the page bundle, for a check that needs it.
/// Without one the check is skipped and says so on stderr; the test
/// command builds the bundle first and sets `AIDE_REQUIRE_BUNDLE`, so there
/// a missing bundle fails instead of passing unseen.
pub(super) fn bundle_or_skip(check: &str) -> bool {
    if super::assets_embedded() {
        return true;
    }
    assert!(
        std::env::var_os("AIDE_REQUIRE_BUNDLE").is_none(),
        "{check}: no page bundle is embedded, but AIDE_REQUIRE_BUNDLE is set (build target/site first: cargo leptos build --release --frontend-only)"
    );
    eprintln!("skipped {check}: no page bundle embedded (build target/site first)");
    false
}

fn fixture() -> Fixture {
    fixture_with(serde_json::from_str(include_str!("../../../examples/auth.json")).unwrap())
}

/// Chinese set for aide (as the tests' `AIDE_LANG=zh`).
const CHINESE: PageLang = PageLang {
    chosen: Some(Lang::Zh),
    fallback: Lang::Zh,
};

const KEY: &str = "0123456789abcdef0123456789abcdef";
const HOST: &str = "localhost:3721";

fn access() -> Access {
    Access::with_key(KEY.into(), 3721, None)
}

/// Sends `request` as the page would ([`as_the_page`]).
async fn send(state: &AppState, request: Request<Body>) -> (StatusCode, String) {
    let (status, _, body) = send_raw(state, as_the_page(request)).await;
    (status, body)
}

/// What the fixture's ledger holds, in order.
fn ledger_events(f: &Fixture) -> Vec<crate::store::Event> {
    let ledger = f.store.ledger().read().unwrap();
    ledger.entries.into_iter().map(|e| e.event).collect()
}

/// `request` as the page sends it: to `localhost:3721` with the key
/// cookie, unless it sets its own `Host` or cookie.
fn as_the_page(mut request: Request<Body>) -> Request<Body> {
    let headers = request.headers_mut();
    if !headers.contains_key(header::HOST) {
        headers.insert(header::HOST, HOST.parse().unwrap());
    }
    if !headers.contains_key(header::COOKIE) {
        let cookie = format!("aide_key_3721={KEY}");
        headers.insert(header::COOKIE, cookie.parse().unwrap());
    }
    request
}

/// Sends `request` exactly as given; returns the status, headers and body.
async fn send_raw(
    state: &AppState,
    request: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let response = app(state.clone()).oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        headers,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

fn post_json(f: &Fixture, body: &str) -> Request<Body> {
    post_json_as(&f.pending.meta.session_id.to_string(), body)
}

fn post_json_as(session: &str, body: &str) -> Request<Body> {
    Request::post("/api/decisions")
        .header(header::CONTENT_TYPE, "application/json")
        .header(app::page::SESSION_HEADER, session)
        .body(Body::from(body.to_owned()))
        .unwrap()
}

/// Each body is refused with 400 and a message holding its text, and
/// nothing is recorded.
async fn assert_refused(f: &Fixture, cases: &[(&str, &str)]) {
    for (body, expected) in cases {
        let (status, text) = send(&f.state, post_json(f, body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(text.contains(expected), "{body}: {text}");
    }
    assert!(matches!(
        f.store.records().result(),
        Err(crate::store::StoreError::NoResult)
    ));
}

/// A draft as the JSON API takes it.
fn put_draft(f: &Fixture, body: &str) -> Request<Body> {
    Request::put(app::page::Route::Draft.path())
        .header(header::CONTENT_TYPE, "application/json")
        .header(
            app::page::SESSION_HEADER,
            &f.pending.meta.session_id.to_string(),
        )
        .body(Body::from(body.to_owned()))
        .unwrap()
}

const ANSWERS: &str = r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt","note":"团队更熟悉 bcrypt"}]}"#;

#[tokio::test]
async fn the_page_is_rendered_on_the_server_with_every_item() {
    let f = fixture();
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    for text in [
        "实现用户认证模块",
        "task-now.md",
        "认证方式选择",
        "JWT Token 认证",
        "Session 认证",
        "无状态",
        "0/2 已选择",
    ] {
        assert!(html.contains(text), "page lacks {text:?}");
    }
    assert_eq!(html.matches("<fieldset").count(), 2);
    assert_eq!(html.matches(r#"type="radio""#).count(), 4);
    // The islands script comes first in the head: this build's glue as a
    // module (it holds the WASM's bytes and the page's start), holding the
    // first frame, with the script that lets go of it. The page carries no
    // script of the glue's: the preload scanner asks for it from the head.
    let head = &html[..html.find("</head>").unwrap_or(html.len())];
    let script = head
        .find(r#"<script type="module" blocking="render" id="island-script" src="/pkg/"#)
        .expect("hydration script missing");
    assert!(head[script..].contains("/aide.js\"></script>"), "{head}");
    let let_go = head
        .find(r#"removeAttribute("blocking")"#)
        .expect("the script that lets go of the first frame is missing");
    assert!(script < let_go, "{head}");
    if super::assets_embedded() {
        let css = head.find("<style nonce=").expect("stylesheet missing");
        assert!(let_go < css, "{head}");
    }
    assert_eq!(head.matches("<script").count(), 2, "{head}");
    assert!(!head.contains("modulepreload"), "{head}");
    // One island, and the page data only once, as markup.
    assert_eq!(html.matches("<leptos-island").count(), 1, "{html}");
    assert!(
        !html.contains("application/json"),
        "a JSON copy of the page data"
    );
    // Options are named by position in the form.
    assert!(html.contains(r#"name="item-1" value="1""#), "{html}");
}

#[tokio::test]
async fn the_browser_language_applies_unless_aide_has_one_and_the_switch_beats_both() {
    let f = fixture();
    let get = |accept: &'static str, cookie: Option<&str>, uri: &'static str| {
        let mut request = Request::get(uri)
            .header(header::ACCEPT_LANGUAGE, accept)
            .body(Body::empty())
            .unwrap();
        if let Some(cookie) = cookie {
            let cookie = format!("aide_key_3721={KEY}; {cookie}");
            request
                .headers_mut()
                .insert(header::COOKIE, cookie.parse().unwrap());
        }
        request
    };
    // Chinese is set for aide: an English browser still gets Chinese.
    let (_, html) = send(&f.state, get("en-US,en;q=0.9", None, "/")).await;
    assert!(
        html.contains("0/2 已选择") && html.contains(r#"<html lang="zh-CN""#),
        "{html}"
    );
    // The switch: English now, and remembered in a cookie.
    let (status, headers, html) = send_raw(&f.state, {
        let mut r = get("zh-CN", Some(""), "/?lang=en");
        r.headers_mut().insert(header::HOST, HOST.parse().unwrap());
        r
    })
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("0/2 chosen"), "{html}");
    let cookies: Vec<_> = headers.get_all(header::SET_COOKIE).iter().collect();
    assert!(
        cookies
            .iter()
            .any(|c| c.to_str().unwrap().starts_with("aide_lang=en;")),
        "{cookies:?}"
    );
    let (_, html) = send(&f.state, get("zh-CN", Some("aide_lang=en"), "/")).await;
    assert!(html.contains("0/2 chosen"), "{html}");
    // With nothing set for aide, the browser decides.
    let free = AppState::new(
        f.store.clone(),
        f.pending.clone(),
        f.store.pending().stamp().unwrap(),
        PageLang {
            chosen: None,
            fallback: Lang::Zh,
        },
        access(),
    );
    let (_, html) = send(&free, get("en-GB,zh;q=0.5", None, "/")).await;
    assert!(html.contains("0/2 chosen"), "{html}");
    let (_, html) = send(&free, get("fr", None, "/")).await;
    assert!(html.contains("0/2 已选择"), "{html}");
}

#[tokio::test]
async fn input_text_is_escaped_in_the_page() {
    let f = fixture_with(serde_json::json!({
        "task": "</script><script>alert(1)</script>", "source": "s",
        "items": [{ "id": 1, "title": "<img src=x onerror=alert(2)>",
            "options": [{ "value": "a", "label": "<script>alert(3)</script>" }, { "value": "b", "label": "B" }] }]
    }));
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(!html.contains("<script>alert"), "raw script in page");
    assert!(!html.contains("<img src=x"), "raw img in page");
    assert!(html.contains("&lt;script&gt;alert(3)&lt;/script&gt;"));
    assert!(
        html.contains("&lt;/script&gt;&lt;script&gt;alert(1)"),
        "{html}"
    );
}

#[tokio::test]
async fn valid_answers_are_recorded_once() {
    let f = fixture();
    let mut ended = f.state.ended();
    let (status, body) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, r#"{"ok":true}"#));
    assert!(
        matches!(
            *ended.borrow_and_update(),
            Some(app::page::Ended::Decided(_))
        ),
        "the server was not told to stop"
    );
    let output = f.store.records().result().unwrap();
    assert_eq!(output.to_compact_json(), ANSWERS);

    let (status, body) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("已经提交过了"), "{body}");
}

#[tokio::test]
async fn invalid_answers_get_400_naming_the_field() {
    let f = fixture();
    let cases = [
        (
            r#"{"decisions":[{"id":1,"chosen":"jwt"}]}"#,
            "decisions 缺少待定项 2 的决策",
        ),
        (
            r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"md5"}]}"#,
            r#"decisions[1].chosen 值 \"md5\""#,
        ),
        (
            r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt"}]}"#,
            "decisions[1].id 值 1 与 decisions[0] 重复",
        ),
        ("{not json", "提交的数据无效"),
    ];
    assert_refused(&f, &cases).await;
}

#[tokio::test]
async fn answers_must_be_sent_as_json() {
    let f = fixture();
    let request = Request::post("/api/decisions")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(ANSWERS))
        .unwrap();
    let (status, _) = send(&f.state, request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let f = fixture();
    let note = "x".repeat(MAX_BODY_BYTES + 1);
    let body = format!(r#"{{"decisions":[{{"id":1,"chosen":"jwt","note":"{note}"}}]}}"#);
    let (status, _) = send(&f.state, post_json(&f, &body)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn a_replaced_session_cannot_be_answered() {
    let f = fixture();
    replace_session(&f);
    let (status, body) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("已被新的提交替换"), "{body}");
    let (status, _) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_page_from_an_older_session_cannot_answer_the_new_one() {
    let old = fixture();
    let (new, _) = old
        .store
        .pending()
        .save(
            &old.store.lock().unwrap(),
            old.pending.input.clone(),
            chrono::Local::now(),
        )
        .unwrap();
    let stamp = old.store.pending().stamp().unwrap();
    let state = AppState::new(old.store.clone(), new.clone(), stamp, CHINESE, access());
    let request = post_json_as(&old.pending.meta.session_id.to_string(), ANSWERS);
    let (status, body) = send(&state, request).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("已被新的提交替换"), "{body}");
    let no_session = Request::post("/api/decisions")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(ANSWERS))
        .unwrap();
    assert_eq!(send(&state, no_session).await.0, StatusCode::BAD_REQUEST);
    let form = Request::post("/submit")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "session={}&item-1=0&item-2=0",
            old.pending.meta.session_id
        )))
        .unwrap();
    assert_eq!(send(&state, form).await.0, StatusCode::CONFLICT);
    assert!(matches!(
        old.store.records().result(),
        Err(crate::store::StoreError::NoResult)
    ));
}

#[tokio::test]
async fn the_plain_form_post_records_and_shows_the_final_screen() {
    let f = fixture();
    let form = format!(
        "session={}&item-1=1&item-2=1&note-1=&note-2=%E6%9B%B4%E5%AE%89%E5%85%A8",
        f.pending.meta.session_id
    );
    let request = Request::post("/submit")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(form))
        .unwrap();
    let (status, html) = send(&f.state, request).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("决策已记录"), "{html}");
    let output = f.store.records().result().unwrap();
    assert_eq!(
        output.to_compact_json(),
        r#"{"decisions":[{"id":1,"chosen":"session"},{"id":2,"chosen":"argon2","note":"更安全"}]}"#
    );
}

#[tokio::test]
async fn an_incomplete_form_post_is_refused_with_the_reason() {
    let f = fixture();
    let request = Request::post("/submit")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "session={}&item-1=0",
            f.pending.meta.session_id
        )))
        .unwrap();
    let (status, html) = send(&f.state, request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(html.contains("第 2 项「密码加密算法」还没有回答"), "{html}");
    assert!(
        !html.contains("decisions"),
        "a field the person never wrote: {html}"
    );
}

#[tokio::test]
async fn the_favicon_is_served_and_unknown_assets_are_404() {
    let f = fixture();
    let (status, svg) = send(
        &f.state,
        Request::get("/favicon.svg").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(svg.starts_with("<svg"));
    let (status, _) = send(
        &f.state,
        Request::get("/pkg/nope.js").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_page_is_compressed_and_its_assets_have_a_url_per_build() {
    let f = fixture();
    let mut request = as_the_page(Request::get("/").body(Body::empty()).unwrap());
    let headers = request.headers_mut();
    headers.insert(header::ACCEPT_ENCODING, "gzip".parse().unwrap());
    let response = app(f.state.clone()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
    // Whole, compressed at gzip's best: hyper sends an exact size as the
    // Content-Length, and the bytes are what gzip's best level makes of
    // the page.
    let exact = axum::body::HttpBody::size_hint(response.body()).exact();
    let compressed = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(exact, Some(compressed.len() as u64));
    let mut html = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&compressed[..]),
        &mut html,
    )
    .unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    let mut best = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut best, html.as_bytes()).unwrap();
    let best = best.finish().unwrap().len();
    assert!(
        compressed.len() <= best + 64,
        "{} bytes, gzip -9 makes {best}",
        compressed.len()
    );

    let (_, page) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    let pkg = super::assets::pkg_dir();
    assert!(pkg.len() > "pkg/".len(), "{pkg}");
    // The stylesheet goes inline (the message pages link it, below).
    assert!(!page.contains("rel=\"stylesheet\""), "{page}");
    let css = super::assets::stylesheet().text();
    assert_eq!(super::assets_embedded(), !css.is_empty());
    if !css.is_empty() {
        assert!(page.contains(&format!(">{css}</style>")), "{page}");
    } else {
        assert!(!page.contains("<style"), "an empty style element: {page}");
    }
    let replaced = Request::post("/submit")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("session=2000-01-01T00-00-00&item-1=0"))
        .unwrap();
    let (_, message) = send(&f.state, replaced).await;
    assert!(
        message.contains(&format!(
            "<link rel=\"stylesheet\" href=\"/{pkg}/aide.css\">"
        )),
        "{message}"
    );
    // Another build's URL, or none, finds nothing.
    for path in ["/pkg/aide.css", "/pkg/0000000000000000/aide.css"] {
        let request = Request::get(path).body(Body::empty()).unwrap();
        assert_eq!(
            send(&f.state, request).await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }

    // This build's URL: the file, typed, cached for good, and revalidated.
    if !bundle_or_skip("the bundle's files cached for good and revalidated") {
        return;
    }
    let (status, headers, _) = send_raw(
        &f.state,
        Request::get(format!("/{pkg}/aide.css"))
            .header(header::HOST, HOST)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/css; charset=utf-8");
    assert_eq!(
        headers[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    let etag = headers[header::ETAG].clone();
    let (status, _, _) = send_raw(
        &f.state,
        Request::get(format!("/{pkg}/aide.js"))
            .header(header::HOST, HOST)
            .header(header::IF_NONE_MATCH, etag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
}

mod answers;
mod attached;
mod attacks;
mod bodies;
mod ended;
mod gone;
mod island;
mod later;
mod long;
mod not_same;
mod one_outcome;
mod precedents;
mod renamed;
mod ruled;
mod served;
mod two_pages;
mod words;
