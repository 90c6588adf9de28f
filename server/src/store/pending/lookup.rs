//! One session looked up by its id: what `result --session`, the watch
//! and the MCP tools answer from, so an agent is only ever handed its own
//! session's answers, whatever was submitted since. The order is the
//! store's: `pending.json` if it names the session, else the session's
//! file kept aside (`{id}.pending.json`), else its record, its withdrawal,
//! or the ledger's `replaced`.

use crate::store::{DecisionStore, Event, FileStamp, PendingFiles, StoreError, Withdrawal};
use app::{DecideOutput, Pending, SessionId, SessionState};

/// Where one session stands in the store, with what the store holds of
/// each state: the pending session (in `pending.json` or kept aside, no
/// record answering it yet), its record's answers, the session that
/// replaced it, its withdrawal.
pub type StoredState = app::SessionState<Pending, DecideOutput, SessionId, Withdrawal>;

/// Which file holds a pending session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PendingFile {
    /// `pending.json`: the session submitted last.
    Current,
    /// `{session_id}.pending.json`: kept aside for a later submit.
    Aside,
}

/// A session's pending file, read.
#[derive(Debug)]
pub struct FoundPending {
    pub pending: Pending,
    /// The file's stamp, when it did not change while it was read.
    pub stamp: Option<FileStamp>,
    pub file: PendingFile,
}

impl DecisionStore {
    /// Where `session` stands. A pending session's record must answer
    /// its input (`Stale` otherwise); another session is answered by its
    /// own record, or is known as withdrawn or, from the ledger, replaced.
    /// `UnknownSession` when the store has never heard of it.
    pub fn session_state(&self, session: &SessionId) -> Result<StoredState, StoreError> {
        match self.pending().find(session) {
            Ok(Some(found)) => self.pending_state(found.pending),
            Ok(None) => self.other_session(session),
            Err(damaged) => match self.other_session(session) {
                // An unreadable pending.json may be the session asked for:
                // say what is wrong with it rather than that the session is
                // unknown.
                Err(StoreError::UnknownSession(_)) => Err(damaged),
                other => other,
            },
        }
    }

    /// A pending session's state: its record's answers, its withdrawal, or
    /// pending.
    fn pending_state(&self, pending: Pending) -> Result<StoredState, StoreError> {
        match self.records().result_for(&pending) {
            Ok(output) => Ok(SessionState::Decided(output)),
            Err(StoreError::NoResult) => {
                match self.pending().withdrawal(&pending.meta.session_id)? {
                    Some(withdrawal) => Ok(SessionState::Withdrawn(withdrawal)),
                    None => Ok(SessionState::Pending(pending)),
                }
            }
            Err(other) => Err(other),
        }
    }

    /// A session no pending file holds: its record, else its withdrawal,
    /// else what the ledger says replaced it.
    pub fn other_session(&self, session: &SessionId) -> Result<StoredState, StoreError> {
        if let Some(record) = self.records().load(session)? {
            return Ok(SessionState::Decided(record.output));
        }
        if let Some(withdrawal) = self.pending().withdrawal(session)? {
            return Ok(SessionState::Withdrawn(withdrawal));
        }
        match self.replaced_by(session)? {
            Some(by) => Ok(SessionState::Replaced(by)),
            None => Err(StoreError::UnknownSession(session.clone())),
        }
    }

    /// The session that replaced `session` unanswered, as the ledger tells.
    fn replaced_by(&self, session: &SessionId) -> Result<Option<SessionId>, StoreError> {
        let ledger = self.ledger().read()?;
        Ok(ledger
            .entries
            .into_iter()
            .find_map(|entry| match entry.event {
                Event::Replaced { session_id, by } if session_id == *session => Some(by),
                _ => None,
            }))
    }
}

