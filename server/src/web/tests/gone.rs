//! A project folder deleted under its page server (issue 40.8): every
//! request that reads or writes the session says so with 410, not a fault
//! of the server (500); the server stops within a moment (`serve`).

use super::*;

#[tokio::test]
async fn a_deleted_project_is_said_to_be_gone_not_a_server_fault() {
    let f = fixture();
    let root = f.store.project_root();
    std::fs::remove_dir_all(&root).unwrap();
    let (status, text) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::GONE, "{text}");
    assert!(text.contains("此问题所在的项目文件夹已被删除"), "{text}");
    let draft = Request::put("/api/draft")
        .header(header::CONTENT_TYPE, "application/json")
        .header(
            app::page::SESSION_HEADER,
            f.pending.meta.session_id.to_string(),
        )
        .body(Body::from(r#"{"decisions":[]}"#))
        .unwrap();
    let (status, text) = send(&f.state, draft).await;
    assert_eq!(status, StatusCode::GONE, "{text}");
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::GONE, "{html}");
    assert!(html.contains("此问题所在的项目文件夹已被删除"), "{html}");
}
