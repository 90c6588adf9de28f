//! `aide setup CLIENT` (issue 38, 7; issue 60): each client's settings get
//! `aide mcp` once, with the absolute path of this aide in a user's file,
//! by name in a project's, and a runner's command when aide runs from its
//! cache; everything else in the file stays, comments included; `--print`
//! writes nothing; a file that cannot be read is refused with its line and
//! left as it was; `--list` says where aide is registered, and why a
//! project's client is not listed with a file.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::TestProject;
use std::fs;
use std::path::{Path, PathBuf};

/// `aide setup ARGS` in `project` with `home` as the home folder: exit
/// code, stdout, stderr.
fn setup(project: &Path, home: &Path, args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(crate::support::aide_bin())
        .current_dir(project)
        .env("AIDE_LANG", "en")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env_remove("CODEX_HOME")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .arg("setup")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn exe() -> String {
    fs::canonicalize(crate::support::aide_bin())
        .unwrap()
        .display()
        .to_string()
}

/// Each client and the file it reads.
fn files(project: &Path, home: &Path) -> Vec<(&'static str, PathBuf)> {
    vec![
        ("claude-code", home.join(".claude.json")),
        (
            "claude-desktop",
            home.join(".config/Claude/claude_desktop_config.json"),
        ),
        ("codex", home.join(".codex/config.toml")),
        ("cursor", project.join(".cursor/mcp.json")),
        ("vscode", project.join(".vscode/mcp.json")),
        ("gemini", project.join(".gemini/settings.json")),
        ("goose", home.join(".config/goose/config.yaml")),
        ("qwen", home.join(".qwen/settings.json")),
        ("opencode", home.join(".config/opencode/opencode.json")),
    ]
}

/// The command a client's file is to hold: the project's files are read
/// on other machines, so they name aide, not this machine's path.
fn command_for(client: &str) -> String {
    match client {
        "cursor" | "vscode" | "gemini" => "aide".to_owned(),
        _ => exe(),
    }
}

#[test]
fn every_client_gets_this_aide_by_its_absolute_path_once() {
    let project = TestProject::new();
    let home = tempfile::tempdir().unwrap();
    let (root, home) = (project.path(), home.path());
    for (client, file) in files(root, home) {
        let (code, stdout, stderr) = setup(root, home, &[client]);
        assert_eq!((code, stdout.as_str()), (0, ""), "{client}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "✓ Registered aide with {client} in {}:\n",
                file.display()
            )),
            "{client}: {stderr}"
        );
        let text = fs::read_to_string(&file).unwrap();
        assert!(text.contains(&command_for(client)), "{client}: {text}");
        assert_eq!(
            text.contains(&exe()),
            command_for(client) == exe(),
            "{client}: {text}"
        );
        assert!(text.contains("mcp"), "{client}: {text}");
        // Again: nothing to do, the file as it was.
        let (code, _, stderr) = setup(root, home, &[client]);
        assert_eq!(code, 0);
        assert!(
            stderr.starts_with(&format!(
                "→ aide is registered with {client} in {} already: nothing changed\n",
                file.display()
            )),
            "{stderr}"
        );
        assert_eq!(fs::read_to_string(&file).unwrap(), text);
    }
    // Claude Desktop starts servers outside the project: it is named.
    let desktop =
        fs::read_to_string(home.join(".config/Claude/claude_desktop_config.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&desktop).unwrap();
    assert_eq!(
        value["mcpServers"]["aide"]["args"],
        serde_json::json!(["mcp", "--project", root.display().to_string()])
    );
    // Each format as its client reads it.
    let vscode: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.join(".vscode/mcp.json")).unwrap()).unwrap();
    assert_eq!(
        vscode["servers"]["aide"],
        serde_json::json!({"type": "stdio", "command": "aide", "args": ["mcp"]})
    );
    let codex = fs::read_to_string(home.join(".codex/config.toml")).unwrap();
    assert!(
        codex.contains("[mcp_servers.aide]\n") && codex.contains("tool_timeout_sec = 660\n"),
        "{codex}"
    );

    // --list says where.
    let (code, stdout, _) = setup(root, home, &["--list"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 9, "{stdout}");
    for (client, file) in files(root, home) {
        let line = format!(
            "{client:<15} {}: {} mcp",
            file.display(),
            command_for(client)
        );
        assert!(stdout.contains(&line), "{client}: {stdout}");
    }
}