impl PendingFiles<'_> {
    /// The pending file that holds `session`: `pending.json` if it names
    /// it, else its file kept aside; `None` when neither does. An
    /// unreadable `pending.json` is an error only if no file kept aside
    /// holds the session.
    pub fn find(&self, session: &SessionId) -> Result<Option<FoundPending>, StoreError> {
        let current = match self.load_stamped() {
            Ok((pending, stamp)) if pending.meta.session_id == *session => {
                return Ok(Some(FoundPending {
                    pending,
                    stamp,
                    file: PendingFile::Current,
                }));
            }
            Ok(_) | Err(StoreError::NoPending) => Ok(()),
            Err(damaged) => Err(damaged),
        };
        if let Some((pending, stamp)) = self.load_aside_stamped(session)? {
            return Ok(Some(FoundPending {
                pending,
                stamp,
                file: PendingFile::Aside,
            }));
        }
        current.map(|()| None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::decisions::tests::{answer, answers, at, example, store};

    #[test]
    fn each_session_answers_for_itself_whatever_came_after() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let first_id = first.meta.session_id.clone();
        assert!(matches!(
            store.session_state(&first_id).unwrap(),
            SessionState::Pending(p) if p.meta.session_id == first_id
        ));
        answer(&store, &lock, &first, 1);
        let (second, replaced) = store.pending().save(&lock, example(), at(2)).unwrap();
        assert_eq!(replaced, None);
        let second_id = second.meta.session_id.clone();
        // The first keeps its answers; the second has none of them.
        assert!(matches!(
            store.session_state(&first_id).unwrap(),
            SessionState::Decided(output) if output == answers(&first.input)
        ));
        assert!(matches!(
            store.session_state(&second_id).unwrap(),
            SessionState::Pending(p) if p.meta.session_id == second_id
        ));
    }

    #[test]
    fn a_replaced_session_names_the_one_that_replaced_it() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let (second, replaced) = store.pending().save(&lock, example(), at(1)).unwrap();
        let first_id = first.meta.session_id;
        assert_eq!(replaced.as_ref(), Some(&first_id));
        let by = second.meta.session_id;
        store
            .ledger()
            .log(&Event::Replaced {
                session_id: first_id.clone(),
                by: by.clone(),
            })
            .unwrap();
        assert!(matches!(
            store.session_state(&first_id).unwrap(),
            SessionState::Replaced(named) if named == by
        ));
    }

    #[test]
    fn a_session_kept_aside_is_found_by_its_id_until_it_ends() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let first_id = first.meta.session_id.clone();
        store.pending().keep_aside(&lock, &first_id).unwrap();
        let (second, _) = store.pending().save(&lock, example(), at(1)).unwrap();
        let found = store.pending().find(&first_id).unwrap().unwrap();
        assert_eq!(found.file, PendingFile::Aside);
        assert_eq!(found.pending, first);
        let found = store
            .pending()
            .find(&second.meta.session_id)
            .unwrap()
            .unwrap();
        assert_eq!(found.file, PendingFile::Current);
        assert!(matches!(
            store.session_state(&first_id).unwrap(),
            SessionState::Pending(p) if p.meta.session_id == first_id
        ));
        answer(&store, &lock, &first, 2);
        assert!(store.pending().find(&first_id).unwrap().is_none());
        assert!(matches!(
            store.session_state(&first_id).unwrap(),
            SessionState::Decided(output) if output == answers(&first.input)
        ));
        // The newer one is untouched.
        assert!(matches!(
            store.session_state(&second.meta.session_id).unwrap(),
            SessionState::Pending(_)
        ));
    }

    #[test]
    fn a_withdrawn_session_kept_aside_loses_its_file() {
        let (dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let id = first.meta.session_id.clone();
        store.pending().keep_aside(&lock, &id).unwrap();
        store.pending().save(&lock, example(), at(1)).unwrap();
        store
            .pending()
            .withdraw(&lock, &id, Some("moot".into()), at(2))
            .unwrap();
        let aside = dir
            .path()
            .join(format!(".aide/decisions/{id}.pending.json"));
        assert!(!aside.exists());
        assert!(matches!(
            store.session_state(&id).unwrap(),
            SessionState::Withdrawn(w) if w.reason.as_deref() == Some("moot")
        ));
    }

    #[test]
    fn a_session_never_submitted_is_unknown() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        store.pending().save(&lock, example(), at(0)).unwrap();
        let never = "2020-01-01T00-00-00".parse::<SessionId>().unwrap();
        assert!(matches!(
            store.session_state(&never),
            Err(StoreError::UnknownSession(id)) if id == never
        ));
    }
}
