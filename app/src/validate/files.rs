//! Where an agent's input finds the files its options name (`diff_file`,
//! `image`), and what one input's rule pass keeps across its options: the
//! reader (none for a stored file) and the bytes the session holds so far.

use super::ErrorKind;
use super::path::{Path, Report};
use crate::model::MAX_SESSION_ATTACHED_BYTES;
use std::cell::Cell;

/// Where an agent's input finds the files it names (`diff_file`, `image`).
pub trait ProjectFiles {
    /// The bytes of the file at `path` (relative to the project root), if
    /// it has at most `max` of them, or why it is not read.
    fn read(&self, path: &str, max: usize) -> Result<Vec<u8>, FileRefusal>;
}

/// Reads no file: for an input read where no project is at hand.
pub struct NoFiles;

impl ProjectFiles for NoFiles {
    fn read(&self, _: &str, _: usize) -> Result<Vec<u8>, FileRefusal> {
        Err(FileRefusal::NoProject)
    }
}

/// Why a file an input names is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileRefusal {
    /// An absolute path: only paths relative to the project are read.
    Absolute,
    /// The path leads outside the project (`..`, a symlink).
    Outside,
    /// The path leads into `.aide/` or `.git/`.
    Private,
    /// There is no such file.
    NotFound,
    /// A folder, FIFO, socket or device.
    NotRegular,
    /// The file exists but cannot be read.
    Unreadable,
    /// It has more bytes than the field takes.
    TooLarge { size: u64 },
    /// No project to read it from.
    NoProject,
}

/// What one input's rule pass keeps across its options: where an agent's
/// files are read from (none for a stored file), and the bytes the
/// session's previews, diffs and images hold so far.
pub(crate) struct Attaching<'f> {
    files: Option<&'f dyn ProjectFiles>,
    used: Cell<usize>,
    over: Cell<bool>,
}

impl<'f> Attaching<'f> {
    /// An agent's input, whose files are read from `files`.
    pub fn agent(files: &'f dyn ProjectFiles) -> Self {
        Attaching {
            files: Some(files),
            used: Cell::new(0),
            over: Cell::new(false),
        }
    }

    /// A stored file: what was shown is in it, and it was checked against
    /// the limits when it was submitted.
    pub fn stored() -> Self {
        Attaching {
            files: None,
            used: Cell::new(0),
            over: Cell::new(false),
        }
    }

    /// Whether an agent's files are read (not a stored file).
    pub fn reads_files(&self) -> Option<&'f dyn ProjectFiles> {
        self.files
    }

    /// Counts `bytes` more for the session; past the limit, the first
    /// field to cross it is named.
    pub fn charge(&self, bytes: usize, at: Path<'_>, report: &mut Report<'_>) -> Option<()> {
        if self.files.is_none() {
            return Some(());
        }
        let used = self.used.get().saturating_add(bytes);
        self.used.set(used);
        if used <= MAX_SESSION_ATTACHED_BYTES {
            return Some(());
        }
        if !self.over.replace(true) {
            let max = MAX_SESSION_ATTACHED_BYTES;
            report.at(at, ErrorKind::SessionTooLarge { max });
        }
        None
    }

    /// The bytes of the file at `path`, read for the field at `at`.
    pub fn read(
        &self,
        files: &dyn ProjectFiles,
        path: &str,
        max: usize,
        at: Path<'_>,
        report: &mut Report<'_>,
    ) -> Option<Vec<u8>> {
        if self.over.get() {
            // The session is over its limit already (and that is named):
            // nothing more is read.
            return None;
        }
        match files.read(path, max) {
            Ok(bytes) => Some(bytes),
            Err(why) => {
                let file = path.to_owned();
                report.at(at, ErrorKind::FileRefused { file, why, max });
                None
            }
        }
    }
}