#[test]
fn everything_else_in_a_file_stays_and_print_writes_nothing() {
    let project = TestProject::new();
    let home = tempfile::tempdir().unwrap();
    let (root, home) = (project.path(), home.path());
    let kept = [
        (
            "vscode",
            root.join(".vscode/mcp.json"),
            "{\n  // the team's servers\n  \"servers\": {\n    \"db\": { \"type\": \"stdio\", \"command\": \"db-mcp\" } // ours\n  }\n}\n",
        ),
        (
            "codex",
            home.join(".codex/config.toml"),
            "# mine\nmodel = \"o3\"\n\n[mcp_servers.db]\ncommand = \"db-mcp\" # ours\n",
        ),
        (
            "goose",
            home.join(".config/goose/config.yaml"),
            "# mine\nGOOSE_MODEL: o3\nextensions:\n  developer: # the shell\n    enabled: true\n    type: builtin\n",
        ),
    ];
    for (client, file, text) in &kept {
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, text).unwrap();
        let (code, stdout, stderr) = setup(root, home, &[client, "--print"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains(&command_for(client)), "{client}: {stdout}");
        assert!(
            stderr.starts_with(&format!(
                "→ Not written (--print): aide setup {client} would add this to {}\n",
                file.display()
            )),
            "{stderr}"
        );
        assert_eq!(&fs::read_to_string(file).unwrap(), text, "--print wrote");
        let (code, _, stderr) = setup(root, home, &[client]);
        assert_eq!(code, 0, "{stderr}");
        let after = fs::read_to_string(file).unwrap();
        // Every line stays (a comma may join a JSON entry that was last).
        for line in text.lines() {
            let kept = after.contains(line) || after.contains(&line.replacen(" //", ", //", 1));
            assert!(kept, "{client}: {line:?} lost:\n{after}");
        }
    }
}

#[test]
fn a_file_that_cannot_be_read_is_refused_with_its_line_and_left_alone() {
    let project = TestProject::new();
    let home = tempfile::tempdir().unwrap();
    let (root, home) = (project.path(), home.path());
    let cursor = root.join(".cursor/mcp.json");
    fs::create_dir_all(cursor.parent().unwrap()).unwrap();
    let broken = "{\n  \"mcpServers\": {\n    \"db\": { \"command\": \"db-mcp\" },,\n  }\n}\n";
    fs::write(&cursor, broken).unwrap();
    let (code, stdout, stderr) = setup(root, home, &["cursor"]);
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(
        stderr.starts_with(&format!(
            "✗ Cannot read {} (line 3, column ",
            cursor.display()
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "Hint: The file was not changed: fix it, or add aide by hand as docs/clients.md shows\n"
        ),
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&cursor).unwrap(), broken);
    let codex = home.join(".codex/config.toml");
    fs::create_dir_all(codex.parent().unwrap()).unwrap();
    fs::write(&codex, "model = \"o3\"\nmcp_servers = 3\n").unwrap();
    let (code, _, stderr) = setup(root, home, &["codex"]);
    assert_eq!(code, 1);
    assert!(
        stderr.starts_with(&format!(
            "✗ Cannot register aide in {}: mcp_servers is not a table\n",
            codex.display()
        )),
        "{stderr}"
    );
    // Outside a project, a project's client needs one; a user's does not.
    let elsewhere = tempfile::tempdir().unwrap();
    let (code, _, stderr) = setup(elsewhere.path(), home, &["vscode"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("aide init"), "{stderr}");
    let (code, _, stderr) = setup(elsewhere.path(), home, &["claude-code"]);
    assert_eq!(code, 0, "{stderr}");
    // An unknown client is a usage error.
    let (code, _, _) = setup(root, home, &["emacs"]);
    assert_eq!(code, 2);
}
