//! The one way a file is opened for reading: only a regular file is read.
//! A FIFO named like a record blocks `open(2)` until a writer comes (every
//! `search`, `history`, `export` and new page of the project hung on one),
//! and a device reads forever. So the open never waits (`O_NONBLOCK`, which
//! changes nothing for a regular file's reads) and the kind is taken from
//! the opened file itself (`fstat`), so nothing swapped in between a look
//! and the open is read.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Whether a symlink at the path itself is followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// Followed (a symlinked config from a dotfiles repository).
    Follow,
    /// Refused (`ELOOP`): for files whose owner is checked, and paths an
    /// agent wrote.
    Refuse,
}

/// What a read of something other than a regular file fails with: the
/// `io::Error`'s inner error, which [`StoreError`](crate::store::StoreError)
/// turns into its own message, in the reader's language.
#[derive(Debug)]
pub struct NotRegular;

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Only seen by code that never shows it to a person.
        f.write_str("not a regular file")
    }
}

impl std::error::Error for NotRegular {}

impl NotRegular {
    /// Whether `error` says that the file is not a regular one.
    pub fn is(error: &io::Error) -> bool {
        error
            .get_ref()
            .is_some_and(|inner| inner.is::<NotRegular>())
    }
}

/// `path` opened for reading and its metadata, once it is known to be a
/// regular file; anything else fails with [`NotRegular`] without waiting.
pub fn open_regular(path: &Path, links: Links) -> io::Result<(File, Metadata)> {
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, NotRegular);
    let file = match options(links).open(path) {
        Ok(file) => file,
        // A socket, or a device with no driver behind it, cannot be opened.
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(nix::libc::ENXIO) => return Err(not_regular()),
        Err(e) => return Err(e),
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    Ok((file, meta))
}

/// The bytes of the regular file at `path` (following a symlink).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let (mut file, meta) = open_regular(path, Links::Follow)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The text of the regular file at `path` (following a symlink).
pub fn read_regular_text(path: &Path) -> io::Result<String> {
    let bytes = read_regular(path)?;
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

#[cfg(unix)]
fn options(links: Links) -> OpenOptions {
    use nix::fcntl::OFlag;
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = OFlag::O_NONBLOCK | OFlag::O_NOCTTY;
    if links == Links::Refuse {
        flags |= OFlag::O_NOFOLLOW;
    }
    let mut options = OpenOptions::new();
    options.read(true).custom_flags(flags.bits());
    options
}

#[cfg(not(unix))]
fn options(_links: Links) -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true);
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_and_a_folder_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        std::fs::write(&path, b"{}").unwrap();
        assert_eq!(read_regular(&path).unwrap(), b"{}");
        assert_eq!(read_regular_text(&path).unwrap(), "{}");
        let error = read_regular(dir.path()).unwrap_err();
        assert!(NotRegular::is(&error), "{error:?}");
        let missing = read_regular(&dir.path().join("none")).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        assert!(!NotRegular::is(&missing));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_not_waited_on() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("2025-01-15T10-30-00.json");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        // Without O_NONBLOCK this open would wait for a writer forever.
        let error = read_regular(&fifo).unwrap_err();
        assert!(NotRegular::is(&error), "{error:?}");
        let error = open_regular(&fifo, Links::Refuse).unwrap_err();
        assert!(NotRegular::is(&error), "{error:?}");
        let socket = dir.path().join("socket");
        let _listening = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let error = read_regular(&socket).unwrap_err();
        assert!(NotRegular::is(&error), "{error:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_followed_or_refused_as_asked() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.toml");
        std::fs::write(&target, b"x").unwrap();
        let link = dir.path().join("config.toml");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(read_regular(&link).unwrap(), b"x");
        assert!(open_regular(&link, Links::Refuse).is_err());
    }
}
