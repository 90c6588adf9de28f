//! The running servers' notices, one per served session:
//! `servers/{session_id}.json` says where the page is, and an exclusive
//! lock on `servers/{session_id}.lock`, held for the server's whole life,
//! says that it is still alive (a live notice, `live.rs`, as the per-user
//! registry's entries are). A notice whose lock is free is stale (its
//! process is gone, even if killed) and is removed silently.
//!
//! An older aide published one notice, `server.json` with `server.lock`;
//! while such a server runs, its notice is read the same way.

use super::live::{Board, LiveNotice, remove_if_there};
use crate::store::files::atomic::{create_owner_only_dir, owner_only};
use crate::store::{DecisionStore, Servers, StoreError};
use app::SessionId;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The folder of the notices, in `.aide/decisions/`.
pub(in crate::store) const SERVERS: &str = "servers";
/// The notice and lock of an older aide's server.
const LEGACY_NOTICE: &str = "server.json";
const LEGACY_LOCK: &str = "server.lock";
/// How long a registration waits for a reader that is sweeping a stale
/// notice of the same session.
const SWEEP_WAIT: Duration = Duration::from_secs(2);

/// What a running server publishes about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerInfo {
    pub pid: u32,
    pub session_id: SessionId,
    /// The address printed for people.
    pub url: String,
    /// Where it listens, for a readiness check.
    pub addr: std::net::SocketAddr,
    pub started_at: app::Timestamp,
    /// The page's key, for `aide mcp`'s calls (none from an older aide).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<Secret>,
    /// The second secret, which only `aide mcp` reads (the notice is the
    /// owner's alone): its route records answers as given in the App view
    /// or the client's own form. Never printed, never in an address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay: Option<Secret>,
}

pub use crate::secret::Secret;

/// Why a server could not register.
#[derive(Debug)]
pub enum RegisterError {
    /// Another live server serves this session.
    /// (Boxed: a notice is large beside the other outcomes.)
    Busy(Option<Box<ServerInfo>>),
    Store(StoreError),
}

