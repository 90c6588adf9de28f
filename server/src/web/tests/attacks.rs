//! One test per attack on the local server, each showing it fails.

use super::*;

const EVIL: &str = "https://evil.example";

fn get(path: &str) -> axum::http::request::Builder {
    Request::get(path).header(header::HOST, HOST)
}

fn with_cookie(builder: axum::http::request::Builder) -> axum::http::request::Builder {
    builder.header(header::COOKIE, format!("aide_key_3721={KEY}"))
}

fn nothing_recorded(f: &Fixture) {
    assert!(matches!(
        f.store.records().result(),
        Err(crate::store::StoreError::NoResult)
    ));
}

#[tokio::test]
async fn without_the_key_nothing_about_the_session_is_shown_or_accepted() {
    let f = fixture();
    for cookie in [
        None,
        Some("aide_key_3721=00000000000000000000000000000000"),
        Some("aide_key_3722=0123456789abcdef0123456789abcdef"),
    ] {
        let mut page = get("/");
        let mut api = Request::post("/api/decisions")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .header(
                app::page::SESSION_HEADER,
                &f.pending.meta.session_id.to_string(),
            );
        let mut form = Request::post("/submit")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(cookie) = cookie {
            page = page.header(header::COOKIE, cookie);
            api = api.header(header::COOKIE, cookie);
            form = form.header(header::COOKIE, cookie);
        }
        let requests = [
            page.body(Body::empty()).unwrap(),
            get("/?key=wrong").body(Body::empty()).unwrap(),
            api.body(Body::from(ANSWERS)).unwrap(),
            form.body(Body::from("item-1=0&item-2=0")).unwrap(),
        ];
        for request in requests {
            let (status, _, body) = send_raw(&f.state, request).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            for secret in [
                "实现用户认证模块",
                "认证方式",
                "jwt",
                &f.pending.meta.session_id.to_string(),
            ] {
                assert!(!body.contains(secret), "403 leaks {secret:?}: {body}");
            }
        }
    }
    nothing_recorded(&f);
}

#[tokio::test]
async fn the_key_in_the_address_is_exchanged_for_a_strict_http_only_cookie() {
    let f = fixture();
    let (status, headers, html) = send_raw(
        &f.state,
        get(&format!("/?key={KEY}")).body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("认证方式选择"));
    let cookie = cookie::Cookie::parse(headers[header::SET_COOKIE].to_str().unwrap()).unwrap();
    assert_eq!(cookie.name_value(), ("aide_key_3721", KEY));
    assert_eq!(cookie.path(), Some("/"));
    assert_eq!(cookie.http_only(), Some(true));
    assert_eq!(cookie.same_site(), Some(cookie::SameSite::Strict));
    assert_eq!(cookie.max_age(), None, "a session cookie");
    let (status, _, _) =
        send_raw(&f.state, with_cookie(get("/")).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_foreign_host_is_refused_even_with_the_key() {
    let f = fixture();
    for host in ["evil.example:3721", "attacker.test", "localhost:9999"] {
        for path in ["/", "/favicon.svg"] {
            let request = with_cookie(Request::get(path))
                .header(header::HOST, host)
                .body(Body::empty())
                .unwrap();
            let (status, _, body) = send_raw(&f.state, request).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{host}{path}");
            assert!(!body.contains("认证方式"));
        }
    }
}

#[tokio::test]
async fn a_cross_origin_post_of_forged_answers_is_refused() {
    let f = fixture();
    let forged = |origin: Option<&str>, site: Option<&str>| {
        let mut request = with_cookie(Request::post("/api/decisions"))
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .header(
                app::page::SESSION_HEADER,
                &f.pending.meta.session_id.to_string(),
            );
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        if let Some(site) = site {
            request = request.header("sec-fetch-site", site);
        }
        request.body(Body::from(ANSWERS)).unwrap()
    };
    for request in [
        forged(Some(EVIL), None),
        forged(Some(EVIL), Some("cross-site")),
        forged(Some("http://localhost:3722"), Some("same-site")),
        forged(None, Some("cross-site")),
        forged(Some("null"), None),
    ] {
        let (status, headers, _) = send_raw(&f.state, request).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(!headers.contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN));
    }
    let form = with_cookie(Request::post("/submit"))
        .header(header::HOST, HOST)
        .header(header::ORIGIN, EVIL)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "session={}&item-1=0&item-2=0",
            f.pending.meta.session_id
        )))
        .unwrap();
    assert_eq!(send_raw(&f.state, form).await.0, StatusCode::FORBIDDEN);
    nothing_recorded(&f);

    // The page itself may post.
    let own = forged(Some("http://localhost:3721"), Some("same-origin"));
    assert_eq!(send_raw(&f.state, own).await.0, StatusCode::OK);
}

