//! The session is validated once when the server starts; per request only
//! what can change is checked, and draft saves stay cheap.

use super::*;
use crate::store::Event;

fn put_draft(f: &Fixture, body: &str) -> Request<Body> {
    Request::put(app::page::DRAFT_API)
        .header(header::CONTENT_TYPE, "application/json")
        .header(
            app::page::SESSION_HEADER,
            f.pending.meta.session_id.as_str(),
        )
        .body(Body::from(body.to_owned()))
        .unwrap()
}

fn draft_lines(f: &Fixture) -> usize {
    let ledger = f.store.ledger().unwrap();
    ledger
        .entries
        .iter()
        .filter(|e| matches!(e.event, Event::DraftSaved { .. }))
        .count()
}

#[tokio::test]
async fn a_burst_of_draft_saves_writes_each_draft_but_one_ledger_line() {
    let f = fixture();
    let saves = (0..200).map(|n| {
        let note = format!("第 {n} 次保存");
        let body = format!(r#"{{"decisions":[{{"id":1,"chosen":"jwt","note":"{note}"}}]}}"#);
        let state = f.state.clone();
        let request = put_draft(&f, &body);
        tokio::spawn(async move { send(&state, request).await })
    });
    for save in saves.collect::<Vec<_>>() {
        let (status, body) = save.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let draft = f.store.load_draft(&f.pending).unwrap().unwrap();
    assert_eq!(draft.answers.len(), 1);
    assert!(draft.answers[0].note.starts_with("第 "), "{draft:?}");
    assert_eq!(draft_lines(&f), 1, "one ledger line for the first save");
    // The page starts from the last draft saved.
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(html.contains(&draft.answers[0].note), "{html}");
}

#[tokio::test]
async fn a_session_replaced_by_another_aide_is_noticed_on_the_next_request() {
    let f = fixture();
    let (status, _) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::OK);
    replace_session(&f);
    let (status, body) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // And removed: the same.
    std::fs::remove_file(f._dir.path().join(".aide/decisions/pending.json")).unwrap();
    let (status, _) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn answers_recorded_by_another_server_are_noticed() {
    let f = fixture();
    let output =
        app::validate_output(&f.pending.input, &serde_json::from_str(ANSWERS).unwrap()).unwrap();
    f.store
        .save_record(
            &f.store.lock().unwrap(),
            &f.pending,
            output,
            chrono::Local::now(),
        )
        .unwrap();
    let (status, body) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn a_fault_of_the_server_is_a_500_in_the_pages_language_that_names_no_file() {
    let f = fixture();
    // The draft's name taken by a folder: reading it fails.
    let draft = f._dir.path().join(format!(
        ".aide/decisions/{}.draft.json",
        f.pending.meta.session_id
    ));
    std::fs::create_dir(&draft).unwrap();
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(
        html.contains("aide 无法读写它在 .aide/decisions 中的文件"),
        "{html}"
    );
    assert!(!html.contains(".draft.json"), "no paths: {html}");
    let (status, body) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(
        body["error"].as_str().unwrap().starts_with("aide 无法读写"),
        "{body}"
    );
}
