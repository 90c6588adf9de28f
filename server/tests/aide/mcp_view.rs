//! The MCP App view as a host uses it: the extension in the capabilities,
//! the view resource, the tools that name it, and the app-only calls that
//! show a session's form and record its answers through the page server.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{
    Mcp, TestClient, VIEW_TOKEN_META, example, page_of, project, same_task, stop_server, text,
};
use crate::support::{ANSWERS, get_page, put_draft, request};
use serde_json::{Value, json};

const URI: &str = "ui://aide/decide.html";

/// Submits `input` and returns the session it stored.
fn submit(mcp: &mut Mcp, input: Value) -> String {
    let submitted = mcp.tool("decide_submit", input);
    submitted["structuredContent"]["session_id"]
        .as_str()
        .unwrap_or_else(|| panic!("no session in {submitted}"))
        .to_owned()
}

fn fieldsets(html: &str) -> usize {
    html.matches("<fieldset").count()
}

#[test]
fn the_server_offers_the_view_and_the_tools_name_it() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let init = mcp.call(
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {"extensions": {
            "io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}},
            "clientInfo": {"name": "t", "version": "1"}}),
    );
    let capabilities = &init["result"]["capabilities"];
    assert_eq!(
        capabilities["extensions"]["io.modelcontextprotocol/ui"]["mimeTypes"],
        json!(["text/html;profile=mcp-app"]),
        "{capabilities}"
    );
    assert!(capabilities["resources"].is_object(), "{capabilities}");

    let tools = mcp.call("tools/list", json!({}))["result"]["tools"].clone();
    let tool = |name: &str| -> Value {
        tools
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} not listed"))
    };
    for name in ["decide", "decide_submit"] {
        let meta = &tool(name)["_meta"];
        assert_eq!(meta["ui"]["resourceUri"], URI, "{name}");
        assert_eq!(meta["ui/resourceUri"], URI, "{name}: the flat key");
        assert!(tool(name)["annotations"].is_null(), "{name}");
    }
    for name in [
        "decide_view",
        "decide_view_items",
        "decide_view_draft",
        "decide_view_answer",
    ] {
        assert_eq!(tool(name)["_meta"]["ui"]["visibility"], json!(["app"]));
    }
    assert!(tool("decide_result")["_meta"].is_null());

    let listed = mcp.call("resources/list", json!({}));
    assert_eq!(listed["result"]["resources"][0]["uri"], URI, "{listed}");
    let read = mcp.call("resources/read", json!({"uri": URI}));
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
    let html = contents["text"].as_str().unwrap();
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.len() < 1024 * 1024);
    let missing = mcp.call("resources/read", json!({"uri": "ui://aide/other.html"}));
    assert!(missing["error"].is_object(), "{missing}");
}

#[test]
fn the_view_shows_the_form_and_its_answers_are_the_answers() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let session = submit(&mut mcp, example());

    // A view that knows only its tool input finds the session by the
    // connection and the task.
    let task = example()["task"].clone();
    let opened = mcp.view_tool("decide_view", json!({"task": task, "lang": "zh-CN"}));
    let shown = &opened["structuredContent"];
    assert_eq!(shown["status"], "pending", "{opened}");
    assert_eq!(shown["session_id"], session.as_str());
    let html = shown["html"].as_str().unwrap();
    assert_eq!(fieldsets(html), 2, "{html}");
    assert!(html.contains("认证方式选择"), "the page's own cards");
    assert!(html.contains(&format!("value=\"{session}\"")));
    assert!(!text(&opened).is_empty());

    // An incomplete form is refused by the page's own validation, in the
    // person's words, and nothing is recorded.
    let partial = format!("session={session}&item-1=0");
    let refused = mcp.view_tool(
        "decide_view_answer",
        json!({"session_id": session, "form": partial}),
    );
    assert_eq!(refused["isError"], true, "{refused}");
    assert_eq!(refused["structuredContent"]["session_id"], session.as_str());
    let pending = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(pending["structuredContent"]["status"], "pending");

    let form = format!("session={session}&item-1=0&item-2=1&note-2=faster");
    let answered = mcp.view_tool(
        "decide_view_answer",
        json!({"session_id": session, "form": form}),
    );
    assert_eq!(
        answered["structuredContent"]["status"], "decided",
        "{answered}"
    );
    let expected = json!([
        {"id": 1, "chosen": "jwt"},
        {"id": 2, "chosen": "argon2", "note": "faster"}
    ]);
    assert_eq!(answered["structuredContent"]["decisions"], expected);
    let result = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(result["structuredContent"]["decisions"], expected);
    // The record says the answers came through the view.
    let record: Value = serde_json::from_str(
        &std::fs::read_to_string(project.decisions().join(format!("{session}.json"))).unwrap(),
    )
    .unwrap();
    assert_eq!(record["via"], "view", "{record}");

    // Once answered, the view is told so instead of a form.
    let again = mcp.view_tool("decide_view", json!({"session_id": session}));
    assert_eq!(again["structuredContent"]["status"], "decided", "{again}");
    stop_server(&project);
}

