//! Standing rulings (issue 56): answers the person granted for every
//! question like one they answered, kept in two owner-only files of the
//! same shape: `.aide/decisions/rulings.json` for this project's, and
//! `$XDG_STATE_HOME/aide/rulings.json` (beside the per-user registry) for
//! those of every project, with the person's pause switch.
//!
//! A file that cannot be read, or that is not this user's alone, is an
//! error: the caller applies no ruling at all (none from the other file
//! either) and names the file; nothing rewrites it until it is mended.
//! Each change runs under the file's own lock and bumps its `stamp`: a page
//! that changes the rulings sends the stamp it was shown, so of two pages
//! granting or revoking at once one wins and the other is told.

use super::StoreError;
use super::files::atomic::{create_owner_only_dir, to_pretty_json, write_atomic};
use super::files::lock::{LOCK_WAIT, lock_file};
use super::files::owner_only_and_ours;
use app::i18n::RuleScope;
use app::validate::WrittenVersion;
use app::{ItemId, SessionId, Timestamp};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

const FILE: &str = "rulings.json";

/// One ruling: "answer questions like this one with that option".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// `{record}.{item}`: granting again from the same answer changes it.
    pub id: String,
    /// The project of the answer it came from.
    pub project: PathBuf,
    /// It applies in every project of the person's (the per-user file's),
    /// not only in `project`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_projects: bool,
    /// The session whose answer the person made a ruling of, and its item.
    pub record: SessionId,
    pub item: ItemId,
    /// That item's question, and its options' values, as asked.
    pub title: String,
    pub options: Vec<String>,
    /// The option it answers with, and its label then.
    pub answer: String,
    pub label: String,
    /// Only items whose code location's file matches this glob.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The last day it applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<NaiveDate>,
    pub granted_at: Timestamp,
    /// An item asking the same no longer offered its option.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stale: bool,
}

/// One rulings file's content.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rulings {
    /// Bumped by each change: what a page was shown.
    #[serde(default)]
    pub stamp: u64,
    /// The person paused rulings (the per-user file's switch).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
    #[serde(default)]
    pub rulings: Vec<Ruling>,
}

#[derive(Serialize)]
struct Written<'a> {
    version: WrittenVersion,
    #[serde(flatten)]
    rulings: &'a Rulings,
}

/// A rulings file: this project's or the person's for every project.
#[derive(Clone, Debug)]
pub struct RulingsFile {
    path: PathBuf,
    scope: RuleScope,
}

impl RulingsFile {
    /// The per-user file (`None` without a home folder).
    pub fn of_user(var: impl Fn(&str) -> Option<String>) -> Option<RulingsFile> {
        Some(RulingsFile::at(
            super::servers::registry::state_dir(var)?.join(FILE),
            RuleScope::All,
        ))
    }

    /// The file at `path`, holding rulings of `scope`.
    pub fn at(path: PathBuf, scope: RuleScope) -> RulingsFile {
        RulingsFile { path, scope }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn scope(&self) -> RuleScope {
        self.scope
    }

    /// The rulings; none when there is no file. A file that is not this
    /// user's alone, not a regular file, not JSON or not of its shape is
    /// an error naming it.
    pub fn read(&self) -> Result<Rulings, StoreError> {
        match std::fs::symlink_metadata(&self.path) {
            Ok(meta) if meta.is_file() && !owner_only_and_ours(&meta) => {
                return Err(StoreError::NotOurs(self.path.clone()));
            }
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Rulings::default()),
            Err(e) => return Err(StoreError::read(&self.path)(e)),
        }
        let bytes = super::read_regular(&self.path).map_err(StoreError::read(&self.path))?;
        let name = self.path.display().to_string();
        let value = super::DecisionStore::parse_json(&name, &bytes)?;
        super::files::versioned::file_version(&name, &value)?;
        crate::typed::typed(&value, |_| None)
            .map_err(|damage| StoreError::Corrupt { file: name, damage })
    }

    /// Changes the rulings with `change` under the file's lock and writes
    /// them atomically, owner-only. `seen`: the stamp the change was asked
    /// against (a page's); another is `RulingsChanged` and nothing is
    /// written. A file that cannot be read is never written over.
    pub fn change<T>(
        &self,
        seen: Option<u64>,
        change: impl FnOnce(&mut Rulings) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if let Some(dir) = self.path.parent() {
            create_owner_only_dir(dir).map_err(StoreError::folder(dir))?;
        }
        let _lock = lock_file(&self.path.with_extension("lock"), LOCK_WAIT)?;
        let mut rulings = self.read()?;
        if seen.is_some_and(|seen| seen != rulings.stamp) {
            return Err(StoreError::RulingsChanged);
        }
        let done = change(&mut rulings)?;
        rulings.stamp += 1;
        let written = Written {
            version: WrittenVersion,
            rulings: &rulings,
        };
        let bytes = to_pretty_json(&written).map_err(StoreError::write(&self.path))?;
        write_atomic(&self.path, &bytes).map_err(StoreError::write(&self.path))?;
        Ok(done)
    }
}

impl super::DecisionStore {
    /// This project's rulings file.
    pub fn rulings_file(&self) -> RulingsFile {
        RulingsFile::at(self.dir.join(FILE), RuleScope::Project)
    }

    /// The rulings files that apply here: this project's, and the person's
    /// for every project (none without a home folder).
    pub fn rulings_files(&self) -> Vec<RulingsFile> {
        let mut files = vec![self.rulings_file()];
        files.extend(RulingsFile::of_user(|name| std::env::var(name).ok()));
        files
    }
}

#[cfg(test)]
#[path = "rulings_tests.rs"]
mod tests;
