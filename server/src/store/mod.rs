//! The store owns every file under `.aide/`, and the per-user registry of
//! open questions (`servers/registry.rs`); no other module builds a path into them
//! or writes there.
//!
//! Its parts, one folder each:
//! - `decisions`: the `DecisionStore` of `.aide/decisions/` itself, its
//!   file names and reads;
//! - `pending`: sessions waiting for the person, and the one way to find
//!   each (see its module text);
//! - `records`: answered sessions, drafts, the receipt, history and clean;
//! - `servers`: the live notices of running servers, the per-user
//!   registry, the door to the ended pages' process, the MCP token and
//!   the page's asset cache;
//! - `ledger.rs`: the append-only log of what happened;
//! - `projects.rs`: the per-user list of projects aide has asked in;
//! - `flow`: `.aide/flow-status.json` and its history;
//! - `rulings.rs`: the standing rulings the person granted (issue 56);
//! - `files`: atomic writes, locks and versioned reads, used by them all.
//!
//! `DecisionStore` keeps only what belongs to the whole store (opening,
//! the lock, its folder, where a session stands); each concern is reached
//! through its handle, `store.pending()`, `.records()`, `.servers()`,
//! `.ledger()`, `.caches()`, whose methods live beside their files.

// SIGKILL at random moments: a Unix test. Two attributes, not
// `cfg(all(test, unix))`, which clippy would not know for test code.
#[cfg(test)]
#[cfg(unix)]
mod crash_tests;
mod decisions;
mod error;
mod files;
pub mod flow;
mod ledger;
mod pending;
mod projects;
#[cfg(test)]
mod properties;
mod records;
mod rulings;
mod servers;

pub use decisions::{Caches, DecisionStore, FileStamp};
pub use error::StoreError;
pub use files::atomic::owner_only;
pub use files::blocking::blocking;
pub use files::lock::{LOCK_WAIT, StoreLock};
pub use files::owner::Sharing;
pub use files::read::{Links, NotRegular, open_regular, read_regular, read_regular_text};
pub use files::sharing::replace_file;
pub use ledger::{Entry, Event, Ledger, LedgerFile};
pub use pending::PendingFiles;
pub use pending::aside::OpenSession;
pub use pending::current::SessionHead;
pub use pending::holding::Holding;
pub use pending::lookup::{FoundPending, PendingFile, StoredState};
pub use pending::session::timestamp;
pub use pending::sharers::Beside;
pub use pending::undo::SubmitUndo;
pub use pending::withdrawal::{MAX_REASON_CHARS, Withdrawal};
pub use projects::KnownProjects;
pub use records::Records;
pub use records::draft_seen::DraftSeen;
pub use records::history::{CleanRule, History, SessionSummary};
pub use records::precedent_cache::LedgerTail;
pub use records::provenance::{DecidedHere, question_key};
pub use rulings::{Ruling, Rulings, RulingsFile};
pub use servers::Servers;
pub use servers::address::KeptAddress;
pub use servers::live::LiveNotice;
pub use servers::notice_seen::NoticeSeen;
pub use servers::notices::{RegisterError, Secret, ServerInfo};
#[cfg(unix)]
pub use servers::port_lease::{Door, DoorSays, Knock, Taken, Visit};
pub use servers::registry::{Listed, Registry};

use std::fs;
use std::path::{Path, PathBuf};

/// The folder of aide's files in a project: the store's, named here only.
pub const AIDE_DIR: &str = ".aide";
const CONFIG: &str = "config.toml";

/// A project: the folder that holds `.aide/`.
#[derive(Clone, Debug)]
pub struct Project {
    root: PathBuf,
}

/// What `aide init` did.
pub enum InitOutcome {
    Created(PathBuf),
    AlreadyThere(PathBuf),
}

impl Project {
    /// The nearest folder at or above `start` that holds a `.aide/` folder.
    pub fn find(start: &Path) -> Result<Project, StoreError> {
        start
            .ancestors()
            .find(|dir| dir.join(AIDE_DIR).is_dir())
            .map(|root| Project {
                root: root.to_path_buf(),
            })
            .ok_or_else(|| StoreError::NoAideDir(start.to_path_buf()))
    }

    /// Creates `.aide/` in `dir` unless it is there already.
    pub fn init(dir: &Path) -> Result<InitOutcome, StoreError> {
        let aide = dir.join(AIDE_DIR);
        if aide.is_dir() {
            return Ok(InitOutcome::AlreadyThere(aide));
        }
        fs::create_dir(&aide).map_err(StoreError::folder(&aide))?;
        Ok(InitOutcome::Created(aide))
    }

    /// The config file's path, relative to the project root, for messages.
    pub fn config_name() -> String {
        format!("{AIDE_DIR}/{CONFIG}")
    }

    /// The config file's text; `None` when there is no file.
    pub fn read_config(&self) -> Result<Option<String>, StoreError> {
        let path = self.root.join(AIDE_DIR).join(CONFIG);
        match read_regular_text(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::read(path)(e)),
        }
    }

    /// Writes `text` as the config file unless one exists; returns its path
    /// when it was written.
    pub fn write_default_config(&self, text: &str) -> Result<Option<PathBuf>, StoreError> {
        let path = self.root.join(AIDE_DIR).join(CONFIG);
        if path.exists() {
            return Ok(None);
        }
        files::atomic::write_atomic(&path, text.as_bytes()).map_err(StoreError::write(&path))?;
        Ok(Some(path))
    }

    /// Writes `.aide/.gitignore` unless there is one; returns its path
    /// when it was written.
    pub fn ensure_gitignore(&self) -> Result<Option<PathBuf>, StoreError> {
        ensure_gitignore(&self.root.join(AIDE_DIR))
    }

    /// The project's root folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The decision store, creating `.aide/decisions/` if needed.
    pub fn decisions(&self) -> Result<DecisionStore, StoreError> {
        DecisionStore::open(self.root.join(AIDE_DIR).join("decisions"))
    }
}

/// Writes `.gitignore` in the `.aide/` folder `aide_dir` (everything but
/// itself and the config, so aide never dirties `git status`) unless there
/// is one; returns its path when it was written.
fn ensure_gitignore(aide_dir: &Path) -> Result<Option<PathBuf>, StoreError> {
    let path = aide_dir.join(".gitignore");
    if path.exists() {
        return Ok(None);
    }
    files::atomic::write_atomic(&path, b"*\n!.gitignore\n!config.toml\n")
        .map_err(StoreError::write(&path))?;
    Ok(Some(path))
}

/// The current folder, which every project is looked up from; one that
/// cannot be read (deleted under the process) is a store error naming `.`.
pub fn current_dir() -> Result<std::path::PathBuf, StoreError> {
    std::env::current_dir().map_err(|source| StoreError::Io {
        op: app::i18n::FileOp::Folder,
        path: ".".into(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_walks_up_to_the_nearest_aide_folder() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a/b/c");
        fs::create_dir_all(&nested).unwrap();
        assert!(matches!(
            Project::find(&nested),
            Err(StoreError::NoAideDir(_))
        ));
        assert!(matches!(
            Project::init(dir.path()),
            Ok(InitOutcome::Created(_))
        ));
        assert!(matches!(
            Project::init(dir.path()),
            Ok(InitOutcome::AlreadyThere(_))
        ));
        assert_eq!(Project::find(&nested).unwrap().root, dir.path());
        fs::create_dir(dir.path().join("a/.aide")).unwrap();
        assert_eq!(Project::find(&nested).unwrap().root, dir.path().join("a"));
    }
}
