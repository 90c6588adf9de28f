//! `decide` asking the person through the agent's own client, up to
//! protocol 2025-11-25: `elicitation/create` in URL mode (open the page)
//! or form mode (a small decision as the client's form), sent while the
//! call waits, with the person answering on the page or in the form.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, TestClient, example, page_of, project, stop_server, text};
use crate::support::{ANSWERS, TestProject, post_answers};
use serde_json::{Value, json};
use std::time::Duration;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn url_client() -> TestClient {
    TestClient::legacy("2025-11-25", json!({"elicitation": {"url": {}}}))
}

/// `"elicitation": {}` is form mode.
fn form_client() -> TestClient {
    TestClient::legacy("2025-11-25", json!({"elicitation": {}}))
}

fn start(project: &TestProject, client: &TestClient) -> Mcp {
    Mcp::start_as(project, "en", &[("AIDE_MCP_PROGRESS_SECS", "0.2")], client)
}

/// Sends `decide` with a progress token; returns its id.
fn decide(mcp: &mut Mcp, arguments: Value) -> u64 {
    mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": arguments, "_meta": {"progressToken": "p"}}),
    )
}

fn decisions() -> Value {
    serde_json::from_str::<Value>(ANSWERS).unwrap()["decisions"].clone()
}

fn completions(notes: &[Value]) -> Vec<&Value> {
    notes
        .iter()
        .filter(|m| m["method"] == "notifications/elicitation/complete")
        .collect()
}

/// Reads `count` progress notifications, failing on anything else that
/// asks or answers.
fn progress(mcp: &mut Mcp, count: usize) -> Vec<Value> {
    let mut notes = Vec::new();
    while notes.len() < count {
        let message = mcp.next(secs(20)).expect("progress");
        assert_ne!(message["method"], "elicitation/create", "{message}");
        assert!(
            message["id"].is_null(),
            "an answer before the person: {message}"
        );
        if message["method"] == "notifications/progress" {
            notes.push(message);
        }
    }
    notes
}

#[test]
fn a_url_client_is_asked_to_open_the_page_and_told_when_it_is_answered() {
    let project = project();
    let mut mcp = start(&project, &url_client());
    let id = decide(&mut mcp, example());
    let (asked, before) = mcp.elicitation(secs(20));
    assert!(before.iter().all(|m| m["id"] != json!(id)), "{before:?}");
    let params = &asked["params"];
    assert_eq!(params["mode"], "url", "{asked}");
    let session = project.session_id();
    assert_eq!(params["elicitationId"], session.as_str());
    let url = params["url"].as_str().unwrap();
    assert_eq!(url, project.server_info().unwrap()["url"], "{asked}");
    assert!(url.contains("?key="), "{url}");
    let message = params["message"].as_str().unwrap();
    assert!(message.contains("2 questions"), "{message}");
    mcp.reply(&asked["id"], json!({"action": "accept"}));

    // The person consented: the call still waits, with progress.
    progress(&mut mcp, 2);
    let (status, body) = post_answers(&page_of(url), &session, ANSWERS);
    assert_eq!(status, 200, "{body}");
    let (response, notes) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"], decisions());
    // The client learns the page's work is done, once, for this session.
    let done = completions(&notes);
    assert_eq!(done.len(), 1, "{notes:?}");
    assert_eq!(done[0]["params"]["elicitationId"], session.as_str());
    stop_server(&project);
}

#[test]
fn a_declined_url_prompt_returns_at_once_and_the_question_stays_open() {
    let project = project();
    let mut mcp = start(&project, &url_client());
    let id = decide(&mut mcp, example());
    let (asked, _) = mcp.elicitation(secs(20));
    let url = asked["params"]["url"].as_str().unwrap().to_owned();
    mcp.reply(&asked["id"], json!({"action": "decline"}));
    let (response, notes) = mcp.response(id, secs(5));
    let result = &response["result"];
    let answer = &result["structuredContent"];
    assert_eq!(result["isError"], false, "{response}");
    assert_eq!(answer["status"], "pending", "{response}");
    let session = project.session_id();
    assert_eq!(answer["session_id"], session.as_str());
    assert_eq!(answer["url"], url.as_str());
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("declined"), "{message}");
    assert!(message.contains(&url) && message.contains("decide_result"));
    assert_eq!(text(result), message);
    assert!(completions(&notes).is_empty(), "{notes:?}");

    // The page is still up, and decide_result collects the answers.
    let (status, _) = post_answers(&page_of(&url), &session, ANSWERS);
    assert_eq!(status, 200);
    let result = mcp.tool(
        "decide_result",
        json!({"session_id": session, "wait_seconds": 10}),
    );
    assert_eq!(
        result["structuredContent"]["decisions"],
        decisions(),
        "{result}"
    );
    stop_server(&project);
}

