//! Store and server edges (issue 28.7): a submit that finds no free port
//! stores nothing, a pending file of a newer aide is left alone, and the
//! address printed is the one bound.
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use crate::support::{
    ANSWERS, EXAMPLE, TestProject, detach, free_ports, held_ports, page_in, post_answers, request,
    server_pid, wait_until_gone,
};
use std::fs;

/// Every file of `.aide/decisions/` (and of its `servers/`) but the lock,
/// with its bytes.
fn snapshot(project: &TestProject) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for folder in ["", "servers"] {
        let Ok(entries) = fs::read_dir(project.decisions().join(folder)) else {
            continue;
        };
        for entry in entries.map(|e| e.unwrap()) {
            if entry.file_name() == "store.lock" || entry.file_type().unwrap().is_dir() {
                continue;
            }
            let name = std::path::Path::new(folder).join(entry.file_name());
            let name = name.to_string_lossy().into_owned();
            files.push((name, fs::read(entry.path()).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn a_submit_that_finds_no_free_port_leaves_the_store_as_it_was() {
    let project = TestProject::new();
    // An answered session: its pending.json, record, receipt and ledger.
    let lines = detach(&project, "zh", free_ports(10), &[]);
    let page = page_in(&lines);
    let pid = server_pid(&project);
    let (status, _) = post_answers(&page, &project.session_id(), ANSWERS);
    assert_eq!(status, 200);
    wait_until_gone(pid);
    let before = snapshot(&project);
    assert!(before.iter().any(|(name, _)| name == "result.json"));

    let (first, _held) = held_ports(10);
    for extra in [&[][..], &["--detach"][..]] {
        let port = first.to_string();
        let mut args = vec!["decide", "submit", EXAMPLE, "--port", &port];
        args.extend(extra);
        let output = project.aide(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{extra:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("✗ 无法启动服务: 端口"), "{stderr}");
        assert_eq!(snapshot(&project), before, "{extra:?}");
    }
    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(format!("{ANSWERS}\n"));
}

#[test]
fn a_pending_file_of_a_newer_aide_is_refused_and_left_alone() {
    let project = TestProject::new();
    fs::create_dir_all(project.decisions()).unwrap();
    let path = project.decisions().join("pending.json");
    let text = r#"{"version":"2.0","_meta":{"session_id":"v2-7"},"items":[]}"#;
    fs::write(&path, text).unwrap();
    let port = free_ports(10).to_string();
    let output = project
        .aide(&["decide", "submit", EXAMPLE, "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("✗ ") && stderr.contains("2.0"),
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    assert!(project.server_info().is_none());
}

#[test]
fn a_loopback_address_other_than_localhost_is_printed_as_it_is_bound() {
    let project = TestProject::new();
    let port = free_ports(10);
    let args = [
        "decide",
        "submit",
        EXAMPLE,
        "--port",
        &port.to_string(),
        "--bind",
        "127.0.0.2",
    ];
    let submit = project.start("en", &args);
    let visit = submit
        .lines
        .iter()
        .find(|l| l.contains("http://"))
        .expect("the address");
    let at = format!("http://127.0.0.2:{port}/?key=");
    assert!(visit.contains(&at), "{visit}");
    let key: String = visit
        .split("key=")
        .nth(1)
        .unwrap()
        .chars()
        .take(32)
        .collect();
    let addr = format!("127.0.0.2:{port}");
    let (status, _) = request(&addr, "GET", "/", &[("X-Aide-Key", &key)], "");
    assert_eq!(status, 200);
}

#[test]
fn a_blocking_submit_whose_question_is_withdrawn_ends_withdrawn_with_exit_3() {
    let project = TestProject::new();
    let submit = project.start(
        "en",
        &[
            "decide",
            "submit",
            EXAMPLE,
            "--port",
            &free_ports(10).to_string(),
        ],
    );
    let session = project.session_id();
    project
        .aide_in("en", &["decide", "cancel", "--reason", "moot now"])
        .assert()
        .success();
    let (code, lines) = submit.finish();
    assert_eq!(code, 3, "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some(format!("⚠ Session {session} was withdrawn: moot now").as_str())
    );
}
