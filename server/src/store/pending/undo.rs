//! A submit whose page never came up (a full disk stopped its server)
//! stores nothing: what it changed in `pending.json` and beside it is put
//! back. Before the first change, the present `pending.json` gets a second
//! name, `pending.json.undo` (a hard link: no space, the same file and so
//! the same stamp its server trusts); a failed submit renames it back over
//! the new one, removes the link that kept the old session aside and the
//! new session's server files, and says in the ledger that the new session
//! is gone (`cleaned`), so no reader counts it.

use crate::store::decisions::PENDING;
use crate::store::files::atomic::sync_dir;
use crate::store::files::lock::StoreLock;
use crate::store::ledger::Event;
use crate::store::{DecisionStore, PendingFiles, StoreError};
use app::SessionId;
use std::fs;

/// The second name of the `pending.json` a submit found.
const UNDO: &str = "pending.json.undo";

/// What a submit changed so far, to put back if its page never comes up.
#[derive(Debug)]
#[must_use = "a submit either keeps its changes (`keep`) or puts them back (`undo_submit`)"]
pub struct SubmitUndo {
    /// Whether `pending.json` was there (and has its second name).
    had_pending: bool,
    /// The session the submit kept aside, if it did.
    kept_aside: Option<SessionId>,
}

impl SubmitUndo {
    /// The submit kept `session` aside (`keep_aside`).
    pub fn kept_aside(&mut self, session: &SessionId) {
        self.kept_aside = Some(session.clone());
    }
}

impl PendingFiles<'_> {
    /// Before a submit changes anything: gives `pending.json` its second
    /// name. A folder without hard links gets no second name, and a failed
    /// submit there can only remove what it wrote.
    pub fn begin_submit(&self, _lock: &StoreLock) -> Result<SubmitUndo, StoreError> {
        // One left by a submit that was killed is of no use now.
        self.0.remove(UNDO)?;
        let had_pending = fs::hard_link(self.0.dir.join(PENDING), self.0.dir.join(UNDO)).is_ok();
        Ok(SubmitUndo {
            had_pending,
            kept_aside: None,
        })
    }

    /// The submit's page is up: its changes stay.
    pub fn keep_submit(&self, _lock: &StoreLock, undo: SubmitUndo) {
        // A leftover only costs a name; the next submit removes it.
        if undo.had_pending {
            let _ = self.0.remove(UNDO);
        }
    }

    /// Puts back what a failed submit changed: `pending.json` as it was,
    /// no session kept aside by it, and no file of `session` (the new one,
    /// once stored), which the ledger then names `cleaned`. Best effort
    /// past the first step, which is the one readers see.
    pub fn undo_submit(
        &self,
        _lock: &StoreLock,
        undo: SubmitUndo,
        session: Option<&SessionId>,
    ) -> Result<(), StoreError> {
        let pending = self.0.dir.join(PENDING);
        if undo.had_pending {
            fs::rename(self.0.dir.join(UNDO), &pending).map_err(StoreError::write(&pending))?;
            // Still the same file (nothing was written over it): rename
            // leaves both names then.
            self.0.remove(UNDO)?;
        } else if session.is_some() {
            self.0.remove(PENDING)?;
        }
        if let Some(aside) = &undo.kept_aside {
            self.0.remove(&DecisionStore::aside_name(aside))?;
        }
        let _ = sync_dir(&self.0.dir);
        if let Some(session) = session {
            let _ = self.0.remove_server_log(session);
            let _ = self.0.forget_address(session);
            let _ = self.0.remove_ruled(session);
            // The space the new files held lets this line be written.
            self.0.ledger().log(&Event::Cleaned {
                session_id: session.clone(),
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::decisions::tests::store;

    fn input(task: &str) -> app::DecideInput {
        serde_json::from_value(serde_json::json!({
            "task": task, "source": "chat",
            "items": [{"id": 1, "title": "Which?", "options": [
                {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]
        }))
        .unwrap()
    }

    #[test]
    fn a_failed_submit_puts_pending_back_and_keeps_nothing_aside() {
        let (_dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store
            .pending()
            .save(&lock, input("first"), chrono::Local::now())
            .unwrap();
        let before = fs::read(store.dir.join(PENDING)).unwrap();
        let stamp = store.pending().stamp().unwrap();
        let mut undo = store.pending().begin_submit(&lock).unwrap();
        store
            .pending()
            .keep_aside(&lock, &first.meta.session_id)
            .unwrap();
        undo.kept_aside(&first.meta.session_id);
        let (second, _) = store
            .pending()
            .save(&lock, input("second"), chrono::Local::now())
            .unwrap();
        store
            .pending()
            .undo_submit(&lock, undo, Some(&second.meta.session_id))
            .unwrap();
        assert_eq!(fs::read(store.dir.join(PENDING)).unwrap(), before);
        assert_eq!(store.pending().stamp().unwrap(), stamp, "the same file");
        assert!(store.pending().kept_aside().unwrap().is_empty());
        assert!(!store.dir.join(UNDO).exists());
        // Failed before anything was written over pending.json.
        let undo = store.pending().begin_submit(&lock).unwrap();
        store.pending().undo_submit(&lock, undo, None).unwrap();
        assert_eq!(fs::read(store.dir.join(PENDING)).unwrap(), before);
        assert!(!store.dir.join(UNDO).exists());
        let history = store.records().history(None).unwrap();
        let ids: Vec<_> = history.sessions.iter().map(|s| &s.session_id).collect();
        assert_eq!(ids, [&first.meta.session_id], "the new one is gone");

        // Kept: the second name goes, the new session stays.
        let undo = store.pending().begin_submit(&lock).unwrap();
        store
            .pending()
            .save(&lock, input("third"), chrono::Local::now())
            .unwrap();
        store.pending().keep_submit(&lock, undo);
        assert!(!store.dir.join(UNDO).exists());
        assert_ne!(fs::read(store.dir.join(PENDING)).unwrap(), before);
    }
}
