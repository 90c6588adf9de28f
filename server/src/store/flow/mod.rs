//! The files of `aide flow` under `.aide/`: the active task's status, the
//! archives in `logs/`, the lock and the write-ahead intent (flow.md §1).

mod lock;
mod status;
#[cfg(test)]
mod tests;

pub use lock::FlowLock;
pub use status::{Action, FlowStatus, HistoryEntry, TaskId};

use super::files::atomic::{create_owner_only_dir, sync_dir, to_pretty_json, write_atomic};
use super::{Project, StoreError};
use crate::typed::typed;
use app::Timestamp;
use app::i18n::Damage;
use app::validate::{CURRENT_VERSION, JsonError};
use chrono::{DateTime, Local};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

const STATUS: &str = "flow-status.json";
const INTENT: &str = "flow-intent.json";
const LOGS: &str = "logs";

/// An action between "about to commit" and "state written" (flow.md §3).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Intent {
    #[serde(default)]
    pub version: Option<String>,
    /// HEAD before the commit; empty on an unborn branch.
    pub head_before: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces_task_id: Option<TaskId>,
    /// The status to write, its last entry without `git_commit`.
    pub status: FlowStatus,
}

/// An archive's name and its status, or why it cannot be read.
pub type Archive = (String, Result<FlowStatus, StoreError>);

/// The flow files of one project.
#[derive(Clone, Debug)]
pub struct FlowStore {
    dir: PathBuf,
}

impl Project {
    /// The flow files (`.aide/flow-status.json` and friends), without the
    /// temp files of killed writers.
    pub fn flow(&self) -> FlowStore {
        let store = FlowStore {
            dir: self.root.join(super::AIDE_DIR),
        };
        store.sweep_temp_files();
        store
    }
}

/// The ISO 8601 time with offset of every flow file (seed §6).
pub fn timestamp(now: DateTime<Local>) -> Timestamp {
    super::pending::session::timestamp(now)
}

/// The current format version as written.
fn written_version() -> Option<String> {
    Some(CURRENT_VERSION.to_string())
}

impl FlowStore {
    /// The status file's name, for messages.
    pub fn status_name() -> String {
        format!("{}/{STATUS}", super::AIDE_DIR)
    }

    fn archive_path(&self, task_id: &TaskId) -> PathBuf {
        self.dir
            .join(LOGS)
            .join(format!("flow-status.{task_id}.json"))
    }

    /// The archive's path relative to the project root, for messages.
    pub fn archive_name(task_id: &TaskId) -> String {
        format!("{}/{LOGS}/flow-status.{task_id}.json", super::AIDE_DIR)
    }

    /// The active task, if any.
    pub fn load(&self) -> Result<Option<FlowStatus>, StoreError> {
        read_status(&self.dir.join(STATUS), &Self::status_name())
    }

    /// An archived task, if there is one with this id.
    pub fn load_archive(&self, task_id: &TaskId) -> Result<Option<FlowStatus>, StoreError> {
        read_status(&self.archive_path(task_id), &Self::archive_name(task_id))
    }