#[test]
fn a_long_session_reaches_the_view_in_batches_of_bounded_size() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let items: Vec<Value> = (1..=130)
        .map(|id| {
            json!({"id": id, "title": format!("Question {id}"),
                   "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]})
        })
        .collect();
    let session = submit(
        &mut mcp,
        json!({"task": "Long", "source": "s.md", "items": items}),
    );
    let opened = mcp.view_tool("decide_view", json!({"session_id": session}));
    let html = opened["structuredContent"]["html"].as_str().unwrap();
    assert_eq!(fieldsets(html), 20);
    assert!(html.contains("data-next=\"20\""), "{html}");
    let mut from = 20;
    let mut batches = Vec::new();
    loop {
        let batch = mcp.view_tool(
            "decide_view_items",
            json!({"session_id": session, "from": from}),
        );
        let html = batch["structuredContent"]["html"]
            .as_str()
            .unwrap()
            .to_owned();
        let count = fieldsets(&html);
        if count == 0 {
            break;
        }
        batches.push(count);
        from += count;
    }
    assert_eq!(batches, [100, 10]);
    assert_eq!(from, 130);
    stop_server(&project);
}

#[test]
fn a_view_call_for_a_session_without_a_page_says_where_it_stands() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let session = submit(&mut mcp, example());
    let withdrawn = mcp.tool(
        "decide_cancel",
        json!({"session_id": session, "reason": "moot"}),
    );
    assert_eq!(withdrawn["structuredContent"]["status"], "withdrawn");
    let opened = mcp.view_tool("decide_view", json!({"session_id": session}));
    assert_eq!(
        opened["structuredContent"]["status"], "withdrawn",
        "{opened}"
    );
    let bad = mcp.view_tool(
        "decide_view_items",
        json!({"session_id": session, "from": "x"}),
    );
    assert_eq!(bad["isError"], true, "{bad}");
    assert!(text(&bad).contains("from"), "{bad}");
}

/// Whether the page's radio `o{item}-{choice}` is checked in `html`.
pub(crate) fn checked(html: &str, item: u32, choice: &str) -> bool {
    let id = format!("id=\"o{item}-{choice}\"");
    html.split("<input")
        .find(|tag| tag.contains(&id))
        .unwrap_or_else(|| panic!("no {id}"))
        .split('>')
        .next()
        .unwrap()
        .contains("checked")
}

#[test]
fn a_draft_saved_in_the_view_is_what_the_page_shows_and_back() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let session = submit(&mut mcp, example());
    let url = mcp.tool("decide_result", json!({}))["structuredContent"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let page = page_of(&url);

    // The view saves the answers so far through the page's own route.
    let form = format!("session={session}&item-2=1&note-2=later");
    let saved = mcp.view_tool(
        "decide_view_draft",
        json!({"session_id": session, "form": form}),
    );
    let answer = &saved["structuredContent"];
    assert_eq!(answer["status"], "pending", "{saved}");
    assert_eq!(answer["answered"], 1, "{saved}");
    assert_eq!(answer["total"], 2, "{saved}");
    // The page shows it on reload.
    let (status, html) = get_page(&page, "/");
    assert_eq!(status, 200);
    assert!(checked(&html, 2, "1"), "argon2 is chosen");
    assert!(!checked(&html, 1, "0"), "item 1 is still open");
    assert!(html.contains(">later</textarea>"), "the note");

    // And a draft the page saved is what the view opens with.
    let draft = r#"{"decisions":[{"id":1,"chosen":"session"}]}"#;
    let (status, body) = put_draft(&page, &session, draft);
    assert_eq!(status, 200, "{body}");
    let opened = mcp.view_tool("decide_view", json!({"session_id": session}));
    let html = opened["structuredContent"]["html"].as_str().unwrap();
    assert!(checked(html, 1, "1"), "{html}");

    // A draft the page's validation refuses is refused, in its words.
    let bad = format!("session={session}&item-1=7");
    let refused = mcp.view_tool(
        "decide_view_draft",
        json!({"session_id": session, "form": bad}),
    );
    assert_eq!(refused["isError"], true, "{refused}");
    // Placed at the item, as the page places it for the person.
    assert!(
        text(&refused).contains("Item 1 (“认证方式选择”)"),
        "{refused}"
    );
    stop_server(&project);
}

