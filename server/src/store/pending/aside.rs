//! Sessions kept aside. A submit that arrives while the session in
//! `pending.json` is unanswered and still served keeps both: under the
//! store lock that session moves, in one rename, to
//! `{session_id}.pending.json` (the same bytes), and the new one takes
//! `pending.json`, which stays the spec's file: the session submitted last.
//! A session kept aside is served on by its own server; its file goes once
//! its record or withdrawal is written, or once a later submit replaces it
//! after its server is gone.

use crate::store::decisions::{PENDING, RECEIPT};
use crate::store::files::atomic::sync_dir;
use crate::store::files::lock::StoreLock;
use crate::store::{DecisionStore, FileStamp, PendingFiles, StoreError};
use app::SessionState;
use app::{Pending, SessionId};
use std::fs;

const ASIDE_SUFFIX: &str = ".pending.json";

/// A session that `result` without an id could mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenSession {
    pub session_id: SessionId,
    pub task: String,
    /// `Pending`, or for the session in `pending.json`, `Decided` or
    /// `Withdrawn` once it ended.
    pub status: SessionState,
}

impl DecisionStore {
    pub(in crate::store) fn aside_name(session: &SessionId) -> String {
        format!("{session}{ASIDE_SUFFIX}")
    }

    /// Removes the file of `session` kept aside, if there is one.
    pub(in crate::store) fn remove_aside(&self, session: &SessionId) -> Result<(), StoreError> {
        self.remove(&Self::aside_name(session))
    }
}

