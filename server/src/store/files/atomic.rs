//! Atomic file replacement: readers see the old file or the new one, never
//! a torn one, even if the process dies half-way.
//!
//! A writer killed mid-write leaves its temp file behind. Which files a
//! sweep may remove cannot be told by folder locks: the store lock covers
//! `.aide/decisions/` but the server notices in `servers/` are written
//! under their servers' locks, flow's files in `.aide/` under the flow
//! lock, and the config, `.gitignore` and the asset cache under none. So every writer holds an
//! advisory lock on its own temp file for as long as the file has that
//! name, and the sweep removes only temp files nobody holds: the kernel
//! drops the lock when the writer dies, whatever lock it held or did not.

use super::owner::Sharing;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

/// How every temp file's name ends (`.{name}.{random}.tmp`).
const TEMP_SUFFIX: &str = ".tmp";
/// Attempts at a write whose temp file a sweep removed before the writer
/// locked it (the moment between creating the file and locking it). Each
/// attempt that is hit costs one create; once locked and found still in
/// place, the file is safe from every sweep.
const ATTEMPTS: usize = 100;

/// Writes `bytes` to `path` via a temp file in the same folder, fsync,
/// rename, and fsync of the folder. The temp file is removed on error.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file(path, bytes, Sharing::OwnerOnly)
}

/// [`write_atomic`], the file left as `sharing` says: the one atomic
/// writer of the program.
pub fn write_file(path: &Path, bytes: &[u8], sharing: Sharing) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other("path has no parent folder"))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let mut attempt = 1;
    loop {
        match write_and_rename(dir, name, path, bytes, sharing) {
            // The temp file vanished before its rename: a sweep took it
            // for an orphan in the moment before this writer locked it.
            Err(e) if e.kind() == io::ErrorKind::NotFound && attempt < ATTEMPTS => attempt += 1,
            written => break written?,
        }
    }
    sync_dir(dir)
}

fn write_and_rename(
    dir: &Path,
    name: &str,
    path: &Path,
    bytes: &[u8],
    sharing: Sharing,
) -> io::Result<()> {
    let prefix = temp_prefix(name);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600));
    // The name is random and created exclusively (retried on a clash), so
    // a leftover of another writer never makes this one fail.
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.as_file().lock()?;
    // A sweep may have taken the file in the moment before the lock: it
    // must still be the file at its name, or this attempt starts again.
    if !still_named(tmp.as_file(), tmp.path())? {
        return Err(io::ErrorKind::NotFound.into());
    }
    // Before the bytes: the temp file holds them only once it stands as
    // the file will.
    super::owner::fit(tmp.as_file(), path, sharing)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // The lock goes with the file, after the rename; a failed rename
    // removes the temp file.
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// How the temp files of the file `name` begin (`.{name}.`).
fn temp_prefix(name: &str) -> String {
    format!(".{name}.")
}

/// Whether `path` still names the open `file` (no sweep removed it).
pub(in crate::store) fn still_named(file: &File, path: &Path) -> io::Result<bool> {
    let named = match fs::symlink_metadata(path) {
        Ok(named) => named,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let open = file.metadata()?;
        Ok(named.dev() == open.dev() && named.ino() == open.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, named);
        Ok(true)
    }
}

/// Removes the temp files in `dir` whose writers are gone (no process
/// holds their lock), whichever aide wrote them and however long ago;
/// a live writer's file is left alone. Best effort: what cannot be read
/// or removed stays for the next sweep.
pub(in crate::store) fn sweep_temp_files(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        // Only regular files: opening a FIFO would block, and a symlink
        // is not aide's.
        let is_temp = name.starts_with('.')
            && name.ends_with(TEMP_SUFFIX)
            && entry.file_type().is_ok_and(|t| t.is_file());
        if is_temp {
            remove_if_orphaned(&entry.path());
        }
    }
}

/// Removes the orphaned temp files of the one file `path` (its writers
/// gone), leaving every other file of its folder alone: the folder may be
/// a person's home, where other programs keep temp files of their own.
pub(in crate::store) fn sweep_temp_files_of(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else {
        return;
    };
    let prefix = temp_prefix(name);
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        // The random part tempfile puts between them: letters and digits.
        let ours = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(TEMP_SUFFIX))
            .is_some_and(|random| {
                !random.is_empty() && random.chars().all(|c| c.is_ascii_alphanumeric())
            });
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            remove_if_orphaned(&entry.path());
        }
    }
}

/// Removes the temp file at `path` if no process holds its lock: taking
/// the lock proves its writer is dead. The lock is held until the file
/// is gone.
fn remove_if_orphaned(path: &Path) {
    let Ok((file, _)) = super::read::open_regular(path, super::read::Links::Refuse) else {
        return;
    };
    if file.try_lock().is_ok() {
        let _ = fs::remove_file(path);
    }
}

/// Options that create files only their owner may read or write (mode
/// 0600 where the OS has modes): records hold the person's answers,
/// the server notices the session key. Every file aide creates under `.aide/`
/// is opened through this.
pub fn owner_only() -> OpenOptions {
    #[cfg_attr(not(unix), allow(unused_mut, reason = "modes are Unix's"))]
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
}

