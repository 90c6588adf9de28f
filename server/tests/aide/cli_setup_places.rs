//! `aide setup` and where things are (issue 60): a copy of aide in a
//! runner's cache registers the runner's command, not its own path, which
//! the runner may empty; a linked settings file gets aide where the link
//! points; root leaves a person's file hers; `--list` outside a project
//! says why the project's clients have no file; what the person must know
//! of the client (Gemini's trusted folders) is said.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::TestProject;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `BIN setup ARGS` in `dir` with `home` as the home folder: exit code,
/// stdout, stderr.
fn setup_with(bin: &Path, dir: &Path, home: &Path, args: &[&str]) -> (i32, String, String) {
    let run = || {
        Command::new(bin)
            .current_dir(dir)
            .env("AIDE_LANG", "en")
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env_remove("CODEX_HOME")
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .arg("setup")
            .args(args)
            .output()
    };
    let output = crate::support::run_written(run);
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn setup(dir: &Path, home: &Path, args: &[&str]) -> (i32, String, String) {
    setup_with(&crate::support::aide_bin(), dir, home, args)
}

/// A copy of this aide at `relative` under `root`.
fn copy_of_aide(root: &Path, relative: &str) -> PathBuf {
    let to = root.join(relative);
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    fs::copy(crate::support::aide_bin(), &to).unwrap();
    to
}

fn cache_tag(dir: &Path) {
    fs::create_dir_all(dir).unwrap();
    fs::write(
        dir.join("CACHEDIR.TAG"),
        "Signature: 8a477f597d28d172789f06886806bc55\n",
    )
    .unwrap();
}

fn claude_entry(home: &Path) -> serde_json::Value {
    let text = fs::read_to_string(home.join(".claude.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["mcpServers"]["aide"].clone()
}

/// After `uv cache clean` Claude Code showed ENOENT: the path it was given
/// was the copy in uv's cache. Laid out as uvx and npx leave it.
#[test]
fn a_copy_in_a_runners_cache_registers_the_runners_command() {
    let root = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let uv = root.path().join("uv-cache");
    cache_tag(&uv);
    fs::create_dir_all(uv.join("archive-v0/AbC")).unwrap();
    fs::write(uv.join("archive-v0/AbC/pyvenv.cfg"), "uv = 0.13.9\n").unwrap();
    let uvx = copy_of_aide(root.path(), "uv-cache/archive-v0/AbC/bin/aide");
    let npx = copy_of_aide(
        root.path(),
        "npm/_npx/f7da/node_modules/aide-decide-linux-x64-gnu/bin/aide",
    );
    let version = env!("CARGO_PKG_VERSION");
    for (bin, command, args, runner) in [
        (&uvx, "uvx", vec!["aide-decide", "mcp"], "uvx"),
        (
            &npx,
            "npx",
            vec!["-y", &format!("aide-decide@{version}"), "mcp"],
            "npx",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let (code, _, stderr) = setup_with(bin, elsewhere.path(), home.path(), &["claude-code"]);
        assert_eq!(code, 0, "{stderr}");
        let entry = claude_entry(home.path());
        assert_eq!(entry["command"], command, "{entry}");
        assert_eq!(entry["args"], serde_json::json!(args), "{entry}");
        let said = format!(
            "→ aide runs from {runner}'s cache, which can be emptied (uv cache clean): the client starts it with {command} {}",
            args.join(" ")
        );
        assert!(stderr.contains(&said), "{stderr}");
    }
    // The same binary anywhere else is registered by its path.
    let home = tempfile::tempdir().unwrap();
    let plain = copy_of_aide(root.path(), "opt/aide/bin/aide");
    let (code, _, stderr) = setup_with(&plain, elsewhere.path(), home.path(), &["claude-code"]);
    assert_eq!(code, 0, "{stderr}");
    let plain = fs::canonicalize(plain).unwrap();
    assert_eq!(
        claude_entry(home.path())["command"],
        plain.display().to_string()
    );
    assert!(!stderr.contains("cache"), "{stderr}");
}

/// Dotfiles: `~/.claude.json` is a link into the person's repository of
/// them; the file it points at gets aide, and the link stays.
#[cfg(unix)]
#[test]
fn a_linked_settings_file_gets_aide_where_it_points() {
    let home = tempfile::tempdir().unwrap();
    let dotfiles = home.path().join("dotfiles");
    fs::create_dir(&dotfiles).unwrap();
    fs::write(dotfiles.join("claude.json"), "{\"theme\": \"dark\"}\n").unwrap();
    std::os::unix::fs::symlink("dotfiles/claude.json", home.path().join(".claude.json")).unwrap();
    let (code, _, stderr) = setup(home.path(), home.path(), &["claude-code"]);
    assert_eq!(code, 0, "{stderr}");
    let link = fs::symlink_metadata(home.path().join(".claude.json")).unwrap();
    assert!(link.file_type().is_symlink());
    let text = fs::read_to_string(dotfiles.join("claude.json")).unwrap();
    assert!(text.contains("\"theme\": \"dark\""), "{text}");
    assert!(text.contains("\"aide\""), "{text}");
}

/// Root with a person's HOME (`sudo aide setup`): her file stays hers and
/// readable to her; a new folder and file are hers too.
#[cfg(unix)]
#[test]
fn root_setting_up_a_persons_client_leaves_her_files_hers() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, chown};
    let home = tempfile::tempdir().unwrap();
    if chown(home.path(), Some(65534), Some(65534)).is_err() {
        assert!(
            std::env::var_os("CI").is_none_or(|ci| ci != "true"),
            "this test needs root under CI"
        );
        eprintln!("skipped: root_setting_up_a_persons_client_leaves_her_files_hers needs root");
        return;
    }
    let file = home.path().join(".claude.json");
    fs::write(&file, "{}\n").unwrap();
    chown(&file, Some(65534), Some(65534)).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).unwrap();
    for client in ["claude-code", "codex"] {
        let (code, _, stderr) = setup(home.path(), home.path(), &[client]);
        assert_eq!(code, 0, "{stderr}");
    }
    let codex = home.path().join(".codex/config.toml");
    for path in [&file, &codex, &home.path().join(".codex")] {
        let meta = fs::metadata(path).unwrap();
        assert_eq!(
            (meta.uid(), meta.gid()),
            (65534, 65534),
            "{}",
            path.display()
        );
    }
    assert_eq!(
        fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert!(fs::read_to_string(&file).unwrap().contains("\"aide\""));
}

/// Outside a project the project's clients have no file: `--list` says so
/// and how to make one, instead of leaving their lines out.
#[test]
fn list_outside_a_project_says_why_the_projects_clients_have_no_file() {
    let home = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = setup(elsewhere.path(), home.path(), &["--list"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 9, "{stdout}");
    for (client, file) in [
        ("cursor", ".cursor/mcp.json"),
        ("vscode", ".vscode/mcp.json"),
        ("gemini", ".gemini/settings.json"),
    ] {
        let line = format!(
            "{client:<15} {file} of a project: no project here (run aide init in the project's root first)"
        );
        assert!(stdout.lines().any(|l| l == line), "{line}\n{stdout}");
    }
}

/// A project's file names aide, and says why; Gemini's output says that
/// it lists aide as Disabled until the folder is trusted.
#[test]
fn a_projects_file_names_aide_and_gemini_is_told_to_trust_the_folder() {
    let project = TestProject::new();
    let home = tempfile::tempdir().unwrap();
    let (code, _, stderr) = setup(project.path(), home.path(), &["gemini"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(
            "→ .gemini/settings.json is the project's, committed and read on other machines: it starts aide by its name on the PATH"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "→ gemini starts MCP servers only in folders it trusts: until you trust this one (gemini asks when it starts here), gemini mcp list shows aide as Disabled"
        ),
        "{stderr}"
    );
    let settings = fs::read_to_string(project.path().join(".gemini/settings.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&settings).unwrap();
    assert_eq!(
        value["mcpServers"]["aide"],
        serde_json::json!({"command": "aide", "args": ["mcp"], "timeout": 660_000})
    );
}
