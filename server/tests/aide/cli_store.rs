//! The session store from the outside: concurrent processes, the store
//! lock, format versions, drafts across a server restart, history, show
//! and clean.

#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use crate::support::{
    ANSWERS, EXAMPLE, TestProject, detach, free_ports, get_page, page_in, post_answers, put_draft,
    server_pid, wait_until_gone,
};
use predicates::str::diff;
use std::fs;

/// The `event` of every ledger line, in order.
fn events(project: &TestProject) -> Vec<String> {
    let text = fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap_or_default();
    text.lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["version"], "1.5", "{line}");
            value["event"].as_str().unwrap().to_owned()
        })
        .collect()
}

#[test]
fn concurrent_submits_are_serialised_and_each_serves_its_own_session() {
    let project = TestProject::new();
    let port = free_ports(10).to_string();
    let children: Vec<_> = (0..4)
        .map(|_| {
            let mut cmd = project.aide(&[
                "decide", "submit", EXAMPLE, "--detach", "--json", "--port", &port,
            ]);
            std::thread::spawn(move || cmd.output().unwrap())
        })
        .collect();
    let outputs: Vec<_> = children.into_iter().map(|c| c.join().unwrap()).collect();
    let mut sessions = Vec::new();
    for output in &outputs {
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let started: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let session = started["session_id"].as_str().unwrap().to_owned();
        // Its own server, on its own port.
        let served = project.server_of(&session).expect("its server's notice");
        assert_eq!(served["pid"], started["pid"]);
        sessions.push(session);
    }
    sessions.sort();
    sessions.dedup();
    assert_eq!(sessions.len(), 4);
    // The last one stored is pending.json; the others are kept aside.
    let current = project.session_id();
    for session in sessions.iter().filter(|s| **s != current) {
        let aside = project.decisions().join(format!("{session}.pending.json"));
        assert!(aside.exists(), "{session} kept aside");
    }
    // A detached submit returns once its page answers; its server logs
    // `served` a moment later.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let events = loop {
        let events = events(&project);
        let served = events.iter().filter(|e| *e == "served").count();
        if served == 4 || std::time::Instant::now() >= until {
            break events;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let count = |name: &str| events.iter().filter(|e| *e == name).count();
    assert_eq!((count("submitted"), count("served")), (4, 4), "{events:?}");
    assert_eq!(count("replaced"), 0, "{events:?}");
}

#[test]
fn two_browser_submits_record_once() {
    let project = TestProject::new();
    let page = page_in(&detach(&project, "zh", free_ports(10), &[]));
    let session = project.session_id();
    let posts: Vec<_> = (0..2)
        .map(|_| {
            let (page, session) = (page.clone(), session.clone());
            std::thread::spawn(move || post_answers(&page, &session, ANSWERS))
        })
        .collect();
    let mut statuses: Vec<u16> = posts.into_iter().map(|p| p.join().unwrap().0).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(diff(format!("{ANSWERS}\n")));
    assert_eq!(
        events(&project).iter().filter(|e| *e == "decided").count(),
        1
    );
}

#[test]
fn a_process_that_waits_in_vain_for_the_lock_says_who_holds_it() {
    let project = TestProject::new();
    let path = project.decisions().join("store.lock");
    fs::create_dir_all(project.decisions()).unwrap();
    let held = fs::File::create(&path).unwrap();
    held.lock().unwrap();
    fs::write(&path, "4242").unwrap();
    let port = free_ports(10).to_string();
    for (lang, expected) in [
        (
            "zh",
            "✗ 另一个 aide 进程(进程 4242)正在修改 .aide/decisions,等待 5 秒后仍未完成\n建议: 稍后重试;该进程结束时锁会自动释放\n",
        ),
        (
            "en",
            "✗ Another aide process (process 4242) is changing .aide/decisions and did not finish within 5 s\nHint: Try again in a moment; the lock is released when that process ends\n",
        ),
    ] {
        project
            .aide_in(lang, &["decide", "submit", EXAMPLE, "--port", &port])
            .assert()
            .code(1)
            .stderr(diff(expected));
    }
    assert!(!project.decisions().join("pending.json").exists());
    drop(held);
}

#[test]
fn a_file_from_a_newer_aide_is_refused_with_upgrade_advice_and_kept() {
    let project = TestProject::new();
    fs::create_dir_all(project.decisions()).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    value["version"] = "2.0".into();
    value["_meta"] = serde_json::json!({ "created_at": "x", "session_id": "2025-01-15T10-30-00" });
    let path = project.decisions().join("pending.json");
    fs::write(&path, value.to_string()).unwrap();
    project.aide(&["decide", "result"]).assert().code(1).stderr(diff(
        "✗ pending.json 由更新版本的 aide 写入(格式版本 2.0,本版本只能读取 1.x)\n建议: 请升级 aide 到最新版本后重试\n",
    ));
    project.aide_in("en", &["decide", "status"]).assert().code(1).stderr(diff(
        "✗ pending.json was written by a newer aide (format version 2.0; this aide reads 1.x)\nHint: Upgrade aide to the latest release, then try again\n",
    ));
    assert_eq!(fs::read_to_string(&path).unwrap(), value.to_string());
}

#[test]
fn a_draft_survives_a_server_restart_and_goes_once_answered() {
    let project = TestProject::new();
    let port = free_ports(10);
    let page = page_in(&detach(&project, "zh", port, &[]));
    let session = project.session_id();
    let (status, body) = put_draft(
        &page,
        &session,
        r#"{"decisions":[{"id":1,"chosen":"nope"}]}"#,
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("decisions[0].chosen"), "{body}");
    let draft = r#"{"decisions":[{"id":1,"chosen":"jwt","note":"无状态 <b>更好</b>"}]}"#;
    let (status, body) = put_draft(&page, &session, draft);
    assert_eq!(status, 200, "{body}");
    let draft_file = project.decisions().join(format!("{session}.draft.json"));
    assert!(draft_file.exists());

    // The server goes away (as after a reboot) and is served again.
    let pid = server_pid(&project);
    crate::support::kill(pid, "TERM");
    wait_until_gone(pid);
    let output = project
        .aide(&["decide", "serve", "--detach", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<String> = String::from_utf8_lossy(&output.stderr)
        .lines()
        .map(str::to_owned)
        .collect();
    let page = page_in(&lines);
    let (status, html) = get_page(&page, "/");
    assert_eq!(status, 200);
    // jwt is the first option: the form names options by position.
    let jwt = html
        .split("<input")
        .find(|tag| tag.contains("id=\"o1-0\""))
        .expect("the jwt radio");
    assert!(jwt.contains("checked"), "{jwt}");
    assert!(
        html.contains("无状态 &lt;b&gt;更好&lt;/b&gt;</textarea>"),
        "{html}"
    );

    let (status, _) = post_answers(&page, &session, ANSWERS);
    assert_eq!(status, 200);
    assert!(!draft_file.exists());
    assert_eq!(
        events(&project),
        [
            "submitted",
            "served",
            "draft_saved",
            "stopped",
            "served",
            "opened",
            "decided"
        ]
    );
}

/// Writes a decided record for `id` (a copy of `template` with its id).
fn fake_record(project: &TestProject, template: &str, id: &str) {
    let mut record: serde_json::Value = serde_json::from_str(template).unwrap();
    record["input"]["_meta"]["session_id"] = id.into();
    record["input"]["task"] = format!("旧任务 {id}").into();
    let path = project.decisions().join(format!("{id}.json"));
    fs::write(path, record.to_string()).unwrap();
    crate::support::recorded_here(project, id);
}

#[test]
fn history_show_and_clean() {
    let project = TestProject::new();
    project
        .aide(&["decide", "history"])
        .assert()
        .success()
        .stdout("")
        .stderr(diff("→ 尚无决策会话\n"));
    let port = free_ports(10);
    let page = page_in(&detach(&project, "zh", port, &[]));
    let decided = project.session_id();
    assert_eq!(post_answers(&page, &decided, ANSWERS).0, 200);
    let record = fs::read_to_string(project.decisions().join(format!("{decided}.json"))).unwrap();
    fake_record(&project, &record, "2024-01-01T00-00-00");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    detach(&project, "zh", port, &[]);
    let pending = project.session_id();

    let history = project.aide(&["decide", "history"]).output().unwrap();
    assert!(history.status.success());
    assert_eq!(
        String::from_utf8_lossy(&history.stdout),
        format!(
            "{pending}  待决策  2 项  实现用户认证模块\n{decided}  已决策  2 项  实现用户认证模块\n2024-01-01T00-00-00  已决策  2 项  旧任务 2024-01-01T00-00-00\n"
        )
    );
    let json = project
        .aide(&["decide", "history", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["sessions"][0]["status"], "pending");
    assert_eq!(json["sessions"][1]["status"], "decided");
    assert_eq!(json["sessions"][1]["items"], 2);
    assert!(json["sessions"][1]["completed_at"].is_string());

    let shown = project
        .aide(&["decide", "show", &decided])
        .output()
        .unwrap();
    let shown: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(
        shown["output"],
        serde_json::from_str::<serde_json::Value>(ANSWERS).unwrap()
    );
    project
        .aide(&["decide", "show", &pending])
        .assert()
        .code(1)
        .stderr(diff(format!(
            "✗ 会话 {pending} 尚未完成决策\n建议: 用 aide decide status 查看其状态,或 aide decide result --wait 等待结果\n"
        )));
    project
        .aide_in("en", &["decide", "show", "../etc/passwd"])
        .assert()
        .code(1)
        .stderr(diff(
            "✗ \"../etc/passwd\" is not a session id of the form YYYY-MM-DDTHH-mm-ss\nHint: See the sessions with aide decide history\n",
        ));
    project
        .aide(&["decide", "show", "2023-01-01T00-00-00"])
        .assert()
        .code(1)
        .stderr(diff(
            "✗ 未找到会话 2023-01-01T00-00-00 的决策记录\n建议: 用 aide decide history 查看已有会话\n",
        ));

    project.aide(&["decide", "clean"]).assert().code(2);
    project
        .aide(&["decide", "clean", "--older-than", "30"])
        .assert()
        .success()
        .stderr(diff("✓ 已删除 1 个会话: 2024-01-01T00-00-00\n"));
    project
        .aide_in("en", &["decide", "clean", "--keep", "0"])
        .assert()
        .success()
        .stderr(diff(format!("✓ Removed 1 session: {decided}\n")));
    project
        .aide(&["decide", "clean", "--keep", "0"])
        .assert()
        .success()
        .stderr(diff("→ 没有需要删除的会话\n"));
    let history = project.aide(&["decide", "history"]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&history.stdout),
        format!("{pending}  待决策  2 项  实现用户认证模块\n")
    );
    assert!(project.decisions().join("pending.json").exists());
}

/// A record in the format's own shape (`docs/formats.md`), as the upstream
/// aide writes it: no `_meta` in its input and no `version`. Its `items` are
/// those of the format's input example (`examples/auth.json`).
fn spec_record(task: &str) -> String {
    let input: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    let items = serde_json::to_string_pretty(&input["items"]).unwrap();
    format!(
        r#"{{
  "input": {{
    "task": "{task}",
    "source": "task-now.md",
    "items": {items}
  }},
  "output": {{
    "decisions": [
      {{"id": 1, "chosen": "jwt"}},
      {{"id": 2, "chosen": "bcrypt", "note": "团队更熟悉 bcrypt"}}
    ]
  }},
  "completed_at": "2025-01-15T10:35:00+08:00"
}}"#
    )
}

#[test]
fn records_in_the_specs_own_format_read_everywhere() {
    let project = TestProject::new();
    let mut pending: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    pending["_meta"] = serde_json::json!({
        "created_at": "2025-01-15T10:30:00+08:00",
        "session_id": "2025-01-15T10-30-00"
    });
    let dir = project.decisions();
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("pending.json"), pending.to_string()).unwrap();
    let current = spec_record("实现用户认证模块");
    fs::write(dir.join("2025-01-15T10-30-00.json"), &current).unwrap();
    fs::write(dir.join("2025-01-14T09-00-00.json"), spec_record("旧任务")).unwrap();
    for session in ["2025-01-15T10-30-00", "2025-01-14T09-00-00"] {
        crate::support::recorded_here(&project, session);
    }

    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(format!("{ANSWERS}\n"))
        .stderr("");
    let shown = project
        .aide(&["decide", "show", "2025-01-15T10-30-00"])
        .output()
        .unwrap();
    assert!(shown.status.success(), "{shown:?}");
    let shown: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(
        shown,
        serde_json::from_str::<serde_json::Value>(&current).unwrap()
    );
    project
        .aide(&["decide", "history"])
        .assert()
        .success()
        .stderr("")
        .stdout(diff(
            "2025-01-15T10-30-00  已决策  2 项  实现用户认证模块\n2025-01-14T09-00-00  已决策  2 项  旧任务\n",
        ));
    // Every created_at has an offset: `_meta`'s as written, and for a
    // record without `_meta` its id's local time with the local offset
    // (here 8 hours east of UTC, as a POSIX TZ string needs no tz data).
    let json = project
        .aide(&["decide", "history", "--json"])
        .env("TZ", "CST-8")
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        json["sessions"][0]["created_at"],
        "2025-01-15T10:30:00+08:00"
    );
    assert_eq!(
        json["sessions"][1]["created_at"],
        "2025-01-14T09:00:00+08:00"
    );
    project
        .aide(&["decide", "clean", "--keep", "0"])
        .assert()
        .success()
        .stderr(diff("✓ 已删除 1 个会话: 2025-01-14T09-00-00\n"));
    assert!(dir.join("2025-01-15T10-30-00.json").exists());

    // A record whose input answers another question is stale, as before.
    let other = current.replace("实现用户认证模块", "另一个任务");
    fs::write(dir.join("2025-01-15T10-30-00.json"), other).unwrap();
    project
        .aide(&["decide", "result"])
        .assert()
        .code(1)
        .stdout("");
}