const APP_ONLY: [&str; 4] = [
    "decide_view",
    "decide_view_items",
    "decide_view_draft",
    "decide_view_answer",
];

/// The record of `session`'s answers.
fn record(project: &crate::support::TestProject, session: &str) -> Value {
    let path = project.decisions().join(format!("{session}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_plain_client_gets_no_app_only_tool_and_is_refused_when_it_calls_one() {
    let project = project();
    // A client that never declared the Apps extension: its host would
    // show the app-only tools to its model.
    let mut mcp = Mcp::start(&project, "en", &[]);
    let list = mcp.call("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
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
    for tool in tools {
        assert!(tool["_meta"][VIEW_TOKEN_META].is_null(), "{tool}");
    }
    let submitted = mcp.tool("decide_submit", example());
    assert!(submitted["_meta"][VIEW_TOKEN_META].is_null(), "{submitted}");
    let session = submitted["structuredContent"]["session_id"]
        .as_str()
        .unwrap()
        .to_owned();
    // The agent answers its own question by the tool's name: refused,
    // with or without a token it made up, whatever the tool.
    let form = format!("session={session}&item-1=0&item-2=1");
    for token in [None, Some("0123456789abcdef0123456789abcdef")] {
        for name in APP_ONLY {
            let mut arguments =
                json!({"session_id": session, "form": form, "from": 0, "task": "t"});
            if let Some(token) = token {
                arguments["view_token"] = token.into();
            }
            let refused = mcp.tool(name, arguments);
            assert_eq!(refused["isError"], true, "{name}: {refused}");
            assert!(
                text(&refused).contains(&format!("{name} is only for aide's view")),
                "{refused}"
            );
            assert!(refused["structuredContent"]["html"].is_null());
        }
    }
    let pending = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(pending["structuredContent"]["status"], "pending");
    assert!(!project.decisions().join(format!("{session}.json")).exists());
    stop_server(&project);
}

#[test]
fn an_apps_client_answers_only_with_the_token_its_view_was_given() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let token = mcp.view_token();
    let submitted = mcp.tool("decide_submit", example());
    // The result hands the view the same token, where hosts keep it from
    // the model: never in the text the model reads.
    assert_eq!(submitted["_meta"][VIEW_TOKEN_META], token.as_str());
    assert!(!submitted["content"].to_string().contains(&token));
    assert!(!submitted["structuredContent"].to_string().contains(&token));
    let session = submitted["structuredContent"]["session_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let form = format!("session={session}&item-1=0&item-2=1");
    for wrong in [None, Some(""), Some(&token[1..]), Some("x")] {
        for name in APP_ONLY {
            let mut arguments = json!({"session_id": session, "form": form, "from": 0});
            if let Some(wrong) = wrong {
                arguments["view_token"] = wrong.into();
            }
            let refused = mcp.tool(name, arguments);
            assert_eq!(refused["isError"], true, "{name} {wrong:?}: {refused}");
            assert!(
                text(&refused).contains("needs the token aide hands only to its view"),
                "{refused}"
            );
        }
    }
    let pending = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(pending["structuredContent"]["status"], "pending");

    let answered = mcp.tool(
        "decide_view_answer",
        json!({"session_id": session, "form": form, "view_token": token}),
    );
    assert_eq!(
        answered["structuredContent"]["status"], "decided",
        "{answered}"
    );
    assert_eq!(record(&project, &session)["via"], "view");
}

#[test]
fn via_is_the_routes_and_no_header_makes_it_another() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let submitted = mcp.tool("decide_submit", example());
    let session = submitted["structuredContent"]["session_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let url = submitted["structuredContent"]["url"].as_str().unwrap();
    let page = page_of(url);
    let notice = project.server_of(&session).unwrap();
    let relay = notice["relay"].as_str().unwrap().to_owned();
    // The key is its own field now; the relay secret is in no address and
    // no tool result.
    assert_eq!(notice["key"], page.key.as_str());
    assert_ne!(relay, page.key);
    assert!(!submitted.to_string().contains(&relay));
    assert!(!notice["url"].as_str().unwrap().contains(&relay));

    // The relay routes do not open with the page's key, nor without the
    // secret.
    let form = format!("session={session}&item-1=0&item-2=1");
    for path in ["/api/relay/view", "/api/relay/elicitation"] {
        for headers in [
            vec![("X-Aide-Key", page.key.as_str())],
            vec![("X-Aide-Relay", page.key.as_str())],
            vec![],
        ] {
            let mut headers = headers;
            headers.push(("Content-Type", "application/x-www-form-urlencoded"));
            headers.push(("X-Aide-Session", &session));
            let (status, body) = request(&page.addr, "POST", path, &headers, &form);
            assert_eq!(status, 403, "{path} {headers:?}: {body}");
        }
    }
    // Anyone with the page's key (the agent has it) who says the answers
    // came from the client's form is recorded as what it is: a program.
    let (status, body) = request(
        &page.addr,
        "POST",
        "/api/decisions",
        &[
            ("Content-Type", "application/json"),
            ("X-Aide-Session", &session),
            ("X-Aide-Key", &page.key),
            ("X-Aide-Via", "elicitation"),
        ],
        ANSWERS,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(record(&project, &session)["via"], "api");
    stop_server(&project);
}

#[test]
fn two_agents_with_the_same_task_each_see_and_answer_only_their_own_session() {
    let project = project();
    let mut first = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let mut second = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let a = submit(&mut first, same_task("a"));
    let b = submit(&mut second, same_task("b"));
    let task = json!({"task": "Pick a cache"});
    for (mcp, own, agent) in [(&mut first, &a, "a"), (&mut second, &b, "b")] {
        let opened = mcp.view_tool("decide_view", task.clone());
        let shown = &opened["structuredContent"];
        assert_eq!(shown["status"], "pending", "{opened}");
        assert_eq!(shown["session_id"], own.as_str(), "{agent}: {opened}");
        let html = shown["html"].as_str().unwrap();
        assert!(
            html.contains(&format!("Which cache for {agent}?")),
            "{html}"
        );
    }
    // A view never takes another connection's session, even by its id:
    // the id is no secret, the connection that asked is.
    let form = |session: &str| format!("session={session}&item-1=0");
    let foreign = second.view_tool("decide_view", json!({"session_id": a}));
    assert_eq!(foreign["isError"], true, "{foreign}");
    assert!(foreign["structuredContent"]["html"].is_null(), "{foreign}");
    assert!(foreign["structuredContent"]["session_id"].is_null());
    let taken = second.view_tool(
        "decide_view_answer",
        json!({"session_id": a, "form": form(&a)}),
    );
    assert_eq!(taken["isError"], true, "{taken}");
    assert!(!project.decisions().join(format!("{a}.json")).exists());

    for (mcp, own, agent) in [(&mut first, &a, "a"), (&mut second, &b, "b")] {
        let answered = mcp.view_tool(
            "decide_view_answer",
            json!({"session_id": own, "form": form(own)}),
        );
        assert_eq!(
            answered["structuredContent"]["status"], "decided",
            "{answered}"
        );
        let record = record(&project, own);
        assert_eq!(record["via"], "view", "{record}");
        assert_eq!(
            record["output"]["decisions"],
            json!([{"id": 1, "chosen": format!("{agent}-redis")}]),
            "{record}"
        );
    }
    stop_server(&project);
}

#[test]
fn a_connection_with_two_questions_shows_each_views_own_form() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let first = submit(&mut mcp, same_task("first"));
    let mut other = same_task("second");
    other["task"] = "Pick a queue".into();
    let second = submit(&mut mcp, other);
    for (task, own, agent) in [
        ("Pick a queue", &second, "second"),
        ("Pick a cache", &first, "first"),
    ] {
        let opened = mcp.view_tool("decide_view", json!({"task": task}));
        let shown = &opened["structuredContent"];
        assert_eq!(shown["status"], "pending", "{agent}: {opened}");
        assert_eq!(shown["session_id"], own.as_str(), "{agent}: {opened}");
        let html = shown["html"].as_str().unwrap();
        assert!(
            html.contains(&format!("Which cache for {agent}?")),
            "{html}"
        );
    }
    stop_server(&project);
}

#[test]
fn a_view_on_a_connection_that_asked_nothing_attaches_to_nothing() {
    let project = project();
    let mut asker = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let session = submit(&mut asker, same_task("a"));
    // The host reconnected: the view knows only its tool input.
    let mut fresh = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let opened = fresh.view_tool("decide_view", json!({"task": "Pick a cache"}));
    assert_eq!(opened["isError"], true, "{opened}");
    let shown = &opened["structuredContent"];
    assert!(shown["html"].is_null(), "{opened}");
    assert!(shown["session_id"].is_null(), "{opened}");
    assert!(!opened.to_string().contains(&session), "{opened}");
    assert!(text(&opened).contains("answer on the page"), "{opened}");
    assert!(!text(&opened).contains("pending"), "{opened}");
    stop_server(&project);
}
