//! Withdrawn sessions: the agent took its question back (`aide decide
//! cancel`, MCP `decide_cancel`). `{session_id}.withdrawn.json` says when
//! and why, so a look at a session needs one `stat` to know; the ledger
//! records it too.

use crate::store::files::lock::StoreLock;
use crate::store::pending::session::timestamp;
use crate::store::{DecisionStore, Event, PendingFiles, StoreError};
use app::validate::WrittenVersion;
use app::{SessionId, Timestamp};
use chrono::{DateTime, Local};
use serde::{Deserialize, Serialize};

/// The longest reason a withdrawal keeps, in characters.
pub const MAX_REASON_CHARS: usize = 1000;

/// What `{session_id}.withdrawn.json` holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    #[serde(skip_deserializing)]
    version: WrittenVersion,
    pub session_id: SessionId,
    pub withdrawn_at: Timestamp,
    /// Why, as the agent said it; shown to the person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl DecisionStore {
    fn withdrawal_name(session: &SessionId) -> String {
        format!("{session}.withdrawn.json")
    }

    /// Removes the withdrawal of `session` (`clean`).
    pub(in crate::store) fn remove_withdrawal(
        &self,
        session: &SessionId,
    ) -> Result<(), StoreError> {
        self.remove(&Self::withdrawal_name(session))
    }
}

impl PendingFiles<'_> {
    /// Marks `session` withdrawn (the draft is kept, as the person's work)
    /// and logs it; a session kept aside loses its pending file once the
    /// withdrawal is written. Withdrawing it again keeps the first
    /// withdrawal. `Answered` once its answers are recorded: the record is
    /// looked for under the lock that `Records::save` takes too, so of a
    /// withdrawal and answers exactly one wins.
    pub fn withdraw(
        &self,
        _lock: &StoreLock,
        session: &SessionId,
        reason: Option<String>,
        now: DateTime<Local>,
    ) -> Result<Withdrawal, StoreError> {
        if self.0.records().exists(session)? {
            return Err(StoreError::Answered(session.clone()));
        }
        if let Some(earlier) = self.withdrawal(session)? {
            self.0.remove_aside(session)?;
            return Ok(earlier);
        }
        let withdrawal = Withdrawal {
            version: WrittenVersion,
            session_id: session.clone(),
            withdrawn_at: timestamp(now),
            reason,
        };
        self.0
            .write(&DecisionStore::withdrawal_name(session), &withdrawal)?;
        self.0.remove_aside(session)?;
        self.0.ledger().log(&Event::Withdrawn {
            session_id: session.clone(),
            reason: withdrawal.reason.clone(),
        })?;
        Ok(withdrawal)
    }

    /// The withdrawal of `session`, if it was withdrawn.
    pub fn withdrawal(&self, session: &SessionId) -> Result<Option<Withdrawal>, StoreError> {
        self.0
            .read_versioned(&DecisionStore::withdrawal_name(session))
    }
}

#[cfg(test)]
mod tests {
    use crate::store::Project;
    use crate::store::decisions::tests::example;
    use chrono::Local;

    #[test]
    fn a_withdrawal_is_stored_logged_and_kept_once() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let lock = store.lock().unwrap();
        let (pending, _) = store
            .pending()
            .save(&lock, example(), Local::now())
            .unwrap();
        let id = &pending.meta.session_id;
        assert_eq!(store.pending().withdrawal(id).unwrap(), None);
        let first = store
            .pending()
            .withdraw(&lock, id, Some("answered in the chat".into()), Local::now())
            .unwrap();
        let again = store
            .pending()
            .withdraw(&lock, id, None, Local::now())
            .unwrap();
        assert_eq!(again, first);
        assert_eq!(store.pending().withdrawal(id).unwrap(), Some(first));
        let logged = store.ledger().read().unwrap().entries;
        let withdrawn: Vec<_> = logged
            .iter()
            .filter(|e| matches!(e.event, crate::store::Event::Withdrawn { .. }))
            .collect();
        assert_eq!(withdrawn.len(), 1);
        let file = dir
            .path()
            .join(format!(".aide/decisions/{id}.withdrawn.json"));
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.starts_with("{\n  \"version\": \"1.5\""), "{text}");
        assert!(
            text.contains("\"reason\": \"answered in the chat\""),
            "{text}"
        );
    }
}