impl Servers<'_> {
    pub(super) fn notice_board(&self) -> Board {
        Board::at(self.0.dir.join(SERVERS))
    }

    /// Publishes `info` for this process until the returned notice is
    /// dropped. Fails with `Busy` while another server serves the same
    /// session (servers of other sessions run beside it).
    pub fn register(&self, info: &ServerInfo) -> Result<LiveNotice, RegisterError> {
        self.register_then(info, || ())
    }

    /// As [`register`](Servers::register), doing `first` once
    /// the session is this server's and before its notice can be seen.
    pub fn register_then(
        &self,
        info: &ServerInfo,
        first: impl FnOnce(),
    ) -> Result<LiveNotice, RegisterError> {
        let session = &info.session_id;
        let board = self.notice_board();
        let path = board.notice_path(&session.to_string());
        let store_error = |e| RegisterError::Store(StoreError::write(&path)(e));
        // An older aide's server of this very session.
        let legacy = self.legacy_server().map_err(RegisterError::Store)?;
        if let Some(legacy) = legacy.filter(|l| l.session_id == *session) {
            return Err(RegisterError::Busy(Some(Box::new(legacy))));
        }
        let until = Instant::now() + SWEEP_WAIT;
        let claim = loop {
            if let Some(claim) = board.claim(&session.to_string()).map_err(store_error)? {
                break claim;
            }
            let live = self.read_notice(session).ok().flatten();
            // Without a notice the holder is a reader removing a stale
            // one: it lets go at once.
            if live.is_some() || Instant::now() >= until {
                return Err(RegisterError::Busy(live.map(Box::new)));
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        first();
        // Before the notice can be seen: a `--detach` that returns on it
        // leaves the address kept for the next serve.
        self.0.keep_address(info);
        board.post(claim, info).map_err(store_error)
    }

    /// The live server of `session`, if any (a stale notice is removed).
    pub fn for_session(&self, session: &SessionId) -> Result<Option<ServerInfo>, StoreError> {
        if let Some(live) = self.live_notice(session)? {
            return Ok(Some(live));
        }
        Ok(self
            .legacy_server()?
            .filter(|legacy| legacy.session_id == *session))
    }

    /// Whether an older aide's server (`server.json`) serves `session`: it
    /// follows only `pending.json`, so its session cannot be kept aside.
    pub fn served_by_older_aide(&self, session: &SessionId) -> Result<bool, StoreError> {
        Ok(self
            .legacy_server()?
            .is_some_and(|legacy| legacy.session_id == *session))
    }

    /// Every live server of the project, the longest running first; stale
    /// notices are removed on the way.
    pub fn running(&self) -> Result<Vec<ServerInfo>, StoreError> {
        let board = self.notice_board();
        let stems = board
            .stems()
            .map_err(StoreError::folder(board.dir()))?
            .unwrap_or_default();
        let mut live = Vec::new();
        for session in stems
            .iter()
            .filter_map(|stem| stem.parse::<SessionId>().ok())
        {
            live.extend(self.live_notice(&session)?);
        }
        live.extend(self.legacy_server()?);
        live.sort_by(|a, b| (a.started_at, &a.session_id).cmp(&(b.started_at, &b.session_id)));
        Ok(live)
    }

    /// Where the background server of `session` writes its output.
    fn server_log(&self, session: &SessionId) -> Result<PathBuf, StoreError> {
        let dir = self.0.dir.join(SERVERS);
        create_owner_only_dir(&dir).map_err(StoreError::folder(&dir))?;
        Ok(dir.join(format!("{session}.log")))
    }

    /// The log of `session`'s background server, new and empty, readable
    /// by the owner only: what its stderr goes to.
    pub fn create_log(&self, session: &SessionId) -> Result<fs::File, StoreError> {
        let path = self.server_log(session)?;
        owner_only()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(StoreError::write(path))
    }

    /// What `session`'s background server wrote to its log, if anything.
    pub fn log_text(&self, session: &SessionId) -> Option<String> {
        crate::store::read_regular_text(&self.server_log(session).ok()?).ok()
    }

    /// The notice of `session` if its server holds its lock.
    fn live_notice(&self, session: &SessionId) -> Result<Option<ServerInfo>, StoreError> {
        let board = self.notice_board();
        let stem = session.to_string();
        if board
            .is_live(&stem)
            .map_err(StoreError::read(board.notice_path(&stem)))?
        {
            self.read_notice(session)
        } else {
            Ok(None)
        }
    }

    pub(super) fn read_notice(
        &self,
        session: &SessionId,
    ) -> Result<Option<ServerInfo>, StoreError> {
        self.0.read_versioned(&DecisionStore::notice_name(session))
    }

    /// An older aide's live server, read from `server.json`; a stale
    /// notice is removed.
    pub(super) fn legacy_server(&self) -> Result<Option<ServerInfo>, StoreError> {
        let notice = self.0.dir.join(LEGACY_NOTICE);
        if !notice.exists() {
            return Ok(None);
        }
        let lock = open_lock(&self.0.dir.join(LEGACY_LOCK))?;
        match lock.try_lock() {
            // Nobody holds the lock: the server that wrote the notice is
            // gone. Removing it while holding the lock cannot race that
            // aide's next server, which takes the lock before writing.
            Ok(()) => {
                remove_if_there(&notice).map_err(StoreError::write(&notice))?;
                Ok(None)
            }
            Err(TryLockError::WouldBlock) => self.0.read_versioned(LEGACY_NOTICE),
            Err(TryLockError::Error(e)) => Err(StoreError::write(self.0.dir.join(LEGACY_LOCK))(e)),
        }
    }
}

impl DecisionStore {
    pub(super) fn notice_name(session: &SessionId) -> String {
        format!("{SERVERS}/{session}.json")
    }

    /// Removes the log of `session` (`clean`).
    pub(in crate::store) fn remove_server_log(
        &self,
        session: &SessionId,
    ) -> Result<(), StoreError> {
        self.remove(&format!("{SERVERS}/{session}.log"))
    }
}

fn open_lock(path: &Path) -> Result<File, StoreError> {
    owner_only()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(StoreError::write(path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::decisions::tests::store;

    fn info(pid: u32, session: &str) -> ServerInfo {
        ServerInfo {
            pid,
            session_id: session.parse::<SessionId>().unwrap(),
            url: "http://localhost:3721".into(),
            addr: "127.0.0.1:3721".parse().unwrap(),
            started_at: app::Timestamp::parse("2025-01-15T10:30:00+08:00").unwrap(),
            key: Some(Secret::new("k".into())),
            relay: Some(Secret::new("r".into())),
        }
    }

    const FIRST: &str = "2025-01-15T10-30-00";
    const SECOND: &str = "2025-01-15T10-31-00";

    #[test]
    fn each_session_has_its_own_server_seen_until_it_is_dropped() {
        let (dir, store) = store();
        let first = FIRST.parse::<SessionId>().unwrap();
        assert_eq!(store.servers().for_session(&first).unwrap(), None);

        let registration = store.servers().register(&info(42, FIRST)).unwrap();
        assert_eq!(
            store.servers().for_session(&first).unwrap(),
            Some(info(42, FIRST))
        );
        assert!(matches!(
            store.servers().register(&info(43, FIRST)),
            Err(RegisterError::Busy(Some(ref other))) if other.pid == 42
        ));
        // Another session is served beside it.
        let second = store.servers().register(&info(44, SECOND)).unwrap();
        assert_eq!(
            store.servers().running().unwrap(),
            vec![info(42, FIRST), info(44, SECOND)]
        );
        let decisions = dir.path().join(".aide/decisions");
        let text = fs::read_to_string(decisions.join(format!("servers/{FIRST}.json"))).unwrap();
        assert!(
            text.starts_with("{\n  \"version\": \"1.5\",\n  \"pid\": 42,"),
            "{text}"
        );
        drop(registration);
        assert_eq!(store.servers().for_session(&first).unwrap(), None);
        assert!(!decisions.join(format!("servers/{FIRST}.json")).exists());
        assert!(!decisions.join(format!("servers/{FIRST}.lock")).exists());
        assert_eq!(store.servers().running().unwrap(), vec![info(44, SECOND)]);
        drop(second);
        assert_eq!(store.servers().running().unwrap(), vec![]);
    }

    #[test]
    fn a_notice_without_a_live_lock_is_stale_and_removed() {
        let (dir, store) = store();
        let servers = dir.path().join(".aide/decisions/servers");
        fs::create_dir_all(&servers).unwrap();
        let notice = servers.join(format!("{FIRST}.json"));
        fs::write(
            &notice,
            serde_json::to_string(&info(999_999, FIRST)).unwrap(),
        )
        .unwrap();
        assert_eq!(store.servers().running().unwrap(), vec![]);
        assert!(!notice.exists());
        // Then the session can be served again.
        let again = store.servers().register(&info(7, FIRST)).unwrap();
        let first = FIRST.parse::<SessionId>().unwrap();
        assert_eq!(
            store.servers().for_session(&first).unwrap(),
            Some(info(7, FIRST))
        );
        drop(again);
    }

    #[test]
    fn an_older_aides_server_json_is_still_read() {
        let (dir, store) = store();
        let decisions = dir.path().join(".aide/decisions");
        let notice = decisions.join("server.json");
        fs::write(&notice, serde_json::to_string(&info(41, FIRST)).unwrap()).unwrap();
        // Stale while nobody holds server.lock.
        assert_eq!(store.servers().running().unwrap(), vec![]);
        assert!(!notice.exists());
        // Held, as the older aide holds it while it serves.
        fs::write(&notice, serde_json::to_string(&info(41, FIRST)).unwrap()).unwrap();
        let held = open_lock(&decisions.join("server.lock")).unwrap();
        held.try_lock().unwrap();
        let first = FIRST.parse::<SessionId>().unwrap();
        assert_eq!(
            store.servers().for_session(&first).unwrap(),
            Some(info(41, FIRST))
        );
        assert_eq!(store.servers().running().unwrap(), vec![info(41, FIRST)]);
        // Nobody else may serve that session meanwhile.
        assert!(matches!(
            store.servers().register(&info(43, FIRST)),
            Err(RegisterError::Busy(Some(ref other))) if other.pid == 41
        ));
        let second = SECOND.parse::<SessionId>().unwrap();
        assert_eq!(store.servers().for_session(&second).unwrap(), None);
    }
}
