//! Files outside
//! `.aide/` that belong to other programs or to the repository: a client's
//! settings (`aide setup`) and the ADR export. They go through the same
//! atomic writer as the store's own files; what differs is found here:
//! a symlinked file (dotfiles) is written where its link points, the link
//! kept; the file keeps its owner and mode; a new file and its new folders
//! belong to whoever owns the folder they are made in; and the orphaned
//! temp files of that one file are swept first.

use super::atomic::{sweep_temp_files_of, write_file};
use super::owner::{Owner, Sharing};
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

/// How many links are followed before giving up (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Writes `bytes` as the file `path` names, atomically, as `sharing`
/// says; `path` may be a link (to a link…) to it, or not be there yet.
/// Returns the path of the file written.
pub fn replace_file(path: &Path, bytes: &[u8], sharing: Sharing) -> io::Result<PathBuf> {
    let real = resolve_links(path)?;
    let dir = real
        .parent()
        .ok_or_else(|| io::Error::other("the file has no folder"))?;
    create_dirs_as_parent(dir)?;
    sweep_temp_files_of(&real);
    write_file(&real, bytes, sharing)?;
    Ok(real)
}

/// The file `path` names once every link to it is followed (the last
/// link's target when that is not there yet: it is what will be made).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            Ok(_) => return Ok(at),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(at),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} links lead from {}",
        path.display()
    )))
}

/// Creates `dir` and its missing parents, each owned as the nearest folder
/// that was there (root setting up a person's client makes her folders).
fn create_dirs_as_parent(dir: &Path) -> io::Result<()> {
    let mut missing = Vec::new();
    let mut at = dir;
    while !at.exists() {
        missing.push(at.to_path_buf());
        match at.parent() {
            Some(parent) => at = parent,
            None => break,
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    let owner = Owner::of(at).ok();
    for new in missing.iter().rev() {
        match fs::create_dir(new) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        if let Some(owner) = owner {
            owner.offer(&File::open(new)?)?;
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "sharing_tests.rs"]
mod tests;
