//! `aide decide cancel` and MCP's `decide_cancel`: an agent withdraws its
//! question; every wait on it ends with exit 3 / `withdrawn`, and history,
//! `show` and `status` say so.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, example, project, text};
use crate::support::{
    ANSWERS, detach, free_ports, page_in, post_answers, server_pid, wait_until_gone,
};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn json_of(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap()
}

#[test]
fn a_withdrawn_question_stops_its_page_and_every_command_says_withdrawn() {
    let project = project();
    detach(&project, "en", free_ports(10), &[]);
    let session = project.session_id();
    let pid = server_pid(&project);
    // A waiting agent learns it at once.
    let waiter = project.spawn_in("en", &["decide", "result", "--wait", "--session", &session]);
    crate::support::wait_until_sleeping(waiter.id());
    let started = Instant::now();
    project
        .aide_in(
            "en",
            &["decide", "cancel", "--reason", "answered in the chat"],
        )
        .assert()
        .success()
        .stdout("")
        .stderr(format!(
            "✓ Withdrew session {session}: answered in the chat\n"
        ));
    wait_until_gone(pid);
    let waited = waiter.wait_with_output().unwrap();
    assert_eq!(waited.status.code(), Some(3), "{waited:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
    let said = String::from_utf8_lossy(&waited.stderr).into_owned();
    assert_eq!(
        said,
        format!("⚠ Session {session} was withdrawn: answered in the chat\n")
    );
    // Withdrawing again changes nothing.
    project
        .aide_in("en", &["decide", "cancel"])
        .assert()
        .success();
    for args in [vec!["decide", "result"], vec!["decide", "result", "--wait"]] {
        let output = project.aide_in("en", &args).output().unwrap();
        assert_eq!(output.status.code(), Some(3), "{args:?}: {output:?}");
        assert_eq!(output.stdout, b"", "{args:?}");
    }
    // show prints the session's record, here its withdrawal, and exits 3.
    let shown = project
        .aide_in("en", &["decide", "show", session.as_str()])
        .output()
        .unwrap();
    assert_eq!(shown.status.code(), Some(3), "{shown:?}");
    let withdrawal: serde_json::Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(withdrawal["session_id"], session.as_str());
    assert_eq!(withdrawal["reason"], "answered in the chat");
    assert!(withdrawal["withdrawn_at"].is_string(), "{withdrawal}");
    let status = project
        .aide_in("en", &["decide", "status"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&status.stderr).into_owned();
    assert!(
        stderr.starts_with(&format!("→ Withdrawn session {session}:")),
        "{stderr}"
    );
    assert!(stderr.contains("⚠ Session"), "{stderr}");
    let status = project
        .aide(&["decide", "status", "--json"])
        .output()
        .unwrap();
    assert_eq!(json_of(&status.stdout)["sessions"][0]["withdrawn"], true);
    let history = project
        .aide(&["decide", "history", "--json"])
        .output()
        .unwrap();
    let history = json_of(&history.stdout);
    assert_eq!(history["sessions"][0]["status"], "withdrawn", "{history}");
    let ledger = std::fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap();
    assert_eq!(ledger.matches("\"withdrawn\"").count(), 1, "{ledger}");
    // A new submit needs no --replace; clean then removes the withdrawn one.
    detach(&project, "en", free_ports(10), &[]);
    let marker = project
        .decisions()
        .join(format!("{session}.withdrawn.json"));
    assert!(marker.exists());
    project
        .aide(&["decide", "clean", "--keep", "0"])
        .assert()
        .success();
    assert!(!marker.exists(), "clean removes a withdrawn session");
    crate::support::kill(server_pid(&project), "TERM");
}

#[test]
fn an_answered_question_cannot_be_withdrawn() {
    let project = project();
    let lines = detach(&project, "en", free_ports(10), &[]);
    let session = project.session_id();
    let pid = server_pid(&project);
    post_answers(&page_in(&lines), &session, ANSWERS);
    wait_until_gone(pid);
    project
        .aide_in("en", &["decide", "cancel", "--session", &session])
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "✗ Session {session} was already answered and cannot be withdrawn\n\
             Hint: Get its answers with aide decide result\n"
        ));
    // Nothing of a withdrawal was written: the answers stand alone.
    let marker = format!("{session}.withdrawn.json");
    assert!(!project.decisions().join(&marker).exists());
    let ledger = std::fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap();
    assert!(!ledger.contains("\"withdrawn\""), "{ledger}");
    // decide_cancel is told the same.
    let mut agent = Mcp::start(&project, "en", &[]);
    let result = agent.tool("decide_cancel", json!({"session_id": session}));
    assert_eq!(result["isError"], true, "{result}");
    assert!(
        text(&result).contains(&format!(
            "Session {session} was already answered and cannot be withdrawn"
        )),
        "{result}"
    );
    assert!(!project.decisions().join(marker).exists());
    project.aide(&["decide", "result"]).assert().success();
}

