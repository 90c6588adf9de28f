//! The one reader of the files an item's `location` names: the page's
//! snippet and `submit --check` both read through it; an option's
//! `diff_file` and `image` are read through it too (`attached`).
//!
//! Input may come from a prompt-injected agent, so the path is distrusted:
//! absolute paths are refused, `..` may not climb out of the project,
//! symlinks are followed and must land inside it, and `.aide/` (which holds
//! the page key) and `.git/` are never read. Only regular files are read,
//! opened as the store opens every file it reads (a FIFO would block until
//! a writer comes). Reading is bounded by [`lines::scan`].

pub mod attached;
pub mod lines;

use crate::store::{Links, NotRegular, open_regular};
use std::fs::File;
use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};

/// Why a location's file is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocationRefusal {
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
}

/// A regular file inside the project, opened for reading.
#[derive(Debug)]
pub struct ProjectFile {
    file: File,
    /// Its size when it was opened.
    len: u64,
}

/// Folders inside the project that are never read, in any letter case
/// (case-insensitive file systems open `.AIDE/config.toml` too).
const PRIVATE: [&str; 2] = [crate::store::AIDE_DIR, ".git"];

/// Opens `relative` in the project at `root`, or says why not.
pub fn open(root: &Path, relative: &Path) -> Result<ProjectFile, LocationRefusal> {
    if relative.has_root()
        || relative
            .components()
            .any(|c| matches!(c, Component::Prefix(_)))
    {
        return Err(LocationRefusal::Absolute);
    }
    if climbs_out(relative) {
        return Err(LocationRefusal::Outside);
    }
    let root = root
        .canonicalize()
        .map_err(|_| LocationRefusal::Unreadable)?;
    // canonicalize only looks (stat, readlink): it never opens the file.
    let real = match root.join(relative).canonicalize() {
        Ok(real) => real,
        Err(e) if e.kind() == ErrorKind::NotFound => return Err(not_found(&root, relative)),
        Err(_) => return Err(LocationRefusal::Unreadable),
    };
    let Ok(inside) = real.strip_prefix(&root) else {
        return Err(LocationRefusal::Outside);
    };
    if inside.components().any(is_private) {
        return Err(LocationRefusal::Private);
    }
    // Something may be swapped in between the look and the open: the
    // store's one open for reading does not block, follows no symlink, and
    // looks at the opened file.
    let (file, opened) = open_regular(&real, Links::Refuse).map_err(|e| {
        if NotRegular::is(&e) {
            LocationRefusal::NotRegular
        } else {
            LocationRefusal::Unreadable
        }
    })?;
    Ok(ProjectFile {
        file,
        len: opened.len(),
    })
}

fn is_private(component: Component) -> bool {
    match component {
        Component::Normal(name) => name
            .to_str()
            .is_some_and(|name| PRIVATE.iter().any(|p| p.eq_ignore_ascii_case(name))),
        _ => false,
    }
}

/// Whether `..` components take the path above where it starts.
fn climbs_out(path: &Path) -> bool {
    let mut depth: i32 = 0;
    for component in path.components() {
        match component {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// A missing file; a dangling symlink that points outside still says so.
fn not_found(root: &Path, relative: &Path) -> LocationRefusal {
    let link = root.join(relative);
    match std::fs::read_link(&link) {
        Ok(target) => {
            let target: PathBuf = link.parent().unwrap_or(root).join(target);
            if target.starts_with(root) && !climbs_out(target.strip_prefix(root).unwrap_or(&target))
            {
                LocationRefusal::NotFound
            } else {
                LocationRefusal::Outside
            }
        }
        Err(_) => LocationRefusal::NotFound,
    }
}

#[cfg(test)]
mod tests;
