//! `decide` through the client's own prompt when standing rulings answered
//! items at submit (issue 56): the form asks only the open items, and the
//! answer carries the ruled ones with `ruled_by`, exactly as `aide decide
//! result` prints them; when rulings answer every item there is no prompt
//! at all, in a `decide` call, a 2026-07-28 round and a task alike.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::cli_rulings::{act, answered, input};
use crate::support::mcp::{Mcp, TestClient, stop_server, submitted};
use crate::support::{TestProject, free_ports, request};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// A project whose earlier answers stand as rulings for `items`; the
/// earlier session.
pub fn ruled(items: &[&str]) -> (TestProject, String) {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(4)));
    let (page, earlier) = answered(&project, &input());
    for item in items {
        let grant = [("action", "grant"), ("session", &earlier), ("item", item)];
        let (status, html) = act(&page, &grant);
        assert_eq!(status, 200, "{html}");
    }
    (project, earlier)
}

/// Item 1 asked again (a ruling answers it) beside an item no ruling
/// answers.
pub fn partly_ruled() -> Value {
    let mut asked = input();
    asked["items"][1]["title"] = json!("Which password hash?");
    asked["items"][1]["options"] = json!([
        {"value": "bcrypt", "label": "bcrypt"}, {"value": "argon2", "label": "Argon2"}]);
    asked
}

/// What `aide decide result --session` prints of `session`'s decisions.
fn printed(project: &TestProject, session: &str) -> Value {
    let output = project
        .aide_in("en", &["decide", "result", "--session", session])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    serde_json::from_slice::<Value>(&output.stdout).unwrap()["decisions"].clone()
}

/// The answers the person gives item 2 in the form; item 1 the ruling.
pub fn expected(earlier: &str) -> Value {
    let ruled_by = json!({"ruling": format!("{earlier}.1"), "record": earlier, "item": 1});
    json!([{"id": 1, "chosen": "8h", "by": "ruling", "ruled_by": ruled_by},
           {"id": 2, "chosen": "argon2", "by": "person"}])
}

/// The form `params` asks item 2 alone: no field of the ruled item 1.
fn asks_item_2_alone(params: &Value) {
    assert_eq!(params["mode"], "form", "{params}");
    let schema = &params["requestedSchema"];
    assert_eq!(schema["required"], json!(["item-2"]), "{schema}");
    let properties = schema["properties"].as_object().unwrap();
    let mut names: Vec<&str> = properties.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, ["item-2", "note-2"], "{schema}");
    let message = params["message"].as_str().unwrap();
    assert!(message.contains("1 question"), "{message}");
}

/// `decide` on the partly ruled session, by a client whose form the
/// person answers: the client, the call's id and the form it was sent.
pub fn decide_by_form(project: &TestProject) -> (Mcp, u64, Value) {
    let client = TestClient::legacy("2025-11-25", json!({"elicitation": {}}));
    let mut mcp = Mcp::start_as(project, "en", &[], &client);
    let id = mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": partly_ruled()}),
    );
    let (asked, _) = mcp.elicitation(secs(20));
    (mcp, id, asked)
}

#[test]
fn a_form_asks_only_the_items_no_ruling_answered_and_the_answer_says_ruled_by() {
    let (project, earlier) = ruled(&["1"]);
    let (mut mcp, id, asked) = decide_by_form(&project);
    asks_item_2_alone(&asked["params"]);
    mcp.reply(
        &asked["id"],
        json!({"action": "accept", "content": {"item-2": "argon2"}}),
    );
    let (response, _) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    let session = answer["session_id"].as_str().unwrap();
    assert_eq!(answer["decisions"], expected(&earlier), "{response}");
    assert_eq!(answer["decisions"], printed(&project, session));
    stop_server(&project);
}

#[test]
fn a_url_prompt_counts_the_open_items_and_decide_waits_for_the_persons_answers() {
    let (project, earlier) = ruled(&["1"]);
    let client = TestClient::legacy("2025-11-25", json!({"elicitation": {"url": {}}}));
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let id = mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": partly_ruled()}),
    );
    let (asked, _) = mcp.elicitation(secs(20));
    let params = &asked["params"];
    assert_eq!(params["mode"], "url", "{asked}");
    let message = params["message"].as_str().unwrap();
    assert!(message.contains("1 question "), "{message}");
    mcp.reply(&asked["id"], json!({"action": "accept"}));
    // The ruled answer alone does not end the call: the person is asked.
    assert!(mcp.next(secs(2)).is_none(), "{:?}", mcp.seen);
    let session = project.session_id();
    let page = crate::support::page_in(&[params["url"].as_str().unwrap().to_owned()]);
    let headers = [
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("X-Aide-Key", page.key.as_str()),
    ];
    let fields = format!("session={session}&item-2=1");
    let (status, body) = request(&page.addr, "POST", "/submit", &headers, &fields);
    assert_eq!(status, 200, "{body}");
    let (response, notes) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"], expected(&earlier), "{response}");
    let done = notes
        .iter()
        .filter(|m| m["method"] == "notifications/elicitation/complete")
        .count();
    assert_eq!(done, 1, "{notes:?}");
    stop_server(&project);
}

