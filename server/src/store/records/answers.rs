//! The answers: records, drafts and what `result` reads.

use crate::store::files::lock::StoreLock;
use crate::store::pending::session::timestamp;
use crate::store::{DecisionStore, Records, StoreError};
use app::validate::{RecordOf, parse_draft, parse_record, record_answers};
use app::{DecideOutput, DecisionRecord, Draft, DraftEntry, Given, Pending, SessionId};
use chrono::{DateTime, Local};
use std::fs;

impl Records<'_> {
    /// Whether `session` has a record, without reading it.
    pub fn exists(&self, session: &SessionId) -> Result<bool, StoreError> {
        let path = self.0.dir.join(DecisionStore::record_name(session));
        path.try_exists().map_err(StoreError::read(path))
    }

    /// Stores the answers to `pending` (with where they were given and the
    /// precedents they follow) as its record and removes its draft and, for a session kept
    /// aside, its `{session_id}.pending.json` (the record carries its
    /// input). One outcome per session: `Withdrawn` when the agent withdrew
    /// it, `Answered` when its answers are recorded already; both looked
    /// for under the lock that `withdraw` takes too.
    pub fn save(
        &self,
        _lock: &StoreLock,
        pending: &Pending,
        given: impl Into<Given>,
        now: DateTime<Local>,
    ) -> Result<DecisionRecord, StoreError> {
        let session = &pending.meta.session_id;
        if let Some(withdrawal) = self.0.pending().withdrawal(session)? {
            return Err(StoreError::Withdrawn {
                session: session.clone(),
                reason: withdrawal.reason,
            });
        }
        if self.exists(session)? {
            return Err(StoreError::Answered(session.clone()));
        }
        let record = DecisionRecord::given(pending.clone(), given.into(), timestamp(now));
        self.0
            .write(&DecisionStore::record_name(session), &record)?;
        self.0.remove(&DecisionStore::draft_name(session))?;
        self.0.remove_ruled(session)?;
        self.0.remove(&DecisionStore::aside_name(session))?;
        Ok(record)
    }

    /// The record of `session`, if it was answered.
    pub fn load(&self, session: &SessionId) -> Result<Option<DecisionRecord>, StoreError> {
        let name = DecisionStore::record_name(session);
        let Some(bytes) = self.0.read_bytes(&name)? else {
            return Ok(None);
        };
        parse_record(&bytes, session)
            .map(Some)
            .map_err(StoreError::stored(&name))
    }

    /// The record file of `session` exactly as stored, if there is one.
    pub fn json(&self, session: &SessionId) -> Result<Option<serde_json::Value>, StoreError> {
        let name = DecisionStore::record_name(session);
        let Some(bytes) = self.0.read_bytes(&name)? else {
            return Ok(None);
        };
        // Check it, so a damaged record is reported rather than printed.
        parse_record(&bytes, session).map_err(StoreError::stored(&name))?;
        DecisionStore::parse_json(&name, &bytes).map(Some)
    }

    /// Saves the answers so far to `pending` as its draft; `said_before`
    /// are the items the draft it replaces said to decide later.
    pub fn save_draft(
        &self,
        _lock: &StoreLock,
        pending: &Pending,
        answers: Vec<DraftEntry>,
        said_before: &[app::ItemId],
        now: DateTime<Local>,
    ) -> Result<Draft, StoreError> {
        let session = pending.meta.session_id.clone();
        let draft = Draft::new(session, timestamp(now), answers).said_before(said_before);
        self.0
            .write(&DecisionStore::draft_name(&pending.meta.session_id), &draft)?;
        Ok(draft)
    }

    /// The draft of `pending`, if the page saved one.
    pub fn load_draft(&self, pending: &Pending) -> Result<Option<Draft>, StoreError> {
        let name = DecisionStore::draft_name(&pending.meta.session_id);
        let Some(bytes) = self.0.read_bytes(&name)? else {
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
        let name = DecisionStore::draft_name(session);
        let aside = format!("{name}.bad");
        let (from, to) = (self.0.dir.join(&name), self.0.dir.join(&aside));
        fs::rename(&from, &to).map_err(StoreError::write(from))?;
        Ok(aside)
    }

    /// The answers for the pending session (`docs/cli.md`, `result`):
    /// no pending → `NoPending`, no record → `NoResult`, a record of other
    /// input → `Stale`.
    pub fn result(&self) -> Result<DecideOutput, StoreError> {
        self.result_for(&self.0.pending().load()?)
    }

    /// The answers to `pending` (loaded already): `NoResult` without a
    /// record of its session, `Stale` when the record asks something else.
    pub fn result_for(&self, pending: &Pending) -> Result<DecideOutput, StoreError> {
        let session = &pending.meta.session_id;
        let name = DecisionStore::record_name(session);
        let bytes = self.0.read_bytes(&name)?.ok_or(StoreError::NoResult)?;
        match record_answers(&bytes, pending).map_err(StoreError::stored(&name))? {
            RecordOf::Answers(output) => Ok(output),
            RecordOf::Other => Err(StoreError::Stale),
        }
    }
}