impl PendingFiles<'_> {
    /// Keeps `pending.json`, which holds `session`, aside as
    /// `{session}.pending.json`: a second name for the same file, so the
    /// same bytes (and the same stamp, which its server trusts), while
    /// `pending.json` still holds it until the next session is written over
    /// it. A rename would leave a moment with no `pending.json`, in which a
    /// reader without the lock (`result`) finds nothing pending at all. A
    /// folder without hard links gets the rename.
    pub fn keep_aside(&self, _lock: &StoreLock, session: &SessionId) -> Result<(), StoreError> {
        let to = self.0.dir.join(DecisionStore::aside_name(session));
        let from = self.0.dir.join(PENDING);
        self.0.remove(&DecisionStore::aside_name(session))?;
        fs::hard_link(&from, &to)
            .or_else(|_| fs::rename(&from, &to))
            .map_err(StoreError::write(&to))?;
        sync_dir(&self.0.dir).map_err(StoreError::write(&self.0.dir))?;
        // The receipt spoke for the file that moved.
        self.0.remove(RECEIPT)
    }

    /// The sessions kept aside, by their files' names, newest first.
    pub fn kept_aside(&self) -> Result<Vec<SessionId>, StoreError> {
        let entries = fs::read_dir(&self.0.dir).map_err(StoreError::folder(&self.0.dir))?;
        let mut ids = Vec::new();
        for entry in entries {
            let entry = entry.map_err(StoreError::folder(&self.0.dir))?;
            let name = entry.file_name();
            let id = name
                .to_str()
                .and_then(|n| n.strip_suffix(ASIDE_SUFFIX))
                .and_then(|text| text.parse::<SessionId>().ok());
            ids.extend(id);
        }
        ids.sort_by(|a, b| b.cmp(a));
        Ok(ids)
    }

    /// The session kept aside as `session`, with the stamp of its file
    /// when the file did not change while it was read; `None` without
    /// such a file.
    pub fn load_aside_stamped(
        &self,
        session: &SessionId,
    ) -> Result<Option<(Pending, Option<FileStamp>)>, StoreError> {
        let name = DecisionStore::aside_name(session);
        let Some(before) = self.0.stamp(&name)? else {
            return Ok(None);
        };
        let pending = match self.0.load_pending_named(&name) {
            Ok(pending) => pending,
            Err(StoreError::NoPending) => return Ok(None),
            Err(other) => return Err(other),
        };
        // The file's name is its session; a file that says otherwise was
        // not written by aide.
        if pending.meta.session_id != *session {
            return Err(StoreError::Corrupt {
                file: name,
                damage: app::i18n::Damage::OtherSession {
                    found: pending.meta.session_id.to_string(),
                },
            });
        }
        let after = self.0.stamp(&name)?;
        Ok(Some((
            pending,
            Some(before).filter(|_| after == Some(before)),
        )))
    }

    /// The stamp of the file of `session` kept aside, if there is one.
    pub fn aside_stamp(&self, session: &SessionId) -> Result<Option<FileStamp>, StoreError> {
        self.0.stamp(&DecisionStore::aside_name(session))
    }

    /// At a submit, under the lock: each session kept aside that no server
    /// serves any more and that is unanswered is replaced, as the session
    /// in `pending.json` would be; its file goes. The file of one answered
    /// or withdrawn meanwhile (its server died before removing it) just
    /// goes. Returns the sessions replaced, for the ledger.
    pub fn retire_unserved(&self, _lock: &StoreLock) -> Result<Vec<SessionId>, StoreError> {
        let mut replaced = Vec::new();
        for session in self.kept_aside()? {
            if self.0.servers().for_session(&session)?.is_some() {
                continue;
            }
            let ended = self.0.records().exists(&session)? || self.withdrawal(&session)?.is_some();
            self.0.remove_aside(&session)?;
            if !ended {
                replaced.push(session);
            }
        }
        Ok(replaced)
    }

    /// The session a command or tool without a session id is about:
    /// `pending.json`'s, read once with its stamp, when no other session
    /// is kept aside beside it (`check_alone`: else `SeveralPending`,
    /// naming them, and the agent must pass an id).
    pub fn sole(&self) -> Result<(Pending, Option<FileStamp>), StoreError> {
        self.check_alone()?;
        self.load_stamped()
    }

    /// Makes sure `result` (or `cancel`) without a session id means one
    /// session: fine while no session is kept aside; else the session in
    /// `pending.json` (whatever its state) and those kept aside are named
    /// in `SeveralPending`, the oldest first, and the agent must pass an
    /// id. Only the count is read while nothing is kept aside.
    pub fn check_alone(&self) -> Result<(), StoreError> {
        let aside = self.kept_aside()?;
        if aside.is_empty() {
            return Ok(());
        }
        let mut open = Vec::new();
        let names = std::iter::once(PENDING.to_owned())
            .chain(aside.iter().map(DecisionStore::aside_name))
            .collect::<Vec<_>>();
        for name in names {
            let Some(head) = self.0.skim_pending_named(&name)? else {
                continue;
            };
            let task = head.task.unwrap_or_default();
            let Some(session_id) = head.session_id else {
                continue;
            };
            // Kept aside while still in `pending.json` (`keep_aside`): once.
            if open
                .iter()
                .any(|o: &OpenSession| o.session_id == session_id)
            {
                continue;
            }
            let status = if self.0.records().exists(&session_id)? {
                SessionState::DECIDED
            } else if self.withdrawal(&session_id)?.is_some() {
                SessionState::WITHDRAWN
            } else {
                SessionState::PENDING
            };
            open.push(OpenSession {
                session_id,
                task,
                status,
            });
        }
        if open.len() < 2 {
            return Ok(());
        }
        open.sort_by(|a, b| a.session_id.cmp(&b.session_id));
        Err(StoreError::SeveralPending(open))
    }

    /// Every session in a pending file with the stamp its file had while
    /// read, the newest first: `pending.json`'s (whatever its state; it is
    /// the session submitted last), then those kept aside. `NoPending`
    /// when there is none.
    pub fn all(&self) -> Result<Vec<(Pending, Option<FileStamp>)>, StoreError> {
        let mut sessions = Vec::new();
        match self.load_stamped() {
            Ok(current) => sessions.push(current),
            Err(StoreError::NoPending) => {}
            Err(other) => return Err(other),
        }
        for session in self.kept_aside()? {
            // Kept aside while still in `pending.json`: once.
            if sessions.iter().any(|(p, _)| p.meta.session_id == session) {
                continue;
            }
            sessions.extend(self.load_aside_stamped(&session)?);
        }
        if sessions.is_empty() {
            return Err(StoreError::NoPending);
        }
        Ok(sessions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::decisions::tests::{answer, at, example, store};

    #[test]
    fn a_session_kept_aside_keeps_its_bytes_and_stamp_until_it_is_answered() {
        let (dir, store) = store();
        let decisions = dir.path().join(".aide/decisions");
        let lock = store.lock().unwrap();
        let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let id = first.meta.session_id.clone();
        let bytes = fs::read(decisions.join("pending.json")).unwrap();
        let stamp = store.pending().stamp().unwrap();
        store.pending().check_alone().unwrap();

        store.pending().keep_aside(&lock, &id).unwrap();
        // Until the next session is written, pending.json still holds it:
        // a reader without the lock never finds nothing pending, and the
        // session is one, not two.
        assert_eq!(store.pending().load().unwrap(), first);
        store.pending().check_alone().unwrap();
        assert_eq!(store.pending().all().unwrap().len(), 1);
        let (second, replaced) = store.pending().save(&lock, example(), at(0)).unwrap();
        assert_eq!(replaced, None);
        assert_eq!(&second.meta.session_id.to_string(), "2025-01-15T10-30-00-2");
        let aside = decisions.join(format!("{id}.pending.json"));
        assert_eq!(fs::read(&aside).unwrap(), bytes);
        assert_eq!(store.pending().aside_stamp(&id).unwrap(), stamp);
        assert_eq!(store.pending().kept_aside().unwrap(), vec![id.clone()]);
        assert_eq!(
            store.pending().load_aside_stamped(&id).unwrap(),
            Some((first.clone(), stamp))
        );
        let sessions = store.pending().all().unwrap();
        let ids: Vec<_> = sessions.iter().map(|(p, _)| &p.meta.session_id).collect();
        assert_eq!(ids, [&second.meta.session_id, &id]);
        let Err(StoreError::SeveralPending(open)) = store.pending().check_alone() else {
            panic!("two sessions pending");
        };
        assert_eq!(open.len(), 2);
        assert_eq!(open[0].session_id, id);
        assert_eq!(open[0].task, "实现用户认证模块");
        assert!(open.iter().all(|o| o.status == SessionState::PENDING));

        // Answered: the record carries its input, the aside file goes.
        answer(&store, &lock, &first, 5);
        assert!(!aside.exists());
        assert_eq!(store.pending().kept_aside().unwrap(), vec![]);
        store.pending().check_alone().unwrap();
    }

    #[test]
    fn a_submit_replaces_the_sessions_kept_aside_that_nobody_serves() {
        let (dir, store) = store();
        let lock = store.lock().unwrap();
        let (first, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let id = first.meta.session_id.clone();
        store.pending().keep_aside(&lock, &id).unwrap();
        store.pending().save(&lock, example(), at(1)).unwrap();
        // Nobody serves the first: it is replaced, its file gone.
        assert_eq!(
            store.pending().retire_unserved(&lock).unwrap(),
            vec![id.clone()]
        );
        let aside = dir
            .path()
            .join(format!(".aide/decisions/{id}.pending.json"));
        assert!(!aside.exists());
        // One served is kept.
        let (second, _) = store.pending().load_stamped().unwrap();
        let second = second.meta.session_id;
        store.pending().keep_aside(&lock, &second).unwrap();
        let info = crate::store::ServerInfo {
            pid: std::process::id(),
            session_id: second.clone(),
            url: "http://localhost:3721/?key=k".into(),
            addr: "127.0.0.1:3721".parse().unwrap(),
            started_at: app::Timestamp::parse("2025-01-15T10:30:00+08:00").unwrap(),
            key: None,
            relay: None,
        };
        let served = store.servers().register(&info).unwrap();
        assert_eq!(store.pending().retire_unserved(&lock).unwrap(), vec![]);
        assert_eq!(store.pending().kept_aside().unwrap(), vec![second]);
        drop(served);
    }
}
