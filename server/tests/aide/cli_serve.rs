//! `aide decide serve` again after a page closed (issue 60): the agent's
//! detached form with `--json`, the same address so the person's link
//! opens again, and the line for the person in the question's language.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{EXAMPLE, TestProject, detach, free_ports, get_page, held_ports, page_in};
use serde_json::Value;

/// A session whose page timed out, closed: its first address.
fn closed_session(project: &TestProject, port: u16) -> String {
    let lines = detach(project, "en", port, &["--timeout", "1"]);
    let url = lines
        .iter()
        .find_map(|line| line.strip_prefix("→ Open: "))
        .unwrap()
        .to_owned();
    project
        .aide_in("en", &["decide", "result", "--wait"])
        .assert()
        .code(4);
    url
}

/// `aide decide serve ARGS --detach --json`: what it printed.
fn serve_json(project: &TestProject, args: &[&str]) -> Value {
    let mut all = vec!["decide", "serve", "--detach", "--json"];
    all.extend(args);
    let output = project.aide_in("en", &all).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn serve_again_keeps_the_address_the_person_was_given() {
    let project = TestProject::new();
    let port = free_ports(10);
    let first = closed_session(&project, port + 2);
    let started = serve_json(&project, &[]);
    assert_eq!(started["session_id"], project.session_id().as_str());
    for field in ["message", "port", "pid"] {
        assert!(!started[field].is_null(), "{field}: {started}");
    }
    // The same port (the config's first port was free, the old one too)
    // and the same key: the link in the chat opens the page again.
    assert_eq!(started["url"], first.as_str(), "{started}");
    assert_eq!(started["port"], port + 2);
    let (status, html) = get_page(&page_in(std::slice::from_ref(&first)), "/");
    assert_eq!(status, 200, "{html}");
    assert!(
        started["message"].as_str().unwrap().contains(&first),
        "{started}"
    );
}

#[test]
fn a_taken_port_or_an_asked_one_moves_the_page_but_keeps_its_key() {
    let project = TestProject::new();
    let (port, held) = held_ports(10);
    drop(held);
    let first = closed_session(&project, port);
    // Where the config starts the range once the old port is taken.
    let configured = free_ports(10);
    project.config(&format!("[decide]\nport = {configured}\n"));
    let key = page_in(std::slice::from_ref(&first)).key;
    // Someone else has the old port now: the next free one, same key.
    let _taken = std::net::TcpListener::bind(("127.0.0.1", port)).unwrap();
    let started = serve_json(&project, &["--timeout", "1"]);
    let url = started["url"].as_str().unwrap();
    assert_eq!(started["port"], configured, "{started}");
    assert_eq!(page_in(&[url.to_owned()]).key, key, "{url}");
    project
        .aide_in("en", &["decide", "result", "--wait"])
        .assert()
        .code(4);
    // An asked-for port is the port used.
    let asked = free_ports(10);
    let started = serve_json(&project, &["--port", &asked.to_string()]);
    assert_eq!(started["port"], asked, "{started}");
    assert_eq!(
        page_in(&[started["url"].as_str().unwrap().to_owned()]).key,
        key
    );
}

#[test]
fn serve_json_in_the_foreground_prints_the_same_line() {
    let project = TestProject::new();
    let port = free_ports(10);
    let first = closed_session(&project, port);
    let mut serving = project.start("en", &["decide", "serve", "--json", "--timeout", "1"]);
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(serving.child.stdout.as_mut().unwrap()),
        &mut line,
    )
    .unwrap();
    let started: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(started["url"], first.as_str());
    assert_eq!(started["pid"], serving.child.id());
    let (code, _) = serving.finish();
    assert_eq!(code, 1, "timed out, as submit's page does");
}

#[test]
fn the_line_for_the_person_is_in_the_questions_language_unless_one_is_set() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(10)));
    // EXAMPLE asks in Chinese; the terminal is English (no locale, no
    // AIDE_LANG): aide speaks English to the agent, Chinese to the person.
    let output = project
        .aide_in("en", &["decide", "submit", EXAMPLE, "--detach", "--json"])
        .env_remove("AIDE_LANG")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.starts_with("→ Web server started"), "{stderr}");
    let started: Value = serde_json::from_slice(&output.stdout).unwrap();
    let message = started["message"].as_str().unwrap();
    assert!(
        message.starts_with("请在这里回答「实现用户认证模块」的 2 个问题"),
        "{message}"
    );
    assert!(
        stderr.contains(&format!("→ For the person: {message}")),
        "{stderr}"
    );
    // Set, it is the language for both.
    let output = project
        .aide_in("en", &["decide", "submit", EXAMPLE, "--detach", "--json"])
        .output()
        .unwrap();
    let started: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        started["message"]
            .as_str()
            .unwrap()
            .starts_with("Please answer 2 questions for \"实现用户认证模块\""),
        "{started}"
    );
}
