//! The pending session: stored, skimmed and read.

use crate::store::decisions::{DecisionStore, FileStamp, PENDING, RECEIPT};
use crate::store::files::lock::StoreLock;
use crate::store::ledger::LedgerText;
use crate::store::pending::session::{new_session_id, timestamp};
use crate::store::{PendingFiles, StoreError};
use app::validate::PendingHead;
use app::validate::parse_pending;
use app::{DecideInput, Meta, Pending, SessionId};
use chrono::{DateTime, Local};
use std::cell::OnceCell;
use std::fs;
use std::io::ErrorKind;

/// The session `pending.json` names and its task, skimmed from the file's
/// head (`PendingFiles::head_stamped`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionHead {
    pub session: SessionId,
    /// The task as written (the file was validated when it was saved).
    pub task: Option<String>,
    /// The file's stamp, when it held still while it was read.
    pub stamp: Option<FileStamp>,
}

impl PendingFiles<'_> {
    /// Stores `input` as the pending session, with a new `_meta`. Returns
    /// it and the session it replaced, if that one was never answered.
    pub fn save(
        &self,
        _lock: &StoreLock,
        input: DecideInput,
        now: DateTime<Local>,
    ) -> Result<(Pending, Option<SessionId>), StoreError> {
        // A damaged pending.json is replaced by a new submit, as the spec's
        // suggestion says; it is never answered. One of a newer major
        // version is refused and left as it is, like every other file.
        let current = self.head()?;
        // One kept aside (`keep_aside`) is not replaced: it waits on.
        let replaced = match &current {
            Some(id)
                if !self.0.dir.join(DecisionStore::record_name(id)).exists()
                    && !self.0.dir.join(DecisionStore::aside_name(id)).exists() =>
            {
                Some(id.clone())
            }
            _ => None,
        };
        let logged: OnceCell<LedgerText> = OnceCell::new();
        let session_id = new_session_id(now, |id| {
            Some(id) == current.as_ref()
                || self.0.dir.join(DecisionStore::record_name(id)).exists()
                || self.0.dir.join(DecisionStore::aside_name(id)).exists()
                || self.0.dir.join(DecisionStore::draft_name(id)).exists()
                || logged.get_or_init(|| self.0.ledger().text()).names(id)
        });
        let meta = Meta {
            created_at: timestamp(now),
            session_id,
        };
        let pending = Pending::new(input, meta);
        // The answers of the session replaced no longer answer anything.
        self.0.remove(RECEIPT)?;
        self.0.write(PENDING, &pending)?;
        Ok((pending, replaced))
    }

    /// The session id `pending.json` names (`None` when there is none or
    /// it is damaged), once its version is one this aide reads (`TooNew`
    /// otherwise): what a submit makes way for.
    pub fn head(&self) -> Result<Option<SessionId>, StoreError> {
        let Some(head) = self.skim_pending()? else {
            return Ok(None);
        };
        if let Some(version) = &head.version {
            // The one step for versions, on the one field it reads; a
            // damaged file (no version) is replaced, a newer one refused.
            let only = serde_json::json!({ app::validate::VERSION_FIELD: version });
            if let Err(too_new @ StoreError::TooNew { .. }) =
                crate::store::files::versioned::file_version(PENDING, &only)
            {
                return Err(too_new);
            }
        }
        Ok(head.session_id)
    }

    /// `pending.json`'s `version` and `_meta`, read without building the
    /// rest (a large pending file is skimmed); `None` when there is none
    /// or it is no JSON object.
    fn skim_pending(&self) -> Result<Option<PendingHead>, StoreError> {
        self.0.skim_pending_named(PENDING)
    }

    /// Identifies the present `pending.json` (`None` when there is none)
    /// without reading it: every save replaces the file, so an unchanged
    /// stamp means an unchanged session.
    pub fn stamp(&self) -> Result<Option<FileStamp>, StoreError> {
        self.0.stamp(PENDING)
    }

    /// A test's submit: `input` saved as the pending session now, under
    /// the store's lock, and the file's stamp after.
    #[cfg(test)]
    pub fn submit_now(&self, input: DecideInput) -> (Pending, Option<FileStamp>) {
        let lock = self.0.lock().unwrap();
        let (pending, _) = self.save(&lock, input, Local::now()).unwrap();
        drop(lock);
        (pending, self.stamp().unwrap())
    }

    /// The session id `pending.json` names, read without validating the
    /// rest (a large pending file is skimmed, not built); `None` when there
    /// is none or it cannot be read.
    pub fn session_id(&self) -> Result<Option<SessionId>, StoreError> {
        Ok(self.skim_pending()?.and_then(|head| head.session_id))
    }

    /// The pending session's id and task, skimmed (nothing else of the
    /// file is built or checked), with the file's stamp when it stayed the
    /// same while it was read: an unchanged stamp later means the same
    /// session. `None` when there is no pending file or its head names no
    /// session.
    pub fn head_stamped(&self) -> Result<Option<SessionHead>, StoreError> {
        let before = self.stamp()?;
        let Some(head) = self.skim_pending()? else {
            return Ok(None);
        };
        let after = self.stamp()?;
        let stamp = before.filter(|stamp| Some(*stamp) == after);
        Ok(head.session_id.map(|session| SessionHead {
            session,
            task: head.task,
            stamp,
        }))
    }

    /// The pending session.
    pub fn load(&self) -> Result<Pending, StoreError> {
        self.0.load_pending_named(PENDING)
    }

    /// `pending.json` and its stamp, when the file stayed the same while
    /// it was read: the stamp then names exactly the session returned (a
    /// server trusts an unchanged stamp for as long as it serves it).
    pub fn load_stamped(&self) -> Result<(Pending, Option<FileStamp>), StoreError> {
        let before = self.stamp()?;
        let pending = self.load()?;
        let after = self.stamp()?;
        Ok((pending, before.filter(|stamp| Some(*stamp) == after)))
    }
}

impl DecisionStore {
    /// The head of the pending file `name` (`skim_pending`).
    pub(in crate::store) fn skim_pending_named(
        &self,
        name: &str,
    ) -> Result<Option<PendingHead>, StoreError> {
        let path = self.dir.join(name);
        let bytes = match crate::store::read_regular(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(StoreError::read(path)(e)),
        };
        Ok(app::validate::skim_pending(&bytes))
    }

    /// Identifies the present version of the file `name` (`None` when
    /// there is none) without reading it.
    pub(in crate::store) fn stamp(&self, name: &str) -> Result<Option<FileStamp>, StoreError> {
        let path = self.dir.join(name);
        match fs::metadata(&path) {
            Ok(meta) => Ok(Some(FileStamp::of(&meta))),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::read(path)(e)),
        }
    }

    /// The pending session stored as `name` (`pending.json`, or a session
    /// kept aside); `NoPending` when there is no such file.
    pub(in crate::store) fn load_pending_named(&self, name: &str) -> Result<Pending, StoreError> {
        let bytes = self.read_bytes(name)?.ok_or(StoreError::NoPending)?;
        parse_pending(&bytes).map_err(StoreError::stored(name))
    }
}
