//! `.aide/decisions/`: `pending.json` and one `{session_id}.json` record per
//! answered session (`decide-storage.md`).

use super::StoreError;
use super::atomic::{to_pretty_json, write_atomic};
use super::session::{new_session_id, timestamp};
use app::validate::{parse_pending, parse_record};
use app::{DecideInput, DecideOutput, DecisionRecord, Meta, Pending, SessionId};
use chrono::{DateTime, Local};
use std::fs;
use std::io::ErrorKind;
use std::path::PathBuf;

const PENDING: &str = "pending.json";

/// The decisions folder of one project.
#[derive(Clone, Debug)]
pub struct DecisionStore {
    pub(super) dir: PathBuf,
}

impl DecisionStore {
    pub(super) fn open(dir: PathBuf) -> Result<Self, StoreError> {
        let mut builder = fs::DirBuilder::new();
        builder.recursive(true);
        // Owner-only, like every file in it.
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&dir).map_err(StoreError::io(&dir))?;
        Ok(DecisionStore { dir })
    }

    fn record_path(&self, session: &SessionId) -> PathBuf {
        self.dir.join(format!("{session}.json"))
    }

    /// Stores `input` as the pending session, with a new `_meta`.
    pub fn save_pending(
        &self,
        input: DecideInput,
        now: DateTime<Local>,
    ) -> Result<Pending, StoreError> {
        let current = self.load_pending().ok().map(|p| p.meta.session_id);
        let session_id = new_session_id(now, |id| {
            Some(id) == current.as_ref() || self.record_path(id).exists()
        });
        let pending = Pending {
            input,
            meta: Meta {
                created_at: timestamp(now),
                session_id,
            },
        };
        self.write(PENDING.into(), &pending)?;
        Ok(pending)
    }

    /// The pending session.
    pub fn load_pending(&self) -> Result<Pending, StoreError> {
        let value = self.read_json(PENDING)?.ok_or(StoreError::NoPending)?;
        parse_pending(&value).map_err(|errors| StoreError::Invalid {
            file: PENDING.into(),
            errors,
        })
    }

    /// Stores the answers to `pending` as its record.
    pub fn save_record(
        &self,
        pending: &Pending,
        output: DecideOutput,
        now: DateTime<Local>,
    ) -> Result<DecisionRecord, StoreError> {
        let record = DecisionRecord {
            input: pending.clone(),
            output,
            completed_at: timestamp(now),
        };
        self.write(self.record_path(&pending.meta.session_id), &record)?;
        Ok(record)
    }

    /// The record of `session`, if it was answered.
    pub fn load_record(&self, session: &SessionId) -> Result<Option<DecisionRecord>, StoreError> {
        let name = format!("{session}.json");
        let Some(value) = self.read_json(&name)? else {
            return Ok(None);
        };
        parse_record(&value)
            .map(Some)
            .map_err(|errors| StoreError::Invalid { file: name, errors })
    }

    /// The answers for the pending session, following `decide-cli.md` §2.2:
    /// no pending → `NoPending`, no record → `NoResult`, a record of other
    /// input → `Stale`.
    pub fn result(&self) -> Result<DecideOutput, StoreError> {
        let pending = self.load_pending()?;
        let record = self
            .load_record(&pending.meta.session_id)?
            .ok_or(StoreError::NoResult)?;
        if record.input != pending {
            return Err(StoreError::Stale);
        }
        Ok(record.output)
    }

    pub(super) fn write<T: serde::Serialize>(
        &self,
        path: PathBuf,
        value: &T,
    ) -> Result<(), StoreError> {
        let path = self.dir.join(path);
        let bytes = to_pretty_json(value).map_err(StoreError::io(&path))?;
        write_atomic(&path, &bytes).map_err(StoreError::io(&path))
    }

    /// `None` when the file does not exist; `Corrupt` when it is not JSON.
    pub(super) fn read_json(&self, name: &str) -> Result<Option<serde_json::Value>, StoreError> {
        let path = self.dir.join(name);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) if e.kind() == ErrorKind::InvalidData => {
                return Err(StoreError::Corrupt {
                    file: name.into(),
                    detail: e.to_string(),
                });
            }
            Err(e) => return Err(StoreError::io(path)(e)),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| StoreError::Corrupt {
                file: name.into(),
                detail: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Project;
    use chrono::TimeZone;

    fn example() -> DecideInput {
        let text = include_str!("../../../examples/auth.json");
        app::validate_input(&serde_json::from_str(text).unwrap()).unwrap()
    }

    fn answers(input: &DecideInput) -> DecideOutput {
        let body = serde_json::json!({ "decisions": [
            { "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "团队更熟悉 bcrypt" }
        ]});
        app::validate_output(input, &body).unwrap()
    }

    fn store() -> (tempfile::TempDir, DecisionStore) {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        (dir, store)
    }

    fn at(sec: u32) -> DateTime<Local> {
        Local.with_ymd_and_hms(2025, 1, 15, 10, 30, sec).unwrap()
    }

    #[test]
    fn pending_and_record_round_trip_through_the_files() {
        let (dir, store) = store();
        assert!(matches!(store.result(), Err(StoreError::NoPending)));
        let pending = store.save_pending(example(), at(0)).unwrap();
        assert_eq!(pending.meta.session_id.as_str(), "2025-01-15T10-30-00");
        assert_eq!(store.load_pending().unwrap(), pending);
        assert!(matches!(store.result(), Err(StoreError::NoResult)));

        store
            .save_record(&pending, answers(&pending.input), at(5))
            .unwrap();
        let output = store.result().unwrap();
        assert_eq!(output, answers(&pending.input));
        let file = dir.path().join(".aide/decisions/2025-01-15T10-30-00.json");
        let text = fs::read_to_string(file).unwrap();
        assert!(
            text.starts_with("{\n  \"input\": {\n    \"task\": \"实现用户认证模块\""),
            "{text}"
        );
        assert!(text.contains("\"completed_at\": \"2025-01-15T10:30:05"));
        assert!(text.ends_with("}\n") && !text.contains('\r'));
    }

    #[test]
    fn a_second_session_in_the_same_second_gets_its_own_id() {
        let (_dir, store) = store();
        let first = store.save_pending(example(), at(0)).unwrap();
        let second = store.save_pending(example(), at(0)).unwrap();
        assert_ne!(first.meta.session_id, second.meta.session_id);
        assert_eq!(second.meta.session_id.as_str(), "2025-01-15T10-30-00-2");
    }

    #[test]
    fn a_record_for_other_input_is_stale() {
        let (dir, store) = store();
        let pending = store.save_pending(example(), at(0)).unwrap();
        let record = store
            .save_record(&pending, answers(&pending.input), at(5))
            .unwrap();
        // pending.json rewritten by hand with the same session id but a new task.
        let mut value = serde_json::to_value(&record.input).unwrap();
        value["task"] = "另一个任务".into();
        fs::write(
            dir.path().join(".aide/decisions/pending.json"),
            value.to_string(),
        )
        .unwrap();
        assert!(matches!(store.result(), Err(StoreError::Stale)));
    }

    #[test]
    fn corrupt_and_invalid_files_are_reported_and_left_alone() {
        let (dir, store) = store();
        let path = dir.path().join(".aide/decisions/pending.json");
        fs::write(&path, "{\"task\": ").unwrap();
        assert!(
            matches!(store.load_pending(), Err(StoreError::Corrupt { ref file, .. }) if file == "pending.json")
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\"task\": ");
        fs::write(&path, "{\"task\": \"t\"}").unwrap();
        assert!(matches!(
            store.load_pending(),
            Err(StoreError::Invalid { .. })
        ));
    }
}
