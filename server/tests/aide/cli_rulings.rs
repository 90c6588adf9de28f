//! Standing rulings (issue 56): granted on the page of an answered
//! question (its key), applied at submit with `"by":"ruling"` and no page,
//! listed, paused and revoked by `aide decide rules`; and their bad input:
//! a rulings file that cannot be read turns them off (named, nothing
//! applied, nothing lost), a pattern that is no glob is refused naming its
//! field, two pages changing them at once (one wins, the other is told),
//! and a file others may read is not trusted.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{
    PageAddress, TestProject, free_ports, page_in, post_answers, request, wait_until_gone,
};
use serde_json::{Value, json};
use std::fs;

fn project() -> TestProject {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    project
}

pub(crate) fn input() -> Value {
    json!({
        "task": "Add login",
        "source": "chat",
        "items": [
            {"id": 1, "title": "How long does a login session last?",
             "location": {"file": "src/auth/session.rs", "start": 1, "end": 9},
             "options": [{"value": "1h", "label": "1 hour"}, {"value": "8h", "label": "8 hours"}]},
            {"id": 2, "title": "Which cookie name?",
             "options": [{"value": "sid", "label": "sid"}, {"value": "shop", "label": "shop_session"}]}
        ]
    })
}

/// Submits `input` detached and answers it as the page would: its page
/// (the ended page serves on with the same key) and session.
pub(crate) fn answered(project: &TestProject, input: &Value) -> (PageAddress, String) {
    let output = project
        .aide_in("en", &["decide", "submit", "-", "--detach", "--json"])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let started: Value = serde_json::from_slice(&output.stdout).unwrap();
    let session = started["session_id"].as_str().unwrap().to_owned();
    let page = page_in(&[started["url"].as_str().unwrap().to_owned()]);
    let answers = json!({"decisions": [{"id": 1, "chosen": "8h"}, {"id": 2, "chosen": "sid"}]});
    let (status, reply) = post_answers(&page, &session, &answers.to_string());
    assert_eq!(status, 200, "{reply}");
    wait_until_gone(u32::try_from(started["pid"].as_u64().unwrap()).unwrap());
    (page, session)
}

/// `POST /rulings` with the form `fields`.
pub(crate) fn act(page: &PageAddress, fields: &[(&str, &str)]) -> (u16, String) {
    let body = serde_urlencoded::to_string(fields).unwrap();
    request(
        &page.addr,
        "POST",
        "/rulings",
        &[
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("X-Aide-Key", &page.key),
        ],
        &body,
    )
}

