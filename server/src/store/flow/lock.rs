//! `.aide/flow.lock`: one flow command at a time, held for the whole
//! action including git. A dead holder releases it with its file handle.

use super::FlowStore;
use crate::store::StoreError;
use crate::store::files::atomic::sweep_temp_files;
use crate::store::files::lock::lock_file;
use std::fs::File;
use std::time::Duration;

const LOCK: &str = "flow.lock";

/// Proof that this process holds the flow lock; released on drop.
#[derive(Debug)]
pub struct FlowLock {
    _file: File,
}

impl FlowStore {
    /// Takes the flow lock, waiting up to `wait`; then `Busy` with the
    /// holder's pid.
    pub fn lock(&self, wait: Duration) -> Result<FlowLock, StoreError> {
        let file = lock_file(&self.dir.join(LOCK), wait)?;
        Ok(FlowLock { _file: file })
    }

    /// Removes the temp files that killed writers left in `.aide/` (flow's
    /// own, the config's; `atomic::sweep_temp_files`: only files no live
    /// writer holds). Done under the flow lock when it is free at once;
    /// when another command holds it, the next one sweeps.
    pub(super) fn sweep_temp_files(&self) {
        if let Ok(_lock) = self.lock(Duration::ZERO) {
            sweep_temp_files(&self.dir);
        }
    }
}
