//! `aide mcp --http` spoken to as a client does: MCP's streamable HTTP
//! against the built binary, with a person answering on the page.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

mod support;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Request, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
use support::mcp::{example, page_of, project, stop_server};
use support::{ANSWERS, Project, detach, free_ports, post_answers};

/// A running `aide mcp --http` and what it said on stderr.
struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`, as it printed it.
    url: String,
    stderr: Vec<String>,
    lines: Receiver<String>,
}

impl Served {
    fn start(project: &Project, addr: &str) -> Served {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("aide"))
            .args(["mcp", "--http", addr])
            .current_dir(project.path())
            .env("AIDE_LANG", "en")
            .env("CI", "true")
            .env_remove("BROWSER")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (send, lines) = channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut stderr = Vec::new();
        let url = loop {
            let line = lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no address on stderr: {stderr:?}"));
            stderr.push(line.clone());
            if let Some(rest) = line.strip_prefix("→ Serving MCP at ") {
                break rest.split(' ').next().unwrap().to_owned();
            }
        };
        Served {
            child,
            url,
            stderr,
            lines,
        }
    }

    /// `127.0.0.1:PORT`.
    fn authority(&self) -> String {
        let rest = self.url.strip_prefix("http://").unwrap();
        rest.split('/').next().unwrap().to_owned()
    }

    /// Sends SIGTERM and returns how it exited and how long that took.
    fn stop(mut self) -> (std::process::ExitStatus, Duration) {
        support::kill(self.child.id(), "TERM");
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status, started.elapsed());
            }
            assert!(started.elapsed() < Duration::from_secs(10), "still running");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One MCP client session over HTTP.
struct Session {
    client: Client<HttpConnector, Full<Bytes>>,
    url: String,
    host: String,
    id: Option<String>,
    next_id: u64,
}

impl Session {
    fn new(served: &Served) -> Session {
        Session {
            client: Client::builder(TokioExecutor::new()).build_http(),
            url: served.url.clone(),
            host: served.authority(),
            id: None,
            next_id: 1,
        }
    }

    /// POSTs one message; the status, the session header and every JSON
    /// message of the reply (a JSON body or an event stream).
    async fn post(
        &self,
        message: &Value,
        extra: &[(&str, &str)],
    ) -> (StatusCode, Option<String>, Vec<Value>) {
        let host = extra
            .iter()
            .find(|(name, _)| *name == "host")
            .map_or(self.host.as_str(), |(_, value)| value);
        let mut request = Request::post(&self.url)
            .header("host", host)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2025-06-18");
        if let Some(id) = &self.id {
            request = request.header("mcp-session-id", id);
        }
        for (name, value) in extra.iter().filter(|(name, _)| *name != "host") {
            request = request.header(*name, *value);
        }
        let request = request
            .body(Full::new(Bytes::from(message.to_string())))
            .unwrap();
        let response = self.client.request(request).await.unwrap();
        let status = response.status();
        let session = response
            .headers()
            .get("mcp-session-id")
            .map(|v| v.to_str().unwrap().to_owned());
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let body = String::from_utf8_lossy(&body).into_owned();
        let messages = match serde_json::from_str::<Value>(&body) {
            Ok(value) => vec![value],
            Err(_) => body
                .lines()
                .filter_map(|line| line.strip_prefix("data:"))
                .filter_map(|data| serde_json::from_str(data.trim()).ok())
                .collect(),
        };
        (status, session, messages)
    }

    /// A request; its response.
    async fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let (status, session, messages) = self.post(&message, &[]).await;
        assert_eq!(status, StatusCode::OK, "{method}: {messages:?}");
        if self.id.is_none() {
            self.id = session;
        }
        messages
            .into_iter()
            .find(|m| m["id"] == json!(id))
            .unwrap_or_else(|| panic!("no response to {method}"))
    }

    /// initialize and notifications/initialized.
    async fn open(&mut self) -> Value {
        let init = self
            .call(
                "initialize",
                json!({
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "aide-test", "version": "0"}
                }),
            )
            .await;
        assert!(self.id.is_some(), "a session id: {init}");
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let (status, _, _) = self.post(&note, &[]).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        init
    }

    async fn tool(&mut self, name: &str, arguments: Value) -> Value {
        let response = self
            .call("tools/call", json!({"name": name, "arguments": arguments}))
            .await;
        response["result"].clone()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stdio_tools_answer_over_http_and_a_result_finds_its_submit() {
    let project = project();
    let served = Served::start(&project, "127.0.0.1:0");
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

    let list = mcp.call("tools/list", json!({})).await;
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for tool in ["decide_submit", "decide_result", "decide", "decide_cancel"] {
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
    let served = Served::start(&project, "127.0.0.1:0");
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
    let project = Project::new();
    let served = Served::start(&project, "0.0.0.0:0");
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
    let served = Served::start(&project, "127.0.0.1:0");
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
    let served = Served::start(&project, "127.0.0.1:0");
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