#[test]
fn a_2026_round_asks_only_the_open_items_and_its_retry_answers_with_ruled_by() {
    let (project, earlier) = ruled(&["1"]);
    let client = TestClient::inline(json!({"elicitation": {"form": {}}}));
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let call = json!({"name": "decide", "arguments": partly_ruled()});
    let first = mcp.call("tools/call", call.clone());
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    asks_item_2_alone(&result["inputRequests"]["decide"]["params"]);
    let state = result["requestState"].as_str().unwrap().to_owned();
    let mut again = call;
    again["requestState"] = json!(state);
    again["inputResponses"] =
        json!({"decide": {"action": "accept", "content": {"item-2": "argon2"}}});
    let id = mcp.request("tools/call", again);
    let (response, _) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"], expected(&earlier), "{response}");
    assert_eq!(answer["decisions"], printed(&project, &state));
    stop_server(&project);
}

#[test]
fn decide_submit_and_decide_result_never_ask_a_ruled_item_and_say_ruled_by() {
    let (project, earlier) = ruled(&["1"]);
    let mut mcp = Mcp::start(&project, "en", &[]);
    let (session, page) = submitted(&mut mcp, partly_ruled());
    // The page asks item 2 alone.
    let (status, html) = request(&page.addr, "GET", "/", &[("X-Aide-Key", &page.key)], "");
    assert_eq!(status, 200, "{html}");
    assert!(!html.contains(r#"name="item-1""#), "{html}");
    assert!(html.contains(r#"name="item-2""#), "{html}");
    // Meanwhile: the ruled answer, not final, as `result` gives it (exit 6).
    let early = mcp.tool("decide_result", json!({"session_id": session}));
    let answer = &early["structuredContent"];
    assert_eq!(answer["status"], "provisional", "{early}");
    assert_eq!(
        answer["decisions"],
        json!([expected(&earlier)[0]]),
        "{early}"
    );
    assert_eq!(answer["waiting"], json!([2]), "{early}");
    // The page's form answers item 2 alone; the ruling's answer is kept.
    let fields = format!("session={session}&item-2=1");
    let headers = [
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("X-Aide-Key", page.key.as_str()),
    ];
    let (status, body) = request(&page.addr, "POST", "/submit", &headers, &fields);
    assert_eq!(status, 200, "{body}");
    let done = mcp.tool(
        "decide_result",
        json!({"session_id": session, "wait_seconds": 10}),
    );
    let answer = &done["structuredContent"];
    assert_eq!(answer["status"], "decided", "{done}");
    assert_eq!(answer["decisions"], expected(&earlier), "{done}");
    assert_eq!(answer["decisions"], printed(&project, &session));
}

/// `tasks/get` until the task leaves `working` (or 20 s pass).
fn settled_task(mcp: &mut Mcp, task: &str) -> Value {
    let until = Instant::now() + secs(20);
    loop {
        let got = mcp.call("tasks/get", json!({"taskId": task}));
        if got["result"]["status"] != "working" {
            return got["result"].clone();
        }
        assert!(Instant::now() < until, "still working: {got}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_task_asks_only_the_open_items_and_ends_with_ruled_by() {
    let (project, earlier) = ruled(&["1"]);
    let capabilities =
        json!({"elicitation": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}});
    let client = TestClient::legacy("2025-11-25", capabilities);
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let created = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": partly_ruled()}),
    );
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    let task = settled_task(&mut mcp, &id);
    assert_eq!(task["status"], "input_required", "{task}");
    asks_item_2_alone(&task["inputRequests"]["decide"]["params"]);
    let reply = json!({"action": "accept", "content": {"item-2": "argon2"}});
    let ack = mcp.call(
        "tasks/update",
        json!({"taskId": id, "inputResponses": {"decide": reply}}),
    );
    assert_eq!(ack["result"]["resultType"], "complete", "{ack}");
    let done = settled_task(&mut mcp, &id);
    assert_eq!(done["status"], "completed", "{done}");
    let answer = &done["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{done}");
    assert_eq!(answer["decisions"], expected(&earlier), "{done}");
    stop_server(&project);
}

#[test]
fn every_item_ruled_no_prompt_in_a_call_a_round_or_a_task() {
    let (project, earlier) = ruled(&["1", "2"]);
    let check = |answer: &Value| {
        assert_eq!(answer["status"], "decided", "{answer}");
        let decisions = answer["decisions"].as_array().unwrap();
        assert_eq!(decisions.len(), 2, "{answer}");
        for (at, decision) in decisions.iter().enumerate() {
            assert_eq!(decision["by"], "ruling", "{answer}");
            assert_eq!(
                decision["ruled_by"]["ruling"],
                format!("{earlier}.{}", at + 1)
            );
        }
    };
    let decide = json!({"name": "decide", "arguments": input()});

    let client = TestClient::legacy(
        "2025-11-25",
        json!({"elicitation": {"url": {}, "form": {}}}),
    );
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    check(&mcp.call("tools/call", decide.clone())["result"]["structuredContent"]);
    assert!(mcp.seen.iter().all(|m| m["method"] != "elicitation/create"));

    let client = TestClient::inline(json!({"elicitation": {"form": {}}}));
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let result = mcp.call("tools/call", decide.clone());
    assert_ne!(result["result"]["resultType"], "input_required", "{result}");
    check(&result["result"]["structuredContent"]);

    let capabilities = json!({"elicitation": {"url": {}, "form": {}},
                              "extensions": {"io.modelcontextprotocol/tasks": {}}});
    let client = TestClient::legacy("2025-11-25", capabilities);
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let created = mcp.call("tools/call", decide);
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    let done = settled_task(&mut mcp, &id);
    assert_eq!(done["status"], "completed", "{done}");
    assert!(done.get("inputRequests").is_none(), "{done}");
    check(&done["result"]["structuredContent"]);
    assert!(project.server_info().is_none(), "no page");
}
