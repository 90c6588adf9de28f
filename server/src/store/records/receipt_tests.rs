//! The receipt is printed only while it speaks for both files; any change
//! sends `result` the full way, which reads and checks them.

use crate::store::decisions::RECEIPT;
use crate::store::decisions::tests::{answers, example};
use crate::store::{DecisionStore, Project, StoreError};
use app::Pending;
use chrono::{Local, TimeZone};
use std::fs;
use std::path::PathBuf;

/// The answers the full way would print.
const FULL: &str = r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt","note":"团队更熟悉 bcrypt"}]}"#;

/// A store whose pending session is answered, with its receipt; the
/// receipt's answers are then replaced by a marker, so each test can tell
/// which way `result_json` went.
struct Answered {
    _dir: tempfile::TempDir,
    store: DecisionStore,
    folder: PathBuf,
    pending: Pending,
}

const MARKER: &str = r#"{"decisions":[{"id":1,"chosen":"from-the-receipt"}]}"#;

fn answered() -> Answered {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    let folder = dir.path().join(".aide/decisions");
    let lock = store.lock().unwrap();
    let now = Local.with_ymd_and_hms(2025, 1, 15, 10, 30, 0).unwrap();
    let (pending, _) = store.pending().save(&lock, example(), now).unwrap();
    let stamp = store.pending().stamp().unwrap().unwrap();
    let record = store
        .records()
        .save(
            &lock,
            &pending,
            (answers(&pending.input), app::Via::Page),
            now,
        )
        .unwrap();
    store
        .records()
        .save_receipt(&lock, &pending.meta.session_id, &record.output, stamp);
    drop(lock);
    Answered {
        _dir: dir,
        store,
        folder,
        pending,
    }
}

impl Answered {
    fn receipt(&self) -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(self.folder.join(RECEIPT)).unwrap()).unwrap()
    }

    /// Rewrites the receipt's answers in place (its stamps untouched).
    fn mark_receipt(&self) {
        let text = fs::read_to_string(self.folder.join(RECEIPT)).unwrap();
        let full = self.receipt()["output"].to_string();
        assert_eq!(full, FULL);
        fs::write(self.folder.join(RECEIPT), text.replace(FULL, MARKER)).unwrap();
    }

    /// Writes `name` again with the same bytes: a new file, as a save is.
    fn rewrite(&self, name: &str) {
        let path = self.folder.join(name);
        let bytes = fs::read(&path).unwrap();
        fs::remove_file(&path).unwrap();
        fs::write(&path, bytes).unwrap();
    }

    fn record_name(&self) -> String {
        format!("{}.json", self.pending.meta.session_id)
    }
}

#[test]
fn the_server_leaves_the_answers_as_result_prints_them_with_both_stamps() {
    let a = answered();
    let receipt = a.receipt();
    assert_eq!(receipt["version"], "1.5");
    assert_eq!(receipt["session_id"], "2025-01-15T10-30-00");
    assert_eq!(receipt["output"].to_string(), FULL);
    for file in ["pending", "record"] {
        let stamp = receipt[file].as_object().unwrap();
        let keys: Vec<_> = stamp.keys().map(String::as_str).collect();
        assert_eq!(keys, ["dev", "ino", "len", "modified"], "{file}");
    }
    assert_eq!(a.store.records().result_json().unwrap(), FULL);
    assert_eq!(a.store.records().result().unwrap().to_compact_json(), FULL);
}

#[test]
fn while_both_files_are_unchanged_the_receipt_is_printed_without_reading_them() {
    let a = answered();
    a.mark_receipt();
    assert_eq!(a.store.records().result_json().unwrap(), MARKER);
}

#[test]
fn a_rewritten_pending_file_or_record_sends_result_the_full_way() {
    for name in ["pending.json".to_owned(), answered().record_name()] {
        let a = answered();
        a.mark_receipt();
        a.rewrite(&name);
        assert_eq!(a.store.records().result_json().unwrap(), FULL, "{name}");
    }
}

