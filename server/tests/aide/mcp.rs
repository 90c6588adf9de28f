//! `aide mcp` spoken to as a client does: JSON-RPC lines on the built
//! binary's stdin and stdout, with a person answering over HTTP.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, example, page_of, project, stop_server, text};
use crate::support::{ANSWERS, TestProject, post_answers, put_draft};
use serde_json::{Value, json};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn the_tools_are_listed_with_their_schemas() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let list = mcp.call("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    // The model's tools; the view's own (visibility "app") come after.
    let names: Vec<&str> = tools
        .iter()
        .filter(|t| t["_meta"]["ui"]["visibility"].is_null())
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "decide_submit",
            "decide_result",
            "decide",
            "decide_cancel",
            "decide_search"
        ]
    );
    let submit = &tools[0];
    let input = &submit["inputSchema"];
    assert_eq!(input["type"], "object");
    assert_eq!(input["required"], json!(["task", "source", "items"]));
    assert_eq!(input["properties"]["replace"]["type"], "boolean");
    assert!(input["properties"]["items"].is_object());
    assert_eq!(tools[2]["inputSchema"], *input);
    for tool in tools
        .iter()
        .filter(|t| t["_meta"]["ui"]["visibility"].is_null())
    {
        // The tools about a session answer one shape; a search's hits
        // come without a schema (docs/mcp.md).
        if tool["name"] == "decide_search" {
            assert!(tool["outputSchema"].is_null(), "{tool}");
        } else {
            assert_eq!(tool["outputSchema"]["type"], "object", "{tool}");
        }
        assert!(tool["description"].as_str().unwrap().len() > 40);
    }
    let wait = &tools[1]["inputSchema"]["properties"]["wait_seconds"];
    assert_eq!(wait["maximum"], 600, "{wait}");
    assert_eq!(wait["minimum"], 0, "{wait}");
    // Only standard formats: strict JSON Schema validators accept them.
    let listed = list.to_string();
    assert!(!listed.contains("\"format\":\"uint"), "{listed}");
    // The descriptions follow aide's language.
    let mut zh = Mcp::start(&project, "zh", &[]);
    let list = zh.call("tools/list", json!({}));
    let described = list["result"]["tools"][0]["description"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(described.contains("decide_result"), "{described}");
    assert!(described.contains("用户"), "{described}");
    let seen = mcp.close();
    assert!(seen.iter().all(|m| m["jsonrpc"] == "2.0"));
}

#[test]
fn bad_input_is_a_tool_error_with_every_field_path_and_hint() {
    let project = project();
    for (lang, validation, hint) in [
        ("en", "Validation failed", "Hint:"),
        ("zh", "数据验证失败", "建议:"),
    ] {
        let mut mcp = Mcp::start(&project, lang, &[]);
        let result = mcp.tool(
            "decide_submit",
            json!({"task": "t", "source": "s", "items": [
                {"id": 1, "title": "a", "options": [{"value": "x", "label": "X"}]},
                {"id": 2, "title": "", "options": []}
            ]}),
        );
        assert_eq!(result["isError"], true, "{result}");
        let message = text(&result);
        for needle in [
            validation,
            "items[0].options",
            "items[1].options",
            "items[1].title",
            hint,
        ] {
            assert!(
                message.contains(needle),
                "{lang}: {needle} missing in {message}"
            );
        }
        let result = mcp.tool("decide_submit", json!({"task": "t"}));
        assert_eq!(result["isError"], true);
        let result = mcp.tool("decide_result", json!({"wait_seconds": 601}));
        assert_eq!(result["isError"], true, "{result}");
        assert!(text(&result).contains("wait_seconds"));
        // Nothing was stored or started.
        assert!(!project.decisions().join("pending.json").exists());
        // An unknown tool is a protocol error.
        let response = mcp.call("tools/call", json!({"name": "nope", "arguments": {}}));
        assert!(response["error"].is_object(), "{response}");
    }
}

#[test]
fn without_a_project_every_tool_says_to_run_aide_init() {
    let bare = TestProject::bare();
    let mut mcp = Mcp::start(&bare, "en", &[]);
    for (tool, arguments) in [
        ("decide_submit", example()),
        ("decide_result", json!({})),
        ("decide", example()),
    ] {
        let result = mcp.tool(tool, arguments);
        assert_eq!(result["isError"], true, "{result}");
        assert!(text(&result).contains("aide init"), "{result}");
    }
    // --project points at a project elsewhere.
    let project = project();
    let dir = project.path().to_str().unwrap();
    let mut elsewhere = Mcp::start_with(&bare, "en", &[], &["--project", dir]);
    let result = elsewhere.tool("decide_result", json!({}));
    assert!(text(&result).contains("No pending"), "{result}");
}

