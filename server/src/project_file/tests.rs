use super::lines::{End, MAX_READ, reach, scan};
use super::*;
use std::fs;
use std::time::{Duration, Instant};

/// A project with a file, `.aide/` and `.git/`, and a secret beside it.
fn project() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("project");
    fs::create_dir_all(root.join("src")).unwrap();
    fs::create_dir_all(root.join(".aide")).unwrap();
    fs::create_dir_all(root.join(".git")).unwrap();
    fs::create_dir_all(root.join("vendor/lib/.git")).unwrap();
    fs::write(root.join("src/lib.rs"), "1\n2\n3\n").unwrap();
    fs::write(root.join(".aide/config.toml"), "key = \"k\"\n").unwrap();
    fs::write(root.join(".git/config"), "[core]\n").unwrap();
    fs::write(root.join("vendor/lib/.git/config"), "[core]\n").unwrap();
    fs::create_dir_all(root.join(".Git")).unwrap();
    fs::write(root.join(".Git/HEAD"), "ref\n").unwrap();
    fs::write(dir.path().join("secret.txt"), "outside\n").unwrap();
    (dir, root)
}

fn refusal(root: &Path, relative: &str) -> Option<LocationRefusal> {
    open(root, Path::new(relative)).err()
}

#[test]
fn a_regular_file_inside_is_opened() {
    let (_dir, root) = project();
    let file = open(&root, Path::new("./src/../src/lib.rs")).unwrap();
    assert_eq!(file.len, 6);
    assert_eq!(
        refusal(&root, "src/missing.rs"),
        Some(LocationRefusal::NotFound)
    );
}

#[test]
fn paths_that_leave_the_project_or_enter_aide_or_git_are_refused() {
    let (dir, root) = project();
    let secret = dir.path().join("secret.txt");
    for (path, why) in [
        (secret.to_str().unwrap(), LocationRefusal::Absolute),
        ("/etc/passwd", LocationRefusal::Absolute),
        ("../secret.txt", LocationRefusal::Outside),
        ("../../x", LocationRefusal::Outside),
        ("src/../../secret.txt", LocationRefusal::Outside),
        (".aide/config.toml", LocationRefusal::Private),
        (".Git/HEAD", LocationRefusal::Private),
        ("src/../.aide/config.toml", LocationRefusal::Private),
        (".git/config", LocationRefusal::Private),
        ("vendor/lib/.git/config", LocationRefusal::Private),
    ] {
        assert_eq!(refusal(&root, path), Some(why), "{path}");
    }
}

#[cfg(unix)]
#[test]
fn symlinks_must_land_inside_and_not_in_aide() {
    let (dir, root) = project();
    let link = |target: &Path, name: &str| std::os::unix::fs::symlink(target, root.join(name));
    link(&dir.path().join("secret.txt"), "src/out.txt").unwrap();
    link(dir.path(), "up").unwrap();
    link(Path::new("/nonexistent/x"), "dangling").unwrap();
    link(&root.join(".aide/config.toml"), "key.toml").unwrap();
    link(Path::new("lib.rs"), "src/same.rs").unwrap();
    assert_eq!(
        refusal(&root, "src/out.txt"),
        Some(LocationRefusal::Outside)
    );
    assert_eq!(
        refusal(&root, "up/secret.txt"),
        Some(LocationRefusal::Outside)
    );
    assert_eq!(refusal(&root, "dangling"), Some(LocationRefusal::Outside));
    assert_eq!(refusal(&root, "key.toml"), Some(LocationRefusal::Private));
    assert_eq!(refusal(&root, "src/same.rs"), None);
}

#[cfg(unix)]
#[test]
fn a_fifo_a_socket_or_a_folder_is_not_opened_and_nothing_waits() {
    let (_dir, root) = project();
    nix::unistd::mkfifo(&root.join("fifo"), nix::sys::stat::Mode::S_IRWXU).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(root.join("socket")).unwrap();
    let started = Instant::now();
    assert_eq!(refusal(&root, "fifo"), Some(LocationRefusal::NotRegular));
    assert_eq!(refusal(&root, "socket"), Some(LocationRefusal::NotRegular));
    assert_eq!(refusal(&root, "src"), Some(LocationRefusal::NotRegular));
    // A FIFO swapped in after the look: the open itself returns at once
    // and the opened file is not taken for a regular one.
    let opened = crate::store::open_regular(&root.join("fifo"), crate::store::Links::Refuse);
    assert!(crate::store::NotRegular::is(&opened.unwrap_err()));
    assert!(started.elapsed() < Duration::from_secs(5));
    if Path::new("/dev/zero").exists() {
        std::os::unix::fs::symlink("/dev/zero", root.join("zero")).unwrap();
        assert_eq!(refusal(&root, "zero"), Some(LocationRefusal::Outside));
    }
}

#[test]
fn a_huge_sparse_file_is_read_only_as_far_as_needed() {
    let (_dir, root) = project();
    let file = fs::File::create(root.join("huge.bin")).unwrap();
    // 5 GiB of holes: no newline anywhere, so only MAX_READ is looked at.
    file.set_len(5 * 1024 * 1024 * 1024).unwrap();
    drop(file);
    let started = Instant::now();
    let opened = open(&root, Path::new("huge.bin")).unwrap();
    assert_eq!(scan(opened, 1..=1, 1).end, End::Cut);
    let opened = open(&root, Path::new("huge.bin")).unwrap();
    assert!(opened.len > MAX_READ);
    assert_eq!(reach(opened, u32::MAX), End::Cut);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}
