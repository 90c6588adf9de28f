//! The per-user registry of questions waiting for the person:
//! `$XDG_STATE_HOME/aide/servers/` (`~/.local/state/aide/servers/` when it
//! is unset, on every system). Each serving session writes one small file
//! there, `{session_id}.{pid}.json`, and holds an exclusive lock on its
//! `.lock` twin for as long as its question is open. An entry whose lock
//! is free belongs to a server that is gone (even if killed) and is swept
//! by the next reader. No network service: files, as the project's own
//! server notices (`.aide/decisions/servers/`).

use super::live::{Board, LiveNotice};
use crate::store::{Links, StoreError, open_regular};
use app::{SessionId, Timestamp};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::ErrorKind;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The folder of the registry (not created until a server lists itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registry {
    board: Board,
}

/// One open question, as its server lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    /// The project folder, the one holding `.aide/`.
    pub project: PathBuf,
    pub session_id: SessionId,
    pub task: String,
    pub items: usize,
    /// The page's address with its key, as printed for the person.
    pub url: String,
    /// Where its server listens (none from an older aide): which port a
    /// question holds, whatever address the person was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addr: Option<SocketAddr>,
    pub pid: u32,
    pub started_at: Timestamp,
}

impl Registry {
    /// The registry of this user: `XDG_STATE_HOME` when it is an absolute
    /// path (as the XDG spec asks), else `~/.local/state`; `None` without
    /// a home folder.
    pub fn locate(var: impl Fn(&str) -> Option<String>) -> Option<Registry> {
        Some(Registry::at(state_dir(var)?.join("servers")))
    }

    /// The registry in `dir` itself.
    pub fn at(dir: PathBuf) -> Registry {
        Registry {
            board: Board::at(dir),
        }
    }

    pub fn dir(&self) -> &Path {
        self.board.dir()
    }

    /// The folder's board of live notices and claims.
    #[cfg(unix)]
    pub(in crate::store) fn board(&self) -> &Board {
        &self.board
    }

    /// Lists `listed` until the returned guard is dropped. The entry keeps
    /// the task's first [`MAX_LISTED_TASK`] characters: a list shows one
    /// line of it, and every reader reads each entry.
    pub fn enter(&self, listed: &Listed) -> Result<LiveNotice, StoreError> {
        let listed = &Listed {
            task: shortened(&listed.task),
            ..listed.clone()
        };
        let stem = format!("{}.{}", listed.session_id, listed.pid);
        let path = self.board.notice_path(&stem);
        let claim = self
            .board
            .claim(&stem)
            .and_then(|claim| claim.ok_or_else(|| ErrorKind::WouldBlock.into()))
            .map_err(StoreError::write(&path))?;
        self.board
            .post(claim, listed)
            .map_err(StoreError::write(&path))
    }

    /// Every question still open, the longest waiting first. The entries
    /// of servers that are gone are removed on the way; an entry that
    /// cannot be read (another aide's, a damaged one, a link to nothing)
    /// is passed by and the others are listed. No folder: nothing listed;
    /// a folder
    /// that is there but cannot be read (a dangling link, no permission):
    /// `ListFolder`, never "nothing is waiting".
    pub fn list(&self) -> Result<Vec<Listed>, StoreError> {
        let stems = match self.board.stems() {
            Ok(Some(stems)) => stems,
            Ok(None) if !self.is_there() => return Ok(Vec::new()),
            Ok(None) => {
                return Err(StoreError::ListFolder {
                    path: self.dir().to_path_buf(),
                    source: ErrorKind::NotFound.into(),
                });
            }
            Err(source) => {
                return Err(StoreError::ListFolder {
                    path: self.dir().to_path_buf(),
                    source,
                });
            }
        };
        let mut open: Vec<Listed> = stems
            .iter()
            .filter_map(|stem| self.read_live(stem))
            .collect();
        open.sort_by(|a, b| {
            (a.started_at, &a.session_id, a.pid).cmp(&(b.started_at, &b.session_id, b.pid))
        });
        Ok(open)
    }