fn run(project: &TestProject, args: &[&str]) -> (i32, String, String) {
    let output = project.aide_in("en", args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// A submit that waits for the person: a page that opens (no ruling
/// applied) times out in seconds rather than hanging the test.
fn submit_now(project: &TestProject, input: &Value) -> (i32, String, String) {
    let output = project
        .aide_in("en", &["decide", "submit", "-", "--timeout", "5"])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn ledger(project: &TestProject) -> String {
    fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap()
}

#[test]
fn a_ruling_granted_on_the_page_answers_the_next_submit_at_once() {
    let project = project();
    let (page, session) = answered(&project, &input());
    // The page holding the key offers a grant per answer; without the key
    // nothing is shown.
    let (status, html) = request(
        &page.addr,
        "GET",
        &format!("/rulings?session={session}"),
        &[("X-Aide-Key", &page.key)],
        "",
    );
    assert_eq!(status, 200, "{html}");
    assert!(
        html.contains("data-item=\"1\"") && html.contains("data-item=\"2\""),
        "{html}"
    );
    // In the decision page's style: its sheets inline, under a nonce.
    let head = html.split("</head>").next().unwrap_or_default();
    assert!(head.contains("<style nonce=\""), "{head}");
    assert!(head.contains(".rulings form.grant fieldset"), "{head}");
    assert!(html.contains("<main class=\"page rulings\">"), "{html}");
    // The decision page's icon, served (a browser asked /favicon.ico: 404).
    let icon = r#"<link rel="icon" href="/favicon.svg" type="image/svg+xml">"#;
    assert!(head.contains(icon), "{head}");
    let (status, svg) = request(&page.addr, "GET", "/favicon.svg", &[], "");
    assert_eq!(status, 200, "{svg}");
    assert!(svg.contains("<svg"), "{svg}");
    let (status, _) = request(&page.addr, "GET", "/rulings", &[], "");
    assert_eq!(status, 403);
    // A path pattern that is no glob is refused, naming its field.
    let (status, html) = act(
        &page,
        &[
            ("action", "grant"),
            ("session", &session),
            ("item", "1"),
            ("path", "src/["),
            ("seen", "0:0"),
        ],
    );
    assert_eq!(status, 400, "{html}");
    assert!(
        html.contains("path: expected a glob pattern of paths"),
        "{html}"
    );
    let (status, html) = act(
        &page,
        &[
            ("action", "grant"),
            ("session", &session),
            ("item", "1"),
            ("scope", "project"),
            ("path", "src/auth/**"),
            ("seen", "0:0"),
        ],
    );
    assert_eq!(status, 200, "{html}");
    assert!(
        html.contains(&format!("Ruling {session}.1 granted")),
        "{html}"
    );
    // A second page shown the same rulings is told, and changes nothing.
    let (status, html) = act(
        &page,
        &[
            ("action", "grant"),
            ("session", &session),
            ("item", "2"),
            ("seen", "0:0"),
        ],
    );
    assert_eq!(status, 409, "{html}");
    assert!(html.contains("changed on another page"), "{html}");
    let (status, html) = act(
        &page,
        &[
            ("action", "grant"),
            ("session", &session),
            ("item", "2"),
            ("seen", "1:0"),
        ],
    );
    assert_eq!(status, 200, "{html}");
    assert!(ledger(&project).contains("\"event\":\"ruling_granted\""));

    // The same questions again: answered by the rulings, no page.
    let (code, stdout, stderr) = submit_now(&project, &input());
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("All 2 item(s) answered by your rulings"),
        "{stderr}"
    );
    assert!(
        stderr.contains("8 hours (answered by your ruling"),
        "{stderr}"
    );
    assert!(!stderr.contains("http://"), "no page: {stderr}");
    let answers: Value = serde_json::from_str(&stdout).unwrap();
    let first = &answers["decisions"][0];
    assert_eq!(first["chosen"], "8h");
    assert_eq!(first["by"], "ruling");
    assert_eq!(
        first["ruled_by"],
        json!({"ruling": format!("{session}.1"), "record": session, "item": 1})
    );
    let (code, result, _) = run(&project, &["decide", "result"]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<Value>(&result).unwrap(), answers);
    assert!(ledger(&project).contains("\"event\":\"ruled\""));

    // Not when the agent says ask: always (the page opens: detached here).
    let mut always = input();
    always["items"][1]["ask"] = json!("always");
    let (code, stdout, stderr) = run_detached(&project, &always);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("\"url\""), "a page: {stdout}");

    // Listed, text and JSON; paused; revoked only with --yes.
    let (code, text, _) = run(&project, &["decide", "rules"]);
    assert_eq!(code, 0);
    assert!(
        text.contains(
            "“How long does a login session last?” → 8 hours (this project, path src/auth/**)"
        ),
        "{text}"
    );
    let (_, json, _) = run(&project, &["decide", "rules", "--json"]);
    let listed: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(listed["rulings"].as_array().unwrap().len(), 2);
    assert_eq!(listed["paused"], false);
    let (code, _, stderr) = run(&project, &["decide", "rules", "--pause"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, _) = run_detached(&project, &input());
    assert_eq!(code, 0);
    assert!(stdout.contains("\"url\""), "paused: a page: {stdout}");
    run(&project, &["decide", "rules", "--resume"]);
    let id = format!("{session}.2");
    let (code, _, stderr) = run(&project, &["decide", "rules", "--revoke", &id]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("needs a confirmation") && stderr.contains("--yes"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&project, &["decide", "rules", "--revoke", &id, "--yes"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(ledger(&project).contains("\"event\":\"ruling_revoked\""));
    let (_, json, _) = run(&project, &["decide", "rules", "--json"]);
    let listed: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(listed["rulings"].as_array().unwrap().len(), 1);
}

fn run_detached(project: &TestProject, input: &Value) -> (i32, String, String) {
    let output = project
        .aide_in(
            "en",
            &["decide", "submit", "-", "--detach", "--json", "--replace"],
        )
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn rulings_that_cannot_be_read_are_named_and_none_applies() {
    let project = project();
    let (page, session) = answered(&project, &input());
    for item in ["1", "2"] {
        let (status, html) = act(
            &page,
            &[("action", "grant"), ("session", &session), ("item", item)],
        );
        assert_eq!(status, 200, "{html}");
    }
    let file = project.decisions().join("rulings.json");
    let good = fs::read_to_string(&file).unwrap();
    // Damaged: named, rulings off, the file left as it was.
    fs::write(&file, &good[..good.len() / 2]).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).unwrap();
    }
    let (code, stdout, stderr) = run_detached(&project, &input());
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("Rulings are off:") && stderr.contains("rulings.json"),
        "{stderr}"
    );
    assert!(stdout.contains("\"url\""), "asked: {stdout}");
    assert_eq!(fs::read_to_string(&file).unwrap(), good[..good.len() / 2]);
    let (code, _, stderr) = run(&project, &["decide", "rules"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("rulings.json"), "{stderr}");
    // Readable by others: not trusted.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::write(&file, &good).unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
        let (code, stdout, stderr) = run_detached(&project, &input());
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("is not yours alone"), "{stderr}");
        assert!(stdout.contains("\"url\""), "asked: {stdout}");
    }
}

#[test]
fn over_mcp_a_ruled_submit_returns_the_answers_and_rulings_are_found_and_listed() {
    use crate::support::mcp::Mcp;
    let project = project();
    let (page, session) = answered(&project, &input());
    for item in ["1", "2"] {
        let (status, html) = act(
            &page,
            &[("action", "grant"), ("session", &session), ("item", item)],
        );
        assert_eq!(status, 200, "{html}");
    }
    let mut mcp = Mcp::start(&project, "en", &[]);
    for tool in ["decide_submit", "decide"] {
        let result = mcp.tool(tool, input());
        let answer = &result["structuredContent"];
        assert_eq!(answer["status"], "decided", "{tool}: {result}");
        assert_eq!(answer["decisions"][0]["by"], "ruling", "{tool}: {result}");
        assert_eq!(
            answer["decisions"][1]["ruled_by"]["ruling"],
            format!("{session}.2")
        );
    }
    let found = mcp.tool("decide_search", json!({"query": "login session"}));
    let rulings = found["structuredContent"]["rulings"].as_array().unwrap();
    assert_eq!(rulings.len(), 1, "{found}");
    assert_eq!(rulings[0]["id"], format!("{session}.1"));
    let listed = mcp.call("resources/list", json!({}));
    let uri = format!("aide://ruling/{session}.1");
    let resources = listed["result"]["resources"].as_array().unwrap();
    assert!(resources.iter().any(|r| r["uri"] == uri), "{listed}");
    let read = mcp.call("resources/read", json!({ "uri": uri }));
    let ruling: Value =
        serde_json::from_str(read["result"]["contents"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(ruling["answer"], "8h");
    // No MCP tool grants: the tools are the agent's.
    let tools = mcp.call("tools/list", json!({}));
    assert!(!tools.to_string().contains("grant"), "{tools}");
}

#[test]
fn export_writes_each_ruling_as_an_accepted_record_with_its_scope() {
    let project = project();
    let (page, session) = answered(&project, &input());
    let fields = [
        ("action", "grant"),
        ("session", session.as_str()),
        ("item", "1"),
        ("path", "src/auth/**"),
        ("until", "2999-12-31"),
    ];
    let (status, html) = act(&page, &fields);
    assert_eq!(status, 200, "{html}");
    let (code, _, stderr) = run(&project, &["decide", "export", "--adr", "docs/adr"]);
    assert_eq!(code, 0, "{stderr}");
    let dir = project.path().join("docs/adr");
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let ruling = names
        .iter()
        .find(|n| n.contains("-ruling-how-long-does-a-login-session-last"))
        .unwrap_or_else(|| panic!("{names:?}"));
    let text = fs::read_to_string(dir.join(ruling)).unwrap();
    assert!(text.starts_with("---\nstatus: accepted\n"), "{text}");
    assert!(
        text.contains("# Standing ruling: How long does a login session last?"),
        "{text}"
    );
    assert!(
        text.contains(
            "for this project, where the code location matches `src/auth/**`, until 2999-12-31"
        ),
        "{text}"
    );
    assert!(
        text.contains("Chosen option: \"8 hours\", every time."),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with(&format!("<!-- aide-adr: ruling:{session} 1 -->")),
        "{text}"
    );
    // Again: the same file, unchanged; the decided items' files beside it.
    let (code, _, stderr) = run(&project, &["decide", "export", "--adr", "docs/adr"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), names.len());
    assert_eq!(fs::read_to_string(dir.join(ruling)).unwrap(), text);
}
