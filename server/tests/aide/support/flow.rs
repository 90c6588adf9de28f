//! Helpers for the `aide flow` tests: a temp git repository, the command
//! away from the machine's git config, and checks of the status file.

use super::TestProject;
use serde_json::Value;
use std::fs;
use std::process::Output;

/// A project with `.aide/` in a fresh git repository with an identity.
pub fn repo() -> TestProject {
    let project = TestProject::new();
    git(&project, &["init", "-q"]);
    git(&project, &["config", "user.email", "agent@example.test"]);
    git(&project, &["config", "user.name", "Agent"]);
    project
}

pub fn git(project: &TestProject, args: &[&str]) -> String {
    let output = std::process::Command::new("git")
        .args(args)
        .current_dir(project.path())
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}: {output:?}");
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

/// `aide flow ARGS` in Chinese, away from the machine's git config.
pub fn flow(project: &TestProject, args: &[&str]) -> Output {
    let mut all = vec!["flow"];
    all.extend(args);
    project
        .aide(&all)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn ok(project: &TestProject, args: &[&str]) -> Output {
    let output = flow(project, args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    output
}

/// Exit 1 and a `✗` line containing `text`.
pub fn fails(project: &TestProject, args: &[&str], text: &str) {
    let output = flow(project, args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.contains(&format!("✗ {text}")), "{args:?}: {err}");
}

pub fn status_path(project: &TestProject) -> std::path::PathBuf {
    project.path().join(".aide/flow-status.json")
}

pub fn status(project: &TestProject) -> Value {
    serde_json::from_str(&fs::read_to_string(status_path(project)).unwrap()).unwrap()
}

pub fn touch(project: &TestProject, file: &str, text: &str) {
    let path = project.path().join(file);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// Nothing left uncommitted after an action; `.aide/.gitignore` keeps
/// flow's own files out of `git status` (only itself and the config show).
pub fn assert_clean(project: &TestProject) {
    let status = git(project, &["status", "--porcelain", "--untracked-files=all"]);
    for line in status.lines() {
        assert!(
            line == "?? .aide/.gitignore" || line == "?? .aide/config.toml",
            "{status}"
        );
    }
}

pub fn subjects(project: &TestProject) -> Vec<String> {
    let log = git(project, &["log", "--reverse", "--format=%s"]);
    log.lines().map(str::to_owned).collect()
}

/// The history's steps are 1..n and each hash names a commit with the
/// entry's subject.
pub fn consistent(project: &TestProject) -> usize {
    let state = status(project);
    let history = state["history"].as_array().unwrap();
    for (i, entry) in history.iter().enumerate() {
        assert_eq!(entry["step"], i + 1, "{state}");
        if let Some(hash) = entry["git_commit"].as_str() {
            let subject = git(project, &["log", "-1", "--format=%s", hash]);
            assert!(subject.ends_with(entry["summary"].as_str().unwrap()));
        }
    }
    assert_eq!(state["current_step"], history.len());
    history.len()
}
