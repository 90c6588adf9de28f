//! The running server's notice: `server.json` says where the page is, and an
//! exclusive lock on `server.lock`, held for the server's whole life, says
//! that it is still alive. A notice whose lock is free is stale (its process
//! is gone, even if killed) and is removed silently.

use super::atomic::owner_only;
use super::{DecisionStore, StoreError};
use serde::{Deserialize, Serialize};
use std::fs::{self, File, TryLockError};
use std::io::ErrorKind;
use std::path::PathBuf;

const NOTICE: &str = "server.json";
const LOCK: &str = "server.lock";
const LOG: &str = "server.log";

/// What a running server publishes about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerInfo {
    pub pid: u32,
    pub session_id: app::SessionId,
    /// The address printed for people.
    pub url: String,
    /// Where it listens, for a readiness check.
    pub addr: std::net::SocketAddr,
    pub started_at: app::Timestamp,
}

/// Held by the serving process; dropping it removes the notice and frees
/// the lock.
#[derive(Debug)]
pub struct ServerRegistration {
    notice: PathBuf,
    _lock: File,
}

impl Drop for ServerRegistration {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.notice);
    }
}

/// Why a server could not register.
#[derive(Debug)]
pub enum RegisterError {
    /// Another live server holds the lock.
    Busy(Option<ServerInfo>),
    Store(StoreError),
}

impl DecisionStore {
    /// Publishes `info` for this process. Fails with `Busy` while another
    /// server is alive.
    pub fn register_server(&self, info: &ServerInfo) -> Result<ServerRegistration, RegisterError> {
        let lock = self.open_lock().map_err(RegisterError::Store)?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(RegisterError::Busy(self.read_notice().ok().flatten()));
            }
            Err(TryLockError::Error(e)) => {
                return Err(RegisterError::Store(
                    StoreError::write(self.dir.join(LOCK))(e),
                ));
            }
        }
        #[derive(Serialize)]
        struct Notice<'a> {
            version: app::validate::WrittenVersion,
            #[serde(flatten)]
            info: &'a ServerInfo,
        }
        let notice = Notice {
            version: app::validate::WrittenVersion,
            info,
        };
        self.write(NOTICE, &notice).map_err(RegisterError::Store)?;
        Ok(ServerRegistration {
            notice: self.dir.join(NOTICE),
            _lock: lock,
        })
    }

    /// The live server, if any; a stale notice is removed.
    pub fn running_server(&self) -> Result<Option<ServerInfo>, StoreError> {
        if !self.dir.join(NOTICE).exists() {
            return Ok(None);
        }
        let lock = self.open_lock()?;
        match lock.try_lock() {
            // Nobody holds the lock: the server that wrote the notice is
            // gone. Removing it while holding the lock cannot race a new
            // server, which takes the lock before writing its notice.
            Ok(()) => {
                let notice = self.dir.join(NOTICE);
                match fs::remove_file(&notice) {
                    Ok(()) => Ok(None),
                    Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
                    Err(e) => Err(StoreError::write(notice)(e)),
                }
            }
            Err(TryLockError::WouldBlock) => self.read_notice(),
            Err(TryLockError::Error(e)) => Err(StoreError::write(self.dir.join(LOCK))(e)),
        }
    }

    /// Where a background server writes its output.
    pub fn server_log(&self) -> PathBuf {
        self.dir.join(LOG)
    }

    fn read_notice(&self) -> Result<Option<ServerInfo>, StoreError> {
        self.read_versioned(NOTICE)
    }

    fn open_lock(&self) -> Result<File, StoreError> {
        let path = self.dir.join(LOCK);
        owner_only()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(StoreError::write(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Project;

    fn info(pid: u32) -> ServerInfo {
        ServerInfo {
            pid,
            session_id: app::SessionId::parse("2025-01-15T10-30-00").unwrap(),
            url: "http://localhost:3721".into(),
            addr: "127.0.0.1:3721".parse().unwrap(),
            started_at: app::Timestamp::parse("2025-01-15T10:30:00+08:00").unwrap(),
        }
    }

    #[test]
    fn a_registered_server_is_seen_until_it_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        assert_eq!(store.running_server().unwrap(), None);

        let registration = store.register_server(&info(42)).unwrap();
        assert_eq!(store.running_server().unwrap(), Some(info(42)));
        assert!(matches!(
            store.register_server(&info(43)),
            Err(RegisterError::Busy(Some(ref other))) if other.pid == 42
        ));
        let text = fs::read_to_string(dir.path().join(".aide/decisions/server.json")).unwrap();
        assert!(
            text.starts_with("{\n  \"version\": \"1.1\",\n  \"pid\": 42,"),
            "{text}"
        );
        drop(registration);
        assert_eq!(store.running_server().unwrap(), None);
        assert!(!dir.path().join(".aide/decisions/server.json").exists());
    }

    #[test]
    fn a_notice_without_a_live_lock_is_stale_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let notice = dir.path().join(".aide/decisions/server.json");
        fs::write(&notice, serde_json::to_string(&info(999_999)).unwrap()).unwrap();
        assert_eq!(store.running_server().unwrap(), None);
        assert!(!notice.exists());
    }
}
