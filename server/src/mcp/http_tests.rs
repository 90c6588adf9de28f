use super::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt;

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;

fn bound() -> SocketAddr {
    "127.0.0.1:8765".parse().unwrap()
}

fn endpoint() -> axum::Router {
    let dir = std::env::temp_dir();
    router(dir, Some(Lang::En), bound(), CancellationToken::new())
}

fn initialize(host: &str, origin: Option<&str>) -> Request<Body> {
    let mut request = Request::post(PATH)
        .header("host", host)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream");
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    request.body(Body::from(INIT)).unwrap()
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
