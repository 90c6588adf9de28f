use super::DecisionStore;
use crate::store::{Project, StoreError};
use app::{DecideInput, DecideOutput};
use chrono::TimeZone;
use chrono::{DateTime, Local};
use std::fs;

/// `examples/auth.json`, validated (also used by `receipt_tests.rs`).
pub(in crate::store) fn example() -> DecideInput {
    let text = include_str!("../../../../examples/auth.json");
    app::validate_input(&serde_json::from_str(text).unwrap()).unwrap()
}

/// Answers to [`example`].
pub(in crate::store) fn answers(input: &DecideInput) -> DecideOutput {
    let body = serde_json::json!({ "decisions": [
        { "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "团队更熟悉 bcrypt" }
    ]});
    app::validate_output(input, &body).unwrap()
}

/// Records [`answers`] to `pending`, as the page does, at `at(sec)`.
pub(in crate::store) fn answer(
    store: &DecisionStore,
    lock: &crate::store::StoreLock,
    pending: &app::Pending,
    sec: u32,
) -> app::DecisionRecord {
    store
        .records()
        .save(
            lock,
            pending,
            (answers(&pending.input), app::Via::Page),
            at(sec),
        )
        .unwrap()
}

/// A store in a new project (the test module's fixture, shared by the
/// store's tests).
pub(in crate::store) fn store() -> (tempfile::TempDir, DecisionStore) {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    (dir, store)
}

/// A time on one morning, `sec` seconds past 10:30.
pub(in crate::store) fn at(sec: u32) -> DateTime<Local> {
    Local.with_ymd_and_hms(2025, 1, 15, 10, 30, sec).unwrap()
}

#[test]
fn pending_and_record_round_trip_through_the_files() {
    let (dir, store) = store();
    let lock = store.lock().unwrap();
    assert!(matches!(
        store.records().result(),
        Err(StoreError::NoPending)
    ));
    let (pending, replaced) = store.pending().save(&lock, example(), at(0)).unwrap();
    assert_eq!(replaced, None);
    assert_eq!(&pending.meta.session_id.to_string(), "2025-01-15T10-30-00");
    assert_eq!(store.pending().load().unwrap(), pending);
    assert!(matches!(
        store.records().result(),
        Err(StoreError::NoResult)
    ));

    answer(&store, &lock, &pending, 5);
    let output = store.records().result().unwrap();
    assert_eq!(output, answers(&pending.input));
    let file = dir.path().join(".aide/decisions/2025-01-15T10-30-00.json");
    let text = fs::read_to_string(file).unwrap();
    assert!(
        text.starts_with(
            "{\n  \"version\": \"1.5\",\n  \"input\": {\n    \"task\": \"实现用户认证模块\""
        ),
        "{text}"
    );
    assert!(text.contains("\"completed_at\": \"2025-01-15T10:30:05"));
    assert!(text.ends_with("}\n") && !text.contains('\r'));
}

#[test]
fn a_pending_file_read_unchanged_comes_with_its_stamp() {
    let (dir, store) = store();
    let lock = store.lock().unwrap();
    let (pending, _) = store.pending().save(&lock, example(), at(0)).unwrap();
    let (read, stamp) = store.pending().load_stamped().unwrap();
    assert_eq!(read, pending);
    assert_eq!(stamp, store.pending().stamp().unwrap());
    assert!(stamp.is_some());
    // Rewritten with the same bytes: another file, another stamp.
    let path = dir.path().join(".aide/decisions/pending.json");
    let bytes = fs::read(&path).unwrap();
    fs::remove_file(&path).unwrap();
    fs::write(&path, bytes).unwrap();
    assert_ne!(store.pending().stamp().unwrap(), stamp);
}

#[test]
fn sessions_in_the_same_second_get_their_own_ids_even_once_replaced() {
    let (_dir, store) = store();
    let lock = store.lock().unwrap();
    let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
    store
        .ledger()
        .log(&crate::store::Event::Submitted {
            session_id: first.meta.session_id.clone(),
            task: "t".into(),
            items: 2,
        })
        .unwrap();
    let (second, replaced) = store.pending().save(&lock, example(), at(0)).unwrap();
    assert_eq!(replaced, Some(first.meta.session_id.clone()));
    assert_eq!(&second.meta.session_id.to_string(), "2025-01-15T10-30-00-2");
    // The first is no longer pending and has no record; the ledger
    // still knows it, so a third session does not take its id.
    let (third, _) = store.pending().save(&lock, example(), at(0)).unwrap();
    assert_eq!(&third.meta.session_id.to_string(), "2025-01-15T10-30-00-3");
}

#[test]
fn an_answered_session_is_not_reported_as_replaced() {
    let (_dir, store) = store();
    let lock = store.lock().unwrap();
    let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
    answer(&store, &lock, &first, 1);
    let (_, replaced) = store.pending().save(&lock, example(), at(2)).unwrap();
    assert_eq!(replaced, None);
}

#[test]
fn a_draft_is_kept_until_the_record_is_written() {
    let (dir, store) = store();
    let lock = store.lock().unwrap();
    let (pending, _) = store.pending().save(&lock, example(), at(0)).unwrap();
    assert_eq!(store.records().load_draft(&pending).unwrap(), None);
    let body =
        serde_json::json!({ "decisions": [{ "id": 2, "chosen": "bcrypt", "note": "熟悉" }] });
    let answers_so_far = app::validate_draft(&pending.input, &body).unwrap();
    store
        .records()
        .save_draft(&lock, &pending, answers_so_far.clone(), &[], at(1))
        .unwrap();
    let draft = store.records().load_draft(&pending).unwrap().unwrap();
    assert_eq!(draft.entries(), answers_so_far);
    let path = dir
        .path()
        .join(".aide/decisions/2025-01-15T10-30-00.draft.json");
    assert!(path.exists());
    answer(&store, &lock, &pending, 5);
    assert!(!path.exists());
}

#[test]
fn a_file_of_a_newer_major_version_is_refused_and_left_alone() {
    let (dir, store) = store();
    let path = dir.path().join(".aide/decisions/pending.json");
    let mut value: serde_json::Value =
        serde_json::from_str(include_str!("../../../../examples/auth.json")).unwrap();
    value["version"] = "2.0".into();
    value["_meta"] = serde_json::json!({ "created_at": "x", "session_id": "2025-01-15T10-30-00" });
    let text = value.to_string();
    fs::write(&path, &text).unwrap();
    assert!(matches!(
        store.pending().load(),
        Err(StoreError::TooNew { ref file, found }) if file == "pending.json" && found.major == 2
    ));
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn submit_refuses_a_pending_file_of_a_newer_major_version_and_leaves_it() {
    let (dir, store) = store();
    let path = dir.path().join(".aide/decisions/pending.json");
    // A newer aide may name its sessions otherwise: the version alone
    // decides.
    let text = r#"{"version":"2.0","_meta":{"session_id":"v2-42"},"items":[]}"#;
    fs::write(&path, text).unwrap();
    let lock = store.lock().unwrap();
    assert!(matches!(
        store.pending().save(&lock, example(), at(0)),
        Err(StoreError::TooNew { ref file, found }) if file == "pending.json" && found.major == 2
    ));
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    // A newer minor version, or a damaged file, is replaced as before.
    fs::write(&path, r#"{"version":"1.9","_meta":{"session_id":"x"}}"#).unwrap();
    assert!(store.pending().save(&lock, example(), at(1)).is_ok());
    fs::write(&path, "{").unwrap();
    assert!(store.pending().save(&lock, example(), at(2)).is_ok());
}

#[test]
fn a_record_for_other_input_is_stale() {
    let (dir, store) = store();
    let lock = store.lock().unwrap();
    let (pending, _) = store.pending().save(&lock, example(), at(0)).unwrap();
    let record = answer(&store, &lock, &pending, 5);
    // pending.json rewritten by hand with the same session id but a new task.
    let mut value = serde_json::to_value(&record.input).unwrap();
    value["task"] = "另一个任务".into();
    fs::write(
        dir.path().join(".aide/decisions/pending.json"),
        value.to_string(),
    )
    .unwrap();
    assert!(matches!(store.records().result(), Err(StoreError::Stale)));
}

#[test]
fn corrupt_and_invalid_files_are_reported_and_left_alone() {
    let (dir, store) = store();
    let path = dir.path().join(".aide/decisions/pending.json");
    fs::write(&path, "{\"task\": ").unwrap();
    assert!(
        matches!(store.pending().load(), Err(StoreError::Corrupt { ref file, .. }) if file == "pending.json")
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "{\"task\": ");
    fs::write(&path, "{\"task\": \"t\"}").unwrap();
    assert!(matches!(
        store.pending().load(),
        Err(StoreError::Invalid { .. })
    ));
}
