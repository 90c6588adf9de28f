//! `aide mcp --http` driven as a client drives it: the built binary on a
//! free port, and MCP's streamable HTTP spoken to it with hyper.

use super::TestProject;
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

/// A running `aide mcp --http` and what it said on stderr.
pub struct McpHttpServer {
    pub child: Child,
    /// `http://127.0.0.1:PORT/mcp`, as it printed it.
    pub url: String,
    /// `Bearer TOKEN`: the `Authorization` it printed for clients.
    pub auth: String,
    pub stderr: Vec<String>,
    pub lines: Receiver<String>,
}

impl McpHttpServer {
    pub fn start(project: &TestProject, addr: &str) -> McpHttpServer {
        let mut child = Command::new(super::aide_bin())
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
        let mut url = None;
        let auth = loop {
            let line = lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no address and header on stderr: {stderr:?}"));
            stderr.push(line.clone());
            if let Some(rest) = line.strip_prefix("→ Serving MCP at ") {
                url = Some(rest.split(' ').next().unwrap().to_owned());
            }
            if let Some((_, rest)) = line.split_once("Authorization: Bearer ") {
                let token = rest.split(' ').next().unwrap();
                break format!("Bearer {token}");
            }
        };
        let url = url.unwrap_or_else(|| panic!("the header before the address: {stderr:?}"));
        McpHttpServer {
            child,
            url,
            auth,
            stderr,
            lines,
        }
    }

    /// `127.0.0.1:PORT`.
    pub fn authority(&self) -> String {
        let rest = self.url.strip_prefix("http://").unwrap();
        rest.split('/').next().unwrap().to_owned()
    }

