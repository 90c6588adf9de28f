//! How a file aide writes stands: who may read it and whose it is
//! (`Sharing`), fitted to the temp file before it replaces the file
//! (`fit`): aide's own files owner-only, documents readable, another
//! program's file as it was, a new one its folder owner's.

use std::fs::{self, File};
use std::io;
use std::path::Path;

/// Who may read a file aide writes, and whose it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharing {
    /// aide's own files: its owner's alone (0600 where the OS has modes).
    OwnerOnly,
    /// Documents meant for a repository (the ADR export): readable by all
    /// (0644).
    Readable,
    /// Another program's file (a client's settings): its owner and mode
    /// kept as they were; a new file is its owner's alone and belongs to
    /// whoever owns its folder (root writing into a person's home leaves
    /// her a file she can read).
    AsItWas,
}

/// Fits the temp file `tmp` that will replace `path` to `sharing`.
pub(super) fn fit(tmp: &File, path: &Path, sharing: Sharing) -> io::Result<()> {
    match sharing {
        Sharing::OwnerOnly => Ok(()),
        Sharing::Readable => set_mode(tmp, 0o644),
        Sharing::AsItWas => match fs::metadata(path) {
            Ok(old) => {
                Owner::from(&old).give(tmp)?;
                tmp.set_permissions(old.permissions())
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let dir = path
                    .parent()
                    .ok_or_else(|| io::Error::other("the file has no folder"))?;
                Owner::of(dir)?.offer(tmp)
            }
            Err(e) => Err(e),
        },
    }
}

#[cfg(unix)]
fn set_mode(file: &File, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_: &File, _: u32) -> io::Result<()> {
    Ok(())
}

/// Who owns a file (user and group); nothing where the OS has no such
/// owners.
#[derive(Clone, Copy)]
pub(super) struct Owner {
    #[cfg(unix)]
    ids: (u32, u32),
}

impl Owner {
    pub(super) fn of(path: &Path) -> io::Result<Owner> {
        Ok(Owner::from(&fs::metadata(path)?))
    }

    #[cfg(unix)]
    fn from(meta: &fs::Metadata) -> Owner {
        use std::os::unix::fs::MetadataExt;
        Owner {
            ids: (meta.uid(), meta.gid()),
        }
    }

    #[cfg(not(unix))]
    fn from(_: &fs::Metadata) -> Owner {
        Owner {}
    }

    /// Makes `file` this owner's, if it is not already; fails rather than
    /// leave a file that changed hands.
    #[cfg(unix)]
    fn give(self, file: &File) -> io::Result<()> {
        if Owner::from(&file.metadata()?).ids == self.ids {
            return Ok(());
        }
        std::os::unix::fs::fchown(file, Some(self.ids.0), Some(self.ids.1))
    }

    #[cfg(not(unix))]
    fn give(self, _: &File) -> io::Result<()> {
        Ok(())
    }

    /// Makes a new `file` this owner's where this process may (as root);
    /// otherwise it stays the writer's, as any new file would.
    pub(super) fn offer(self, file: &File) -> io::Result<()> {
        match self.give(file) {
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => Ok(()),
            given => given,
        }
    }
}
