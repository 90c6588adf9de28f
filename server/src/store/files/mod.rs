//! How the store touches a file: atomic writes and owner-only modes
//! (`atomic`), how a written file stands and files outside `.aide/`
//! (`sharing`), the store's lock (`lock`), every read of a file, of
//! regular files only (`read`), stored versions read first (`versioned`),
//! and file I/O off the async threads (`blocking`).

pub(in crate::store) mod atomic;
pub(in crate::store) mod blocking;
pub(in crate::store) mod lock;
pub(in crate::store) mod owner;
pub(in crate::store) mod read;
pub(in crate::store) mod sharing;
pub(in crate::store) mod versioned;

/// Whether a file is this user's and no one else may read or write it:
/// what aide makes of every file it writes (`atomic::owner_only`), and
/// what a file arriving any other way (a git checkout, another account)
/// is not. Without Unix modes, every file is taken as ours.
#[cfg(unix)]
pub(in crate::store) fn owner_only_and_ours(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.uid() == nix::unistd::geteuid().as_raw() && meta.mode() & 0o077 == 0
}

#[cfg(not(unix))]
pub(in crate::store) fn owner_only_and_ours(_meta: &std::fs::Metadata) -> bool {
    true
}
