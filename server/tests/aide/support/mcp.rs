//! `aide mcp` driven as a client drives it: JSON-RPC lines on the built
//! binary's stdin and stdout.

pub use super::stop_server;
use super::{EXAMPLE, PageAddress, TestProject, free_ports};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running `aide mcp` and every line it wrote on stdout.
pub struct Mcp {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
    /// Every stdout line so far, checked to be JSON-RPC.
    pub seen: Vec<Value>,
    pub next_id: u64,
    /// Where its stderr goes (removed with it).
    pub stderr: std::path::PathBuf,
    /// Protocol 2026-07-28 without `initialize`: the `_meta` every
    /// request carries.
    pub inline: Option<Value>,
}

/// How a test client introduces itself.
pub struct TestClient {
    /// The protocol version it asks for.
    pub version: &'static str,
    /// What it declares it can do (`capabilities`).
    pub capabilities: Value,
    /// 2026-07-28's way: no `initialize`, the version and capabilities in
    /// the `_meta` of every request.
    pub inline: bool,
}

impl TestClient {
    /// A client that says hello with `initialize`.
    pub fn legacy(version: &'static str, capabilities: Value) -> TestClient {
        TestClient {
            version,
            capabilities,
            inline: false,
        }
    }

    /// A client on protocol 2026-07-28 (no `initialize`).
    pub fn inline(capabilities: Value) -> TestClient {
        TestClient {
            version: "2026-07-28",
            capabilities,
            inline: true,
        }
    }

    /// What every test client so far was: 2025-06-18, declaring nothing.
    fn plain() -> TestClient {
        TestClient::legacy("2025-06-18", json!({}))
    }

