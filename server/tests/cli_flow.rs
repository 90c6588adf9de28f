//! `aide flow` from the outside: the seed's example replayed in a temp git
//! repository, then the design's acceptance list (flow.md §9).

mod support;

use serde_json::Value;
use std::fs;
use std::process::Output;
use support::{ANSWERS, EXAMPLE, Project};

/// A project with `.aide/` in a fresh git repository with an identity.
fn repo() -> Project {
    let project = Project::new();
    git(&project, &["init", "-q"]);
    git(&project, &["config", "user.email", "agent@example.test"]);
    git(&project, &["config", "user.name", "Agent"]);
    project
}

fn git(project: &Project, args: &[&str]) -> String {
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
fn flow(project: &Project, args: &[&str]) -> Output {
    let mut all = vec!["flow"];
    all.extend(args);
    project
        .aide(&all)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn ok(project: &Project, args: &[&str]) -> Output {
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
fn fails(project: &Project, args: &[&str], text: &str) {
    let output = flow(project, args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.contains(&format!("✗ {text}")), "{args:?}: {err}");
}

fn status_path(project: &Project) -> std::path::PathBuf {
    project.path().join(".aide/flow-status.json")
}

fn status(project: &Project) -> Value {
    serde_json::from_str(&fs::read_to_string(status_path(project)).unwrap()).unwrap()
}

fn touch(project: &Project, file: &str, text: &str) {
    let path = project.path().join(file);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// Nothing left uncommitted after an action; `.aide/.gitignore` keeps
/// flow's own files out of `git status` (only itself and the config show).
fn assert_clean(project: &Project) {
    let status = git(project, &["status", "--porcelain", "--untracked-files=all"]);
    for line in status.lines() {
        assert!(
            line == "?? .aide/.gitignore" || line == "?? .aide/config.toml",
            "{status}"
        );
    }
}

fn subjects(project: &Project) -> Vec<String> {
    let log = git(project, &["log", "--reverse", "--format=%s"]);
    log.lines().map(str::to_owned).collect()
}

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
    assert_eq!(state["version"], "1.0");
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
fn refused_unchanged(break_it: impl Fn(&Project), env: &[(&str, &str)], text: &str) {
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
    let none = |_: &Project| {};
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
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    ok(&project, &["next-step", "继续"]);
    let state = status(&project);
    assert_eq!(state["current_step"], 2);
    assert!(state["history"][1].get("git_commit").is_none());
    assert!(!project.path().join(".git").exists());
}

#[test]
fn every_illegal_move_is_refused_and_changes_nothing() {
    let project = Project::new();
    project.config("[flow]\ngit = false\nphases = [\"a\", \"b\", \"c\"]\n");
    fails(&project, &["next-step", "x"], "未找到流程状态");
    fails(&project, &["start", "z", "x"], "未知环节: z");
    ok(&project, &["start", "b", "开始"]);
    let before = fs::read(status_path(&project)).unwrap();
    fails(&project, &["next-part", "b", "x"], "非法跳转: b -> b");
    fails(&project, &["next-part", "a", "x"], "非法跳转: b -> a");
    fails(&project, &["back-part", "c", "x"], "非法回退: b -> c");
    fails(&project, &["back-part", "b", "x"], "非法回退: b -> b");
    fails(&project, &["next-part", "zz", "x"], "未知环节: zz");
    fails(&project, &["next-step", "  "], "文本参数不能为空");
    fails(&project, &["next-step", "a\nb"], "总结必须为单行文本");
    let long = "长".repeat(201);
    fails(
        &project,
        &["next-step", &long],
        "总结过长（201 字符，最多 200）",
    );
    assert_eq!(fs::read(status_path(&project)).unwrap(), before);
    ok(&project, &["next-part", "c", "进入 c"]);
    fails(&project, &["next-part", "a", "x"], "非法跳转: c -> a");
    ok(&project, &["back-part", "a", "回到开头"]);
    let state = status(&project);
    assert_eq!(state["current_phase"], "a");
    assert_eq!(state["current_step"], 3);
    project.config("[flow]\nphases = []\n");
    fails(
        &project,
        &["next-step", "x"],
        "flow.phases 配置无效：必须为非空列表",
    );
    project.config("[flow]\nphases = [\"a\", \"a\"]\n");
    fails(
        &project,
        &["next-step", "x"],
        "flow.phases 配置无效：环节名重复 \"a\"",
    );
}

#[test]
fn start_over_an_unfinished_task_needs_force_and_archives_it() {
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "第一个任务"]);
    let old = fs::read(status_path(&project)).unwrap();
    let old_id = status(&project)["task_id"].as_str().unwrap().to_owned();
    fails(&project, &["start", "impl", "第二个任务"], "当前任务");
    assert_eq!(fs::read(status_path(&project)).unwrap(), old);
    let output = ok(&project, &["start", "impl", "第二个任务", "--force"]);
    assert!(stderr(&output).contains(&format!("→ 已归档上一任务: {old_id}")));
    let archived = project
        .path()
        .join(format!(".aide/logs/flow-status.{old_id}.json"));
    assert_eq!(fs::read(archived).unwrap(), old);
    let new_id = status(&project)["task_id"].as_str().unwrap().to_owned();
    assert_ne!(new_id, old_id);
    let list = String::from_utf8(ok(&project, &["list"]).stdout).unwrap();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert!(lines[0].starts_with(&format!("* {new_id}")));
    assert!(lines[1].starts_with(&format!("  {old_id}")));
    let shown = String::from_utf8(ok(&project, &["show", &old_id]).stdout).unwrap();
    assert!(shown.contains("第一个任务"));
    fails(
        &project,
        &["show", "2000-01-01T00-00-00"],
        "未找到任务: 2000-01-01T00-00-00",
    );
}

#[test]
fn tasks_started_in_the_same_second_never_overwrite_an_archive() {
    let project = Project::new();
    project.config("[flow]\ngit = false\nphases = [\"only\"]\n");
    for n in 0..3 {
        ok(&project, &["start", "only", &format!("任务 {n}")]);
    }
    let logs = fs::read_dir(project.path().join(".aide/logs"))
        .unwrap()
        .count();
    assert_eq!(logs, 2);
    let list = String::from_utf8(ok(&project, &["list"]).stdout).unwrap();
    assert_eq!(list.lines().count(), 3, "{list}");
    ok(&project, &["archive"]);
    fails(&project, &["archive"], "没有可归档的任务");
    assert_eq!(
        fs::read_dir(project.path().join(".aide/logs"))
            .unwrap()
            .count(),
        3
    );
}

#[test]
fn chinese_summaries_are_listed_and_shown_without_panic() {
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    let long = "实现用户认证模块".repeat(25);
    assert_eq!(long.chars().count(), 200);
    ok(&project, &["start", "impl", &long]);
    ok(&project, &["next-step", "完"]);
    let list = String::from_utf8(ok(&project, &["list"]).stdout).unwrap();
    assert!(list.trim_end().ends_with('…'), "{list}");
    let shown = String::from_utf8(ok(&project, &["show"]).stdout).unwrap();
    assert!(shown.contains(&long));
    let json = String::from_utf8(ok(&project, &["list", "--json"]).stdout).unwrap();
    let value: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["tasks"][0]["summary"], long.as_str());
    assert_eq!(value["tasks"][0]["active"], true);
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
fn decisions_are_checked_stored_and_shown() {
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "task-optimize", "开始"]);
    fails(
        &project,
        &["next-step", "确认", "--decision", "2025-01-15T10-35-12"],
        "未找到决策记录: 2025-01-15T10-35-12",
    );
    fails(
        &project,
        &["next-step", "确认", "--decision", "nope"],
        "未找到决策记录: nope",
    );
    let session = "2025-01-15T10-35-12";
    let mut pending: Value = serde_json::from_str(EXAMPLE).unwrap();
    pending["_meta"] =
        serde_json::json!({ "created_at": "2025-01-15T10:30:00+08:00", "session_id": session });
    let record = serde_json::json!({
        "input": pending,
        "output": serde_json::from_str::<Value>(ANSWERS).unwrap(),
        "completed_at": "2025-01-15T10:35:00+08:00"
    });
    let dir = project.decisions();
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join(format!("{session}.json")), record.to_string()).unwrap();
    ok(
        &project,
        &["next-step", "用户完成待定项确认", "--decision", session],
    );
    assert_eq!(status(&project)["history"][1]["decisions"][0], session);
    let shown = String::from_utf8(ok(&project, &["show"]).stdout).unwrap();
    assert!(shown.contains(&format!("决策: {session}")), "{shown}");
}

