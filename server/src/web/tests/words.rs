//! What the server refuses a request with is said in the page's words,
//! from the catalogue: never the English of axum's extractors, of
//! tower-http's body limit, or of the body's reader.

use super::*;
use app::page::Route;

fn items(query: &str, f: &Fixture) -> Request<Body> {
    Request::get(format!("{}{query}", Route::Items.path()))
        .header(
            app::page::SESSION_HEADER,
            &f.pending.meta.session_id.to_string(),
        )
        .body(Body::empty())
        .unwrap()
}

fn error_of(body: &str) -> String {
    let refusal: serde_json::Value = serde_json::from_str(body).expect("a JSON refusal");
    refusal["error"].as_str().expect("its error").to_owned()
}

#[tokio::test]
async fn a_wrong_query_names_the_parameter_and_what_it_should_be() {
    let f = fixture();
    let (status, body) = send(&f.state, items("?from=ten&lang=en", &f)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error_of(&body),
        "The submitted data is invalid: from must be a whole number (0 or more), found \"ten\""
    );
    let (status, body) = send(&f.state, items("?from=ten", &f)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error_of(&body),
        "提交的数据无效: from 应为非负整数,实际为 \"ten\""
    );
    let (status, body) = send(&f.state, items("?lang=en", &f)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error_of(&body),
        "The submitted data is invalid: from is missing"
    );
    assert!(!body.contains("deserialize"), "{body}");
}

#[tokio::test]
async fn a_request_without_its_session_is_told_what_is_missing() {
    let f = fixture();
    let request = Request::get(format!("{}?from=0", Route::Items.path()))
        .body(Body::empty())
        .unwrap();
    let (status, body) = send(&f.state, request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error_of(&body), "提交的数据无效: 缺少 x-aide-session");
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_in_the_pages_words() {
    let f = fixture();
    // Declared: refused before the body is read.
    let mut declared = post_json(&f, ANSWERS);
    declared.headers_mut().insert(
        header::CONTENT_LENGTH,
        (MAX_BODY_BYTES + 1).to_string().parse().unwrap(),
    );
    let (status, body) = send(&f.state, declared).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error_of(&body), "请求内容超过 1 MiB,什么也没有保存。");
    // Found while reading a body that did not say its length.
    let note = "x".repeat(MAX_BODY_BYTES + 1);
    let sent = format!(r#"{{"decisions":[{{"id":1,"chosen":"jwt","note":"{note}"}}]}}"#);
    let mut streamed = post_json(&f, &sent);
    streamed.headers_mut().remove(header::CONTENT_LENGTH);
    let (status, body) = send(&f.state, streamed).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!body.contains("length limit"), "{body}");
    assert_eq!(error_of(&body), "请求内容超过 1 MiB,什么也没有保存。");
}

#[tokio::test]
async fn an_asset_path_axum_cannot_decode_is_simply_not_found() {
    let f = fixture();
    let request = Request::get("/pkg/%FF/aide.js")
        .body(Body::empty())
        .unwrap();
    let (status, body) = send(&f.state, request).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body, "");
}
