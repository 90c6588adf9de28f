//! How the store still holds a session a server serves: what the server
//! asks before each page, draft and answer. It is asked often, so it is
//! told by stamps and the head of `pending.json`, never by reading a
//! pending file whole (`find` does that), and a damaged or newer
//! `pending.json` of another session does not stop the served one.

use crate::store::{FileStamp, PendingFiles, StoreError};
use app::{SessionId, SessionState};

/// Which file holds a served session that is still pending, told against
/// the one its server validated: the pending state's own detail
/// (`app::SessionState::Pending`), not another list of states. A server
/// needs it to know whether it may trust what it validated (`AsValidated`:
/// it may leave the receipt) or must look again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// `pending.json` is still the very file the server validated.
    AsValidated(FileStamp),
    /// A later submit kept it aside as `{id}.pending.json` (the same file;
    /// the server's session stays the one it holds in memory).
    Aside,
    /// `pending.json` was written again and names the same session.
    Rewritten,
}

impl PendingFiles<'_> {
    /// Where `session`, which a server validated as `pending.json` at
    /// `validated` (`None`: not known), stands now, and if pending, which
    /// file holds it: a `stat` while `pending.json` is unchanged, more
    /// only once it changed. Decided or withdrawn: its record or its
    /// withdrawal is written (its pending file may be gone with it);
    /// replaced: none of these, a later submit took its place.
    pub fn holding(
        &self,
        session: &SessionId,
        validated: Option<FileStamp>,
    ) -> Result<SessionState<Holding>, StoreError> {
        let now = self.stamp()?;
        if let Some(stamp) = now.filter(|now| Some(*now) == validated) {
            return Ok(SessionState::Pending(Holding::AsValidated(stamp)));
        }
        if self.aside_stamp(session)?.is_some() {
            return Ok(SessionState::Pending(Holding::Aside));
        }
        if now.is_some() && self.session_id()?.as_ref() == Some(session) {
            return Ok(SessionState::Pending(Holding::Rewritten));
        }
        if self.0.records().exists(session)? {
            return Ok(SessionState::Decided(()));
        }
        if self.withdrawal(session)?.is_some() {
            return Ok(SessionState::Withdrawn(()));
        }
        Ok(SessionState::Replaced(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::decisions::tests::{answer, at, example, store};
    use crate::store::{DecisionStore, StoreLock};

    /// The example saved as `pending.json` at `at(sec)`, as a server
    /// validates it: its id and the file's stamp.
    fn served(
        store: &DecisionStore,
        lock: &StoreLock,
        sec: u32,
    ) -> (app::Pending, Option<FileStamp>) {
        let (pending, _) = store.pending().save(lock, example(), at(sec)).unwrap();
        (pending, store.pending().stamp().unwrap())
    }

    /// How the store holds `id` for a server that validated `stamp`.
    fn held(
        store: &DecisionStore,
        id: &SessionId,
        stamp: Option<FileStamp>,
    ) -> SessionState<Holding> {
        store.pending().holding(id, stamp).unwrap()
    }

    #[test]
    fn a_served_session_is_held_as_validated_until_pending_json_changes() {
        let (dir, store) = store();
        let pending_json = dir.path().join(".aide/decisions/pending.json");
        let lock = store.lock().unwrap();
        let (first, stamp) = served(&store, &lock, 0);
        let id = first.meta.session_id.clone();
        assert_eq!(
            held(&store, &id, stamp),
            SessionState::Pending(Holding::AsValidated(stamp.unwrap()))
        );
        // Unknown stamp: pending.json is read for its session id.
        assert_eq!(
            held(&store, &id, None),
            SessionState::Pending(Holding::Rewritten)
        );
        // Written again under the same id (`pending.json` replaced).
        // (One byte longer, so its stamp differs whatever the clock.)
        let mut bytes = std::fs::read(&pending_json).unwrap();
        bytes.push(b'\n');
        std::fs::remove_file(&pending_json).unwrap();
        std::fs::write(&pending_json, &bytes).unwrap();
        assert_eq!(
            held(&store, &id, stamp),
            SessionState::Pending(Holding::Rewritten)
        );
    }

    #[test]
    fn a_served_session_kept_aside_answered_or_replaced_says_so() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, stamp) = served(&store, &lock, 0);
        let first_id = first.meta.session_id.clone();
        store.pending().keep_aside(&lock, &first_id).unwrap();
        let (second, second_stamp) = served(&store, &lock, 1);
        assert_eq!(
            held(&store, &first_id, stamp),
            SessionState::Pending(Holding::Aside)
        );
        answer(&store, &lock, &first, 2);
        assert_eq!(held(&store, &first_id, stamp), SessionState::Decided(()));
        // The second, replaced by a third while nobody kept it aside.
        let second_id = second.meta.session_id;
        store.pending().save(&lock, example(), at(3)).unwrap();
        assert_eq!(
            held(&store, &second_id, second_stamp),
            SessionState::Replaced(())
        );
        store
            .pending()
            .withdraw(&lock, &second_id, None, at(4))
            .unwrap();
        assert_eq!(
            held(&store, &second_id, second_stamp),
            SessionState::Withdrawn(())
        );
    }

    #[test]
    fn a_damaged_pending_json_of_another_session_does_not_stop_the_served_one() {
        let (dir, store) = store();
        let pending_json = dir.path().join(".aide/decisions/pending.json");
        let lock = store.lock().unwrap();
        let (first, stamp) = served(&store, &lock, 0);
        let id = first.meta.session_id.clone();
        store.pending().keep_aside(&lock, &id).unwrap();
        std::fs::remove_file(&pending_json).unwrap();
        std::fs::write(&pending_json, b"{ not json").unwrap();
        assert_eq!(
            held(&store, &id, stamp),
            SessionState::Pending(Holding::Aside)
        );
    }
}