#[test]
fn a_commit_whose_status_write_was_lost_is_recorded_by_the_next_command() {
    let project = repo();
    touch(&project, "a.txt", "1\n");
    ok(&project, &["start", "impl", "开始"]);
    let head_before = git(&project, &["rev-parse", "HEAD"]);
    // As if killed after `git commit` and before the status write.
    let mut planned = status(&project);
    let entry = serde_json::json!({"timestamp": "2025-01-15T10:45:00+08:00",
        "action": "next-step", "phase": "impl", "step": 2, "summary": "中断"});
    planned["history"].as_array_mut().unwrap().push(entry);
    planned["current_step"] = 2.into();
    touch(&project, "a.txt", "2\n");
    git(&project, &["add", "a.txt"]);
    git(&project, &["commit", "-q", "-m", "[aide] impl: 中断"]);
    let intent = serde_json::json!({"head_before": head_before,
        "message": "[aide] impl: 中断", "status": planned});
    fs::write(
        project.path().join(".aide/flow-intent.json"),
        intent.to_string(),
    )
    .unwrap();
    let output = ok(&project, &["status"]);
    assert!(stderr(&output).contains("⚠ 已补记上次中断的操作: next-step 中断"));
    let state = status(&project);
    assert_eq!(state["current_step"], 2);
    assert_eq!(
        state["history"][1]["git_commit"],
        git(&project, &["rev-parse", "HEAD"])
    );
    assert!(!project.path().join(".aide/flow-intent.json").exists());
    // An intent whose commit never happened is dropped.
    let mut planned = status(&project);
    planned["current_step"] = 3.into();
    let entry = serde_json::json!({"timestamp": "2025-01-15T10:45:00+08:00",
        "action": "issue", "phase": "impl", "step": 3, "summary": "没提交"});
    planned["history"].as_array_mut().unwrap().push(entry);
    let intent = serde_json::json!({"head_before": git(&project, &["rev-parse", "HEAD"]),
        "message": "[aide] impl issue: 没提交", "status": planned});
    fs::write(
        project.path().join(".aide/flow-intent.json"),
        intent.to_string(),
    )
    .unwrap();
    let output = ok(&project, &["next-step", "继续"]);
    assert!(stderr(&output).contains("⚠ 上次中断的操作未完成，已丢弃: issue 没提交"));
    assert_eq!(status(&project)["current_step"], 3);
}