/// `path` opened to append to (created owner-only if missing), once it is
/// known to be a regular file: a FIFO named like the ledger or the
/// projects' list would hold the `open(2)` until a reader came, so the
/// open never waits and anything but a regular file fails with
/// [`NotRegular`](super::read::NotRegular).
pub fn open_append(path: &Path) -> io::Result<File> {
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, super::read::NotRegular);
    let mut options = owner_only();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use nix::fcntl::OFlag;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((OFlag::O_NONBLOCK | OFlag::O_NOCTTY).bits());
    }
    let file = match options.open(path) {
        Ok(file) => file,
        // A FIFO no one reads, a socket or a device with no driver.
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(nix::libc::ENXIO) => return Err(not_regular()),
        Err(e) => return Err(e),
    };
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// Creates `dir` and its parents, owner-only (0700 where the OS has
/// modes), like every file in it.
pub(in crate::store) fn create_owner_only_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Makes a rename or new entry in `dir` durable.
pub(in crate::store) fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Serialises `value` as UTF-8 JSON, 2-space indented, ending in `\n`.
pub fn to_pretty_json<T: serde::Serialize>(value: &T) -> io::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Serialises `value` as one line of compact JSON ending in `\n`.
pub fn to_compact_line<T: serde::Serialize>(value: &T) -> io::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec(value).map_err(io::Error::other)?;
    bytes.push(b'\n');
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"old").unwrap();
        // A folder in the way of the rename makes the write fail.
        let blocked = dir.path().join("sub");
        fs::create_dir_all(blocked.join("x")).unwrap();
        assert!(write_atomic(&blocked, b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        let temps = fs::read_dir(dir.path()).unwrap().filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        });
        assert_eq!(temps.count(), 0);
    }

    #[cfg(unix)]
    #[test]
    fn files_are_readable_by_the_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        write_atomic(&path, b"{}").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn leftovers_named_as_this_process_once_named_its_temp_files_never_fail_a_save() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pending.json");
        // The old scheme, `.NAME.PID.N.tmp`: a killed writer whose pid this
        // process now has left the names it would have used.
        let pid = std::process::id();
        for n in 0..16 {
            fs::write(dir.path().join(format!(".pending.json.{pid}.{n}.tmp")), "x").unwrap();
        }
        for n in 0..16 {
            write_atomic(&path, format!("{n}").as_bytes()).unwrap();
        }
        assert_eq!(fs::read(&path).unwrap(), b"15");
        sweep_temp_files(dir.path());
        assert_eq!(names(dir.path()), ["pending.json"]);
    }

    #[test]
    fn the_sweep_removes_orphans_and_leaves_live_writers_and_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str| {
            let path = dir.path().join(name);
            fs::write(&path, "x").unwrap();
            File::open(path).unwrap()
        };
        file(".pending.json.a1B2c3.tmp");
        file(".record.json.4242.0.tmp");
        let live = file(".draft.json.Zz9yX8.tmp");
        live.lock().unwrap();
        file("pending.json");
        file("notes.tmp");
        #[cfg(unix)]
        {
            let fifo = dir.path().join(".fifo.json.abc.tmp");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.unwrap().success());
            std::os::unix::fs::symlink("/etc/hostname", dir.path().join(".link.tmp")).unwrap();
        }
        sweep_temp_files(dir.path());
        let mut kept = vec![".draft.json.Zz9yX8.tmp", "notes.tmp", "pending.json"];
        #[cfg(unix)]
        kept.extend([".fifo.json.abc.tmp", ".link.tmp"]);
        kept.sort();
        assert_eq!(names(dir.path()), kept);
        // Its writer gone, the live one's file is an orphan too. A child
        // that another test forked meanwhile shares the open file, and its
        // lock, until it runs its program (which closes it): look again
        // for a while.
        drop(live);
        let orphan = ".draft.json.Zz9yX8.tmp".to_owned();
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            sweep_temp_files(dir.path());
            if !names(dir.path()).contains(&orphan) || std::time::Instant::now() > until {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(!names(dir.path()).contains(&orphan));
    }

    #[test]
    fn sweeps_during_writes_never_fail_a_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        let done = std::sync::atomic::AtomicBool::new(false);
        let written: Vec<io::Result<()>> = std::thread::scope(|scope| {
            scope.spawn(|| {
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    sweep_temp_files(dir.path());
                }
            });
            // Collected, not unwrapped here: a failed write must fail the
            // test, not leave the sweeping thread spinning for ever.
            let written = (0..300)
                .map(|n| write_atomic(&path, format!("{n}").as_bytes()))
                .collect();
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            written
        });
        for (n, result) in written.iter().enumerate() {
            assert!(result.is_ok(), "write {n}: {result:?}");
        }
        assert_eq!(fs::read(&path).unwrap(), b"299");
        assert_eq!(names(dir.path()), ["a.json"]);
    }

    #[test]
    fn json_is_two_space_indented_with_a_final_newline() {
        let bytes = to_pretty_json(&serde_json::json!({ "a": [1] })).unwrap();
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "{\n  \"a\": [\n    1\n  ]\n}\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_append_to_a_fifo_is_refused_at_once_and_a_file_is_appended_to() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("ledger.jsonl");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let error = open_append(&fifo).unwrap_err();
        assert!(super::super::read::NotRegular::is(&error), "{error:?}");
        let file = dir.path().join("projects.jsonl");
        open_append(&file).unwrap().write_all(b"a\n").unwrap();
        open_append(&file).unwrap().write_all(b"b\n").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"a\nb\n");
    }
}