    /// A host that draws MCP Apps (aide's view): 2025-06-18, declaring
    /// the extension.
    pub fn apps() -> TestClient {
        TestClient::legacy(
            "2025-06-18",
            json!({"extensions": {
            "io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}),
        )
    }
}

/// The `_meta` key of the view's token.
pub const VIEW_TOKEN_META: &str = "aide/viewToken";

impl Mcp {
    pub fn start(project: &TestProject, lang: &str, env: &[(&str, &str)]) -> Mcp {
        Mcp::start_with(project, lang, env, &[])
    }

    pub fn start_with(
        project: &TestProject,
        lang: &str,
        env: &[(&str, &str)],
        args: &[&str],
    ) -> Mcp {
        Mcp::spawn(project, lang, env, args, &TestClient::plain())
    }

    /// `aide mcp` spoken to by `client`.
    pub fn start_as(
        project: &TestProject,
        lang: &str,
        env: &[(&str, &str)],
        client: &TestClient,
    ) -> Mcp {
        Mcp::spawn(project, lang, env, &[], client)
    }

    fn spawn(
        project: &TestProject,
        lang: &str,
        env: &[(&str, &str)],
        args: &[&str],
        client: &TestClient,
    ) -> Mcp {
        let stderr = stderr_log(project);
        let mut command = Command::new(super::aide_bin());
        command
            .arg("mcp")
            .args(args)
            .current_dir(project.path())
            .env("AIDE_LANG", lang)
            .env("CI", "true")
            .env("XDG_STATE_HOME", project.state_home())
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
            inline: None,
        };
        let info = json!({"name": "aide-test", "version": "0"});
        if client.inline {
            mcp.inline = Some(json!({
                "io.modelcontextprotocol/protocolVersion": client.version,
                "io.modelcontextprotocol/clientInfo": info,
                "io.modelcontextprotocol/clientCapabilities": client.capabilities,
            }));
            return mcp;
        }
        let init = mcp.call(
            "initialize",
            json!({
                "protocolVersion": client.version,
                "capabilities": client.capabilities,
                "clientInfo": info
            }),
        );
        assert_eq!(init["result"]["protocolVersion"], client.version, "{init}");
        assert_eq!(init["result"]["serverInfo"]["name"], "aide", "{init}");
        // aide's own instructions: which tool when, and the time limit.
        let instructions = init["result"]["instructions"].as_str().unwrap_or_default();
        assert!(instructions.contains("decide_result"), "{init}");
        assert!(instructions.contains("wait_seconds"), "{init}");
        mcp.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        mcp
    }

    pub fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
    }

    /// Sends a request; returns its id.
    pub fn request(&mut self, method: &str, params: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let params = self.with_meta(params);
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// `params` with the inline client's `_meta` added to its own.
    fn with_meta(&self, mut params: Value) -> Value {
        if let (Some(inline), Some(params)) = (&self.inline, params.as_object_mut()) {
            let meta = params.entry("_meta").or_insert_with(|| json!({}));
            for (key, value) in inline.as_object().unwrap() {
                meta[key] = value.clone();
            }
        }
        params
    }

    /// Reads until the server asks the client for input
    /// (`elicitation/create`); returns that request and what came before.
    pub fn elicitation(&mut self, within: Duration) -> (Value, Vec<Value>) {
        let until = Instant::now() + within;
        let mut before = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let message = self
                .next(left)
                .unwrap_or_else(|| panic!("no elicitation within {within:?}: {before:?}"));
            if message["method"] == "elicitation/create" {
                return (message, before);
            }
            before.push(message);
        }
    }

    /// Answers the server's request `id` with `result`.
    pub fn reply(&mut self, id: &Value, result: Value) {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "result": result}));
    }

    /// The next stdout line, which must be one JSON-RPC message.
    pub fn next(&mut self, within: Duration) -> Option<Value> {
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
    pub fn response(&mut self, id: u64, within: Duration) -> (Value, Vec<Value>) {
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

    /// Sends several tool calls in one write, as a client does with the
    /// calls of one model turn; returns their ids in order.
    pub fn tools_at_once(&mut self, calls: &[(&str, Value)]) -> Vec<u64> {
        let mut text = String::new();
        let mut ids = Vec::new();
        for (name, arguments) in calls {
            let id = self.next_id;
            self.next_id += 1;
            let params = self.with_meta(json!({"name": name, "arguments": arguments}));
            let message =
                json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params});
            text.push_str(&format!("{message}\n"));
            ids.push(id);
        }
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
        ids
    }

    /// The tool results of `ids`, in any order of arrival.
    pub fn results(&mut self, ids: &[u64], within: Duration) -> Vec<Value> {
        let until = Instant::now() + within;
        let mut found: Vec<Option<Value>> = vec![None; ids.len()];
        while found.iter().any(Option::is_none) {
            let left = until.saturating_duration_since(Instant::now());
            let message = self
                .next(left)
                .unwrap_or_else(|| panic!("no responses to {ids:?} within {within:?}"));
            if let Some(at) = ids.iter().position(|id| message["id"] == json!(id)) {
                found[at] = Some(message["result"].clone());
            }
        }
        found.into_iter().flatten().collect()
    }

    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.request(method, params);
        self.response(id, Duration::from_secs(30)).0
    }

    pub fn tool(&mut self, name: &str, arguments: Value) -> Value {
        let response = self.call("tools/call", json!({"name": name, "arguments": arguments}));
        response["result"].clone()
    }

    /// The view's token, as `tools/list` gives it to a host that draws
    /// Apps (in the `_meta` of `decide_submit`).
    pub fn view_token(&mut self) -> String {
        let list = self.call("tools/list", json!({}));
        let tools = list["result"]["tools"].as_array().unwrap();
        let submit = tools.iter().find(|t| t["name"] == "decide_submit").unwrap();
        submit["_meta"][VIEW_TOKEN_META]
            .as_str()
            .unwrap_or_else(|| panic!("no view token in {submit}"))
            .to_owned()
    }

    /// An app-only call as the view makes it: with the view's token.
    pub fn view_tool(&mut self, name: &str, mut arguments: Value) -> Value {
        arguments["view_token"] = self.view_token().into();
        self.tool(name, arguments)
    }

    /// Closes stdin; the server must end by itself.
    pub fn close(mut self) -> Vec<Value> {
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
pub fn stderr_log(project: &TestProject) -> std::path::PathBuf {
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
pub fn example() -> Value {
    serde_json::from_str(EXAMPLE).unwrap()
}

pub fn text(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

/// The page of the address a tool returned.
pub fn page_of(url: &str) -> PageAddress {
    super::page_in(&[url.to_owned()])
}

/// Submits `input` with `decide_submit`; the session it stored, and its
/// page.
pub fn submitted(mcp: &mut Mcp, input: Value) -> (String, PageAddress) {
    let submitted = mcp.tool("decide_submit", input);
    let answer = &submitted["structuredContent"];
    let session = answer["session_id"]
        .as_str()
        .unwrap_or_else(|| panic!("no session in {submitted}"))
        .to_owned();
    let url = answer["url"]
        .as_str()
        .unwrap_or_else(|| panic!("no url in {submitted}"));
    (session, page_of(url))
}

/// A project whose page is served from a free port.
pub fn project() -> TestProject {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(10)));
    project
}

/// `agent`'s question; every agent's has the same task.
pub fn same_task(agent: &str) -> Value {
    json!({
        "task": "Pick a cache",
        "source": "chat",
        "items": [{"id": 1, "title": format!("Which cache for {agent}?"),
                   "options": [{"value": format!("{agent}-redis"), "label": "Redis"},
                               {"value": format!("{agent}-none"), "label": "None"}]}]
    })
}
