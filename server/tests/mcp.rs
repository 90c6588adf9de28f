//! `aide mcp` spoken to as a client does: JSON-RPC lines on the built
//! binary's stdin and stdout, with a person answering over HTTP.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

mod support;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use support::{ANSWERS, EXAMPLE, Page, Project, free_ports, post_answers, put_draft};

/// A running `aide mcp` and every line it wrote on stdout.
struct Mcp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every stdout line so far, checked to be JSON-RPC.
    seen: Vec<Value>,
    next_id: u64,
    /// Where its stderr goes (removed with it).
    stderr: std::path::PathBuf,
}

impl Mcp {
    fn start(project: &Project, lang: &str, env: &[(&str, &str)]) -> Mcp {
        Mcp::start_with(project, lang, env, &[])
    }

    fn start_with(project: &Project, lang: &str, env: &[(&str, &str)], args: &[&str]) -> Mcp {
        let stderr = stderr_log(project);
        let mut command = Command::new(assert_cmd::cargo::cargo_bin!("aide"));
        command
            .arg("mcp")
            .args(args)
            .current_dir(project.path())
            .env("AIDE_LANG", lang)
            .env("CI", "true")
            .env_remove("BROWSER")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Outside the project folder: a tool call must not see it.
            .stderr(Stdio::from(std::fs::File::create(&stderr).unwrap()));
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut mcp = Mcp {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            next_id: 1,
            stderr,
        };
        let init = mcp.call(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "aide-test", "version": "0"}
            }),
        );
        assert_eq!(init["result"]["serverInfo"]["name"], "aide", "{init}");
        mcp.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        mcp
    }

    fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
    }

    /// Sends a request; returns its id.
    fn request(&mut self, method: &str, params: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The next stdout line, which must be one JSON-RPC message.
    fn next(&mut self, within: Duration) -> Option<Value> {
        match self.lines.recv_timeout(within) {
            Ok(line) => {
                let value: Value = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("stdout is not JSON-RPC ({e}): {line}"));
                assert_eq!(value["jsonrpc"], "2.0", "{line}");
                self.seen.push(value.clone());
                Some(value)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => panic!("aide mcp closed stdout"),
        }
    }

    /// Waits for the response to `id`, keeping the notifications before it.
    fn response(&mut self, id: u64, within: Duration) -> (Value, Vec<Value>) {
        let until = Instant::now() + within;
        let mut notes = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let message = self
                .next(left)
                .unwrap_or_else(|| panic!("no response to {id} within {within:?}"));
            if message["id"] == json!(id) {
                return (message, notes);
            }
            notes.push(message);
        }
    }

    fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.request(method, params);
        self.response(id, Duration::from_secs(30)).0
    }

    fn tool(&mut self, name: &str, arguments: Value) -> Value {
        let response = self.call("tools/call", json!({"name": name, "arguments": arguments}));
        response["result"].clone()
    }

    /// Closes stdin; the server must end by itself.
    fn close(mut self) -> Vec<Value> {
        drop(self.stdin.take());
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status:?}");
                break;
            }
            assert!(
                Instant::now() < until,
                "aide mcp did not end when stdin closed"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
            let value: Value = serde_json::from_str(&line).expect("JSON-RPC on stdout");
            self.seen.push(value);
        }
        std::mem::take(&mut self.seen)
    }
}

impl Drop for Mcp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.stderr);
    }
}

/// Where a test's `aide mcp` writes its stderr.
fn stderr_log(project: &Project) -> std::path::PathBuf {
    static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = project
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    std::env::temp_dir().join(format!("{name}.{n}.mcp-stderr.log"))
}

/// The example input as tool arguments.
fn example() -> Value {
    serde_json::from_str(EXAMPLE).unwrap()
}

fn text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

/// The page of the address a tool returned.
fn page_of(url: &str) -> Page {
    support::page_in(&[url.to_owned()])
}

/// A project whose page is served from a free port.
fn project() -> Project {
    let project = Project::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(10)));
    project
}

fn stop_server(project: &Project) {
    if project.server_info().is_some() {
        let pid = support::server_pid(project);
        support::kill(pid, "TERM");
        support::wait_until_gone(pid);
    }
}

#[test]
fn the_tools_are_listed_with_their_schemas() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let list = mcp.call("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["decide_submit", "decide_result", "decide"]);
    let submit = &tools[0];
    let input = &submit["inputSchema"];
    assert_eq!(input["type"], "object");
    assert_eq!(input["required"], json!(["task", "source", "items"]));
    assert_eq!(input["properties"]["replace"]["type"], "boolean");
    assert!(input["properties"]["items"].is_object());
    assert_eq!(tools[2]["inputSchema"], *input);
    for tool in tools {
        assert_eq!(tool["outputSchema"]["type"], "object", "{tool}");
        assert!(tool["description"].as_str().unwrap().len() > 40);
    }
    let wait = &tools[1]["inputSchema"]["properties"]["wait_seconds"];
    assert_eq!(wait["maximum"], 600, "{wait}");
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
    let bare = Project::bare();
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
    assert!(text(&result).contains("decide_result"));

    // A second submit does not silently replace the waiting session.
    let again = mcp.tool("decide_submit", example());
    assert_eq!(again["isError"], true, "{again}");
    assert!(text(&again).contains("--replace"), "{again}");

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
    let mut decided = printed.clone();
    decided["status"] = json!("decided");
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
    assert!(
        notes[0]["params"]["message"]
            .as_str()
            .unwrap()
            .contains("0/2 answered"),
        "{}",
        notes[0]
    );
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
    let output = Command::new(assert_cmd::cargo::cargo_bin!("aide"))
        .arg("mcp")
        .current_dir(project.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"");
}
