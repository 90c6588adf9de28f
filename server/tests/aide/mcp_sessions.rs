//! Several agents, one project, over MCP: each connection gets only its
//! own session's answers, a connection that submitted nothing is refused
//! with the sessions named while several are pending, and the view finds a
//! session kept aside by a later submit.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, TestClient, page_of, project};
use crate::support::post_answers;
use serde_json::{Value, json};

fn question(agent: &str) -> Value {
    json!({
        "task": format!("task of {agent}"),
        "source": "chat",
        "items": [{
            "id": 1,
            "title": format!("Which way for {agent}?"),
            "options": [
                {"value": format!("{agent}-yes"), "label": "Yes"},
                {"value": format!("{agent}-no"), "label": "No"}
            ]
        }]
    })
}

fn answers(agent: &str) -> Value {
    json!({"decisions": [{"id": 1, "chosen": format!("{agent}-yes")}]})
}

/// Submits `agent`'s question; returns its session and page address.
fn submit(mcp: &mut Mcp, agent: &str) -> (String, String) {
    let submitted = mcp.tool("decide_submit", question(agent));
    assert_eq!(submitted["isError"], false, "{submitted}");
    let answer = &submitted["structuredContent"];
    (
        answer["session_id"].as_str().unwrap().to_owned(),
        answer["url"].as_str().unwrap().to_owned(),
    )
}

fn answer(url: &str, session: &str, agent: &str) {
    let (status, body) = post_answers(&page_of(url), session, &answers(agent).to_string());
    assert_eq!(status, 200, "{body}");
}

#[test]
fn two_mcp_agents_in_one_project_each_get_only_their_own_answers() {
    let project = project();
    let mut first = Mcp::start(&project, "en", &[]);
    let mut second = Mcp::start(&project, "en", &[]);
    let (a, a_url) = submit(&mut first, "a");
    let (b, b_url) = submit(&mut second, "b");
    assert_ne!(a_url, b_url);

    // Each connection's result without an id is about its own submit.
    for (mcp, session) in [(&mut first, &a), (&mut second, &b)] {
        let result = mcp.tool("decide_result", json!({}));
        let answer = &result["structuredContent"];
        assert_eq!(answer["status"], "pending", "{result}");
        assert_eq!(answer["session_id"], session.as_str(), "{result}");
    }

    // A third agent that submitted nothing cannot be given either.
    let mut third = Mcp::start(&project, "en", &[]);
    let expected = format!(
        "✗ 2 sessions are pending: {a} (task of a), {b} (task of b)\nHint: Pass --session ID (submit --json prints it)"
    );
    for tool in ["decide_result", "decide_cancel"] {
        let refused = third.tool(tool, json!({}));
        assert_eq!(refused["isError"], true, "{tool}: {refused}");
        let content = &refused["structuredContent"];
        assert_eq!(
            content,
            &json!({"status": "error", "session_id": null, "message": expected}),
            "{tool}"
        );
    }
    // Named, it gets that one.
    let named = third.tool("decide_result", json!({"session_id": a}));
    assert_eq!(named["structuredContent"]["status"], "pending", "{named}");

    // The person answers the newer question first, then the older one
    // (kept aside).
    answer(&b_url, &b, "b");
    let result = first.tool("decide_result", json!({}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    assert_eq!(result["structuredContent"]["session_id"], a.as_str());
    answer(&a_url, &a, "a");
    for (mcp, session, agent) in [(&mut first, &a, "a"), (&mut second, &b, "b")] {
        let result = mcp.tool("decide_result", json!({"wait_seconds": 5}));
        let mut expected = answers(agent);
        expected["status"] = json!("decided");
        expected["session_id"] = json!(session);
        assert_eq!(result["structuredContent"], expected, "{result}");
    }
    // The file kept aside went with the answers.
    let aside = project.decisions().join(format!("{a}.pending.json"));
    assert!(!aside.exists());
}

#[test]
fn the_view_serves_a_session_kept_aside() {
    let project = project();
    // The first agent's client draws aide's view.
    let mut first = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let mut second = Mcp::start(&project, "en", &[]);
    let (a, _) = submit(&mut first, "a");
    let (b, _) = submit(&mut second, "b");
    assert_eq!(project.session_id(), b);
    // The first agent's view, by its task, finds its own session aside.
    let opened = first.view_tool("decide_view", json!({"task": "task of a"}));
    let shown = &opened["structuredContent"];
    assert_eq!(shown["status"], "pending", "{opened}");
    assert_eq!(shown["session_id"], a.as_str());
    assert!(shown["html"].as_str().unwrap().contains("Which way for a?"));
    let form = format!("session={a}&item-1=0");
    let answered = first.view_tool("decide_view_answer", json!({"session_id": a, "form": form}));
    assert_eq!(
        answered["structuredContent"]["status"], "decided",
        "{answered}"
    );
    assert_eq!(
        answered["structuredContent"]["decisions"],
        answers("a")["decisions"]
    );
    // The second is still waiting, and has none of them.
    let result = second.tool("decide_result", json!({}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    assert_eq!(result["structuredContent"]["session_id"], b.as_str());
}