#[test]
fn a_changed_record_is_read_and_its_fault_reported_not_hidden_by_the_receipt() {
    let a = answered();
    fs::write(a.folder.join(a.record_name()), "{\"version\": ").unwrap();
    assert!(matches!(
        a.store.records().result_json(),
        Err(StoreError::Corrupt { ref file, .. }) if *file == a.record_name()
    ));
}

#[test]
fn a_receipt_of_another_version_or_unreadable_is_passed_by() {
    let a = answered();
    a.mark_receipt();
    let text = fs::read_to_string(a.folder.join(RECEIPT)).unwrap();
    fs::write(
        a.folder.join(RECEIPT),
        text.replace("\"version\": \"1.5\"", "\"version\": \"1.6\""),
    )
    .unwrap();
    assert_eq!(a.store.records().result_json().unwrap(), FULL);
    fs::write(a.folder.join(RECEIPT), "not json").unwrap();
    assert_eq!(a.store.records().result_json().unwrap(), FULL);
}

#[test]
fn a_new_session_takes_the_receipt_away() {
    let a = answered();
    let lock = a.store.lock().unwrap();
    let now = Local.with_ymd_and_hms(2025, 1, 15, 10, 31, 0).unwrap();
    a.store.pending().save(&lock, example(), now).unwrap();
    assert!(!a.folder.join(RECEIPT).exists());
    assert!(matches!(
        a.store.records().result_json(),
        Err(StoreError::NoResult)
    ));
}

#[test]
fn history_and_clean_pass_the_receipt_by() {
    let a = answered();
    let history = a.store.records().history(None).unwrap();
    assert_eq!(history.sessions.len(), 1, "{:?}", history.sessions);
    assert!(history.unreadable.is_empty(), "{:?}", history.unreadable);
}

#[test]
fn status_takes_answered_from_the_receipt_or_else_from_the_record() {
    let a = answered();
    let (pending, stamp) = a.store.pending().load_stamped().unwrap();
    assert!(stamp.is_some());
    assert!(a.store.records().is_answered(&pending, stamp).unwrap());
    // A pending.json the receipt does not name: the record decides.
    assert!(a.store.records().is_answered(&pending, None).unwrap());
    fs::write(a.folder.join(a.record_name()), "{\"version\": ").unwrap();
    assert!(matches!(
        a.store.records().is_answered(&pending, stamp),
        Err(StoreError::Corrupt { ref file, .. }) if *file == a.record_name()
    ));
    fs::remove_file(a.folder.join(a.record_name())).unwrap();
    assert!(!a.store.records().is_answered(&pending, stamp).unwrap());
}

#[test]
fn result_of_a_named_session_takes_the_receipt_only_for_that_session_and_those_files() {
    let a = answered();
    a.mark_receipt();
    let own = a.pending.meta.session_id.clone();
    assert_eq!(a.store.records().receipt_of(&own).as_deref(), Some(MARKER));
    let other: app::SessionId = serde_json::from_str("\"2025-01-15T10-29-00\"").unwrap();
    assert_eq!(a.store.records().receipt_of(&other), None);
    a.rewrite("pending.json");
    assert_eq!(a.store.records().receipt_of(&own), None);
}

#[test]
fn the_pending_head_names_the_session_and_its_task_with_a_stamp_while_unchanged() {
    let a = answered();
    let head = a.store.pending().head_stamped().unwrap().unwrap();
    assert_eq!(head.session, a.pending.meta.session_id);
    assert_eq!(head.task.as_deref(), Some(a.pending.input.task()));
    assert_eq!(head.stamp, a.store.pending().stamp().unwrap());
    fs::write(a.folder.join("pending.json"), "[1, 2]").unwrap();
    assert_eq!(a.store.pending().head_stamped().unwrap(), None);
    fs::remove_file(a.folder.join("pending.json")).unwrap();
    assert_eq!(a.store.pending().head_stamped().unwrap(), None);
}

#[test]
fn the_receipt_names_the_pending_session_only_while_it_speaks_for_the_file() {
    let a = answered();
    let stamp = a.store.pending().stamp().unwrap().unwrap();
    assert_eq!(
        a.store.records().receipt_session(),
        Some((a.pending.meta.session_id.clone(), stamp))
    );
    a.rewrite("pending.json");
    assert_eq!(a.store.records().receipt_session(), None);
}
