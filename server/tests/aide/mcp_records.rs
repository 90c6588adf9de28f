//! Past sessions as MCP resources (issue 41, 5): every answered session of
//! the project is listed as `aide://session/{id}`, newest first, 50 a
//! page after the view's own resource, and reads as its stored record.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, example, project, submitted};
use crate::support::{ANSWERS, post_answers};
use serde_json::{Value, json};

#[test]
fn answered_sessions_are_resources_a_page_at_a_time_and_read_as_their_records() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    // One session answered the way the person answers.
    let (session, page) = submitted(&mut mcp, example());
    assert_eq!(post_answers(&page, &session, ANSWERS).0, 200);
    let decided = mcp.tool(
        "decide_result",
        json!({"session_id": session, "wait_seconds": 10}),
    );
    assert_eq!(decided["structuredContent"]["status"], "decided");

    // Its record read back as a resource: the record as stored.
    let uri = format!("aide://session/{session}");
    let read = mcp.call("resources/read", json!({ "uri": uri }));
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "application/json", "{read}");
    let record: Value = serde_json::from_str(contents["text"].as_str().unwrap()).unwrap();
    let stored: Value = serde_json::from_str(
        &std::fs::read_to_string(project.decisions().join(format!("{session}.json"))).unwrap(),
    )
    .unwrap();
    assert_eq!(record, stored);
    assert_eq!(record["output"]["decisions"][0]["chosen"], "jwt");

    // 54 more answered sessions (copies of its record under older ids):
    // the first page is the view and 50 records, the next page the rest.
    for n in 0..54 {
        let id = format!("2020-01-01T00-00-{n:02}");
        let mut copy = stored.clone();
        copy["input"]["_meta"]["session_id"] = json!(id);
        copy["input"]["_meta"]["created_at"] = json!(format!("2020-01-01T00:00:{n:02}+00:00"));
        let path = project.decisions().join(format!("{id}.json"));
        std::fs::write(path, serde_json::to_vec(&copy).unwrap()).unwrap();
    }
    let first = mcp.call("resources/list", json!({}));
    let listed = first["result"]["resources"].as_array().unwrap();
    assert_eq!(listed.len(), 51, "{first}");
    assert_eq!(listed[0]["uri"], "ui://aide/decide.html");
    assert_eq!(listed[1]["uri"], uri, "the newest first");
    assert_eq!(listed[1]["mimeType"], "application/json");
    assert_eq!(listed[1]["title"], example()["task"]);
    assert!(
        listed[1]["description"]
            .as_str()
            .unwrap()
            .starts_with("Decided "),
        "{first}"
    );
    let cursor = first["result"]["nextCursor"].as_str().unwrap().to_owned();
    let second = mcp.call("resources/list", json!({ "cursor": cursor }));
    let rest = second["result"]["resources"].as_array().unwrap();
    assert_eq!(rest.len(), 5, "{second}");
    assert!(rest.iter().all(|r| r["uri"] != "ui://aide/decide.html"));
    assert!(second["result"].get("nextCursor").is_none(), "{second}");
    // A set, not `dedup()`: that drops only a repeat next to its first.
    let all: std::collections::BTreeSet<&str> = listed[1..]
        .iter()
        .chain(rest)
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(all.len(), 55, "each record once");

    // A cursor aide did not give, a session without a record, and
    // another scheme are refused.
    let bad = mcp.call("resources/list", json!({"cursor": "nope"}));
    assert!(
        bad["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not one aide gave"),
        "{bad}"
    );
    for missing in [
        "aide://session/2019-01-01T00-00-00",
        "aide://session/x",
        "file:///etc/passwd",
    ] {
        let read = mcp.call("resources/read", json!({ "uri": missing }));
        assert!(read["error"].is_object(), "{missing}: {read}");
    }
}

/// `decide_search` (issue 41, 1 and 2): an agent that was not there when a
/// question was answered finds the answer with one call, told to quote it.
#[test]
fn an_agent_finds_what_the_person_decided_before_with_one_call() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let tools = mcp.call("tools/list", json!({}));
    let search = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "decide_search")
        .unwrap()
        .clone();
    assert_eq!(search["annotations"]["readOnlyHint"], true);
    assert_eq!(search["inputSchema"]["required"], json!(["query"]));
    let (session, page) = submitted(&mut mcp, example());
    assert_eq!(post_answers(&page, &session, ANSWERS).0, 200);
    let decided = mcp.tool(
        "decide_result",
        json!({"session_id": session, "wait_seconds": 10}),
    );
    assert_eq!(decided["structuredContent"]["status"], "decided");
    drop(mcp);

    // Another agent, later: one call.
    let mut later = Mcp::start(&project, "en", &[]);
    let title = example()["items"][0]["title"].as_str().unwrap().to_owned();
    let found = later.tool("decide_search", json!({ "query": title }));
    let hits = found["structuredContent"]["hits"].as_array().unwrap();
    assert_eq!(hits[0]["session_id"], session.as_str(), "{found}");
    assert_eq!(hits[0]["item"], 1);
    assert_eq!(hits[0]["chosen"][0]["value"], "jwt");
    let text = crate::support::mcp::text(&found);
    assert!(text.contains("quote it to the person"), "{text}");
    assert!(text.contains("\"session_id\""), "{text}");
    // Nothing found, and a query with no words.
    let none = later.tool("decide_search", json!({"query": "kubernetes"}));
    assert_eq!(none["structuredContent"]["hits"], json!([]));
    assert!(
        crate::support::mcp::text(&none).contains("ask the person"),
        "{none}"
    );
    let empty = later.tool("decide_search", json!({"query": "?!"}));
    assert_eq!(empty["isError"], true, "{empty}");
    assert!(
        crate::support::mcp::text(&empty).starts_with("✗ Nothing to search for in \"?!\""),
        "{empty}"
    );
    let wrong = later.tool("decide_search", json!({"query": 3}));
    assert_eq!(wrong["isError"], true, "{wrong}");
    let _ = later.close();
}
