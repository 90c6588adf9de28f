//! `.aide/decisions/`: `pending.json` and one `{session_id}.json` record per
//! answered session (`docs/formats.md`).

use super::StoreError;
use super::atomic::{create_owner_only_dir, sweep_temp_files, to_pretty_json, write_atomic};
use super::lock::StoreLock;
use super::session::{new_session_id, timestamp};
use app::validate::{RecordOf, parse_draft, parse_pending, parse_record, record_answers};
use app::{
    DecideInput, DecideOutput, DecisionRecord, Draft, DraftEntry, Meta, Pending, SessionId, Via,
};
use chrono::{DateTime, Local};
use std::cell::OnceCell;
use std::collections::HashSet;
use std::fs;
use std::io::ErrorKind;
use std::path::PathBuf;

pub(super) const PENDING: &str = "pending.json";
/// The answers the server left for `result` (`receipt.rs`). Its name is
/// never a session id, so `history` and `clean` pass it by.
pub(super) const RECEIPT: &str = "result.json";

/// The decisions folder of one project.
#[derive(Clone, Debug)]
pub struct DecisionStore {
    pub(super) dir: PathBuf,
}

impl DecisionStore {
    pub(super) fn open(dir: PathBuf) -> Result<Self, StoreError> {
        create_owner_only_dir(&dir).map_err(StoreError::folder(&dir))?;
        let store = DecisionStore { dir };
        store.sweep_temp_files();
        Ok(store)
    }

    /// Removes the temp files that killed writers left in `.aide/decisions/`
    /// and `.aide/` (`atomic::sweep_temp_files`: only files no live writer
    /// holds). Done under the store lock when it is free at once; when
    /// another process holds it, that one or the next opener sweeps.
    fn sweep_temp_files(&self) {
        let Ok(_lock) = self.lock_within(std::time::Duration::ZERO) else {
            return;
        };
        sweep_temp_files(&self.dir);
        sweep_temp_files(&self.dir.join(super::server::SERVERS));
        if let Some(aide) = self.dir.parent() {
            sweep_temp_files(aide);
        }
    }

    /// The project folder: the one that holds `.aide/decisions/`.
    pub fn project_root(&self) -> PathBuf {
        self.dir
            .parent()
            .and_then(std::path::Path::parent)
            .map(PathBuf::from)
            .unwrap_or_else(|| self.dir.clone())
    }

    pub(super) fn record_name(session: &SessionId) -> String {
        format!("{session}.json")
    }

    pub(super) fn draft_name(session: &SessionId) -> String {
        format!("{session}.draft.json")
    }

    /// Stores `input` as the pending session, with a new `_meta`. Returns
    /// it and the session it replaced, if that one was never answered.
    pub fn save_pending(
        &self,
        _lock: &StoreLock,
        input: DecideInput,
        now: DateTime<Local>,
    ) -> Result<(Pending, Option<SessionId>), StoreError> {
        // A damaged pending.json is replaced by a new submit, as the spec's
        // suggestion says; it is never answered. One of a newer major
        // version is refused and left as it is, like every other file.
        let current = self.pending_head()?;
        let replaced = match &current {
            Some(id) if !self.dir.join(Self::record_name(id)).exists() => Some(id.clone()),
            _ => None,
        };
        let logged: OnceCell<HashSet<SessionId>> = OnceCell::new();
        let session_id = new_session_id(now, |id| {
            Some(id) == current.as_ref()
                || self.dir.join(Self::record_name(id)).exists()
                || self.dir.join(Self::aside_name(id)).exists()
                || self.dir.join(Self::draft_name(id)).exists()
                || logged.get_or_init(|| self.logged_sessions()).contains(id)
        });
        let meta = Meta {
            created_at: timestamp(now),
            session_id,
        };
        let pending = Pending::new(input, meta);
        // The answers of the session replaced no longer answer anything.
        self.remove(RECEIPT)?;
        self.write(PENDING, &pending)?;
        Ok((pending, replaced))
    }

