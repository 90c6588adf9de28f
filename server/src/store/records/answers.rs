//! The answers: records, drafts and what `result` reads.

use crate::store::DecisionStore;
use crate::store::StoreError;
use crate::store::files::lock::StoreLock;
use crate::store::pending::session::timestamp;
use app::validate::{RecordOf, parse_draft, parse_record, record_answers};
use app::{DecideOutput, DecisionRecord, Draft, DraftEntry, Given, Pending, SessionId};
use chrono::{DateTime, Local};
use std::fs;

impl DecisionStore {
    /// Stores the answers to `pending` (with where they were given and the
    /// precedents they follow) as its record and removes its draft and, for a session kept
    /// aside, its `{session_id}.pending.json` (the record carries its
    /// input). One outcome per session: `Withdrawn` when the agent withdrew
    /// it, `Answered` when its answers are recorded already; both looked
    /// for under the lock that `withdraw` takes too.
    pub fn save_record(
        &self,
        _lock: &StoreLock,
        pending: &Pending,
        given: impl Into<Given>,
        now: DateTime<Local>,
    ) -> Result<DecisionRecord, StoreError> {
        let session = &pending.meta.session_id;
        if let Some(withdrawal) = self.withdrawal(session)? {
            return Err(StoreError::Withdrawn {
                session: session.clone(),
                reason: withdrawal.reason,
            });
        }
        if self.has_record(session)? {
            return Err(StoreError::Answered(session.clone()));
        }
        let record = DecisionRecord::given(pending.clone(), given.into(), timestamp(now));
        self.write(&Self::record_name(session), &record)?;
        self.remove(&Self::draft_name(session))?;
        self.remove_ruled(session)?;
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
}