    /// Sends SIGTERM and returns how it exited and how long that took.
    pub fn stop(mut self) -> (std::process::ExitStatus, Duration) {
        super::kill(self.child.id(), "TERM");
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

impl Drop for McpHttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One MCP client session over HTTP.
pub struct Session {
    pub client: Client<HttpConnector, Full<Bytes>>,
    pub url: String,
    pub host: String,
    /// The `Authorization` sent unless a call names another.
    pub auth: String,
    pub id: Option<String>,
    pub next_id: u64,
    /// The protocol version its requests name in their header.
    pub version: &'static str,
}

impl Session {
    pub fn new(served: &McpHttpServer) -> Session {
        Session {
            client: Client::builder(TokioExecutor::new()).build_http(),
            url: served.url.clone(),
            host: served.authority(),
            auth: served.auth.clone(),
            id: None,
            next_id: 1,
            version: "2025-06-18",
        }
    }

    /// POSTs one message; the status, the session header and every JSON
    /// message of the reply (a JSON body or an event stream).
    pub async fn post(
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
            .header("accept", "application/json, text/event-stream");
        // The session's version unless the call names another.
        if !extra
            .iter()
            .any(|(name, _)| *name == "mcp-protocol-version")
        {
            request = request.header("mcp-protocol-version", self.version);
        }
        if let Some(id) = &self.id {
            request = request.header("mcp-session-id", id);
        }
        // The token unless the call names another ("" for none).
        if !extra.iter().any(|(name, _)| *name == "authorization") {
            request = request.header("authorization", &self.auth);
        }
        let named = |name: &&str| *name != "host" && *name != "authorization";
        for (name, value) in extra.iter().filter(|(name, _)| named(name)) {
            request = request.header(*name, *value);
        }
        if let Some((_, auth)) = extra.iter().find(|(name, _)| *name == "authorization")
            && !auth.is_empty()
        {
            request = request.header("authorization", *auth);
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
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
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
    pub async fn open(&mut self) -> Value {
        self.open_as("2025-06-18", json!({})).await
    }

    /// initialize on `version`, declaring `capabilities`, and
    /// notifications/initialized.
    pub async fn open_as(&mut self, version: &'static str, capabilities: Value) -> Value {
        // The header names the version from the handshake on.
        self.version = version;
        let init = self
            .call(
                "initialize",
                json!({
                    "protocolVersion": version,
                    "capabilities": capabilities,
                    "clientInfo": {"name": "aide-test", "version": "0"}
                }),
            )
            .await;
        assert_eq!(init["result"]["protocolVersion"], version, "{init}");
        assert!(self.id.is_some(), "a session id: {init}");
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let (status, _, _) = self.post(&note, &[]).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        init
    }

    pub async fn tool(&mut self, name: &str, arguments: Value) -> Value {
        let response = self
            .call("tools/call", json!({"name": name, "arguments": arguments}))
            .await;
        response["result"].clone()
    }
}

/// A `tools/call` on protocol 2026-07-28 over HTTP: no MCP session, the
/// version and capabilities in `_meta` and the headers it asks for.
pub async fn call_2026(mcp: &Session, id: u64, name: &str, arguments: Value) -> Value {
    let message = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
        "name": name, "arguments": arguments, "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "aide-test", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {}}}});
    let headers = [
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", name),
    ];
    let (status, session, messages) = mcp.post(&message, &headers).await;
    assert_eq!(status, StatusCode::OK, "{name}: {messages:?}");
    assert!(session.is_none(), "no MCP session on 2026-07-28");
    let response = messages
        .into_iter()
        .find(|m| m["id"] == json!(id))
        .unwrap_or_else(|| panic!("no response to {name}"));
    response["result"].clone()
}

impl Session {
    /// A request whose reply is read as it streams: each JSON message of
    /// the event stream arrives on the receiver as it comes.
    pub async fn stream(&mut self, method: &str, params: Value) -> (u64, Events) {
        let id = self.next_id;
        self.next_id += 1;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let request = self
            .request(hyper::Method::POST)
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(message.to_string())))
            .unwrap();
        (id, self.events(request).await)
    }

    /// The session's standalone stream (`GET`), where messages that belong
    /// to no request arrive.
    pub async fn listen(&self) -> Events {
        let request = self
            .request(hyper::Method::GET)
            .body(Full::new(Bytes::new()))
            .unwrap();
        self.events(request).await
    }

    fn request(&self, method: hyper::Method) -> hyper::http::request::Builder {
        let mut request = Request::builder()
            .method(method)
            .uri(&self.url)
            .header("host", &self.host)
            .header("accept", "application/json, text/event-stream")
            .header("authorization", &self.auth)
            .header("mcp-protocol-version", self.version);
        if let Some(id) = &self.id {
            request = request.header("mcp-session-id", id);
        }
        request
    }

    async fn events(&self, request: Request<Full<Bytes>>) -> Events {
        let response = self.client.request(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{response:?}");
        let (send, receive) = tokio::sync::mpsc::unbounded_channel();
        let mut body = response.into_body();
        tokio::spawn(async move {
            let mut text = String::new();
            while let Some(Ok(frame)) = body.frame().await {
                let Ok(data) = frame.into_data() else {
                    continue;
                };
                text.push_str(&String::from_utf8_lossy(&data));
                while let Some(end) = text.find("\n\n") {
                    let event: String = text.drain(..end + 2).collect();
                    let message = event
                        .lines()
                        .filter_map(|line| line.strip_prefix("data:"))
                        .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok());
                    if let Some(message) = message
                        && send.send(message).is_err()
                    {
                        return;
                    }
                }
            }
        });
        Events(receive)
    }
}

/// The JSON messages of one event stream, as they arrive.
pub struct Events(tokio::sync::mpsc::UnboundedReceiver<Value>);

impl Events {
    /// The next message that `wanted` accepts, skipping the others (they
    /// are returned too).
    pub async fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> (Value, Vec<Value>) {
        let mut skipped = Vec::new();
        loop {
            let next = tokio::time::timeout(Duration::from_secs(20), self.0.recv()).await;
            let message = next
                .unwrap_or_else(|_| panic!("nothing wanted within 20 s: {skipped:?}"))
                .unwrap_or_else(|| panic!("the stream ended: {skipped:?}"));
            if wanted(&message) {
                return (message, skipped);
            }
            skipped.push(message);
        }
    }
}