    /// The session id `pending.json` names (`None` when there is none or
    /// it is damaged), once its version is one this aide reads (`TooNew`
    /// otherwise): what a submit makes way for.
    pub fn pending_head(&self) -> Result<Option<SessionId>, StoreError> {
        let Some(head) = self.skim_pending()? else {
            return Ok(None);
        };
        if let Some(version) = &head.version {
            // The one step for versions, on the one field it reads; a
            // damaged file (no version) is replaced, a newer one refused.
            let only = serde_json::json!({ app::validate::VERSION_FIELD: version });
            if let Err(too_new @ StoreError::TooNew { .. }) =
                super::versioned::file_version(PENDING, &only)
            {
                return Err(too_new);
            }
        }
        Ok(head.session_id())
    }

    /// `pending.json`'s `version` and `_meta`, read without building the
    /// rest (a large pending file is skimmed); `None` when there is none
    /// or it is no JSON object.
    fn skim_pending(&self) -> Result<Option<PendingHead>, StoreError> {
        self.skim_pending_named(PENDING)
    }

    /// The head of the pending file `name` (`skim_pending`).
    pub(super) fn skim_pending_named(&self, name: &str) -> Result<Option<PendingHead>, StoreError> {
        let path = self.dir.join(name);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(StoreError::read(path)(e)),
        };
        Ok(serde_json::from_slice(&bytes).ok())
    }

    /// Identifies the present `pending.json` (`None` when there is none)
    /// without reading it: every save replaces the file, so an unchanged
    /// stamp means an unchanged session.
    pub fn pending_stamp(&self) -> Result<Option<FileStamp>, StoreError> {
        self.stamp(PENDING)
    }

    /// Identifies the present version of the file `name` (`None` when
    /// there is none) without reading it.
    pub(super) fn stamp(&self, name: &str) -> Result<Option<FileStamp>, StoreError> {
        let path = self.dir.join(name);
        match fs::metadata(&path) {
            Ok(meta) => Ok(Some(FileStamp::of(&meta))),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::read(path)(e)),
        }
    }

    /// Whether `session` has a record, without reading it.
    pub fn has_record(&self, session: &SessionId) -> Result<bool, StoreError> {
        let path = self.dir.join(Self::record_name(session));
        path.try_exists().map_err(StoreError::read(path))
    }

    /// The session id `pending.json` names, read without validating the
    /// rest (a large pending file is skimmed, not built); `None` when there
    /// is none or it cannot be read.
    pub fn pending_session_id(&self) -> Result<Option<SessionId>, StoreError> {
        Ok(self.skim_pending()?.and_then(|head| head.session_id()))
    }

    /// Every session the ledger mentions (an unreadable ledger names none).
    fn logged_sessions(&self) -> HashSet<SessionId> {
        self.ledger()
            .map(|ledger| {
                ledger
                    .entries
                    .into_iter()
                    .map(|e| e.event.session_id().clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The pending session.
    pub fn load_pending(&self) -> Result<Pending, StoreError> {
        self.load_pending_named(PENDING)
    }

    /// The pending session stored as `name` (`pending.json`, or a session
    /// kept aside); `NoPending` when there is no such file.
    pub(super) fn load_pending_named(&self, name: &str) -> Result<Pending, StoreError> {
        let bytes = self.read_bytes(name)?.ok_or(StoreError::NoPending)?;
        parse_pending(&bytes).map_err(StoreError::stored(name))
    }

    /// `pending.json` and its stamp, when the file stayed the same while
    /// it was read: the stamp then names exactly the session returned (a
    /// server trusts an unchanged stamp for as long as it serves it).
    pub fn load_pending_stamped(&self) -> Result<(Pending, Option<FileStamp>), StoreError> {
        let before = self.pending_stamp()?;
        let pending = self.load_pending()?;
        let after = self.pending_stamp()?;
        Ok((pending, before.filter(|stamp| Some(*stamp) == after)))
    }

    /// Stores the answers to `pending`, given `via` one of the ways to
    /// answer, as its record and removes its draft and, for a session kept
    /// aside, its `{session_id}.pending.json` (the record carries its
    /// input).
    pub fn save_record(
        &self,
        _lock: &StoreLock,
        pending: &Pending,
        (output, via): (DecideOutput, Via),
        now: DateTime<Local>,
    ) -> Result<DecisionRecord, StoreError> {
        let record = DecisionRecord::new(pending.clone(), output, timestamp(now)).given_via(via);
        let session = &pending.meta.session_id;
        self.write(&Self::record_name(session), &record)?;
        self.remove(&Self::draft_name(session))?;
        self.remove(&Self::aside_name(session))?;
        Ok(record)
    }

    /// The record of `session`, if it was answered.
    pub fn load_record(&self, session: &SessionId) -> Result<Option<DecisionRecord>, StoreError> {
        let name = Self::record_name(session);
        let Some(bytes) = self.read_bytes(&name)? else {
            return Ok(None);
        };
        parse_record(&bytes, session)
            .map(Some)
            .map_err(StoreError::stored(&name))
    }

    /// The record file of `session` exactly as stored, if there is one.
    pub fn record_json(
        &self,
        session: &SessionId,
    ) -> Result<Option<serde_json::Value>, StoreError> {
        let name = Self::record_name(session);
        let Some(bytes) = self.read_bytes(&name)? else {
            return Ok(None);
        };
        // Check it, so a damaged record is reported rather than printed.
        parse_record(&bytes, session).map_err(StoreError::stored(&name))?;
        Self::parse_json(&name, &bytes).map(Some)
    }

    /// Saves the answers so far to `pending` as its draft.
    pub fn save_draft(
        &self,
        _lock: &StoreLock,
        pending: &Pending,
        answers: Vec<DraftEntry>,
        now: DateTime<Local>,
    ) -> Result<Draft, StoreError> {
        let draft = Draft::new(pending.meta.session_id.clone(), timestamp(now), answers);
        self.write(&Self::draft_name(&pending.meta.session_id), &draft)?;
        Ok(draft)
    }

    /// The draft of `pending`, if the page saved one.
    pub fn load_draft(&self, pending: &Pending) -> Result<Option<Draft>, StoreError> {
        let name = Self::draft_name(&pending.meta.session_id);
        let Some(bytes) = self.read_bytes(&name)? else {
            return Ok(None);
        };
        parse_draft(&bytes, &pending.input)
            .map(Some)
            .map_err(StoreError::stored(&name))
    }

    /// Moves an unreadable draft of `session` aside (to `….draft.json.bad`),
    /// so the next save does not overwrite it unseen. Returns the new name.
    pub fn set_aside_draft(
        &self,
        _lock: &StoreLock,
        session: &SessionId,
    ) -> Result<String, StoreError> {
        let name = Self::draft_name(session);
        let aside = format!("{name}.bad");
        let (from, to) = (self.dir.join(&name), self.dir.join(&aside));
        fs::rename(&from, &to).map_err(StoreError::write(from))?;
        Ok(aside)
    }

    /// The answers for the pending session (`docs/cli.md`, `result`):
    /// no pending → `NoPending`, no record → `NoResult`, a record of other
    /// input → `Stale`.
    pub fn result(&self) -> Result<DecideOutput, StoreError> {
        self.result_for(&self.load_pending()?)
    }

    /// The answers to `pending` (loaded already): `NoResult` without a
    /// record of its session, `Stale` when the record asks something else.
    pub fn result_for(&self, pending: &Pending) -> Result<DecideOutput, StoreError> {
        let session = &pending.meta.session_id;
        let name = Self::record_name(session);
        let bytes = self.read_bytes(&name)?.ok_or(StoreError::NoResult)?;
        match record_answers(&bytes, pending).map_err(StoreError::stored(&name))? {
            RecordOf::Answers(output) => Ok(output),
            RecordOf::Other => Err(StoreError::Stale),
        }
    }

    pub(super) fn write<T: serde::Serialize>(
        &self,
        name: &str,
        value: &T,
    ) -> Result<(), StoreError> {
        let path = self.dir.join(name);
        let bytes = to_pretty_json(value).map_err(StoreError::write(&path))?;
        write_atomic(&path, &bytes).map_err(StoreError::write(&path))
    }

    /// Removes `name` if it is there.
    pub(super) fn remove(&self, name: &str) -> Result<(), StoreError> {
        let path = self.dir.join(name);
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::write(path)(e)),
        }
    }

    /// `None` when the file does not exist; `Corrupt` when it is not JSON.
    pub(super) fn read_json(&self, name: &str) -> Result<Option<serde_json::Value>, StoreError> {
        match self.read_bytes(name)? {
            Some(bytes) => Self::parse_json(name, &bytes).map(Some),
            None => Ok(None),
        }
    }

    /// The bytes of `name`; `None` when the file does not exist.
    pub(super) fn read_bytes(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.dir.join(name);
        match fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::read(path)(e)),
        }
    }

    /// `Corrupt` when `bytes` are not JSON (or not UTF-8).
    fn parse_json(name: &str, bytes: &[u8]) -> Result<serde_json::Value, StoreError> {
        serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt {
            file: name.into(),
            damage: app::i18n::Damage::Json(app::validate::JsonError::new(&e, bytes)),
        })
    }
}

