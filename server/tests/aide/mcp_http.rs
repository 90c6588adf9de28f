//! `aide mcp --http` spoken to as a client does: MCP's streamable HTTP
//! against the built binary, with a person answering on the page.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::http::{McpHttpServer, Session, call_2026};
use crate::support::mcp::{example, page_of, project, stop_server};
use crate::support::{ANSWERS, TestProject, detach, free_ports, post_answers};
use hyper::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stdio_tools_answer_over_http_and_a_result_finds_its_submit() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "{}",
        served.url
    );
    assert!(served.url.ends_with("/mcp"), "{}", served.url);
    let mut mcp = Session::new(&served);
    let init = mcp.open().await;
    assert_eq!(init["result"]["serverInfo"]["name"], "aide", "{init}");
    let instructions = init["result"]["instructions"].as_str().unwrap_or_default();
    assert!(instructions.contains("decide_result"), "{init}");
    // Look first: what the person decided before is quoted, not asked again.
    assert!(
        instructions.contains("Before asking, call decide_search"),
        "{init}"
    );

    let list = mcp.call("tools/list", json!({})).await;
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for tool in [
        "decide_submit",
        "decide_result",
        "decide",
        "decide_cancel",
        "decide_search",
    ] {
        assert!(names.contains(&tool), "{tool} in {names:?}");
    }
    let ping = mcp.call("ping", json!({})).await;
    assert_eq!(ping["result"], json!({}), "{ping}");

    let submitted = mcp.tool("decide_submit", example()).await;
    assert_eq!(submitted["isError"], false, "{submitted}");
    let answer = &submitted["structuredContent"];
    assert_eq!(answer["status"], "pending", "{answer}");
    let session = answer["session_id"].as_str().unwrap().to_owned();
    assert_eq!(session, project.session_id());
    let url = answer["url"].as_str().unwrap().to_owned();

    // Another client's session has submitted nothing: its result call
    // answers for the project's pending session, as the CLI does.
    let mut other = Session::new(&served);
    other.open().await;
    let pending = other.tool("decide_result", json!({})).await;
    assert_eq!(
        pending["structuredContent"]["status"], "pending",
        "{pending}"
    );

    let page = page_of(&url);
    let (status, body) = post_answers(&page, &session, ANSWERS);
    assert_eq!(status, 200, "{body}");
    // No session id: the submit this session sent before it.
    let result = mcp.tool("decide_result", json!({"wait_seconds": 10})).await;
    let mut expected: Value = serde_json::from_str(ANSWERS).unwrap();
    expected["status"] = json!("decided");
    expected["session_id"] = json!(session);
    assert_eq!(result["structuredContent"], expected, "{result}");

    // A newer session from the CLI: this client's result call still
    // answers for its own submit, the other's for the pending one.
    stop_server(&project);
    let port = free_ports(1);
    detach(&project, "en", port, &[]);
    let newer = project.session_id();
    assert_ne!(newer, session);
    let result = mcp.tool("decide_result", json!({})).await;
    assert_eq!(result["structuredContent"], expected, "{result}");
    let pending = other.tool("decide_result", json!({})).await;
    assert_eq!(
        pending["structuredContent"]["session_id"],
        json!(newer),
        "{pending}"
    );

    stop_server(&project);
    let (status, took) = served.stop();
    assert!(status.success(), "{status:?}");
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_or_origin_is_refused() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let port = served.authority().rsplit(':').next().unwrap().to_owned();
    let mcp = Session::new(&served);
    let init = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "t", "version": "0"}}
    });
    let rebinding = format!("evil.example.com:{port}");
    let (status, session, _) = mcp.post(&init, &[("host", &rebinding)]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(session.is_none());
    let (status, session, _) = mcp
        .post(&init, &[("origin", "http://evil.example.com")])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(session.is_none());
    // Its own name, as a browser on this machine would send it.
    let own = format!("http://localhost:{port}");
    let (status, session, _) = mcp.post(&init, &[("origin", &own)]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(session.is_some());
}

#[test]
fn every_interface_is_served_with_a_warning() {
    let project = TestProject::new();
    let served = McpHttpServer::start(&project, "0.0.0.0:0");
    let warning = served
        .stderr
        .iter()
        .find(|l| l.starts_with('⚠'))
        .unwrap_or_else(|| panic!("a warning: {:?}", served.stderr));
    assert!(warning.contains("0.0.0.0"), "{warning}");
    assert!(warning.contains("not only this machine"), "{warning}");
    assert!(served.url.starts_with("http://0.0.0.0:"), "{}", served.url);
    let (status, _) = served.stop();
    assert!(status.success(), "{status:?}");

    // On loopback: no warning.
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    assert!(
        !served.stderr.iter().any(|l| l.starts_with('⚠')),
        "{:?}",
        served.stderr
    );
    drop(served.lines.try_recv());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_it_at_once_while_decide_waits_for_the_person() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let mut mcp = Session::new(&served);
    mcp.open().await;
    let waiting = tokio::spawn(async move { mcp.tool("decide", example()).await });
    // The page is up once the session is stored.
    for _ in 0..200 {
        if project.server_info().is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(project.server_info().is_some(), "decide started the page");
    let (status, took) = served.stop();
    assert!(status.success(), "{status:?}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    // The client's call ends too (with or without a result), not hanging.
    let ended = tokio::time::timeout(Duration::from_secs(5), waiting).await;
    assert!(ended.is_ok(), "the decide call still hangs");
    stop_server(&project);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_2026_a_call_without_session_id_answers_only_for_the_one_pending_session() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let mcp = Session::new(&served);
    // Nothing pending: the agent is told to name the session.
    for (id, name) in [(1, "decide_result"), (2, "decide_cancel")] {
        let result = call_2026(&mcp, id, name, json!({})).await;
        assert_eq!(result["isError"], true, "{result}");
        let said = result["content"][0]["text"].as_str().unwrap();
        assert!(said.contains("Pass session_id"), "{said}");
        assert!(said.contains("2026-07-28"), "{said}");
    }
    let submitted = call_2026(&mcp, 3, "decide_submit", example()).await;
    let session = submitted["structuredContent"]["session_id"].clone();
    assert_eq!(session, json!(project.session_id()), "{submitted}");
    // Each request stands alone; the project has one pending session, and
    // that is the one a call without a session id answers for.
    let result = call_2026(&mcp, 4, "decide_result", json!({})).await;
    assert_eq!(
        result["structuredContent"]["session_id"], session,
        "{result}"
    );
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    let withdrawn = call_2026(&mcp, 5, "decide_cancel", json!({"reason": "moot"})).await;
    assert_eq!(
        withdrawn["structuredContent"]["status"], "withdrawn",
        "{withdrawn}"
    );
    assert_eq!(withdrawn["structuredContent"]["session_id"], session);
    stop_server(&project);
    let (status, _) = served.stop();
    assert!(status.success(), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_owners_token_opens_it_and_it_is_kept_for_the_next_start() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let header = served
        .stderr
        .iter()
        .find(|l| l.contains("Authorization: Bearer "))
        .unwrap();
    assert!(header.contains("Clients send the header"), "{header}");
    let token = served.auth.strip_prefix("Bearer ").unwrap().to_owned();
    assert_eq!(token.len(), 32, "{token}");

    // The token file: this user's alone.
    let aide = project.path().join(".aide");
    let file = std::fs::read_dir(&aide)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".token"))
        .expect("a token file in .aide/");
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), token);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{file:?}");
    }

    let init = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "t", "version": "0"}}
    });
    let mut mcp = Session::new(&served);
    let wrong = format!("Bearer {}", "0".repeat(32));
    for auth in ["", wrong.as_str(), token.as_str()] {
        let (status, session, messages) = mcp.post(&init, &[("authorization", auth)]).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{auth:?}: {messages:?}");
        assert!(session.is_none());
        assert_eq!(messages[0]["error"], "invalid_token", "{messages:?}");
    }
    mcp.open().await;
    let list = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}});
    let (status, _, messages) = mcp.post(&list, &[("authorization", "")]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(!format!("{messages:?}").contains("decide_submit"));
    let tools = mcp.call("tools/list", json!({})).await;
    assert!(tools.to_string().contains("decide_submit"), "{tools}");
    let (status, _) = served.stop();
    assert!(status.success(), "{status:?}");

    // Started again: the same token, so a configured client keeps working.
    let again = McpHttpServer::start(&project, "127.0.0.1:0");
    assert_eq!(again.auth, format!("Bearer {token}"));
    let mut mcp = Session::new(&again);
    mcp.open().await;
}

