//! Request bodies (issue 28.7): one that stops arriving is answered 408,
//! and only a few are read at once.

use super::*;
use crate::web::body::BODIES_AT_ONCE;
use axum::body::{Bytes, HttpBody};
use hyper::body::Frame;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// A body whose bytes never come.
struct Silent;

impl HttpBody for Silent {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Pending
    }
}

/// `Silent`, given up on after `after` as the server's body timeout does
/// (after 20 s, too long for a test).
fn silent_for(after: Duration) -> Body {
    Body::new(tower_http::timeout::TimeoutBody::new(after, Silent))
}

fn with_body(f: &Fixture, method: &str, path: &str, media: &str, body: Body) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, media)
        .header(
            app::page::SESSION_HEADER,
            &f.pending.meta.session_id.to_string(),
        )
        .body(body)
        .unwrap()
}

#[tokio::test]
async fn a_body_that_never_arrives_is_a_request_timeout_not_a_bad_request() {
    let f = fixture();
    let form = "application/x-www-form-urlencoded";
    for (method, path, media) in [
        ("POST", "/api/decisions", "application/json"),
        ("PUT", "/api/draft", "application/json"),
        ("PUT", "/api/draft", form),
        ("POST", "/submit", form),
    ] {
        let body = silent_for(Duration::from_millis(20));
        let (status, text) = send(&f.state, with_body(&f, method, path, media, body)).await;
        assert_eq!(
            status,
            StatusCode::REQUEST_TIMEOUT,
            "{method} {path} {media}"
        );
        assert!(text.contains("请求内容没有按时送达"), "{path}: {text}");
    }
    assert!(f.store.records().load_draft(&f.pending).unwrap().is_none());
    assert!(
        !f.store
            .records()
            .exists(&f.pending.meta.session_id)
            .unwrap()
    );
}

#[tokio::test]
async fn only_a_few_bodies_are_read_at_once_and_the_rest_wait_their_turn() {
    let f = fixture();
    let json = "application/json";
    let held: Vec<_> = (0..BODIES_AT_ONCE)
        .map(|_| {
            let request = with_body(&f, "PUT", "/api/draft", json, Body::new(Silent));
            let state = f.state.clone();
            tokio::spawn(async move { send(&state, request).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let draft = r#"{"decisions":[{"id":1,"chosen":"jwt"}]}"#;
    let request = with_body(&f, "PUT", "/api/draft", json, Body::from(draft));
    let mut waiting = tokio::spawn({
        let state = f.state.clone();
        async move { send(&state, request).await }
    });
    let early = tokio::time::timeout(Duration::from_millis(300), &mut waiting).await;
    assert!(
        early.is_err(),
        "a save went past {BODIES_AT_ONCE} held bodies"
    );
    // One held body goes away: the waiting save gets its turn.
    held[0].abort();
    let (status, text) = tokio::time::timeout(Duration::from_secs(10), waiting)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status, StatusCode::OK, "{text}");
    for task in held {
        task.abort();
    }
}
