//! The per-user list of projects aide has asked questions in:
//! `$XDG_STATE_HOME/aide/projects.jsonl` (beside the registry of open
//! questions), one JSON line per project, appended by the first submit in
//! each. What `aide decide search --all-projects` searches. A line that
//! cannot be read, or a project that has no `.aide/` any more, is passed by.

use super::files::atomic::{create_owner_only_dir, to_compact_line};
use super::{AIDE_DIR, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

const FILE: &str = "projects.jsonl";

/// The list's file.
#[derive(Clone, Debug)]
pub struct KnownProjects {
    path: PathBuf,
}

#[derive(Serialize)]
struct ProjectLine {
    version: app::validate::WrittenVersion,
    project: PathBuf,
}

#[derive(Deserialize)]
struct ReadLine {
    project: PathBuf,
}

impl KnownProjects {
    /// The list of this user (`None` without a home folder).
    pub fn locate(var: impl Fn(&str) -> Option<String>) -> Option<KnownProjects> {
        Some(KnownProjects::at(
            super::servers::registry::state_dir(var)?.join(FILE),
        ))
    }

    /// The list in the file `path` itself.
    pub fn at(path: PathBuf) -> KnownProjects {
        KnownProjects { path }
    }

    /// Adds `project` (the folder holding `.aide/`) unless it is listed.
    pub fn remember(&self, project: &Path) -> Result<(), StoreError> {
        if self.read().contains(project) {
            return Ok(());
        }
        if let Some(dir) = self.path.parent() {
            create_owner_only_dir(dir).map_err(StoreError::folder(dir))?;
        }
        let line = ProjectLine {
            version: app::validate::WrittenVersion,
            project: project.to_path_buf(),
        };
        let bytes = to_compact_line(&line).map_err(StoreError::write(&self.path))?;
        // One write of one line with O_APPEND: two submits at once each
        // add a whole line (a project twice is read once).
        super::files::atomic::open_append(&self.path)
            .and_then(|mut file| file.write_all(&bytes))
            .map_err(StoreError::write(&self.path))
    }

    /// The projects listed that still have their `.aide/` folder, each
    /// once, in path order.
    pub fn list(&self) -> Vec<PathBuf> {
        self.read()
            .into_iter()
            .filter(|project| project.join(AIDE_DIR).is_dir())
            .collect()
    }

    fn read(&self) -> BTreeSet<PathBuf> {
        let text = match crate::store::read_regular_text(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == ErrorKind::NotFound => return BTreeSet::new(),
            Err(_) => return BTreeSet::new(),
        };
        text.lines()
            .filter_map(|line| {
                let value: serde_json::Value = serde_json::from_str(line).ok()?;
                app::validate::check_version(&value).ok()?;
                serde_json::from_value::<ReadLine>(value).ok()
            })
            .map(|line| line.project)
            .filter(|project| project.is_absolute())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn each_project_is_listed_once_while_it_has_its_aide_folder() {
        let dir = tempfile::tempdir().unwrap();
        let list = KnownProjects::at(dir.path().join("state/aide/projects.jsonl"));
        assert!(list.list().is_empty(), "no file yet");
        let (shop, blog) = (dir.path().join("shop"), dir.path().join("blog"));
        for project in [&shop, &blog] {
            fs::create_dir_all(project.join(AIDE_DIR)).unwrap();
        }
        list.remember(&shop).unwrap();
        list.remember(&blog).unwrap();
        list.remember(&shop).unwrap();
        let text = fs::read_to_string(&list.path).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        // A damaged line is passed by.
        fs::write(&list.path, format!("{text}not json\n")).unwrap();
        assert_eq!(list.list(), vec![blog.clone(), shop.clone()]);
        fs::remove_dir_all(blog.join(AIDE_DIR)).unwrap();
        assert_eq!(list.list(), vec![shop]);
    }
}
