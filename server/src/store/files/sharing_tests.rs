use super::*;

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Dotfiles: the settings are a link into a repository of them; the file
/// it points at gets the text, and the link stays a link.
#[cfg(unix)]
#[test]
fn a_linked_file_is_written_where_its_links_point_and_the_links_stay() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let dotfiles = dir.path().join("dotfiles");
    fs::create_dir(&dotfiles).unwrap();
    fs::write(dotfiles.join("claude.json"), "{}").unwrap();
    // home/.claude.json -> link2 -> ../dotfiles/claude.json (relative)
    let home = dir.path().join("home");
    fs::create_dir(&home).unwrap();
    symlink("../dotfiles/claude.json", home.join("link2")).unwrap();
    symlink(home.join("link2"), home.join(".claude.json")).unwrap();
    let written = replace_file(&home.join(".claude.json"), b"new", Sharing::AsItWas).unwrap();
    assert_eq!(written, home.join("../dotfiles/claude.json"));
    assert_eq!(fs::read(dotfiles.join("claude.json")).unwrap(), b"new");
    assert!(
        fs::symlink_metadata(home.join(".claude.json"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::symlink_metadata(home.join("link2"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(home.join(".claude.json")).unwrap(), b"new");
    // A link to a file not made yet: the file is made where it points,
    // with its folders.
    symlink(dotfiles.join("goose/config.yaml"), home.join("goose.yaml")).unwrap();
    replace_file(&home.join("goose.yaml"), b"g", Sharing::AsItWas).unwrap();
    assert_eq!(fs::read(dotfiles.join("goose/config.yaml")).unwrap(), b"g");
    // A loop of links is refused, and nothing is written.
    symlink(home.join("b"), home.join("a")).unwrap();
    symlink(home.join("a"), home.join("b")).unwrap();
    assert!(replace_file(&home.join("a"), b"x", Sharing::AsItWas).is_err());
}

#[cfg(unix)]
#[test]
fn a_file_keeps_its_mode_and_a_new_one_is_the_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("settings.json");
    fs::write(&kept, "{}").unwrap();
    fs::set_permissions(&kept, fs::Permissions::from_mode(0o640)).unwrap();
    replace_file(&kept, b"{\"a\":1}", Sharing::AsItWas).unwrap();
    assert_eq!(mode(&kept), 0o640);
    let new = dir.path().join("new/deeper/config.toml");
    replace_file(&new, b"x", Sharing::AsItWas).unwrap();
    assert_eq!(mode(&new), 0o600);
    let adr = dir.path().join("0001-a.md");
    replace_file(&adr, b"# a", Sharing::Readable).unwrap();
    assert_eq!(mode(&adr), 0o644);
}

/// Root setting up a person's client with her HOME: her file stays hers,
/// and a new file and folder are hers too. Needs root (and a second
/// account's ids, which need no account to exist).
#[cfg(unix)]
#[test]
fn root_writing_a_persons_file_leaves_it_hers() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, chown};
    let dir = tempfile::tempdir().unwrap();
    let probe = dir.path().join("probe");
    fs::write(&probe, "").unwrap();
    if chown(&probe, Some(65534), Some(65534)).is_err() {
        assert!(
            std::env::var_os("CI").is_none_or(|ci| ci != "true"),
            "this test needs root under CI"
        );
        eprintln!("skipped: root_writing_a_persons_file_leaves_it_hers needs root");
        return;
    }
    let home = dir.path().join("home");
    fs::create_dir(&home).unwrap();
    chown(&home, Some(65534), Some(65534)).unwrap();
    let file = home.join(".claude.json");
    fs::write(&file, "{}").unwrap();
    chown(&file, Some(65534), Some(65534)).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).unwrap();
    replace_file(&file, b"{\"mcpServers\":{}}", Sharing::AsItWas).unwrap();
    let meta = fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid(), mode(&file)), (65534, 65534, 0o600));
    assert_eq!(fs::read(&file).unwrap(), b"{\"mcpServers\":{}}");
    let new = home.join(".codex/config.toml");
    replace_file(&new, b"x", Sharing::AsItWas).unwrap();
    for made in [home.join(".codex"), new] {
        let meta = fs::metadata(&made).unwrap();
        assert_eq!(
            (meta.uid(), meta.gid()),
            (65534, 65534),
            "{}",
            made.display()
        );
    }
}

/// A writer killed mid-write left its temp file (a copy of the settings,
/// other servers' tokens in it): the next write of that file sweeps it, and
/// nothing else of the folder, which may be a person's home.
#[test]
fn the_orphans_of_that_file_are_swept_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(".claude.json");
    for name in [
        "..claude.json.a1B2c3.tmp",
        "..claude.json.tmp",
        ".claude.json.tmp.4242.1700000000",
        ".other.json.Zz9yX8.tmp",
        ".x.tmp",
    ] {
        fs::write(dir.path().join(name), "old").unwrap();
    }
    // A live writer's temp file of the same file: locked, so kept.
    let live = dir.path().join("..claude.json.Live01.tmp");
    fs::write(&live, "").unwrap();
    let held = File::open(&live).unwrap();
    held.lock().unwrap();
    replace_file(&file, b"{}", Sharing::AsItWas).unwrap();
    assert_eq!(
        names(dir.path()),
        [
            "..claude.json.Live01.tmp",
            "..claude.json.tmp",
            ".claude.json",
            ".claude.json.tmp.4242.1700000000",
            ".other.json.Zz9yX8.tmp",
            ".x.tmp",
        ]
    );
    drop(held);
}