    /// The entry `stem` if its server still holds its lock (a leftover is
    /// removed); `None` too for one that cannot be read.
    fn read_live(&self, stem: &str) -> Option<Listed> {
        if !self.board.is_live(stem).ok()? {
            return None;
        }
        let bytes = read_small(&self.board.notice_path(stem))?;
        let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
        app::validate::check_version(&value).ok()?;
        let listed: Listed = serde_json::from_value(value).ok()?;
        // Only addresses a browser opens as a page.
        let scheme_ok =
            url::Url::parse(&listed.url).is_ok_and(|url| matches!(url.scheme(), "http" | "https"));
        scheme_ok.then_some(listed)
    }

    /// Whether anything (a dangling link included) is at the folder's path.
    fn is_there(&self) -> bool {
        fs::symlink_metadata(self.dir()).is_ok()
    }
}

/// aide's per-user state folder: `$XDG_STATE_HOME/aide` when that is an
/// absolute path (as the XDG spec asks), else `~/.local/state/aide`;
/// `None` without a home folder.
pub(in crate::store) fn state_dir(var: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let state = var("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| dirs::home_dir().map(|home| home.join(".local").join("state")))?;
    Some(state.join("aide"))
}

/// The most characters of a task an entry keeps.
pub const MAX_LISTED_TASK: usize = 1000;

/// `task` cut to [`MAX_LISTED_TASK`] characters, marked with `…` when cut.
fn shortened(task: &str) -> String {
    match task.char_indices().nth(MAX_LISTED_TASK) {
        Some((end, _)) => format!("{}…", &task[..end]),
        None => task.to_owned(),
    }
}

/// The bytes of a small regular file; `None` for anything else (an entry
/// is a few KiB at most, its task cut at `MAX_LISTED_TASK` characters;
/// one of an older aide kept the whole task, up to the largest input
/// aide reads; a FIFO or a huger file is not one of ours).
fn read_small(path: &Path) -> Option<Vec<u8>> {
    const MAX: u64 = 16 * 1024 * 1024;
    let (file, meta) = open_regular(path, Links::Refuse).ok()?;
    if meta.len() > MAX {
        return None;
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX), &mut bytes).ok()?;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;

    fn listed(session: &str, pid: u32, second: u32) -> Listed {
        Listed {
            project: PathBuf::from("/home/p/shop"),
            session_id: session.parse::<SessionId>().unwrap(),
            task: "Cookie name?".into(),
            items: 2,
            url: "http://localhost:3721/?key=abc".into(),
            addr: Some("127.0.0.1:3721".parse().unwrap()),
            pid,
            started_at: Timestamp::parse(&format!("2025-01-15T10:30:{second:02}+08:00")).unwrap(),
        }
    }

    #[test]
    fn an_entry_is_listed_while_its_guard_lives() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().join("aide/servers"));
        assert_eq!(registry.list().unwrap(), vec![], "no folder yet");
        let later = registry
            .enter(&listed("2025-01-15T10-30-05", 7, 5))
            .unwrap();
        let first = registry
            .enter(&listed("2025-01-15T10-30-00", 8, 0))
            .unwrap();
        let open = registry.list().unwrap();
        assert_eq!(
            open.iter().map(|l| l.pid).collect::<Vec<_>>(),
            [8, 7],
            "the longest waiting first"
        );
        drop(first);
        assert_eq!(
            registry.list().unwrap(),
            vec![listed("2025-01-15T10-30-05", 7, 5)]
        );
        drop(later);
        assert_eq!(registry.list().unwrap(), vec![]);
        assert_eq!(fs::read_dir(registry.dir()).unwrap().count(), 0);
    }

    #[test]
    fn a_dead_servers_entry_is_swept_and_odd_files_are_passed_by() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().to_path_buf());
        let live = registry
            .enter(&listed("2025-01-15T10-30-00", 1, 0))
            .unwrap();
        // A server killed: its entry and a lock nobody holds.
        let dead = listed("2025-01-15T10-30-01", 2, 1);
        let text = serde_json::to_string(&dead).unwrap();
        fs::write(dir.path().join("2025-01-15T10-30-01.2.json"), &text).unwrap();
        fs::write(dir.path().join("2025-01-15T10-30-01.2.lock"), "").unwrap();
        // An entry without a lock file, and junk.
        fs::write(dir.path().join("x.3.json"), &text).unwrap();
        fs::write(dir.path().join("notes.txt"), "hi").unwrap();
        assert_eq!(registry.list().unwrap().len(), 1);
        assert!(!dir.path().join("2025-01-15T10-30-01.2.json").exists());
        assert!(!dir.path().join("2025-01-15T10-30-01.2.lock").exists());
        assert!(!dir.path().join("x.3.json").exists());
        assert!(dir.path().join("notes.txt").exists());
        drop(live);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_nothing_is_passed_by_and_a_folder_that_is_one_is_said_to_be_unusable() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().join("servers"));
        let _live = registry
            .enter(&listed("2025-01-15T10-30-00", 1, 0))
            .unwrap();
        let nowhere = dir.path().join("nowhere");
        std::os::unix::fs::symlink(&nowhere, registry.dir().join("2025-01-15T10-30-09.9.json"))
            .unwrap();
        std::os::unix::fs::symlink(&nowhere, registry.dir().join("a.lock")).unwrap();
        assert_eq!(registry.list().unwrap().len(), 1);
        // The folder itself a link to nothing: not "nothing is waiting".
        let linked = Registry::at(dir.path().join("linked"));
        std::os::unix::fs::symlink(&nowhere, linked.dir()).unwrap();
        let error = linked.list().unwrap_err();
        assert!(matches!(error, StoreError::ListFolder { .. }), "{error:?}");
        let msg = error.message(app::Lang::En);
        let text = msg.text(app::Lang::En);
        let folder = linked.dir().display().to_string();
        assert!(
            text.starts_with(&format!(
                "Cannot read the list of questions waiting for you in {folder}: "
            )),
            "{text}"
        );
        let hint = msg.hint(app::Lang::En).unwrap();
        assert!(hint.contains("per-user folder"), "{hint}");
        assert!(hint.contains("not the project's .aide"), "{hint}");
        // A file where the folder should be: the same.
        let file = Registry::at(dir.path().join("file"));
        fs::write(file.dir(), "x").unwrap();
        assert!(matches!(file.list(), Err(StoreError::ListFolder { .. })));
    }

    #[test]
    fn a_long_task_is_listed_cut_to_its_first_characters() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().to_path_buf());
        let mut long = listed("2025-01-15T10-30-00", 1, 0);
        long.task = "决".repeat(70 * 1024);
        let _guard = registry.enter(&long).unwrap();
        let open = registry.list().unwrap();
        assert_eq!(open.len(), 1, "a task over 64 KiB is listed");
        let task = &open[0].task;
        assert_eq!(task.chars().count(), MAX_LISTED_TASK + 1);
        assert!(
            task.starts_with("决决决") && task.ends_with("决…"),
            "{task}"
        );
        // An entry an older aide wrote with the whole task is read too.
        let mut old = listed("2025-01-15T10-30-01", 2, 1);
        old.task = "x".repeat(70 * 1024);
        let stem = "2025-01-15T10-30-01.2";
        let mut text = serde_json::to_value(&old).unwrap();
        text["version"] = serde_json::to_value(app::validate::WrittenVersion).unwrap();
        let text = text.to_string();
        fs::write(dir.path().join(format!("{stem}.json")), text).unwrap();
        let lock = File::create(dir.path().join(format!("{stem}.lock"))).unwrap();
        lock.lock().unwrap();
        let open = registry.list().unwrap();
        assert_eq!(open.len(), 2);
        assert_eq!(open[1].task.len(), 70 * 1024);
    }

    #[test]
    fn an_entry_with_an_address_no_browser_should_open_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().to_path_buf());
        let mut odd = listed("2025-01-15T10-30-00", 1, 0);
        odd.url = "javascript:alert(1)".into();
        let _guard = registry.enter(&odd).unwrap();
        assert_eq!(registry.list().unwrap(), vec![]);
    }

    #[test]
    fn the_folder_follows_xdg_state_home_when_it_is_absolute() {
        let at = |value: &str| {
            let value = value.to_owned();
            Registry::locate(move |name| (name == "XDG_STATE_HOME").then(|| value.clone()))
        };
        assert_eq!(
            at("/tmp/state").unwrap().dir(),
            Path::new("/tmp/state/aide/servers")
        );
        if let Some(home) = dirs::home_dir() {
            assert_eq!(
                at("relative/state").unwrap().dir(),
                home.join(".local/state/aide/servers")
            );
        }
    }
}
