//! The kinds of answer over the JSON API: each recorded as sent, a wrong
//! shape refused with 400 naming the field, drafts of every kind kept.

use super::*;

fn choices() -> Fixture {
    fixture_with(serde_json::from_str(include_str!("../../../../examples/choices.json")).unwrap())
}

#[tokio::test]
async fn every_kind_of_answer_is_recorded() {
    let f = choices();
    let body = r#"{"decisions":[{"id":3,"skipped":true,"note":"Ask legal first"},{"id":2,"chosen":["offsite","daily"]},{"id":1,"other":"CockroachDB, we already run it"}]}"#;
    let (status, text) = send(&f.state, post_json(&f, body)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let printed = r#"{"decisions":[{"id":1,"other":"CockroachDB, we already run it"},{"id":2,"chosen":["daily","offsite"]},{"id":3,"skipped":true,"note":"Ask legal first"}]}"#;
    assert_eq!(
        f.store.records().result().unwrap().to_compact_json(),
        printed
    );
    // The server leaves the receipt `result` prints without reading the
    // session again.
    let receipt = f._dir.path().join(".aide/decisions/result.json");
    let receipt: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(receipt).unwrap()).unwrap();
    assert_eq!(receipt["output"].to_string(), printed);
    assert_eq!(f.store.records().result_json().unwrap(), printed);
}

#[tokio::test]
async fn a_shape_the_item_does_not_allow_gets_400_naming_the_field() {
    let cases = [
        (
            r#"{"decisions":[{"id":1,"chosen":"postgres"},{"id":2,"chosen":["daily"]},{"id":3,"other":"forever"}]}"#,
            "decisions[2].other 不可用:items[2] 未设置 allow_other",
        ),
        (
            r#"{"decisions":[{"id":1,"chosen":["postgres"]},{"id":2,"chosen":["daily"]},{"id":3,"chosen":"1y"}]}"#,
            "decisions[0].chosen 应为单个值:items[0] 未设置 multiple",
        ),
        (
            r#"{"decisions":[{"id":1,"chosen":"postgres","other":"x"},{"id":2,"chosen":[]},{"id":3,"skipped":false}]}"#,
            "decisions[0].other 不能与 chosen 同时出现",
        ),
    ];
    let f = choices();
    assert_refused(&f, &cases).await;
}

#[tokio::test]
async fn drafts_keep_every_kind_and_refuse_what_the_item_does_not_allow() {
    let f = choices();
    let body = r#"{"decisions":[{"id":1,"other":"Cockroach"},{"id":2,"chosen":["offsite","daily"]},{"id":3,"skipped":true}]}"#;
    let (status, text) = send(&f.state, put_draft(&f, body)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let draft = f
        .store
        .records()
        .load_draft(&f.pending)
        .unwrap()
        .expect("saved");
    assert_eq!(
        serde_json::to_string(draft.entries()).unwrap(),
        r#"[{"id":1,"other":"Cockroach"},{"id":2,"chosen":["daily","offsite"]},{"id":3,"skipped":true}]"#
    );
    let (status, text) = send(
        &f.state,
        put_draft(&f, r#"{"decisions":[{"id":3,"other":"x"}]}"#),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("decisions[0].other"), "{text}");
}

#[tokio::test]
async fn no_receipt_speaks_for_a_pending_file_the_server_did_not_validate() {
    let f = choices();
    // Rewritten by hand: the same session id, a file the server never read.
    let path = f._dir.path().join(".aide/decisions/pending.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    std::fs::write(&path, text).unwrap();
    let body = r#"{"decisions":[{"id":1,"chosen":"postgres"},{"id":2,"chosen":["daily"]},{"id":3,"chosen":"1y"}]}"#;
    let (status, text) = send(&f.state, post_json(&f, body)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(!f._dir.path().join(".aide/decisions/result.json").exists());
    assert_eq!(
        f.store.records().result_json().unwrap(),
        f.store.records().result().unwrap().to_compact_json()
    );
}

#[tokio::test]
async fn a_server_that_does_not_know_its_pending_file_leaves_no_receipt() {
    let f = choices();
    let state = AppState::new(f.store.clone(), f.pending.clone(), None, CHINESE, access());
    let body = r#"{"decisions":[{"id":1,"chosen":"postgres"},{"id":2,"chosen":["daily"]},{"id":3,"chosen":"1y"}]}"#;
    let (status, text) = send(&state, post_json(&f, body)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(!f._dir.path().join(".aide/decisions/result.json").exists());
}