#[tokio::test]
async fn no_cors_headers_are_ever_sent() {
    let f = fixture();
    let read = with_cookie(get("/"))
        .header(header::ORIGIN, EVIL)
        .body(Body::empty())
        .unwrap();
    let preflight = Request::options("/api/decisions")
        .header(header::HOST, HOST)
        .header(header::ORIGIN, EVIL)
        .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
        .body(Body::empty())
        .unwrap();
    for request in [read, preflight] {
        let (_, headers, _) = send_raw(&f.state, request).await;
        for name in headers.keys() {
            assert!(
                !name.as_str().starts_with("access-control-"),
                "CORS header {name}"
            );
        }
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let f = fixture();
    let (_, headers, html) =
        send_raw(&f.state, with_cookie(get("/")).body(Body::empty()).unwrap()).await;
    let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    let nonce = csp
        .split("'nonce-")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap();
    // 128 bits, base64url.
    assert_eq!(nonce.len(), 22);
    assert!(
        nonce
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
        "{nonce}"
    );
    assert!(csp.contains("'wasm-unsafe-eval'") && csp.contains("frame-ancestors 'none'"));
    assert!(!csp.contains("unsafe-inline"));
    assert!(
        csp.contains(&format!("style-src 'nonce-{nonce}';")),
        "{csp}"
    );
    // Every inline script carries it (the one that lets go of the first
    // frame, the ones Leptos appends after the document), and so does the
    // stylesheet; the islands script is this server's glue (`'self'`).
    let mut scripts = html.split("<script").skip(1).collect::<Vec<_>>();
    let glue = scripts.remove(0);
    assert!(
        glue.starts_with(r#" type="module" blocking="render" id="island-script" src="/pkg/"#),
        "no hydration script: <script{glue}"
    );
    assert!(scripts.len() >= 2, "{html}");
    let styles = html.split("<style").skip(1).collect::<Vec<_>>();
    assert_eq!(styles.len(), usize::from(crate::web::assets_embedded()));
    for (element, rest) in scripts
        .iter()
        .map(|s| ("script", s))
        .chain(styles.iter().map(|s| ("style", s)))
    {
        let tag = rest.split('>').next().unwrap_or_default();
        assert!(
            tag.ends_with(&format!(" nonce=\"{nonce}\"")),
            "a {element} without the nonce: <{element}{tag}>"
        );
    }
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    let api = with_cookie(Request::post("/api/decisions"))
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .header(
            app::page::SESSION_HEADER,
            &f.pending.meta.session_id.to_string(),
        )
        .body(Body::from("{}"))
        .unwrap();
    for request in [
        api,
        get("/favicon.svg").body(Body::empty()).unwrap(),
        get("/nope").body(Body::empty()).unwrap(),
    ] {
        let (_, headers, _) = send_raw(&f.state, request).await;
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(headers[header::REFERRER_POLICY], "no-referrer");
        assert!(
            headers[header::CONTENT_SECURITY_POLICY]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'none'")
        );
    }
    // A second render gets a fresh nonce.
    let (_, again, _) =
        send_raw(&f.state, with_cookie(get("/")).body(Body::empty()).unwrap()).await;
    assert_ne!(
        again[header::CONTENT_SECURITY_POLICY],
        headers[header::CONTENT_SECURITY_POLICY]
    );
}

#[tokio::test]
async fn a_draft_note_cannot_end_its_textarea_and_add_markup() {
    let f = fixture();
    let note = "</textarea><script>alert(1)</script><img src=x onerror=alert(2)>";
    let body = serde_json::json!({ "decisions": [{ "id": 1, "chosen": "jwt", "note": note }] });
    let request = Request::put(app::page::Route::Draft.path())
        .header(header::CONTENT_TYPE, "application/json")
        .header(
            app::page::SESSION_HEADER,
            &f.pending.meta.session_id.to_string(),
        )
        .body(Body::from(body.to_string()))
        .unwrap();
    let (status, reply) = send(&f.state, request).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, html) = send(&f.state, get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        html.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
}
