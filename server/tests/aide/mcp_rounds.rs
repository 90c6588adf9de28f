//! `decide` on protocol 2026-07-28 (no `initialize`; every request says
//! its version and capabilities in `_meta`): a server sends the client no
//! requests, so the first call stores the session and answers with an
//! `InputRequiredResult`, and the client calls again with the person's
//! reply and the `requestState` it was given.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, TestClient, example, page_of, project, stop_server, text};
use crate::support::{ANSWERS, TestProject, post_answers};
use serde_json::{Value, json};
use std::time::Duration;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn start(project: &TestProject, capabilities: Value) -> Mcp {
    let client = TestClient::inline(capabilities);
    Mcp::start_as(project, "en", &[("AIDE_MCP_PROGRESS_SECS", "0.2")], &client)
}

fn decisions() -> Value {
    serde_json::from_str::<Value>(ANSWERS).unwrap()["decisions"].clone()
}

/// The first call: the prompt for the client, and the state to bring back.
fn first_round(mcp: &mut Mcp, arguments: Value) -> (Value, String) {
    let response = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": arguments}),
    );
    let result = &response["result"];
    assert_eq!(result["resultType"], "input_required", "{response}");
    let asked = &result["inputRequests"]["decide"];
    assert_eq!(asked["method"], "elicitation/create", "{response}");
    let state = result["requestState"].as_str().unwrap().to_owned();
    (asked["params"].clone(), state)
}

/// The retry: the same call, with the reply and the state; returns its id.
fn retry(mcp: &mut Mcp, arguments: Value, reply: Option<Value>, state: &str) -> u64 {
    let mut params = json!({"name": "decide", "arguments": arguments, "requestState": state,
                            "_meta": {"progressToken": "again"}});
    if let Some(reply) = reply {
        params["inputResponses"] = json!({"decide": reply});
    }
    mcp.request("tools/call", params)
}

#[test]
fn a_url_prompt_round_trip_waits_on_the_retry_and_submits_once() {
    let project = project();
    let mut mcp = start(&project, json!({"elicitation": {"url": {}}}));
    let (params, state) = first_round(&mut mcp, example());
    // Stored and served by the first call; the session is the state.
    assert_eq!(state, project.session_id());
    assert_eq!(params["mode"], "url", "{params}");
    let url = params["url"].as_str().unwrap().to_owned();
    assert_eq!(url, project.server_info().unwrap()["url"]);
    assert!(mcp.seen.iter().all(|m| m["method"] != "elicitation/create"));

    let id = retry(
        &mut mcp,
        example(),
        Some(json!({"action": "accept"})),
        &state,
    );
    let note = loop {
        let message = mcp.next(secs(20)).expect("progress");
        assert!(
            message["id"].is_null(),
            "answered before the person: {message}"
        );
        if message["method"] == "notifications/progress" {
            break message;
        }
    };
    assert_eq!(note["params"]["progressToken"], "again");
    // The retry stored nothing: a result call without a session id is
    // about the first call's session, and it is the only one.
    let result = mcp.tool("decide_result", json!({}));
    assert_eq!(
        result["structuredContent"]["session_id"],
        state.as_str(),
        "{result}"
    );
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    assert_eq!(project.session_id(), state);

    post_answers(&page_of(&url), &state, ANSWERS);
    let (response, _) = mcp.response(id, secs(20));
    let result = &response["result"];
    assert_eq!(result["resultType"], "complete", "{response}");
    assert_eq!(
        result["structuredContent"]["status"], "decided",
        "{response}"
    );
    assert_eq!(result["structuredContent"]["decisions"], decisions());
    // No elicitation id and no completion notice exist on 2026-07-28.
    assert!(
        mcp.seen
            .iter()
            .all(|m| m["method"] != "notifications/elicitation/complete")
    );
    stop_server(&project);
}

