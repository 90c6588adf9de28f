//! `decide` as a task (MCP's Tasks extension): a client that declares the
//! extension gets a task at once, follows the person with `tasks/get`,
//! and gets exactly what `decide` returns; `tasks/cancel` withdraws the
//! question; another server's task, or none, is refused alike.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::http::{McpHttpServer, Session};
use crate::support::mcp::{
    Mcp, TestClient, VIEW_TOKEN_META, example, page_of, project, stop_server,
};
use crate::support::{ANSWERS, post_answers, put_draft};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const TASKS: &str = "io.modelcontextprotocol/tasks";

fn with_tasks() -> Value {
    json!({"extensions": {TASKS: {}}})
}

/// `tasks/get` until `done` holds of the task (or 20 s pass).
fn poll(mcp: &mut Mcp, task: &str, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let got = mcp.call("tasks/get", json!({"taskId": task}));
        let task = &got["result"];
        if done(task) {
            return task.clone();
        }
        assert!(Instant::now() < until, "never reached: {got}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The page of the project's session, once a call has started it.
fn served_page(project: &crate::support::TestProject) -> crate::support::PageAddress {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(info) = project.server_info() {
            return page_of(info["url"].as_str().unwrap());
        }
        assert!(Instant::now() < until, "no page");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn said(task: &Value) -> &str {
    task["statusMessage"].as_str().unwrap_or_default()
}

#[test]
fn decide_answers_with_a_task_that_follows_the_person_and_ends_with_decides_result() {
    let project = project();
    let client = TestClient::legacy("2025-11-25", with_tasks());
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let init_caps = mcp.seen[0]["result"]["capabilities"]["extensions"].clone();
    assert_eq!(init_caps[TASKS], json!({}), "{init_caps}");

    let created = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    let task = &created["result"];
    assert_eq!(task["resultType"], "task", "{created}");
    assert_eq!(task["status"], "working", "{created}");
    assert!(
        task["ttlMs"].is_null(),
        "a question waits however long: {task}"
    );
    assert_eq!(task["pollIntervalMs"], 300, "{task}");
    let id = task["taskId"].as_str().unwrap().to_owned();
    // Once the page is up, the status says where, and how far the person is.
    let task = poll(&mut mcp, &id, |t| !said(t).is_empty());
    assert!(
        said(&task).starts_with("Waiting for the person: 0/2 answered, at http://127.0.0.1:"),
        "{task}"
    );
    let url = said(&task).rsplit(' ').next().unwrap().to_owned();
    assert!(url.contains("?key="), "{url}");

    // The status follows the person's draft.
    let session = project.session_id();
    let page = page_of(&url);
    let draft = r#"{"decisions":[{"id":1,"chosen":"jwt"}]}"#;
    assert_eq!(put_draft(&page, &session, draft).0, 200);
    let task = poll(&mut mcp, &id, |t| said(t).contains("1/2 answered"));
    assert_eq!(task["status"], "working", "{task}");

    let (status, body) = post_answers(&page, &session, ANSWERS);
    assert_eq!(status, 200, "{body}");
    let done = poll(&mut mcp, &id, |t| t["status"] != "working");
    assert_eq!(done["status"], "completed", "{done}");
    // Exactly what decide returns: its text and its structured content.
    let mut decided: Value = serde_json::from_str(ANSWERS).unwrap();
    decided["status"] = json!("decided");
    decided["session_id"] = json!(session);
    assert_eq!(done["result"]["structuredContent"], decided, "{done}");
    assert_eq!(done["result"]["isError"], false, "{done}");
    let plain = {
        let other = crate::support::mcp::project();
        let mut without = Mcp::start(&other, "en", &[]);
        let id = without.request(
            "tools/call",
            json!({"name": "decide", "arguments": example()}),
        );
        let page = served_page(&other);
        assert_eq!(post_answers(&page, &other.session_id(), ANSWERS).0, 200);
        let (response, _) = without.response(id, Duration::from_secs(20));
        stop_server(&other);
        response["result"].clone()
    };
    let mut same = plain.clone();
    same["structuredContent"]["session_id"] = json!(session);
    // rmcp writes 2026-07-28's discriminator into the stored result on
    // every version; the result itself is decide's.
    let mut result = done["result"].clone();
    let discriminator = result.as_object_mut().unwrap().remove("resultType");
    assert_eq!(discriminator, Some(json!("complete")));
    assert_eq!(result, same, "the task's result is decide's");
    stop_server(&project);
}

#[test]
fn tasks_cancel_withdraws_the_question_as_decide_cancel_does() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::inline(with_tasks()));
    let created = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    let ack = mcp.call("tasks/cancel", json!({"taskId": id}));
    assert_eq!(ack["result"]["resultType"], "complete", "{ack}");
    let done = poll(&mut mcp, &id, |t| t["status"] != "working");
    assert_eq!(done["status"], "cancelled", "{done}");
    let result = mcp.tool("decide_result", json!({"session_id": project.session_id()}));
    assert_eq!(
        result["structuredContent"]["status"], "withdrawn",
        "{result}"
    );
    // The page went with it, as decide_cancel stops it.
    let until = Instant::now() + Duration::from_secs(10);
    while project.server_info().is_some() {
        assert!(Instant::now() < until, "the page still runs");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_unknown_or_another_servers_task_is_refused_alike() {
    let (one, two) = (project(), project());
    let mut a = Mcp::start_as(&one, "en", &[], &TestClient::inline(with_tasks()));
    let mut b = Mcp::start_as(&two, "en", &[], &TestClient::inline(with_tasks()));
    let created = a.call(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    let theirs = created["result"]["taskId"].as_str().unwrap().to_owned();
    poll(&mut a, &theirs, |t| !said(t).is_empty());
    for (method, params) in [
        ("tasks/get", json!({"taskId": theirs})),
        ("tasks/cancel", json!({"taskId": theirs})),
        (
            "tasks/update",
            json!({"taskId": theirs, "inputResponses": {}}),
        ),
    ] {
        let refused = b.call(method, params);
        assert_eq!(refused["error"]["code"], -32602, "{refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert_eq!(
            message,
            format!(
                "There is no task {theirs}: a task lives in the aide mcp process that made it, until 5 minutes after it ends; ask decide_result about the question"
            )
        );
        assert!(!message.contains(&one.session_id()), "{message}");
        assert!(
            refused["error"].get("data").is_none_or(Value::is_null),
            "{refused}"
        );
    }
    let unknown = b.call("tasks/get", json!({"taskId": "nope"}));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    // B's refusal touched nothing of A's.
    let still = a.call("tasks/get", json!({"taskId": theirs}));
    assert_eq!(still["result"]["status"], "working", "{still}");
    stop_server(&one);
}

#[test]
fn a_client_without_the_extension_gets_decide_as_before_and_no_tasks() {
    let project = project();
    let mut mcp = Mcp::start_as(
        &project,
        "en",
        &[],
        &TestClient::legacy("2025-11-25", json!({})),
    );
    let id = mcp.request(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    // No task: the call waits for the person.
    assert!(mcp.next(Duration::from_millis(800)).is_none());
    let refused = mcp.call("tasks/get", json!({"taskId": "any"}));
    assert_eq!(refused["error"]["code"], -32021, "{refused}");
    let page = served_page(&project);
    assert_eq!(post_answers(&page, &project.session_id(), ANSWERS).0, 200);
    let (response, _) = mcp.response(id, Duration::from_secs(20));
    assert_eq!(response["result"]["structuredContent"]["status"], "decided");
    stop_server(&project);
}

/// `tasks/get` over HTTP in `mcp`'s session.
async fn get_over_http(mcp: &mut Session, task: &str) -> Value {
    mcp.call("tasks/get", json!({"taskId": task})).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http_a_client_that_reconnects_finds_its_task_and_another_server_does_not() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let mut first = Session::new(&served);
    first.open_as("2025-11-25", with_tasks()).await;
    let created = first
        .call(
            "tools/call",
            json!({"name": "decide", "arguments": example()}),
        )
        .await;
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();

    // A new MCP session (a client that reconnected) finds it.
    let mut again = Session::new(&served);
    again.open_as("2025-11-25", with_tasks()).await;
    let until = Instant::now() + Duration::from_secs(20);
    let got = loop {
        let got = get_over_http(&mut again, &id).await;
        if !said(&got["result"]).is_empty() {
            break got;
        }
        assert!(Instant::now() < until, "{got}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(got["result"]["status"], "working", "{got}");
    assert!(said(&got["result"]).contains("0/2 answered"), "{got}");

    // Another project's server, with its own token, does not.
    let other = crate::support::mcp::project();
    let elsewhere = McpHttpServer::start(&other, "127.0.0.1:0");
    assert_ne!(elsewhere.auth, served.auth);
    let mut stranger = Session::new(&elsewhere);
    stranger.open_as("2025-11-25", with_tasks()).await;
    let refused = get_over_http(&mut stranger, &id).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let made_up = get_over_http(&mut stranger, "made-up").await;
    let words = |v: &Value, id: &str| v["error"]["message"].as_str().unwrap().replace(id, "ID");
    assert_eq!(
        words(&refused, &id),
        words(&made_up, "made-up"),
        "{refused} {made_up}"
    );
    // Without this server's token nothing of MCP runs at all.
    let mut wrong = Session::new(&served);
    wrong.auth = elsewhere.auth.clone();
    let message =
        json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"taskId": id}});
    let (status, _, _) = wrong.post(&message, &[]).await;
    assert_eq!(status, hyper::StatusCode::UNAUTHORIZED);

    let url = said(&got["result"]).rsplit(' ').next().unwrap().to_owned();
    let page = page_of(&url);
    let answered = tokio::task::spawn_blocking({
        let session = project.session_id();
        move || post_answers(&page, &session, ANSWERS)
    });
    assert_eq!(answered.await.unwrap().0, 200);
    let until = Instant::now() + Duration::from_secs(20);
    let done = loop {
        let got = get_over_http(&mut again, &id).await;
        if got["result"]["status"] != "working" {
            break got;
        }
        assert!(Instant::now() < until, "{got}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(done["result"]["status"], "completed", "{done}");
    assert_eq!(
        done["result"]["result"]["structuredContent"]["status"], "decided",
        "{done}"
    );
    stop_server(&project);
}

#[test]
fn a_client_that_can_prompt_finds_decides_prompt_in_the_task_and_answers_it_with_tasks_update() {
    let project = project();
    let capabilities = json!({"elicitation": {"url": {}}, "extensions": {TASKS: {}}});
    let client = TestClient::legacy("2025-11-25", capabilities);
    let mut mcp = Mcp::start_as(&project, "en", &[], &client);
    let created = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    // The prompt decide would send is the task's input request instead.
    let task = poll(&mut mcp, &id, |t| t["status"] == "input_required");
    let prompt = &task["inputRequests"]["decide"];
    assert_eq!(prompt["method"], "elicitation/create", "{task}");
    assert_eq!(prompt["params"]["mode"], "url", "{task}");
    assert_eq!(
        prompt["params"]["elicitationId"],
        project.session_id().as_str()
    );
    let url = prompt["params"]["url"].as_str().unwrap().to_owned();
    assert!(url.contains("?key="), "{url}");
    assert!(
        mcp.seen.iter().all(|m| m["method"] != "elicitation/create"),
        "no request of the server's own inside a task"
    );
    // The person opens the page: the task works on, and ends with the answers.
    let ack = mcp.call(
        "tasks/update",
        json!({"taskId": id, "inputResponses": {"decide": {"action": "accept"}}}),
    );
    assert_eq!(ack["result"]["resultType"], "complete", "{ack}");
    // Working again, and (once its watch has looked) counting the answers.
    let task = poll(&mut mcp, &id, |t| {
        t["status"] == "working" && said(t).contains(" answered")
    });
    assert!(said(&task).contains("0/2 answered"), "{task}");
    assert_eq!(
        post_answers(&page_of(&url), &project.session_id(), ANSWERS).0,
        200
    );
    let done = poll(&mut mcp, &id, |t| t["status"] != "working");
    assert_eq!(done["status"], "completed", "{done}");
    let answer = &done["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{done}");

    // Declined: the task ends at once with the pending question and why,
    // as decide returns it.
    let created = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    poll(&mut mcp, &id, |t| t["status"] == "input_required");
    mcp.call(
        "tasks/update",
        json!({"taskId": id, "inputResponses": {"decide": {"action": "decline"}}}),
    );
    let done = poll(&mut mcp, &id, |t| {
        t["status"] != "working" && t["status"] != "input_required"
    });
    assert_eq!(done["status"], "completed", "{done}");
    let answer = &done["result"]["structuredContent"];
    assert_eq!(answer["status"], "pending", "{done}");
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("declined"), "{message}");
    stop_server(&project);
}

#[test]
fn a_host_that_draws_the_view_gets_its_token_with_the_task_and_the_result() {
    let project = project();
    let capabilities = json!({"extensions": {
        TASKS: {}, "io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}});
    let mut mcp = Mcp::start_as(
        &project,
        "en",
        &[],
        &TestClient::legacy("2025-11-25", capabilities),
    );
    let token = mcp.view_token();
    let created = mcp.call(
        "tools/call",
        json!({"name": "decide", "arguments": example()}),
    );
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    assert_eq!(
        created["result"]["_meta"][VIEW_TOKEN_META],
        token.as_str(),
        "{created}"
    );
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    poll(&mut mcp, &id, |t| !said(t).is_empty());
    let page = served_page(&project);
    assert_eq!(post_answers(&page, &project.session_id(), ANSWERS).0, 200);
    let done = poll(&mut mcp, &id, |t| t["status"] != "working");
    assert_eq!(
        done["result"]["_meta"][VIEW_TOKEN_META],
        token.as_str(),
        "{done}"
    );
    stop_server(&project);
}
