//! `.aide/flow.lock`: one flow command at a time, held for the whole
//! action including git. A dead holder releases it with its file handle.

use super::FlowStore;
use crate::store::StoreError;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::time::{Duration, Instant};

const LOCK: &str = "flow.lock";
const POLL: Duration = Duration::from_millis(20);

/// Proof that this process holds the flow lock; released on drop.
#[derive(Debug)]
pub struct FlowLock {
    _file: File,
}

impl FlowStore {
    /// Takes the flow lock, waiting up to `wait`; then `Busy` with the
    /// holder's pid.
    pub fn lock(&self, wait: Duration) -> Result<FlowLock, StoreError> {
        let path = self.dir.join(LOCK);
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&path).map_err(StoreError::io(&path))?;
        let until = Instant::now() + wait;
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(TryLockError::WouldBlock) if Instant::now() < until => {
                    std::thread::sleep(POLL);
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(StoreError::Busy {
                        pid: holder(&mut file),
                    });
                }
                Err(TryLockError::Error(e)) => return Err(StoreError::io(path)(e)),
            }
        }
        let pid = std::process::id().to_string();
        let written = file
            .set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(pid.as_bytes()));
        written.map_err(StoreError::io(&path))?;
        Ok(FlowLock { _file: file })
    }
}

fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}
