//! `.aide/decisions/`: `pending.json` and one `{session_id}.json` record per
//! answered session (`docs/formats.md`).

use super::StoreError;
use super::files::atomic::{create_owner_only_dir, sweep_temp_files, to_pretty_json, write_atomic};
use super::files::read::read_regular;
use super::ledger::LedgerFile;
use super::pending::PendingFiles;
use super::records::Records;
use super::servers::Servers;
use app::SessionId;
use std::fs;
use std::io::ErrorKind;
use std::path::PathBuf;

pub(super) const PENDING: &str = "pending.json";
/// The answers the server left for `result` (`receipt.rs`). Its name is
/// never a session id, so `history` and `clean` pass it by.
pub(super) const RECEIPT: &str = "result.json";

/// The decisions folder of one project.
#[derive(Clone, Debug)]
pub struct DecisionStore {
    pub(super) dir: PathBuf,
}

#[cfg(test)]
pub(super) mod tests;

impl DecisionStore {
    pub(super) fn open(dir: PathBuf) -> Result<Self, StoreError> {
        create_owner_only_dir(&dir).map_err(StoreError::folder(&dir))?;
        let store = DecisionStore { dir };
        store.sweep_temp_files();
        Ok(store)
    }

    /// Removes the temp files that killed writers left in `.aide/decisions/`
    /// and `.aide/` (`atomic::sweep_temp_files`: only files no live writer
    /// holds). Done under the store lock when it is free at once; when
    /// another process holds it, that one or the next opener sweeps.
    fn sweep_temp_files(&self) {
        let Ok(_lock) = self.lock_within(std::time::Duration::ZERO) else {
            return;
        };
        sweep_temp_files(&self.dir);
        sweep_temp_files(&self.dir.join(super::servers::notices::SERVERS));
        if let Some(aide) = self.dir.parent() {
            sweep_temp_files(aide);
        }
    }

    /// Whether the folder is gone (its project deleted or moved while a
    /// page server runs on): one `stat`.
    pub fn is_gone(&self) -> bool {
        matches!(fs::metadata(&self.dir), Err(e) if e.kind() == ErrorKind::NotFound)
    }

    /// The project folder: the one that holds `.aide/decisions/`.
    pub fn project_root(&self) -> PathBuf {
        self.dir
            .parent()
            .and_then(std::path::Path::parent)
            .map(PathBuf::from)
            .unwrap_or_else(|| self.dir.clone())
    }

    // Each concern of the store behind its own borrowed handle, so a
    // caller names the concern it works on (docs/types.md, "The store in
    // parts").

    /// The pending sessions: `pending.json`, sessions kept aside,
    /// withdrawals, and `find` by id.
    pub fn pending(&self) -> PendingFiles<'_> {
        PendingFiles(self)
    }

    /// The answered sessions: records, drafts, the receipt, history.
    pub fn records(&self) -> Records<'_> {
        Records(self)
    }

    /// The running servers' notices, their logs and kept addresses.
    pub fn servers(&self) -> Servers<'_> {
        Servers(self)
    }

    /// The append-only log of what happened.
    pub fn ledger(&self) -> LedgerFile<'_> {
        LedgerFile(self)
    }

    /// The files made from others, which may be thrown away: the search
    /// cache and the page's asset folder.
    pub fn caches(&self) -> Caches<'_> {
        Caches(self)
    }

    pub(super) fn record_name(session: &SessionId) -> String {
        format!("{session}.json")
    }

    pub(super) fn draft_name(session: &SessionId) -> String {
        format!("{session}.draft.json")
    }

    pub(super) fn write<T: serde::Serialize>(
        &self,
        name: &str,
        value: &T,
    ) -> Result<(), StoreError> {
        let path = self.dir.join(name);
        let bytes = to_pretty_json(value).map_err(StoreError::write(&path))?;
        write_atomic(&path, &bytes).map_err(StoreError::write(&path))
    }

    /// Removes `name` if it is there.
    pub(super) fn remove(&self, name: &str) -> Result<(), StoreError> {
        let path = self.dir.join(name);
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::write(path)(e)),
        }
    }

    /// `None` when the file does not exist; `Corrupt` when it is not JSON.
    pub(super) fn read_json(&self, name: &str) -> Result<Option<serde_json::Value>, StoreError> {
        match self.read_bytes(name)? {
            Some(bytes) => Self::parse_json(name, &bytes).map(Some),
            None => Ok(None),
        }
    }

    /// The bytes of `name`; `None` when the file does not exist.
    pub(super) fn read_bytes(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.dir.join(name);
        match read_regular(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::read(path)(e)),
        }
    }

    /// `Corrupt` when `bytes` are not JSON (or not UTF-8).
    pub(in crate::store) fn parse_json(
        name: &str,
        bytes: &[u8],
    ) -> Result<serde_json::Value, StoreError> {
        serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt {
            file: name.into(),
            damage: app::i18n::Damage::Json(app::validate::JsonError::new(&e, bytes)),
        })
    }
}

/// The files of one store made from others (`DecisionStore::caches`):
/// the search cache beside the records, the page's assets beside the
/// servers.
#[derive(Clone, Copy, Debug)]
pub struct Caches<'a>(pub(in crate::store) &'a DecisionStore);

/// What identifies one version of a file: saves replace files by renaming
/// a new one over them, so a save changes the inode even when the size and
/// the second stay the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileStamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl FileStamp {
    pub(in crate::store) fn of(meta: &fs::Metadata) -> Self {
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        FileStamp {
            dev,
            ino,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}
