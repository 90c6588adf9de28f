//! `aide flow` from the outside: the seed's example replayed in a temp git
//! repository, what is committed, and every git failure (flow.md §9).

#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use crate::support::TestProject;
use crate::support::flow::*;
use serde_json::Value;
use std::fs;

#[test]
fn the_seed_example_replayed_gives_its_steps_phases_and_subjects() {
    let project = repo();
    let actions: [&[&str]; 5] = [
        &["start", "flow-design", "开始任务: 实现用户认证模块"],
        &["next-step", "流程图设计完成"],
        &["next-part", "impl", "流程设计完成,开始实现"],
        &["issue", "测试覆盖率较低,后续需要补充"],
        &["next-step", "完成用户模型定义"],
    ];
    for (i, args) in actions.iter().enumerate() {
        touch(&project, "src/lib.rs", &format!("// {i}\n"));
        ok(&project, args);
        assert_clean(&project);
    }
    assert_eq!(
        subjects(&project),
        [
            "[aide] flow-design: 开始任务: 实现用户认证模块",
            "[aide] flow-design: 流程图设计完成",
            "[aide] impl: 流程设计完成,开始实现",
            "[aide] impl issue: 测试覆盖率较低,后续需要补充",
            "[aide] impl: 完成用户模型定义",
        ]
    );
    let state = status(&project);
    assert_eq!(state["version"], "1.5");
    assert_eq!(state["current_phase"], "impl");
    assert_eq!(state["current_step"], 5);
    let hashes = git(&project, &["log", "--reverse", "--format=%H"]);
    let history = state["history"].as_array().unwrap();
    let phases = ["flow-design", "flow-design", "impl", "impl", "impl"];
    let names = ["start", "next-step", "next-part", "issue", "next-step"];
    for (i, (entry, hash)) in history.iter().zip(hashes.lines()).enumerate() {
        assert_eq!(entry["step"], i + 1);
        assert_eq!(entry["phase"], phases[i]);
        assert_eq!(entry["action"], names[i]);
        assert_eq!(entry["git_commit"], hash);
        let keys: Vec<&str> = entry
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        for key in keys {
            assert!(
                [
                    "timestamp",
                    "action",
                    "phase",
                    "step",
                    "summary",
                    "git_commit"
                ]
                .contains(&key),
                "{key}"
            );
        }
        let time = entry["timestamp"].as_str().unwrap();
        assert!(chrono::DateTime::parse_from_str(time, "%Y-%m-%dT%H:%M:%S%:z").is_ok());
    }
    let id = state["task_id"].as_str().unwrap();
    assert!(chrono::NaiveDateTime::parse_from_str(id, "%Y-%m-%dT%H-%M-%S").is_ok());
    assert_eq!(history.len(), 5);
}

#[test]
fn nothing_to_commit_is_success_without_git_commit() {
    let project = repo();
    ok(&project, &["start", "impl", "开始"]);
    let state = status(&project);
    assert!(state["history"][0].get("git_commit").is_none());
    assert_eq!(git(&project, &["rev-list", "--all", "--count"]), "0");
}

#[test]
fn lock_files_are_committed_and_aide_never() {
    let project = repo();
    touch(&project, "Cargo.lock", "v1\n");
    touch(&project, "a/yarn.lock", "v1\n");
    ok(&project, &["start", "impl", "开始"]);
    let files = git(&project, &["show", "--name-only", "--format=", "HEAD"]);
    assert_eq!(
        files.lines().collect::<Vec<_>>(),
        ["Cargo.lock", "a/yarn.lock"]
    );
    // Without .aide/.gitignore, .aide/ is still never committed.
    fs::remove_file(project.path().join(".aide/.gitignore")).unwrap();
    touch(&project, "Cargo.lock", "v2\n");
    ok(&project, &["next-step", "更新依赖"]);
    let files = git(&project, &["show", "--name-only", "--format=", "HEAD"]);
    assert_eq!(files, "Cargo.lock");
    let all = git(&project, &["log", "--name-only", "--format="]);
    assert!(!all.contains(".aide"), "{all}");
}

/// Runs `next-step` in a started task after `break_it`, and checks the
/// status file is byte-identical and no intent is left.
fn refused_unchanged(break_it: impl Fn(&TestProject), env: &[(&str, &str)], text: &str) {
    let project = repo();
    touch(&project, "a.txt", "1\n");
    ok(&project, &["start", "impl", "开始"]);
    let before = fs::read(status_path(&project)).unwrap();
    touch(&project, "a.txt", "2\n");
    break_it(&project);
    let mut cmd = project.aide(&["flow", "next-step", "继续"]);
    cmd.env("GIT_CONFIG_GLOBAL", "/dev/null");
    for var in ["EMAIL", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = cmd.output().unwrap();
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}: {err}");
    assert!(err.contains(&format!("✗ {text}")), "{err}");
    assert_eq!(fs::read(status_path(&project)).unwrap(), before);
    assert!(!project.path().join(".aide/flow-intent.json").exists());
}

