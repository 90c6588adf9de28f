//! `aide init` and `aide decide result`: every message and exit code.

#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use crate::support::{ANSWERS, EXAMPLE, TestProject};
use predicates::prelude::*;
use predicates::str::diff;
use std::fs;

/// Writes pending.json and, if `answered`, its record, as `submit` would.
fn pending_session(project: &TestProject, session: &str, answered: bool) {
    let mut pending: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    pending["_meta"] =
        serde_json::json!({ "created_at": "2025-01-15T10:30:00+08:00", "session_id": session });
    let dir = project.decisions();
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("pending.json"),
        serde_json::to_string_pretty(&pending).unwrap(),
    )
    .unwrap();
    if answered {
        let record = serde_json::json!({
            "input": pending,
            "output": serde_json::from_str::<serde_json::Value>(ANSWERS).unwrap(),
            "completed_at": "2025-01-15T10:35:00+08:00"
        });
        fs::write(
            dir.join(format!("{session}.json")),
            serde_json::to_string_pretty(&record).unwrap(),
        )
        .unwrap();
    }
}

/// `aide decide result` exits with `code`, nothing on stdout, and exactly
/// `stderr`.
fn assert_result_ends(project: &TestProject, code: i32, stderr: &str) {
    project
        .aide(&["decide", "result"])
        .assert()
        .code(code)
        .stdout("")
        .stderr(diff(stderr.to_owned()));
}

#[test]
fn init_creates_the_folder_once() {
    let project = TestProject::bare();
    project
        .aide(&["init"])
        .assert()
        .success()
        .stderr(predicate::str::starts_with("✓ 已创建 "));
    assert!(project.path().join(".aide").is_dir());
    project
        .aide(&["init"])
        .assert()
        .success()
        .stderr(predicate::str::contains("已存在"));
}

#[test]
fn commands_outside_a_project_say_to_run_init() {
    let project = TestProject::bare();
    assert_result_ends(
        &project,
        1,
        "✗ .aide 目录不存在,请先执行 aide init\n建议: 在项目根目录执行 aide init\n",
    );
}

#[test]
fn result_finds_the_project_from_a_subfolder() {
    let project = TestProject::new();
    pending_session(&project, "2025-01-15T10-30-00", true);
    let sub = project.path().join("src/deep");
    fs::create_dir_all(&sub).unwrap();
    project
        .aide(&["decide", "result"])
        .current_dir(&sub)
        .assert()
        .success()
        .stdout(format!("{ANSWERS}\n"));
}

#[test]
fn result_without_pending_data() {
    let project = TestProject::new();
    assert_result_ends(
        &project,
        1,
        "✗ 未找到待定项数据\n建议: 请先执行 aide decide submit '<json>'\n",
    );
}

#[test]
fn result_before_the_person_answered() {
    let project = TestProject::new();
    pending_session(&project, "2025-01-15T10-30-00", false);
    // Not answered yet: the spec's error, with its exit code 1 (section
    // 6.2); 124 is for `--session` and `--wait`, which the spec has not.
    assert_result_ends(
        &project,
        1,
        "✗ 尚无决策结果\n建议: 请等待用户在 Web 界面完成操作\n",
    );
}

#[test]
fn result_prints_only_compact_json_on_stdout() {
    let project = TestProject::new();
    pending_session(&project, "2025-01-15T10-30-00", true);
    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(format!("{ANSWERS}\n"))
        .stderr("");
}

#[test]
fn a_record_that_does_not_match_pending_is_stale() {
    let project = TestProject::new();
    pending_session(&project, "2025-01-15T10-30-00", true);
    let path = project.decisions().join("pending.json");
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("实现用户认证模块", "另一个任务");
    fs::write(&path, text).unwrap();
    assert_result_ends(
        &project,
        1,
        "✗ 决策结果已过期\n建议: 请重新执行 aide decide submit '<json>'\n",
    );
}

#[test]
fn a_corrupt_pending_file_is_reported_and_kept() {
    let project = TestProject::new();
    fs::create_dir_all(project.decisions()).unwrap();
    let path = project.decisions().join("pending.json");
    fs::write(&path, "{\"task\": \"半截").unwrap();
    project
        .aide(&["decide", "result"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("✗ 无法解析 pending.json: "))
        .stderr(predicate::str::contains(
            "建议: 文件可能已损坏,请重新执行 aide decide submit '<json>'",
        ));
    assert_eq!(fs::read_to_string(&path).unwrap(), "{\"task\": \"半截");
}

#[test]
fn messages_are_english_outside_a_chinese_locale() {
    let project = TestProject::new();
    project
        .aide(&["decide", "result"])
        .env_remove("AIDE_LANG")
        .assert()
        .code(1)
        .stderr(diff(
            "✗ No pending decision data found\nHint: Run aide decide submit '<json>' first\n",
        ));
    project
        .aide(&["decide", "result"])
        .env_remove("AIDE_LANG")
        .env("LANG", "zh_CN.UTF-8")
        .assert()
        .stderr(predicate::str::starts_with("✗ 未找到待定项数据"));
}

#[test]
fn usage_errors_exit_2() {
    let project = TestProject::new();
    project.aide(&["decide", "frobnicate"]).assert().code(2);
    project.aide(&["decide", "submit"]).assert().code(2);
    project
        .aide(&["--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("decide"));
}

/// A full disk or a closed reader on stdout is named as such, never as a
/// failure to read the input.
#[test]
fn a_failed_write_to_stdout_says_so() {
    let project = TestProject::new();
    pending_session(&project, "2025-01-15T10-30-00", true);
    for (lang, args, expected) in [
        ("zh", &["decide", "result"][..], "✗ 无法写入标准输出: "),
        (
            "en",
            &["decide", "schema"][..],
            "✗ Cannot write to standard output: ",
        ),
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(crate::support::aide_bin())
            .current_dir(project.path())
            .env("AIDE_LANG", lang)
            .env("CI", "true")
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.starts_with(expected), "{stderr}");
        assert!(
            !stderr.contains("input") && !stderr.contains("输入"),
            "{stderr}"
        );
    }
}

#[test]
fn version_names_the_release_the_record_format_and_the_commit() {
    let project = TestProject::bare();
    for flag in ["--version", "-V"] {
        let output = project.aide(&[flag]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        let text = String::from_utf8(output.stdout).unwrap();
        let expected = format!(
            "aide {} (record format 1.5, commit ",
            env!("CARGO_PKG_VERSION")
        );
        assert!(text.starts_with(&expected), "{text}");
        let commit = text
            .trim_end()
            .strip_prefix(&expected)
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(
            commit.len() >= 7 && commit.chars().all(|c| c.is_ascii_hexdigit()),
            "{text}"
        );
    }
}