#[test]
fn a_form_round_trip_records_the_forms_answers_through_the_page() {
    let project = project();
    let mut mcp = start(&project, json!({"elicitation": {"form": {}}}));
    let (params, state) = first_round(&mut mcp, example());
    assert_eq!(params["mode"], "form", "{params}");
    let choice = &params["requestedSchema"]["properties"]["item-2"];
    assert_eq!(choice["default"], "bcrypt", "{params}");
    let reply = json!({"action": "accept", "content": {
        "item-1": "jwt", "item-2": "bcrypt", "note-2": "团队更熟悉 bcrypt"}});
    let id = retry(&mut mcp, example(), Some(reply), &state);
    let (response, _) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"], decisions());
    let result = mcp.tool("decide_result", json!({"session_id": state}));
    assert_eq!(result["structuredContent"]["decisions"], decisions());
    stop_server(&project);
}

#[test]
fn a_retry_without_the_reply_is_asked_again_and_a_decline_leaves_it_open() {
    let project = project();
    let mut mcp = start(&project, json!({"elicitation": {"url": {}}}));
    let (params, state) = first_round(&mut mcp, example());
    let id = retry(&mut mcp, example(), None, &state);
    let (again, _) = mcp.response(id, secs(20));
    assert_eq!(again["result"]["resultType"], "input_required", "{again}");
    assert_eq!(again["result"]["requestState"], state.as_str());
    assert_eq!(
        again["result"]["inputRequests"]["decide"]["params"]["url"],
        params["url"]
    );

    let id = retry(
        &mut mcp,
        example(),
        Some(json!({"action": "decline"})),
        &state,
    );
    let (response, _) = mcp.response(id, secs(5));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "pending", "{response}");
    assert_eq!(answer["session_id"], state.as_str());
    assert!(
        answer["message"].as_str().unwrap().contains("declined"),
        "{answer}"
    );
    assert!(project.server_info().is_some(), "the page keeps serving");
    assert_eq!(project.session_id(), state, "nothing submitted again");
    stop_server(&project);
}

#[test]
fn a_forged_request_state_is_refused_and_records_nothing() {
    let project = project();
    let mut mcp = start(&project, json!({"elicitation": {"form": {}}}));
    let (_, state) = first_round(&mut mcp, example());
    let reply = json!({"action": "accept", "content": {"item-1": "jwt", "item-2": "bcrypt"}});
    let mut other = example();
    other["task"] = json!("another task");
    for (arguments, forged) in [
        (example(), "../../pending.json".to_owned()),
        (example(), "2020-01-01T00-00-00".to_owned()),
        (example(), format!("{state} ")),
        // The session, but not what it asks.
        (other, state.clone()),
    ] {
        let id = retry(&mut mcp, arguments, Some(reply.clone()), &forged);
        let (response, _) = mcp.response(id, secs(20));
        let result = &response["result"];
        assert_eq!(result["isError"], true, "{forged}: {response}");
        assert!(
            result["structuredContent"]["session_id"].is_null(),
            "{response}"
        );
        assert!(text(result).contains("requestState"), "{response}");
    }
    let result = mcp.tool("decide_result", json!({"session_id": state}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    assert_eq!(result["structuredContent"]["answered"], 0, "{result}");
    assert_eq!(project.session_id(), state);
    stop_server(&project);
}

#[test]
fn without_elicitation_decide_waits_as_before_on_2026() {
    let project = project();
    let mut mcp = start(&project, json!({}));
    let id = mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": example(), "_meta": {"progressToken": 1}}),
    );
    loop {
        let message = mcp.next(secs(20)).expect("progress");
        assert!(message["id"].is_null(), "{message}");
        if message["method"] == "notifications/progress" {
            break;
        }
    }
    let page = page_of(project.server_info().unwrap()["url"].as_str().unwrap());
    post_answers(&page, &project.session_id(), ANSWERS);
    let (response, _) = mcp.response(id, secs(20));
    assert_eq!(
        response["result"]["structuredContent"]["decisions"],
        decisions()
    );
    // Every tool answers on 2026-07-28 as on the versions before.
    let result = mcp.tool("decide_result", json!({}));
    assert_eq!(result["structuredContent"]["status"], "decided", "{result}");
    assert_eq!(result["resultType"], "complete", "{result}");
    let listed = mcp.call("tools/list", json!({}));
    assert!(
        listed["result"]["tools"].as_array().unwrap().len() >= 4,
        "{listed}"
    );
    stop_server(&project);
}