#[test]
fn git_failures_leave_the_state_byte_identical() {
    let none = |_: &TestProject| {};
    refused_unchanged(
        |p| fs::remove_dir_all(p.path().join(".git")).unwrap(),
        &[],
        "当前目录不是 git 仓库",
    );
    refused_unchanged(none, &[("PATH", "/nonexistent")], "未找到 git 命令");
    refused_unchanged(
        |p| {
            git(p, &["config", "--unset", "user.email"]);
            git(p, &["config", "user.useConfigOnly", "true"]);
        },
        &[],
        "git commit 失败",
    );
    refused_unchanged(
        |p| {
            let hook = p.path().join(".git/hooks/pre-commit");
            fs::write(&hook, "#!/bin/sh\necho hook says no >&2\nexit 1\n").unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                fs::set_permissions(&hook, fs::Permissions::from_mode(0o755)).unwrap();
            }
        },
        &[],
        "git commit 失败",
    );
    // A hook that fails without a word: git's exit code, in the catalogue's
    // words (it was std's English "exit status: 1").
    refused_unchanged(
        |p| {
            let hook = p.path().join(".git/hooks/pre-commit");
            fs::write(&hook, "#!/bin/sh\nexit 3\n").unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                fs::set_permissions(&hook, fs::Permissions::from_mode(0o755)).unwrap();
            }
        },
        &[],
        "git commit 失败: 退出码 1,没有输出",
    );
    refused_unchanged(
        |p| fs::write(p.path().join(".git/index.lock"), "").unwrap(),
        &[],
        "git add 失败",
    );
    refused_unchanged(
        |p| {
            let head = git(p, &["rev-parse", "HEAD"]);
            fs::write(p.path().join(".git/MERGE_HEAD"), head).unwrap();
        },
        &[],
        "仓库正在进行合并/变基，无法自动提交",
    );
}

#[test]
fn without_git_progress_is_recorded_only() {
    let project = TestProject::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    ok(&project, &["next-step", "继续"]);
    let state = status(&project);
    assert_eq!(state["current_step"], 2);
    assert!(state["history"][1].get("git_commit").is_none());
    assert!(!project.path().join(".git").exists());
}

#[test]
fn error_prints_a_cross_and_exits_0_and_json_is_one_line() {
    let project = repo();
    ok(&project, &["start", "impl", "开始"]);
    touch(&project, "a.txt", "x\n");
    let output = ok(&project, &["error", "编译失败", "--json"]);
    assert!(stderr(&output).contains("✗ 错误已记录: 编译失败"));
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(out.lines().count(), 1);
    let entry: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(entry["git_commit"], git(&project, &["rev-parse", "HEAD"]));
    assert_eq!(subjects(&project), ["[aide] impl error: 编译失败"]);
    touch(&project, "a.txt", "y\n");
    ok(&project, &["back-step", "重做"]);
    assert_eq!(subjects(&project)[1], "[aide] impl back-step: 重做");
}

#[test]
fn a_newer_major_version_is_refused() {
    let project = TestProject::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    let mut state = status(&project);
    state["version"] = "2.0".into();
    state["task_branch"] = "aide/001".into();
    fs::write(status_path(&project), state.to_string()).unwrap();
    fails(
        &project,
        &["next-step", "x"],
        ".aide/flow-status.json 由更新版本的 aide 写入",
    );
    state["version"] = "1.0".into();
    fs::write(status_path(&project), state.to_string()).unwrap();
    ok(&project, &["next-step", "继续"]);
    assert_eq!(status(&project)["task_branch"], "aide/001");
}

#[test]
fn start_records_where_the_task_began() {
    let project = repo();
    touch(&project, "a.txt", "1\n");
    git(&project, &["add", "a.txt"]);
    git(&project, &["commit", "-q", "-m", "before the task"]);
    let head = git(&project, &["rev-parse", "HEAD"]);
    let branch = git(&project, &["symbolic-ref", "--short", "HEAD"]);
    ok(&project, &["start", "impl", "开始"]);
    let state = status(&project);
    assert_eq!(state["start_commit"], head.as_str());
    assert_eq!(state["source_branch"], branch.as_str());
}