#[test]
fn a_body_or_headers_that_never_come_are_not_waited_for() {
    use std::io::{Read, Write};
    let project = TestProject::new();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let authority = served.authority();
    // A POST declaring `length` bytes that sends only `body`: the head of
    // the reply, and how long it took to come.
    let post = |length: u64, body: &str| {
        let mut stream = std::net::TcpStream::connect(&authority).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(15)))
            .unwrap();
        write!(
            stream,
            "POST /mcp HTTP/1.1\r\nHost: {authority}\r\nAuthorization: {}\r\n\
             Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n\
             Content-Length: {length}\r\n\r\n{body}",
            served.auth
        )
        .unwrap();
        let started = std::time::Instant::now();
        let mut reply = [0u8; 64];
        let n = crate::support::read_some(&mut stream, &mut reply);
        (
            String::from_utf8_lossy(&reply[..n]).into_owned(),
            started.elapsed(),
        )
    };
    // A declared 1 GiB with no body: refused at once, not held open.
    let (head, _) = post(1_073_741_824, "");
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    // A body that stops half-way: 408 within the body deadline (10 s).
    let (head, took) = post(100, "{\"jsonrpc\"");
    assert!(head.starts_with("HTTP/1.1 408"), "{head}");
    assert!(took < Duration::from_secs(12), "{took:?}");
    // Half a request's headers: the connection is closed (10 s).
    let mut stream = std::net::TcpStream::connect(&authority).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    write!(stream, "POST /mcp HTTP/1.1\r\nHost: {authority}\r\n").unwrap();
    let started = std::time::Instant::now();
    let mut rest = Vec::new();
    stream.read_to_end(&mut rest).unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "{:?}",
        started.elapsed()
    );
}