#[test]
fn a_submitted_session_answered_over_http_is_returned_by_decide_result() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let result = mcp.tool("decide_submit", example());
    assert_eq!(result["isError"], false, "{result}");
    let answer = &result["structuredContent"];
    assert_eq!(answer["status"], "pending", "{answer}");
    let session = answer["session_id"].as_str().unwrap().to_owned();
    assert_eq!(session, project.session_id());
    let url = answer["url"].as_str().unwrap().to_owned();
    assert!(text(&result).contains(&url));
    let message = answer["message"].as_str().unwrap();
    assert!(
        message.ends_with(&url) && message.contains("2 questions"),
        "{message}"
    );
    assert!(text(&result).contains(message), "{result}");
    assert!(text(&result).contains("decide_result"));

    // Nothing answered yet: pending after the wait, with the progress.
    let result = mcp.tool("decide_result", json!({"wait_seconds": 1}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    assert_eq!(result["structuredContent"]["answered"], 0);
    assert_eq!(result["structuredContent"]["total"], 2);

    let page = page_of(&url);
    let draft = r#"{"decisions":[{"id":1,"chosen":"jwt"}]}"#;
    let (status, body) = put_draft(&page, &session, draft);
    assert_eq!(status, 200, "{body}");
    let result = mcp.tool("decide_result", json!({}));
    assert_eq!(result["structuredContent"]["answered"], 1, "{result}");

    let (status, body) = post_answers(&page, &session, ANSWERS);
    assert_eq!(status, 200, "{body}");
    let result = mcp.tool("decide_result", json!({"wait_seconds": 10}));
    let expected: Value = serde_json::from_str(ANSWERS).unwrap();
    let cli = project.aide(&["decide", "result"]).output().unwrap();
    let printed: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(printed, expected);
    // What the CLI prints, with the status and the session it answers.
    let mut decided = printed.clone();
    decided["status"] = json!("decided");
    decided["session_id"] = json!(session);
    assert_eq!(result["structuredContent"], decided, "{result}");
    assert!(text(&result).contains("\"chosen\":\"jwt\""));
    stop_server(&project);
    // The lines for people went to stderr, as submit --detach prints them.
    let log = std::fs::read_to_string(&mcp.stderr).unwrap();
    assert!(log.contains(&format!("→ Open: {url}")), "{log}");
    assert!(log.contains("→ No browser was opened"), "{log}");
    let seen = mcp.close();
    assert!(seen.iter().all(|m| m["jsonrpc"] == "2.0"));
}

#[test]
fn decide_result_says_closed_when_no_server_serves_the_session() {
    let project = project();
    let mut mcp = Mcp::start(&project, "zh", &[]);
    let result = mcp.tool("decide_submit", example());
    assert_eq!(result["isError"], false, "{result}");
    stop_server(&project);
    let result = mcp.tool("decide_result", json!({"wait_seconds": 5}));
    assert_eq!(result["structuredContent"]["status"], "closed", "{result}");
    assert!(text(&result).contains("aide decide serve"), "{result}");
}

#[test]
fn decide_waits_with_progress_until_the_person_answers() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[("AIDE_MCP_PROGRESS_SECS", "0.2")]);
    let id = mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": example(), "_meta": {"progressToken": "p1"}}),
    );
    // Progress arrives while the person has not answered.
    let mut notes = Vec::new();
    while notes.len() < 2 {
        let message = mcp
            .next(Duration::from_secs(20))
            .expect("a progress notification");
        assert_ne!(
            message["id"],
            json!(id),
            "answered before the person: {message}"
        );
        if message["method"] == "notifications/progress" {
            notes.push(message);
        }
    }
    assert_eq!(notes[0]["params"]["progressToken"], "p1");
    let said = notes[0]["params"]["message"].as_str().unwrap();
    assert!(
        said.contains("0/2 answered, at http://127.0.0.1:"),
        "{said}"
    );
    assert!(said.contains("?key="), "{said}");
    let first = notes[0]["params"]["progress"].as_f64().unwrap();
    let second = notes[1]["params"]["progress"].as_f64().unwrap();
    assert!(second > first);

    let page = page_of(project.server_info().unwrap()["url"].as_str().unwrap());
    let (status, body) = post_answers(&page, &project.session_id(), ANSWERS);
    assert_eq!(status, 200, "{body}");
    let (response, _) = mcp.response(id, Duration::from_secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"][1]["note"], "团队更熟悉 bcrypt");
    stop_server(&project);
}

