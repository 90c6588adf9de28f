use super::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::pin::Pin;
use std::task::{Context, Poll};
use tower::ServiceExt;

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;
const TOKEN: &str = "0123456789abcdef0123456789abcdef";
const BEARER: &str = "Bearer 0123456789abcdef0123456789abcdef";

fn bound() -> SocketAddr {
    "127.0.0.1:8765".parse().unwrap()
}

fn endpoint_with(bounds: Bounds) -> (axum::Router, Arc<Sessions>) {
    Endpoint {
        start: std::env::temp_dir(),
        lang_flag: Some(Lang::En),
        lang: Lang::En,
        bound: bound(),
        token: Token::new(TOKEN),
        bounds,
    }
    .router(CancellationToken::new())
}

fn endpoint() -> axum::Router {
    endpoint_with(Bounds::default()).0
}

fn post(auth: Option<&str>) -> axum::http::request::Builder {
    post_as(auth, "127.0.0.1:8765", "application/json")
}

fn post_as(auth: Option<&str>, host: &str, content_type: &str) -> axum::http::request::Builder {
    let mut request = Request::post(PATH)
        .header("host", host)
        .header("content-type", content_type)
        .header("accept", "application/json, text/event-stream");
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    request
}

fn initialize(host: &str, origin: Option<&str>) -> Request<Body> {
    let mut request = post_as(Some(BEARER), host, "application/json");
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    request.body(Body::from(INIT)).unwrap()
}

/// A session opened on `router`: its id.
async fn open(router: &axum::Router) -> String {
    let response = router
        .clone()
        .oneshot(initialize("127.0.0.1:8765", None))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let id = response.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let request = in_session(&id, Some(BEARER))
        .body(Body::from(note))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    id
}

fn in_session(id: &str, auth: Option<&str>) -> axum::http::request::Builder {
    post(auth)
        .header("mcp-session-id", id)
        .header("mcp-protocol-version", "2025-06-18")
}

async fn text_of(response: axum::response::Response) -> String {
    let body = tokio::time::timeout(Duration::from_secs(10), response.into_body().collect());
    let bytes = body.await.unwrap().unwrap().to_bytes();
    String::from_utf8_lossy(&bytes).into_owned()
}

async fn json_of(response: axum::response::Response) -> Value {
    serde_json::from_str(&text_of(response).await).unwrap()
}

async fn wait_until_empty(sessions: &Sessions) {
    for _ in 0..400 {
        if sessions.len().await == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{} sessions still open", sessions.len().await);
}

#[tokio::test]
async fn its_own_names_open_a_session() {
    for host in ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"] {
        let origin = format!("http://{host}");
        let response = endpoint()
            .oneshot(initialize(host, Some(&origin)))
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{host}");
        assert!(response.headers().contains_key("mcp-session-id"), "{host}");
    }
    // A client that sends no Origin (not a browser) is served too.
    let response = endpoint()
        .oneshot(initialize("127.0.0.1:8765", None))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_foreign_host_or_origin_is_refused() {
    let refused = [
        ("evil.example.com:8765", None),
        ("evil.example.com", None),
        // The right name on another port: another server's page.
        ("127.0.0.1:9999", None),
        ("127.0.0.1:8765", Some("http://evil.example.com")),
        ("localhost:8765", Some("http://localhost:3000")),
        ("localhost:8765", Some("null")),
    ];
    for (host, origin) in refused {
        let response = endpoint().oneshot(initialize(host, origin)).await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::FORBIDDEN,
            "{host} {origin:?}"
        );
        assert!(!response.headers().contains_key("mcp-session-id"));
    }
}