#[test]
fn a_newer_major_version_is_refused() {
    let project = Project::new();
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

/// The history's steps are 1..n and each hash names a commit with the
/// entry's subject.
fn consistent(project: &Project) -> usize {
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

#[test]
fn parallel_next_steps_lose_and_double_nothing() {
    let project = repo();
    ok(&project, &["start", "impl", "开始"]);
    let runs = 12;
    let children: Vec<_> = (0..runs)
        .map(|n| {
            touch(&project, &format!("f{n}.txt"), "x\n");
            let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("aide"));
            cmd.current_dir(project.path())
                .env("AIDE_LANG", "zh")
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .args(["flow", "next-step", &format!("步骤 {n}")])
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", stderr(&output));
    }
    assert_eq!(consistent(&project), runs + 1);
    assert_clean(&project);
}

#[cfg(unix)]
#[test]
fn sigkill_at_random_points_never_corrupts_the_state() {
    let project = repo();
    ok(&project, &["start", "impl", "开始"]);
    let mut entries = 1;
    for n in 0..30u64 {
        touch(&project, "a.txt", &format!("{n}\n"));
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("aide"))
            .current_dir(project.path())
            .env("AIDE_LANG", "zh")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .args(["flow", "next-step", &format!("步骤 {n}")])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        std::thread::sleep(std::time::Duration::from_millis(u64::from(nanos % 40)));
        support::kill(child.id(), "KILL");
        let _ = child.wait();
        // The next command repairs or drops what the killed one left.
        ok(&project, &["status"]);
        let now = consistent(&project);
        assert!(
            now == entries || now == entries + 1,
            "{now} after {entries}"
        );
        entries = now;
        assert!(!project.path().join(".aide/flow-intent.json").exists());
    }
    ok(&project, &["next-step", "最后"]);
    assert_eq!(consistent(&project), entries + 1);
}

#[test]
fn status_and_messages_in_both_languages() {
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    let output = ok(&project, &["status"]);
    assert_eq!(stderr(&output), "→ 当前无活跃任务\n");
    let json = String::from_utf8(ok(&project, &["status", "--json"]).stdout).unwrap();
    assert_eq!(json, "{\"active\":false}\n");
    assert!(stderr(&ok(&project, &["list"])).contains("→ 暂无任务记录"));
    ok(&project, &["start", "impl", "实现登录"]);
    let text = stderr(&ok(&project, &["status"]));
    for line in [
        "→ 任务: 实现登录",
        "→ 环节: impl",
        "→ 步骤: 1",
        "→ 最新操作: start 实现登录",
    ] {
        assert!(text.contains(line), "{text}");
    }
    let output = project
        .aide_in("en", &["flow", "next-part", "docs", "x"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "✗ Illegal move: impl -> docs (next-part only goes to the next phase)\n"
    );
    let usage = project.aide(&["flow"]).output().unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn a_phase_dropped_from_the_config_warns_and_unreadable_archives_are_named() {
    let project = Project::new();
    project.config("[flow]\ngit = false\nphases = [\"a\", \"b\"]\n");
    ok(&project, &["start", "b", "开始"]);
    project.config("[flow]\ngit = false\nphases = [\"a\", \"c\"]\n");
    let output = ok(&project, &["next-step", "继续"]);
    assert!(stderr(&output).contains("⚠ 当前环节 b 不在 flow.phases 中"));
    fails(&project, &["next-part", "c", "x"], "未知环节: b");
    let logs = project.path().join(".aide/logs");
    fs::create_dir_all(&logs).unwrap();
    fs::write(logs.join("flow-status.2025-01-15T10-30-00.json"), "{").unwrap();
    let output = ok(&project, &["list"]);
    assert!(
        stderr(&output).contains("⚠ 无法读取 .aide/logs/flow-status.2025-01-15T10-30-00.json"),
        "{}",
        stderr(&output)
    );
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
}

#[test]
fn next_part_warns_while_a_decision_waits_for_the_person() {
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "task-optimize", "开始"]);
    let mut pending: Value = serde_json::from_str(EXAMPLE).unwrap();
    pending["_meta"] = serde_json::json!({ "created_at": "2025-01-15T10:30:00+08:00",
        "session_id": "2025-01-15T10-30-00" });
    fs::create_dir_all(project.decisions()).unwrap();
    fs::write(
        project.decisions().join("pending.json"),
        pending.to_string(),
    )
    .unwrap();
    let output = ok(&project, &["next-part", "flow-design", "开始设计"]);
    assert!(
        stderr(&output).contains("⚠ 仍有待用户决策的待定项（会话 2025-01-15T10-30-00）"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_held_lock_makes_the_next_command_wait_then_name_the_holder() {
    let project = Project::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(project.path().join(".aide/flow.lock"))
        .unwrap();
    lock.try_lock().unwrap();
    fs::write(project.path().join(".aide/flow.lock"), "4242").unwrap();
    fails(
        &project,
        &["next-step", "x"],
        "另一个 aide flow 命令正在运行（进程 4242）",
    );
    drop(lock);
    ok(&project, &["next-step", "继续"]);
}
