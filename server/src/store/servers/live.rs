//! A notice kept alive by a held lock: the one mechanism behind the
//! project's server notices (`.aide/decisions/servers/`) and the per-user
//! registry of open questions. A holder writes `{stem}.json` and holds an
//! exclusive lock on `{stem}.lock` for its whole life. A notice whose lock
//! is free belongs to a process that is gone (even if it was killed): the
//! next reader removes both files while it holds the lock, so no reader
//! takes a half-removed notice for a live one and no new holder claims the
//! stem before the old notice is gone.

use crate::store::files::atomic::{
    create_owner_only_dir, owner_only, still_named, to_pretty_json, write_atomic,
};
use serde::Serialize;
use std::fs::{self, File, TryLockError};
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};

const NOTICE: &str = ".json";
const LOCK: &str = ".lock";

/// A folder of live notices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::store) struct Board {
    dir: PathBuf,
}

/// A stem's lock, taken and still the lock of its name: the right to post
/// that stem's notice.
#[derive(Debug)]
pub(in crate::store) struct Claim {
    stem: String,
    lock: File,
}

/// Held by the process a notice speaks for; dropping it removes the notice,
/// then its lock file, and frees the lock.
#[derive(Debug)]
pub struct LiveNotice {
    notice: PathBuf,
    lock_path: PathBuf,
    _lock: File,
}

impl Drop for LiveNotice {
    fn drop(&mut self) {
        // The notice first: a notice is only ever read beside its lock.
        let _ = fs::remove_file(&self.notice);
        let _ = fs::remove_file(&self.lock_path);
    }
}

/// A claim held for a process's whole life with no notice beside it (the
/// door of the ended pages' process); dropped, its lock file goes, then
/// the lock is freed.
#[cfg(unix)]
#[derive(Debug)]
pub(in crate::store) struct HeldClaim {
    lock_path: PathBuf,
    _lock: File,
}

#[cfg(unix)]
impl Drop for HeldClaim {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.lock_path);
    }
}

#[cfg(unix)]
impl Claim {
    /// Holds the claim until the returned guard is dropped.
    pub(in crate::store) fn hold(self, board: &Board) -> HeldClaim {
        HeldClaim {
            lock_path: board.lock_path(&self.stem),
            _lock: self.lock,
        }
    }
}

impl Board {
    pub(in crate::store) fn at(dir: PathBuf) -> Board {
        Board { dir }
    }

    pub(in crate::store) fn dir(&self) -> &Path {
        &self.dir
    }

    pub(in crate::store) fn notice_path(&self, stem: &str) -> PathBuf {
        self.dir.join(format!("{stem}{NOTICE}"))
    }

    fn lock_path(&self, stem: &str) -> PathBuf {
        self.dir.join(format!("{stem}{LOCK}"))
    }

    /// Takes `stem`'s lock: `None` while a live holder has it. The folder
    /// is made owner-only when it is not there yet.
    pub(in crate::store) fn claim(&self, stem: &str) -> io::Result<Option<Claim>> {
        create_owner_only_dir(&self.dir)?;
        let lock_path = self.lock_path(stem);
        // A reader sweeping a stale notice may remove the file just
        // opened: only a lock on the file at its name counts. A few rounds
        // at most; each lost one saw a sweep finish.
        for _ in 0..100 {
            let lock = open_lock(&lock_path)?;
            match lock.try_lock() {
                Ok(()) if still_named(&lock, &lock_path)? => {
                    return Ok(Some(Claim {
                        stem: stem.to_owned(),
                        lock,
                    }));
                }
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Ok(None),
                Err(TryLockError::Error(e)) => return Err(e),
            }
        }
        Err(io::Error::new(
            ErrorKind::WouldBlock,
            "the lock kept being swept",
        ))
    }

    /// Writes `value` as the claimed stem's notice, its format version
    /// first, and keeps it alive until the returned guard is dropped.
    pub(in crate::store) fn post<T: Serialize>(
        &self,
        claim: Claim,
        value: &T,
    ) -> io::Result<LiveNotice> {
        #[derive(Serialize)]
        struct VersionedLive<'a, T> {
            version: app::validate::WrittenVersion,
            #[serde(flatten)]
            value: &'a T,
        }
        let live = LiveNotice {
            notice: self.notice_path(&claim.stem),
            lock_path: self.lock_path(&claim.stem),
            _lock: claim.lock,
        };
        let bytes = to_pretty_json(&VersionedLive {
            version: app::validate::WrittenVersion,
            value,
        })?;
        write_atomic(&live.notice, &bytes)?;
        Ok(live)
    }

    /// Whether `stem`'s notice is there and its holder alive. A notice
    /// whose lock is free (or missing) is removed with its lock file.
    pub(in crate::store) fn is_live(&self, stem: &str) -> io::Result<bool> {
        let notice = self.notice_path(stem);
        let lock_path = self.lock_path(stem);
        // A few rounds at most: each one that does not decide saw a new
        // holder take the lock file's name meanwhile.
        for _ in 0..3 {
            if fs::symlink_metadata(&notice).is_err() {
                return Ok(false);
            }
            let lock = open_lock(&lock_path)?;
            match lock.try_lock() {
                Err(TryLockError::WouldBlock) => return Ok(true),
                Err(TryLockError::Error(e)) => return Err(e),
                // Free, and still the lock of that name: its holder is
                // gone. Removed while held.
                Ok(()) if still_named(&lock, &lock_path)? => {
                    remove_if_there(&notice)?;
                    remove_if_there(&lock_path)?;
                    return Ok(false);
                }
                Ok(()) => {}
            }
        }
        Ok(true)
    }

    /// The stems of the notices in the folder, live or not (`None` when
    /// there is no folder).
    pub(in crate::store) fn stems(&self) -> io::Result<Option<Vec<String>>> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut stems = Vec::new();
        for entry in entries {
            let entry = entry?;
            if !entry.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            if let Some(stem) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(NOTICE))
            {
                stems.push(stem.to_owned());
            }
        }
        Ok(Some(stems))
    }
}

fn open_lock(path: &Path) -> io::Result<File> {
    owner_only()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
}

pub(in crate::store) fn remove_if_there(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_lives_while_its_guard_does_and_a_free_lock_means_gone() {
        let dir = tempfile::tempdir().unwrap();
        let board = Board::at(dir.path().join("board"));
        assert_eq!(board.stems().unwrap(), None, "no folder yet");
        let claim = board.claim("a").unwrap().unwrap();
        assert!(board.claim("a").unwrap().is_none(), "claimed once");
        let live = board.post(claim, &serde_json::json!({ "n": 1 })).unwrap();
        assert!(board.is_live("a").unwrap());
        let text = fs::read_to_string(board.notice_path("a")).unwrap();
        assert!(text.starts_with("{\n  \"version\": "), "{text}");
        assert_eq!(board.stems().unwrap(), Some(vec!["a".to_owned()]));
        drop(live);
        assert!(!board.is_live("a").unwrap());
        assert_eq!(fs::read_dir(board.dir()).unwrap().count(), 0);

        // A holder killed: its notice and a lock nobody holds.
        fs::write(board.notice_path("b"), "{}").unwrap();
        fs::write(board.lock_path("b"), "").unwrap();
        // And a notice whose lock file is missing.
        fs::write(board.notice_path("c"), "{}").unwrap();
        assert!(!board.is_live("b").unwrap());
        assert!(!board.is_live("c").unwrap());
        assert_eq!(fs::read_dir(board.dir()).unwrap().count(), 0);
    }
}
