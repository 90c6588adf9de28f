//! `aide flow`: legal and illegal moves, tasks and archives, what
//! `status`, `list` and `show` print, and the link to decide.

use crate::support::flow::*;
use crate::support::{ANSWERS, EXAMPLE, TestProject};
use serde_json::Value;
use std::fs;

#[test]
fn every_illegal_move_is_refused_and_changes_nothing() {
    let project = TestProject::new();
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
    let project = TestProject::new();
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
    let project = TestProject::new();
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
    let project = TestProject::new();
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
fn status_and_messages_in_both_languages() {
    let project = TestProject::new();
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
    let project = TestProject::new();
    project.config("[flow]\ngit = false\nphases = [\"a\", \"b\"]\n");
    ok(&project, &["start", "b", "开始"]);
    project.config("[flow]\ngit = false\nphases = [\"a\", \"c\"]\n");
    let output = ok(&project, &["next-step", "继续"]);
    assert!(stderr(&output).contains("⚠ 当前环节 b 不在 flow.phases 中"));
    fails(&project, &["next-part", "c", "x"], "未知环节: b");
    let logs = project.path().join(".aide/logs");
    fs::create_dir_all(&logs).unwrap();
    fs::write(logs.join("flow-status.2025-01-15T10-30-00.json"), "{").unwrap();
    // Each says why in the run's language: where the JSON stops, the
    // field and what it should hold, the version it cannot read.
    let bad_time = r#"{"task_id": "2025-01-14T09-00-00", "current_phase": "a", "current_step": 1,
        "started_at": "yesterday", "history": []}"#;
    fs::write(logs.join("flow-status.2025-01-14T09-00-00.json"), bad_time).unwrap();
    let newer = r#"{"version": "2.0", "task_id": "2025-01-13T09-00-00"}"#;
    fs::write(logs.join("flow-status.2025-01-13T09-00-00.json"), newer).unwrap();
    let output = ok(&project, &["list"]);
    let said = stderr(&output);
    for line in [
        "⚠ 无法读取 .aide/logs/flow-status.2025-01-15T10-30-00.json: 第 1 行第 1 列: JSON 提前结束,附近为 \"{\"\n",
        "⚠ 无法读取 .aide/logs/flow-status.2025-01-14T09-00-00.json: started_at 应为带时区的时间(如 2025-01-15T10:30:00+08:00),实际为 \"yesterday\"\n",
        "⚠ 无法读取 .aide/logs/flow-status.2025-01-13T09-00-00.json: .aide/logs/flow-status.2025-01-13T09-00-00.json 由更新版本的 aide 写入(格式版本 2.0,本版本只能读取 1.x)\n",
    ] {
        assert!(said.contains(line), "{said}");
    }
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
}

#[test]
fn decisions_are_checked_stored_and_shown() {
    let project = TestProject::new();
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
fn next_part_warns_while_a_decision_waits_for_the_person() {
    let project = TestProject::new();
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