#[test]
fn a_client_that_draws_the_view_gets_no_prompt() {
    let project = project();
    let client = TestClient::legacy(
        "2025-11-25",
        json!({"elicitation": {"url": {}, "form": {}},
               "extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}),
    );
    let mut mcp = start(&project, &client);
    let id = decide(&mut mcp, example());
    progress(&mut mcp, 3);
    let page = page_of(project.server_info().unwrap()["url"].as_str().unwrap());
    post_answers(&page, &project.session_id(), ANSWERS);
    let (response, notes) = mcp.response(id, secs(20));
    assert_eq!(response["result"]["structuredContent"]["status"], "decided");
    assert!(notes.iter().all(|m| m["method"] != "elicitation/create"));
    assert!(completions(&notes).is_empty(), "{notes:?}");
    stop_server(&project);
}

#[test]
fn a_form_client_answers_a_small_decision_in_its_form_and_the_page_records_it() {
    let project = project();
    let mut mcp = start(&project, &form_client());
    let id = decide(&mut mcp, example());
    let (asked, _) = mcp.elicitation(secs(20));
    let params = &asked["params"];
    assert_eq!(params["mode"], "form", "{asked}");
    let schema = &params["requestedSchema"];
    assert_eq!(schema["required"], json!(["item-1", "item-2"]), "{schema}");
    let first = &schema["properties"]["item-1"];
    assert_eq!(first["title"], "认证方式选择");
    assert_eq!(first["default"], "jwt");
    assert_eq!(
        first["oneOf"],
        json!([{"const": "jwt", "title": "JWT Token 认证 · score 85 · recommended"},
               {"const": "session", "title": "Session 认证 · score 70"}])
    );
    assert_eq!(schema["properties"]["note-2"]["type"], "string");
    assert!(
        !params["message"].as_str().unwrap().contains("http"),
        "no link in a form"
    );

    mcp.reply(
        &asked["id"],
        json!({"action": "accept",
               "content": {"item-1": "jwt", "note-1": "", "item-2": "bcrypt", "note-2": "团队更熟悉 bcrypt"}}),
    );
    let (response, notes) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"], decisions());
    assert!(completions(&notes).is_empty(), "{notes:?}");
    // Recorded as any answer is: decide_result and the CLI say the same.
    let session = project.session_id();
    let result = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(result["structuredContent"]["decisions"], decisions());
    let cli = project.aide(&["decide", "result"]).output().unwrap();
    let printed: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(printed["decisions"], decisions());
    // The record says the answers came through the client's own form.
    let record = project.decisions().join(format!("{session}.json"));
    let record: Value = serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    assert_eq!(record["via"], "elicitation", "{record}");
    stop_server(&project);
}

#[test]
fn larger_or_richer_decisions_get_the_link_not_a_form() {
    let project = project();
    let options = json!([{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]);
    let four: Vec<Value> = (1..=4)
        .map(|id| json!({"id": id, "title": format!("Q{id}"), "options": options}))
        .collect();
    let several = json!([{"id": 1, "title": "Q1", "options": options},
                         {"id": 2, "title": "Q2", "multiple": true, "options": options}]);
    for items in [json!(four), several] {
        let mut mcp = start(&project, &form_client());
        let input = json!({"task": "Larger", "source": "chat", "items": items, "replace": true});
        let id = decide(&mut mcp, input);
        // Progress with the page's address, and no form.
        let notes = progress(&mut mcp, 3);
        let said = notes[0]["params"]["message"].as_str().unwrap();
        assert!(said.contains("?key="), "{said}");
        let session = project.session_id();
        let cancel = mcp.request(
            "tools/call",
            json!({"name": "decide_cancel", "arguments": {"session_id": session}}),
        );
        let results = mcp.results(&[cancel, id], secs(20));
        assert_eq!(
            results[1]["structuredContent"]["status"], "withdrawn",
            "{results:?}"
        );
        assert!(mcp.seen.iter().all(|m| m["method"] != "elicitation/create"));
    }
}

#[test]
fn form_answers_the_page_refuses_leave_the_question_open_and_say_why() {
    let project = project();
    let mut mcp = start(&project, &form_client());
    for (content, why) in [
        // Item 2 left out: the page's own validation names it.
        (
            json!({"item-1": "jwt"}),
            "Item 2 (“密码加密算法”) has no answer yet",
        ),
        // A choice no option has.
        (
            json!({"item-1": "nope", "item-2": "bcrypt"}),
            "\"nope\" is not one of its choices",
        ),
    ] {
        let mut input = example();
        input["replace"] = json!(true);
        let id = decide(&mut mcp, input);
        let (asked, _) = mcp.elicitation(secs(20));
        mcp.reply(
            &asked["id"],
            json!({"action": "accept", "content": content}),
        );
        let (response, _) = mcp.response(id, secs(20));
        let answer = &response["result"]["structuredContent"];
        assert_eq!(answer["status"], "pending", "{response}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains("were not recorded"), "{message}");
        assert!(message.contains(why), "{message}");
        assert!(
            message.contains(answer["url"].as_str().unwrap()),
            "{message}"
        );
        let result = mcp.tool("decide_result", json!({}));
        assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
        assert_eq!(result["structuredContent"]["answered"], 0, "{result}");
    }
    stop_server(&project);
}

#[test]
fn a_dismissed_form_returns_at_once_and_the_page_stays_up() {
    let project = project();
    let mut mcp = start(&project, &form_client());
    let id = decide(&mut mcp, example());
    let (asked, _) = mcp.elicitation(secs(20));
    mcp.reply(&asked["id"], json!({"action": "cancel"}));
    let (response, _) = mcp.response(id, secs(5));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "pending", "{response}");
    assert!(
        answer["message"].as_str().unwrap().contains("declined"),
        "{answer}"
    );
    assert!(project.server_info().is_some(), "the page keeps serving");
    stop_server(&project);
}

#[test]
fn a_prompt_still_open_when_the_person_answers_on_the_page_is_withdrawn() {
    let project = project();
    let mut mcp = start(&project, &url_client());
    let id = decide(&mut mcp, example());
    let (asked, _) = mcp.elicitation(secs(20));
    // The client never replies; the person answers in a browser.
    let url = asked["params"]["url"].as_str().unwrap();
    post_answers(&page_of(url), &project.session_id(), ANSWERS);
    let (response, notes) = mcp.response(id, secs(20));
    assert_eq!(response["result"]["structuredContent"]["status"], "decided");
    let withdrawn = notes
        .iter()
        .find(|m| m["method"] == "notifications/cancelled")
        .unwrap_or_else(|| panic!("{notes:?}"));
    assert_eq!(withdrawn["params"]["requestId"], asked["id"]);
    assert_eq!(completions(&notes).len(), 1, "{notes:?}");
    stop_server(&project);
}

#[test]
fn a_cancelled_decide_withdraws_its_prompt_and_the_page_stays_up() {
    let project = project();
    let mut mcp = start(&project, &url_client());
    let id = decide(&mut mcp, example());
    let (asked, _) = mcp.elicitation(secs(20));
    mcp.send(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                     "params": {"requestId": id, "reason": "Esc"}}),
    );
    let withdrawn = loop {
        let message = mcp.next(secs(5)).expect("the prompt withdrawn");
        if message["method"] == "notifications/cancelled" {
            break message;
        }
    };
    assert_eq!(withdrawn["params"]["requestId"], asked["id"]);
    assert!(project.server_info().is_some(), "the page keeps serving");
    let result = mcp.tool("decide_result", json!({}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    assert!(
        completions(&mcp.seen).is_empty(),
        "not complete: unanswered"
    );
    stop_server(&project);
}