    /// Every archive, newest first by name, each read or with its error.
    pub fn archives(&self) -> Result<Vec<Archive>, StoreError> {
        let logs = self.dir.join(LOGS);
        let entries = match fs::read_dir(&logs) {
            Ok(entries) => entries,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StoreError::folder(logs)(e)),
        };
        let mut ids: Vec<TaskId> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let id = name.strip_prefix("flow-status.")?.strip_suffix(".json")?;
                id.parse().ok()
            })
            .collect();
        ids.sort_by(|a, b| b.cmp(a));
        Ok(ids
            .into_iter()
            .map(|id| {
                let name = Self::archive_name(&id);
                let read = read_status(&self.archive_path(&id), &name)
                    .and_then(|s| s.ok_or(StoreError::NoPending));
                (name, read)
            })
            .collect())
    }

    /// Whether an archive for this task exists.
    pub fn archive_exists(&self, task_id: &TaskId) -> bool {
        self.archive_path(task_id).exists()
    }

    /// Writes the active task's status.
    pub fn save(&self, _lock: &FlowLock, status: &FlowStatus) -> Result<(), StoreError> {
        let mut status = status.clone();
        status.version = written_version();
        write_json(&self.dir.join(STATUS), &status)
    }

    /// Moves the active status to `logs/`; never overwrites an archive.
    pub fn archive(&self, _lock: &FlowLock, task_id: &TaskId) -> Result<(), StoreError> {
        let logs = self.dir.join(LOGS);
        create_owner_only_dir(&logs).map_err(StoreError::folder(&logs))?;
        let from = self.dir.join(STATUS);
        let to = self.archive_path(task_id);
        // A hard link fails if the target exists: no archive is overwritten.
        fs::hard_link(&from, &to).map_err(StoreError::write(&to))?;
        fs::remove_file(&from).map_err(StoreError::write(&from))?;
        sync_dir(&logs).map_err(StoreError::folder(&logs))?;
        sync_dir(&self.dir).map_err(StoreError::folder(&self.dir))
    }

    /// A new task id for `now`, unlike the active task's and every archive's.
    pub fn new_task_id(&self, now: DateTime<Local>, active: Option<&TaskId>) -> TaskId {
        TaskId::new(now, |id| active == Some(id) || self.archive_exists(id))
    }

    /// The intent of an interrupted action, if one was left.
    pub fn load_intent(&self) -> Result<Option<Intent>, StoreError> {
        let path = self.dir.join(INTENT);
        let name = format!("{}/{INTENT}", super::AIDE_DIR);
        let Some(value) = read_value(&path, &name)? else {
            return Ok(None);
        };
        typed(&value, status::expected)
            .map(Some)
            .map_err(|damage| corrupt(&name, damage))
    }

    pub fn save_intent(&self, _lock: &FlowLock, intent: &Intent) -> Result<(), StoreError> {
        let mut intent = intent.clone();
        intent.version = written_version();
        write_json(&self.dir.join(INTENT), &intent)
    }

    pub fn remove_intent(&self, _lock: &FlowLock) -> Result<(), StoreError> {
        let path = self.dir.join(INTENT);
        match fs::remove_file(&path) {
            Ok(()) => sync_dir(&self.dir).map_err(StoreError::folder(&self.dir)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::write(path)(e)),
        }
    }

    /// Writes `.aide/.gitignore` unless there is one, so flow's state
    /// never shows in `git status` (the same file `aide init` writes).
    pub fn ensure_gitignore(&self) -> Result<(), StoreError> {
        super::ensure_gitignore(&self.dir).map(drop)
    }

    /// Whether an intent file is there (cheap check before taking the lock).
    pub fn has_intent(&self) -> bool {
        self.dir.join(INTENT).exists()
    }
}

fn corrupt(file: &str, damage: Damage) -> StoreError {
    StoreError::Corrupt {
        file: file.to_owned(),
        damage,
    }
}

fn read_value(path: &Path, name: &str) -> Result<Option<serde_json::Value>, StoreError> {
    let bytes = match crate::store::read_regular(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(StoreError::read(path)(e)),
    };
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|e| corrupt(name, Damage::Json(JsonError::new(&e, &bytes))))?;
    super::files::versioned::file_version(name, &value)?;
    Ok(Some(value))
}

fn read_status(path: &Path, name: &str) -> Result<Option<FlowStatus>, StoreError> {
    let Some(value) = read_value(path, name)? else {
        return Ok(None);
    };
    let status: FlowStatus =
        typed(&value, status::expected).map_err(|damage| corrupt(name, damage))?;
    status
        .check()
        .map_err(|damage| corrupt(name, Damage::Flow(damage)))?;
    Ok(Some(status))
}

fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), StoreError> {
    let bytes = to_pretty_json(value).map_err(StoreError::write(path))?;
    write_atomic(path, &bytes).map_err(StoreError::write(path))
}
