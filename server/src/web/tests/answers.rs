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
    assert_eq!(f.store.result().unwrap().to_compact_json(), printed);
    // One path: no receipt beside the record.
    assert!(!f._dir.path().join(".aide/decisions/result.json").exists());
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
    let draft = f.store.load_draft(&f.pending).unwrap().expect("saved");
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
