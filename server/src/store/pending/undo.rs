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
use crate::store::{DecisionStore, StoreError};
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

impl DecisionStore {
    /// Before a submit changes anything: gives `pending.json` its second
    /// name. A folder without hard links gets no second name, and a failed
    /// submit there can only remove what it wrote.
    pub fn begin_submit(&self, _lock: &StoreLock) -> Result<SubmitUndo, StoreError> {
        // One left by a submit that was killed is of no use now.
        self.remove(UNDO)?;
        let had_pending = fs::hard_link(self.dir.join(PENDING), self.dir.join(UNDO)).is_ok();
        Ok(SubmitUndo {
            had_pending,
            kept_aside: None,
        })
    }

    /// The submit's page is up: its changes stay.
    pub fn keep_submit(&self, _lock: &StoreLock, undo: SubmitUndo) {
        // A leftover only costs a name; the next submit removes it.
        if undo.had_pending {
            let _ = self.remove(UNDO);
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
        let pending = self.dir.join(PENDING);
        if undo.had_pending {
            fs::rename(self.dir.join(UNDO), &pending).map_err(StoreError::write(&pending))?;
            // Still the same file (nothing was written over it): rename
            // leaves both names then.
            self.remove(UNDO)?;
        } else if session.is_some() {
            self.remove(PENDING)?;
        }
        if let Some(aside) = &undo.kept_aside {
            self.remove(&Self::aside_name(aside))?;
        }
        let _ = sync_dir(&self.dir);
        if let Some(session) = session {
            let _ = self.remove_server_log(session);
            let _ = self.forget_address(session);
            let _ = self.remove_ruled(session);
            // The space the new files held lets this line be written.
            self.log(&Event::Cleaned {
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
            .save_pending(&lock, input("first"), chrono::Local::now())
            .unwrap();
        let before = fs::read(store.dir.join(PENDING)).unwrap();
        let stamp = store.pending_stamp().unwrap();
        let mut undo = store.begin_submit(&lock).unwrap();
        store.keep_aside(&lock, &first.meta.session_id).unwrap();
        undo.kept_aside(&first.meta.session_id);
        let (second, _) = store
            .save_pending(&lock, input("second"), chrono::Local::now())
            .unwrap();
        store
            .undo_submit(&lock, undo, Some(&second.meta.session_id))
            .unwrap();
        assert_eq!(fs::read(store.dir.join(PENDING)).unwrap(), before);
        assert_eq!(store.pending_stamp().unwrap(), stamp, "the same file");
        assert!(store.kept_aside().unwrap().is_empty());
        assert!(!store.dir.join(UNDO).exists());
        // Failed before anything was written over pending.json.
        let undo = store.begin_submit(&lock).unwrap();
        store.undo_submit(&lock, undo, None).unwrap();
        assert_eq!(fs::read(store.dir.join(PENDING)).unwrap(), before);
        assert!(!store.dir.join(UNDO).exists());
        let history = store.history().unwrap();
        let ids: Vec<_> = history.sessions.iter().map(|s| &s.session_id).collect();
        assert_eq!(ids, [&first.meta.session_id], "the new one is gone");

        // Kept: the second name goes, the new session stays.
        let undo = store.begin_submit(&lock).unwrap();
        store
            .save_pending(&lock, input("third"), chrono::Local::now())
            .unwrap();
        store.keep_submit(&lock, undo);
        assert!(!store.dir.join(UNDO).exists());
        assert_ne!(fs::read(store.dir.join(PENDING)).unwrap(), before);
    }
}
