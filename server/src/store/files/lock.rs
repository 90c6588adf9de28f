//! The store lock: an advisory lock on `.aide/decisions/store.lock` that
//! serialises every change to the folder between processes (two submits,
//! a submit and a browser's answers, two browsers). Writers hold it
//! exclusively for one read-check-write step; the holder writes its pid
//! into the file so a process that waits in vain can say who holds it.
//!
//! Locks are per open file: a process must not take it twice. Methods that
//! change the folder take a `&StoreLock` to show their caller holds it.

use crate::store::files::atomic::owner_only;
use crate::store::{DecisionStore, StoreError};
use std::fs::{File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;
use std::time::{Duration, Instant};

const LOCK: &str = "store.lock";

/// How long a process waits for another to finish its change.
pub const LOCK_WAIT: Duration = Duration::from_secs(5);
/// How long a waiting process first sleeps between tries; each wait
/// doubles it up to `POLL`. Most holders finish within a millisecond or
/// two (one read-check-write step): a fixed 20 ms made every waiter, a
/// page's answers raced by a cancel included, wait that long.
const FIRST_POLL: Duration = Duration::from_millis(1);
const POLL: Duration = Duration::from_millis(20);

/// Proof that this process holds the store lock; released on drop.
#[derive(Debug)]
pub struct StoreLock {
    _file: File,
}

impl DecisionStore {
    /// Takes the store lock, waiting up to [`LOCK_WAIT`] for another
    /// process to let go; then `Busy` with that process's pid.
    pub fn lock(&self) -> Result<StoreLock, StoreError> {
        self.lock_within(LOCK_WAIT)
    }

    pub(crate) fn lock_within(&self, wait: Duration) -> Result<StoreLock, StoreError> {
        let file = lock_file(&self.dir.join(LOCK), wait)?;
        Ok(StoreLock { _file: file })
    }
}

/// Takes the advisory lock of the file at `path` (created 0600), waiting up
/// to `wait` for the process holding it to let go; then `Busy` with that
/// process's pid, which every holder writes into the file. A queue that
/// moves is waited on: when `wait` runs out while another process than
/// before holds the lock, the wait starts again (twelve agents' `flow
/// next-step` at once on a busy machine each wait for all the commits
/// before theirs, none of which holds the lock for long). The lock lives as
/// long as the returned handle, and dies with its process.
pub(crate) fn lock_file(path: &Path, wait: Duration) -> Result<File, StoreError> {
    let mut file = owner_only()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(StoreError::write(path))?;
    let mut until = Instant::now() + wait;
    let mut held_by = holder(&mut file);
    let mut poll = FIRST_POLL;
    loop {
        match file.try_lock() {
            Ok(()) => break,
            Err(TryLockError::WouldBlock) if Instant::now() < until => {
                std::thread::sleep(poll);
                poll = (poll * 2).min(POLL);
            }
            Err(TryLockError::WouldBlock) => {
                let now = holder(&mut file);
                if now.is_some() && now != held_by && !wait.is_zero() {
                    held_by = now;
                    until = Instant::now() + wait;
                    continue;
                }
                return Err(StoreError::Busy { pid: now });
            }
            Err(TryLockError::Error(e)) => return Err(StoreError::write(path)(e)),
        }
    }
    // Who holds it, for the message of a process that waits in vain.
    let pid = std::process::id().to_string();
    let written = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(pid.as_bytes()));
    written.map_err(StoreError::write(path))?;
    Ok(file)
}

fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use crate::store::{Project, StoreError};

    #[test]
    fn a_second_holder_waits_then_names_the_first() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let held = store.lock().unwrap();
        let other = store.clone();
        let waited =
            std::thread::spawn(move || other.lock_within(std::time::Duration::from_millis(100)))
                .join()
                .unwrap();
        match waited {
            Err(StoreError::Busy { pid }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("expected Busy, got {other:?}"),
        }
        drop(held);
        // Not ZERO: a process that another test forks at this moment holds
        // a copy of the lock until it execs.
        assert!(store.lock_within(std::time::Duration::from_secs(2)).is_ok());
    }
}