#[tokio::test]
async fn without_the_token_nothing_of_mcp_runs() {
    let (router, sessions) = endpoint_with(Bounds::default());
    let wrong = "Bearer 0123456789abcdef0123456789abcdee";
    for (auth, challenge) in [
        (None, r#"Bearer realm="aide""#),
        (Some("Basic dXNlcjpwYXNz"), r#"Bearer realm="aide""#),
        (Some(wrong), r#"Bearer realm="aide", error="invalid_token""#),
    ] {
        let request = post(auth).body(Body::from(INIT)).unwrap();
        let response = router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{auth:?}");
        assert_eq!(response.headers()["www-authenticate"], challenge);
        assert!(!response.headers().contains_key("mcp-session-id"));
        let body = json_of(response).await;
        assert_eq!(body["error"], "invalid_token", "{body}");
        let said = body["error_description"].as_str().unwrap();
        assert!(said.contains("Authorization: Bearer"), "{said}");
    }
    assert_eq!(sessions.len().await, 0, "no session was made");

    // In a session opened with the token, a request without it lists
    // nothing; with it, the tools.
    let id = open(&router).await;
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#;
    for auth in [None, Some(wrong)] {
        let request = in_session(&id, auth).body(Body::from(list)).unwrap();
        let response = router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let text = text_of(response).await;
        assert!(!text.contains("decide_submit"), "{text}");
    }
    let request = in_session(&id, Some(BEARER))
        .body(Body::from(list))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(text_of(response).await.contains("decide_submit"));
}

#[tokio::test]
async fn sessions_are_capped_and_a_closed_one_makes_room() {
    let bounds = Bounds {
        sessions: 2,
        ..Bounds::default()
    };
    let (router, sessions) = endpoint_with(bounds);
    let first = open(&router).await;
    open(&router).await;
    let response = router
        .clone()
        .oneshot(initialize("127.0.0.1:8765", None))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.headers().contains_key("retry-after"));
    let body = json_of(response).await;
    assert_eq!(body["error"]["code"], -32000, "{body}");
    let said = body["error"]["message"].as_str().unwrap();
    assert!(said.contains("2 MCP sessions"), "{said}");
    assert_eq!(sessions.len().await, 2);

    let delete = Request::delete(PATH)
        .header("host", "127.0.0.1:8765")
        .header("authorization", BEARER)
        .header("mcp-session-id", &first)
        .header("mcp-protocol-version", "2025-06-18")
        .body(Body::empty())
        .unwrap();
    let response = router.clone().oneshot(delete).await.unwrap();
    assert!(response.status().is_success(), "{:?}", response.status());
    assert_eq!(sessions.len().await, 1);
    open(&router).await;
}

#[tokio::test]
async fn an_idle_session_expires() {
    let bounds = Bounds {
        idle: Duration::from_millis(100),
        ..Bounds::default()
    };
    let (router, sessions) = endpoint_with(bounds);
    let id = open(&router).await;
    assert_eq!(sessions.len().await, 1);
    wait_until_empty(&sessions).await;
    // Its client is told it is gone, as MCP says: 404, start anew.
    let ping = r#"{"jsonrpc":"2.0","id":3,"method":"ping","params":{}}"#;
    let request = in_session(&id, Some(BEARER))
        .body(Body::from(ping))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn closed_sessions_leave_nothing_behind() {
    let (router, sessions) = endpoint_with(Bounds::default());
    for _ in 0..3 {
        let mut ids = Vec::new();
        for _ in 0..60 {
            ids.push(open(&router).await);
        }
        assert_eq!(sessions.len().await, 60);
        for id in ids {
            let delete = Request::delete(PATH)
                .header("host", "127.0.0.1:8765")
                .header("authorization", BEARER)
                .header("mcp-session-id", &id)
                .header("mcp-protocol-version", "2025-06-18")
                .body(Body::empty())
                .unwrap();
            let response = router.clone().oneshot(delete).await.unwrap();
            assert!(response.status().is_success());
        }
        // Both maps, ours and rmcp's, are empty again.
        wait_until_empty(&sessions).await;
    }
}

/// A body whose bytes never come.
struct Stalled;

impl hyper::body::Body for Stalled {
    type Data = axum::body::Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        Poll::Pending
    }
}

#[tokio::test]
async fn a_body_that_never_arrives_is_408_within_the_deadline() {
    let bounds = Bounds {
        body: Duration::from_millis(200),
        ..Bounds::default()
    };
    let (router, sessions) = endpoint_with(bounds);
    let request = post(Some(BEARER))
        .header("content-length", "100")
        .body(Body::new(Stalled))
        .unwrap();
    let started = std::time::Instant::now();
    let response = tokio::time::timeout(Duration::from_secs(5), router.clone().oneshot(request))
        .await
        .expect("answered")
        .unwrap();
    assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
    assert!(started.elapsed() < Duration::from_secs(2));
    let body = json_of(response).await;
    assert_eq!(body["error"]["code"], -32000, "{body}");
    // A declared 1 GiB is over the limit: refused at once, unread.
    let request = post(Some(BEARER))
        .header("content-length", (1u64 << 30).to_string())
        .body(Body::new(Stalled))
        .unwrap();
    let response = tokio::time::timeout(Duration::from_secs(1), router.oneshot(request))
        .await
        .expect("answered at once")
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(sessions.len().await, 0);
}

#[tokio::test]
async fn malformed_json_rpc_is_400_with_its_json_rpc_error() {
    for (body, code) in [
        ("{not json", -32700),
        ("", -32700),
        (r#"{"jsonrpc":"2.0","id":1}"#, -32600),
        ("[1, 2]", -32600),
    ] {
        let request = post(Some(BEARER)).body(Body::from(body)).unwrap();
        let response = endpoint().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let reply = json_of(response).await;
        assert_eq!(reply["jsonrpc"], "2.0", "{reply}");
        assert_eq!(reply["id"], Value::Null, "{reply}");
        assert_eq!(reply["error"]["code"], code, "{body}: {reply}");
    }
    // A body that is not declared JSON is still rmcp's 415.
    let request = post_as(Some(BEARER), "127.0.0.1:8765", "text/plain")
        .body(Body::from(INIT))
        .unwrap();
    let response = endpoint().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn a_connection_that_sends_no_headers_is_closed_at_the_deadline() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let stop = CancellationToken::new();
    let (router, _) = endpoint_with(Bounds::default());
    let stopped = stop.clone();
    let serving = tokio::spawn(async move {
        let until = async move { stopped.cancelled().await };
        serve(
            listener,
            router,
            Duration::from_millis(300),
            until,
            &CancellationToken::new(),
        )
        .await;
    });
    let mut half_open = tokio::net::TcpStream::connect(addr).await.unwrap();
    half_open
        .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), half_open.read_to_end(&mut rest)).await;
    assert!(read.is_ok(), "still open after 5 s");
    assert!(started.elapsed() < Duration::from_secs(3));
    stop.cancel();
    serving.await.unwrap();
}

#[test]
fn the_own_names_are_loopback_and_the_bound_address_with_its_port() {
    assert_eq!(
        own_authorities(bound()),
        ["localhost:8765", "127.0.0.1:8765", "[::1]:8765"]
    );
    let lan: SocketAddr = "192.168.1.5:7000".parse().unwrap();
    assert!(own_authorities(lan).contains(&"192.168.1.5:7000".to_owned()));
    let default_port: SocketAddr = "127.0.0.1:80".parse().unwrap();
    assert!(own_authorities(default_port).contains(&"localhost".to_owned()));
}