#[test]
fn a_cancelled_decide_stops_waiting_and_the_page_stays_up() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[("AIDE_MCP_PROGRESS_SECS", "0.2")]);
    let id = mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": example(), "_meta": {"progressToken": 7}}),
    );
    loop {
        let message = mcp.next(Duration::from_secs(20)).expect("progress");
        if message["method"] == "notifications/progress" {
            break;
        }
    }
    mcp.send(&json!({
        "jsonrpc": "2.0",
        "method": "notifications/cancelled",
        "params": {"requestId": id, "reason": "the user pressed Esc"}
    }));
    // The server stops reporting, and still answers other requests.
    std::thread::sleep(Duration::from_millis(600));
    while let Some(message) = mcp.next(Duration::from_millis(100)) {
        let _ = message;
    }
    assert!(
        mcp.next(Duration::from_millis(800)).is_none(),
        "still talking after the cancellation"
    );
    let result = mcp.tool("decide_result", json!({}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    let url = result["structuredContent"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let page = page_of(&url);
    let (status, _) = post_answers(&page, &project.session_id(), ANSWERS);
    assert_eq!(status, 200);
    let result = mcp.tool("decide_result", json!({"wait_seconds": 10}));
    assert_eq!(result["structuredContent"]["status"], "decided", "{result}");
    stop_server(&project);
    let seen = mcp.close();
    assert!(seen.iter().all(|m| m["jsonrpc"] == "2.0"));
}

#[test]
fn closing_stdin_before_initialize_ends_it_quietly() {
    let project = project();
    let output = Command::new(crate::support::aide_bin())
        .arg("mcp")
        .current_dir(project.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"");
}

#[test]
fn closing_stdin_during_a_blocking_decide_exits_within_a_second_and_the_page_stays_up() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[("AIDE_MCP_PROGRESS_SECS", "0.2")]);
    mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": example(), "_meta": {"progressToken": 1}}),
    );
    loop {
        let message = mcp.next(Duration::from_secs(20)).expect("progress");
        if message["method"] == "notifications/progress" {
            break;
        }
    }
    drop(mcp.stdin.take());
    let closed = std::time::Instant::now();
    let status = loop {
        if let Some(status) = mcp.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            closed.elapsed() < Duration::from_secs(10),
            "aide mcp did not end"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = closed.elapsed();
    assert!(status.success(), "{status:?}");
    assert!(took < Duration::from_secs(1), "took {took:?} to exit");
    // The person can still answer.
    assert!(project.server_info().is_some(), "the page keeps serving");
    stop_server(&project);
}

#[test]
fn a_session_replaced_by_another_says_replaced_and_names_the_new_one() {
    let project = project();
    let mut first = Mcp::start(&project, "en", &[]);
    let submitted = first.tool("decide_submit", example());
    let old = submitted["structuredContent"]["session_id"].clone();
    // Another agent replaces it.
    let mut second = Mcp::start(&project, "en", &[]);
    let mut arguments = example();
    arguments["replace"] = json!(true);
    let replacing = second.tool("decide_submit", arguments);
    let new = replacing["structuredContent"]["session_id"].clone();
    assert_ne!(old, new);
    for result in [
        first.tool("decide_result", json!({})),
        second.tool("decide_result", json!({"session_id": old})),
    ] {
        let answer = &result["structuredContent"];
        assert_eq!(answer["status"], "replaced", "{result}");
        assert_eq!(answer["session_id"], old, "{result}");
        assert_eq!(answer["by"], new, "{result}");
        assert!(text(&result).contains(new.as_str().unwrap()), "{result}");
    }
    // The second agent's own session is still its own.
    let own = second.tool("decide_result", json!({}));
    assert_eq!(own["structuredContent"]["session_id"], new, "{own}");
    assert_eq!(own["structuredContent"]["status"], "pending", "{own}");
    stop_server(&project);
}