/// What identifies one version of a file: saves replace files by renaming
/// a new one over them, so a save changes the inode even when the size and
/// the second stay the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileStamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl FileStamp {
    fn of(meta: &fs::Metadata) -> Self {
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        FileStamp {
            dev,
            ino,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}

/// What a skim of `pending.json` builds: its version, task and `_meta`,
/// the items left unread.
#[derive(serde::Deserialize)]
pub(super) struct PendingHead {
    version: Option<serde_json::Value>,
    task: Option<serde_json::Value>,
    #[serde(rename = "_meta")]
    meta: Option<serde_json::Value>,
}

impl PendingHead {
    pub(super) fn session_id(self) -> Option<SessionId> {
        #[derive(serde::Deserialize)]
        struct MetaId {
            session_id: SessionId,
        }
        let meta = serde_json::from_value::<MetaId>(self.meta?).ok()?;
        Some(meta.session_id)
    }

    /// The task, when it is text.
    pub(super) fn task(&self) -> Option<&str> {
        self.task.as_ref()?.as_str()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::store::Project;
    use chrono::TimeZone;

    /// `examples/auth.json`, validated (also used by `receipt_tests.rs`).
    pub(in crate::store) fn example() -> DecideInput {
        let text = include_str!("../../../examples/auth.json");
        app::validate_input(&serde_json::from_str(text).unwrap()).unwrap()
    }

    /// Answers to [`example`].
    pub(in crate::store) fn answers(input: &DecideInput) -> DecideOutput {
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
        let lock = store.lock().unwrap();
        assert!(matches!(store.result(), Err(StoreError::NoPending)));
        let (pending, replaced) = store.save_pending(&lock, example(), at(0)).unwrap();
        assert_eq!(replaced, None);
        assert_eq!(&pending.meta.session_id.to_string(), "2025-01-15T10-30-00");
        assert_eq!(store.load_pending().unwrap(), pending);
        assert!(matches!(store.result(), Err(StoreError::NoResult)));

        store
            .save_record(
                &lock,
                &pending,
                (answers(&pending.input), app::Via::Page),
                at(5),
            )
            .unwrap();
        let output = store.result().unwrap();
        assert_eq!(output, answers(&pending.input));
        let file = dir.path().join(".aide/decisions/2025-01-15T10-30-00.json");
        let text = fs::read_to_string(file).unwrap();
        assert!(
            text.starts_with(
                "{\n  \"version\": \"1.2\",\n  \"input\": {\n    \"task\": \"实现用户认证模块\""
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
        let (pending, _) = store.save_pending(&lock, example(), at(0)).unwrap();
        let (read, stamp) = store.load_pending_stamped().unwrap();
        assert_eq!(read, pending);
        assert_eq!(stamp, store.pending_stamp().unwrap());
        assert!(stamp.is_some());
        // Rewritten with the same bytes: another file, another stamp.
        let path = dir.path().join(".aide/decisions/pending.json");
        let bytes = fs::read(&path).unwrap();
        fs::remove_file(&path).unwrap();
        fs::write(&path, bytes).unwrap();
        assert_ne!(store.pending_stamp().unwrap(), stamp);
    }

    #[test]
    fn sessions_in_the_same_second_get_their_own_ids_even_once_replaced() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.save_pending(&lock, example(), at(0)).unwrap();
        store
            .log(&crate::store::Event::Submitted {
                session_id: first.meta.session_id.clone(),
                task: "t".into(),
                items: 2,
            })
            .unwrap();
        let (second, replaced) = store.save_pending(&lock, example(), at(0)).unwrap();
        assert_eq!(replaced, Some(first.meta.session_id.clone()));
        assert_eq!(&second.meta.session_id.to_string(), "2025-01-15T10-30-00-2");
        // The first is no longer pending and has no record; the ledger
        // still knows it, so a third session does not take its id.
        let (third, _) = store.save_pending(&lock, example(), at(0)).unwrap();
        assert_eq!(&third.meta.session_id.to_string(), "2025-01-15T10-30-00-3");
    }

    #[test]
    fn an_answered_session_is_not_reported_as_replaced() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.save_pending(&lock, example(), at(0)).unwrap();
        store
            .save_record(
                &lock,
                &first,
                (answers(&first.input), app::Via::Page),
                at(1),
            )
            .unwrap();
        let (_, replaced) = store.save_pending(&lock, example(), at(2)).unwrap();
        assert_eq!(replaced, None);
    }

    #[test]
    fn a_draft_is_kept_until_the_record_is_written() {
        let (dir, store) = store();
        let lock = store.lock().unwrap();
        let (pending, _) = store.save_pending(&lock, example(), at(0)).unwrap();
        assert_eq!(store.load_draft(&pending).unwrap(), None);
        let body =
            serde_json::json!({ "decisions": [{ "id": 2, "chosen": "bcrypt", "note": "熟悉" }] });
        let answers_so_far = app::validate_draft(&pending.input, &body).unwrap();
        store
            .save_draft(&lock, &pending, answers_so_far.clone(), at(1))
            .unwrap();
        let draft = store.load_draft(&pending).unwrap().unwrap();
        assert_eq!(draft.entries(), answers_so_far);
        let path = dir
            .path()
            .join(".aide/decisions/2025-01-15T10-30-00.draft.json");
        assert!(path.exists());
        store
            .save_record(
                &lock,
                &pending,
                (answers(&pending.input), app::Via::Page),
                at(5),
            )
            .unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn a_file_of_a_newer_major_version_is_refused_and_left_alone() {
        let (dir, store) = store();
        let path = dir.path().join(".aide/decisions/pending.json");
        let mut value: serde_json::Value =
            serde_json::from_str(include_str!("../../../examples/auth.json")).unwrap();
        value["version"] = "2.0".into();
        value["_meta"] =
            serde_json::json!({ "created_at": "x", "session_id": "2025-01-15T10-30-00" });
        let text = value.to_string();
        fs::write(&path, &text).unwrap();
        assert!(matches!(
            store.load_pending(),
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
            store.save_pending(&lock, example(), at(0)),
            Err(StoreError::TooNew { ref file, found }) if file == "pending.json" && found.major == 2
        ));
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        // A newer minor version, or a damaged file, is replaced as before.
        fs::write(&path, r#"{"version":"1.9","_meta":{"session_id":"x"}}"#).unwrap();
        assert!(store.save_pending(&lock, example(), at(1)).is_ok());
        fs::write(&path, "{").unwrap();
        assert!(store.save_pending(&lock, example(), at(2)).is_ok());
    }

    #[test]
    fn a_record_for_other_input_is_stale() {
        let (dir, store) = store();
        let lock = store.lock().unwrap();
        let (pending, _) = store.save_pending(&lock, example(), at(0)).unwrap();
        let record = store
            .save_record(
                &lock,
                &pending,
                (answers(&pending.input), app::Via::Page),
                at(5),
            )
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