#[test]
fn decide_cancel_withdraws_the_connections_own_session_and_ends_a_blocking_decide() {
    let project = project();
    // One agent waits in decide; another withdraws that session by id.
    let mut waiting = Mcp::start(&project, "en", &[]);
    let id = waiting.request(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    let until = Instant::now() + Duration::from_secs(20);
    while project.server_info().is_none() {
        assert!(Instant::now() < until, "no server started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let session = project.session_id();
    let mut other = Mcp::start(&project, "en", &[]);
    let result = other.tool(
        "decide_cancel",
        json!({"session_id": session, "reason": "moot now"}),
    );
    assert_eq!(
        result["structuredContent"]["status"], "withdrawn",
        "{result}"
    );
    assert_eq!(result["structuredContent"]["reason"], "moot now");
    let (response, _) = waiting.response(id, Duration::from_secs(10));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "withdrawn", "{response}");
    assert_eq!(answer["session_id"], session.as_str());
    assert!(text(&response["result"]).contains("moot now"));

    // Without session_id it withdraws the session submitted on its own
    // connection.
    let mut agent = Mcp::start(&project, "en", &[]);
    let submitted = agent.tool("decide_submit", example());
    let own = submitted["structuredContent"]["session_id"].clone();
    let result = agent.tool("decide_cancel", json!({}));
    assert_eq!(result["structuredContent"]["session_id"], own, "{result}");
    let result = agent.tool("decide_result", json!({}));
    assert_eq!(
        result["structuredContent"]["status"], "withdrawn",
        "{result}"
    );
}

#[test]
fn an_open_page_learns_at_once_that_its_question_was_withdrawn_and_why() {
    let project = project();
    let lines = detach(&project, "en", free_ports(10), &[]);
    let page = page_in(&lines);
    let session = project.session_id();
    let pid = server_pid(&project);
    // The page's island waits on the outcome while the form is open: its
    // request is held by the server before the question is withdrawn.
    let mut waiting = std::net::TcpStream::connect(&page.addr).unwrap();
    let request = format!(
        "GET /api/outcome HTTP/1.1\r\nHost: {}\r\nX-Aide-Key: {}\r\nX-Aide-Session: {session}\r\n\
         X-Aide-Page: a1\r\nConnection: close\r\n\r\n",
        page.addr, page.key
    );
    std::io::Write::write_all(&mut waiting, request.as_bytes()).unwrap();
    let started = Instant::now();
    crate::support::wait_until_read(&waiting);
    project
        .aide_in("en", &["decide", "cancel", "--reason", "<b>moot</b> now"])
        .assert()
        .success();
    waiting
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut reply = String::new();
    std::io::Read::read_to_string(&mut waiting, &mut reply).unwrap();
    let waited = started.elapsed();
    let status = reply.split(' ').nth(1).unwrap();
    let body = reply.split_once("\r\n\r\n").unwrap().1;
    assert_eq!(status, "200", "{reply}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    assert!(body.contains(r#"data-outcome="withdrawn""#), "{body}");
    assert!(body.contains("Question withdrawn"), "{body}");
    assert!(
        body.contains("Reason: &lt;b&gt;moot&lt;/b&gt; now"),
        "{body}"
    );
    // Told, the page no longer holds the server up.
    wait_until_gone(pid);
}
