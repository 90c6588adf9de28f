//! Another account on the same machine (issue 40): it reads none of the
//! owner's aide files, gets nothing from any aide port without the key or
//! the token, and a listener it puts on `[::1]` at the page's port never
//! sees the key. It needs root, to create that account with `useradd` and
//! run as it; elsewhere each test says on the test output why it is skipped
//! and passes, and under CI (which runs as root) it fails instead.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{
    ANSWERS, EXAMPLE, TestProject, detach, free_ports, kill, late_click, page_in, post_answers,
    skipped,
};
use serde_json::{Value, json};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};

/// What the other account runs: Debian's own Python (every account can run
/// it), standard library only. It takes its tasks as JSON and prints what
/// came of each as JSON.
const PROBE: &str = r#"
import json, os, socket, sys, time
tasks = json.loads(sys.argv[1])
out = {"files": {}, "http": [], "accepted": None}
for path in tasks.get("read", []):
    try:
        if os.path.isdir(path):
            os.listdir(path)
        else:
            open(path, "rb").read()
        out["files"][path] = "read"
    except PermissionError:
        out["files"][path] = "denied"
    except FileNotFoundError:
        out["files"][path] = "missing"
for path in tasks.get("write", []):
    try:
        open(path, "ab").close()
        out["files"]["write " + path] = "written"
    except PermissionError:
        out["files"]["write " + path] = "denied"
for req in tasks.get("http", []):
    s = socket.create_connection(tuple(req["addr"]), timeout=10)
    head = "".join(f"{k}: {v}\r\n" for k, v in req.get("headers", {}).items())
    body = req.get("body", "")
    s.sendall((f"{req['method']} {req['path']} HTTP/1.1\r\nHost: {req['addr'][0]}:{req['addr'][1]}\r\n"
               f"{head}Content-Length: {len(body.encode())}\r\nConnection: close\r\n\r\n{body}").encode())
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    line = data.split(b"\r\n", 1)[0].decode()
    out["http"].append({"status": int(line.split(" ")[1]), "body": data.split(b"\r\n\r\n", 1)[-1].decode(errors="replace")})
squat = tasks.get("squat")
if squat:
    s = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    s.bind(("::1", squat["port"]))
    s.listen(16)
    s.settimeout(0.1)
    print("listening", flush=True)
    accepted = 0
    until = time.time() + squat["seconds"]
    while time.time() < until:
        try:
            conn, _ = s.accept()
            accepted += 1
            conn.close()
        except socket.timeout:
            pass
    out["accepted"] = accepted
spin = tasks.get("spin")
if spin:
    import signal
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    print("listening", flush=True)
    won = 0
    # A test that fails half-way never leaves it spinning for long.
    until = time.time() + spin.get("seconds", 60)
    while not stop and time.time() < until:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", spin["port"]))
            s.listen(16)
            won += 1
        except OSError:
            pass
        s.close()
    out["won"] = won
print(json.dumps(out), flush=True)
"#;

/// A local account made for one test, removed when it ends.
struct OtherUser {
    name: String,
    uid: u32,
    gid: u32,
}

impl OtherUser {
    /// The account, or why there cannot be one here.
    fn create(test: &str) -> Option<OtherUser> {
        if nix::unistd::geteuid().as_raw() != 0 {
            skipped(test, "creating a second local user needs root");
            return None;
        }
        // One account per test: the tests of this file run at once.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("aide-other-{}-{n}", std::process::id() % 100_000);
        let made = Command::new("useradd")
            .args(["--no-create-home", "--shell", "/usr/sbin/nologin", &name])
            .output();
        match made {
            Ok(output) if output.status.success() => {}
            Ok(output) => {
                let said = String::from_utf8_lossy(&output.stderr);
                skipped(test, &format!("useradd failed: {}", said.trim()));
                return None;
            }
            Err(error) => {
                skipped(test, &format!("no useradd here ({error})"));
                return None;
            }
        }
        let id = |flag: &str| -> u32 {
            let output = Command::new("id").args([flag, &name]).output().unwrap();
            String::from_utf8(output.stdout)
                .unwrap()
                .trim()
                .parse()
                .unwrap()
        };
        let (uid, gid) = (id("-u"), id("-g"));
        Some(OtherUser { name, uid, gid })
    }

    fn probe(&self, tasks: &Value) -> Command {
        let mut command = Command::new("/usr/bin/python3");
        command
            .args(["-c", PROBE, &tasks.to_string()])
            .current_dir("/")
            .env_clear()
            .uid(self.uid)
            // std drops root's supplementary groups when it sets the uid.
            .gid(self.gid);
        command
    }

    /// Runs `tasks` as this account; what came of them.
    fn run(&self, tasks: &Value) -> Value {
        let output = self.probe(tasks).output().unwrap();
        assert!(
            output.status.success(),
            "the probe failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).unwrap()
    }

    /// Starts `tasks` (a squat) as this account, once it is listening.
    fn start(&self, tasks: &Value) -> Child {
        let mut child = self
            .probe(tasks)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(child.stdout.as_mut().unwrap()),
            &mut line,
        )
        .unwrap();
        assert_eq!(line.trim(), "listening", "the squatter did not start");
        child
    }
}

impl Drop for OtherUser {
    fn drop(&mut self) {
        let _ = Command::new("userdel").arg(&self.name).output();
    }
}

/// Opens the address in `line` (`… http://HOST:PORT/?key=KEY …`) as a
/// browser does: the host's addresses in the resolver's order, the first
/// that accepts. The status and body.
fn as_a_browser(line: &str) -> (u16, String) {
    use std::io::{Read, Write};
    use std::net::ToSocketAddrs;
    let url = &line[line.find("http://").unwrap()..];
    let (authority, path) = url["http://".len()..].split_once('/').unwrap();
    let path: String = format!("/{path}")
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    let mut stream = authority
        .to_socket_addrs()
        .unwrap()
        .find_map(|addr| {
            std::net::TcpStream::connect_timeout(&addr, std::time::Duration::from_secs(2)).ok()
        })
        .expect("no address of the page accepts");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).unwrap();
    let reply = String::from_utf8_lossy(&reply).into_owned();
    let status = reply.split(' ').nth(1).unwrap().parse().unwrap();
    (status, reply.split_once("\r\n\r\n").unwrap().1.to_owned())
}

/// A project the other account may walk into, as a shared project folder
/// on a server would be: only aide's own files are to keep it out.
fn shared_project() -> TestProject {
    let project = TestProject::new();
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(project.path(), open).unwrap();
    project
}

#[test]
fn another_user_reads_none_of_the_owners_aide_files() {
    let Some(other) = OtherUser::create("another_user_reads_none_of_the_owners_aide_files") else {
        return;
    };
    let project = shared_project();
    detach(&project, "en", free_ports(10), &[]);
    let served = crate::support::http::McpHttpServer::start(&project, "127.0.0.1:0");
    let session = project.session_id();
    let aide = project.path().join(".aide");
    let mut secrets = vec![
        aide.join("decisions"),
        aide.join("decisions/pending.json"),
        aide.join("decisions/ledger.jsonl"),
        aide.join(format!("decisions/servers/{session}.json")),
    ];
    // The MCP token, whatever this user's id makes its name.
    secrets.extend(
        std::fs::read_dir(&aide)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.to_string_lossy().ends_with(".token")),
    );
    assert!(secrets.len() >= 5, "no token file: {secrets:?}");
    let seen = other.run(&json!({ "read": secrets }));
    for path in &secrets {
        assert_eq!(
            seen["files"][path.to_str().unwrap()],
            "denied",
            "{}: {seen}",
            path.display()
        );
    }
    drop(served);
    crate::support::kill(crate::support::server_pid(&project), "TERM");
}

#[test]
fn another_user_gets_nothing_from_any_aide_port() {
    let Some(other) = OtherUser::create("another_user_gets_nothing_from_any_aide_port") else {
        return;
    };
    let project = shared_project();
    let page = page_in(&detach(&project, "en", free_ports(10), &[]));
    let session = project.session_id();
    let served = crate::support::http::McpHttpServer::start(&project, "127.0.0.1:0");
    let (mcp_host, mcp_port) = served
        .authority()
        .rsplit_once(':')
        .map(|(h, p)| (h.to_owned(), p.parse::<u16>().unwrap()))
        .unwrap();
    let (page_host, page_port) = page
        .addr
        .rsplit_once(':')
        .map(|(h, p)| (h.to_owned(), p.parse::<u16>().unwrap()))
        .unwrap();
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "intruder", "version": "1"}}})
    .to_string();
    let mcp = |headers: Value| {
        json!({"addr": [mcp_host, mcp_port], "method": "POST", "path": "/mcp",
               "headers": headers, "body": initialize})
    };
    let answers = r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt"}]}"#;
    let seen = other.run(&json!({"http": [
        mcp(json!({"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})),
        mcp(json!({"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "Authorization": "Bearer 00000000000000000000000000000000"})),
        {"addr": [page_host, page_port], "method": "GET", "path": "/"},
        {"addr": [page_host, page_port], "method": "GET", "path": "/?key=00000000000000000000000000000000"},
        {"addr": [page_host, page_port], "method": "GET", "path": "/api/outcome"},
        {"addr": [page_host, page_port], "method": "POST", "path": "/api/decisions",
         "headers": {"Content-Type": "application/json", "X-Aide-Session": session,
                     "Origin": format!("http://{}", page.addr)},
         "body": answers},
    ]}));
    let statuses: Vec<u64> = seen["http"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [401, 401, 403, 403, 403, 403], "{seen}");
    // Nothing of the session in any refusal.
    for reply in seen["http"].as_array().unwrap() {
        let body = reply["body"].as_str().unwrap();
        assert!(!body.contains(&session), "{body}");
        assert!(!body.contains(&page.key), "{body}");
    }
    // And nothing was answered.
    assert!(
        !project.decisions().join(format!("{session}.json")).exists(),
        "the other user answered"
    );
    drop(served);
    crate::support::kill(crate::support::server_pid(&project), "TERM");
}

#[test]
fn a_squatter_on_ipv6_loopback_never_sees_the_page_key() {
    let Some(other) = OtherUser::create("a_squatter_on_ipv6_loopback_never_sees_the_page_key")
    else {
        return;
    };
    if std::net::TcpListener::bind("[::1]:0").is_err() {
        skipped(
            "a_squatter_on_ipv6_loopback_never_sees_the_page_key",
            "no IPv6 loopback here",
        );
        return;
    }
    let project = shared_project();
    // A port free on both loopbacks, so the squatter's bind cannot fail.
    let port = (0..20)
        .map(|_| free_ports(10))
        .find(|port| std::net::TcpListener::bind(("::1", *port)).is_ok())
        .unwrap();
    // The other account takes [::1] at the port the page will use.
    let squatter = other.start(&json!({"squat": {"port": port, "seconds": 4}}));
    // Its count counts: one connection of ours reaches it, so a browser
    // sent to it would show up too.
    drop(std::net::TcpStream::connect(("::1", port)).unwrap());
    let lines = detach(&project, "en", port, &[]);
    // The printed address names the family aide listens on: a browser that
    // follows it reaches aide, never the squatter.
    let url = lines.iter().find(|l| l.contains("?key=")).unwrap();
    assert!(
        url.contains(&format!("http://127.0.0.1:{port}/?key=")),
        "{url}"
    );
    assert!(!lines.iter().any(|l| l.contains("localhost")), "{lines:?}");
    let (status, html) = as_a_browser(url);
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("认证方式选择"), "aide's own page");
    let output = squatter.wait_with_output().unwrap();
    let seen: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(seen["accepted"], 1, "ours alone: {seen}");
    crate::support::kill(crate::support::server_pid(&project), "TERM");
}

/// Another account spins on binding the port of a question (issue 60):
/// from the question's server to its ended page, and from the ended page
/// to the next question, the port is never free, so she never gets it;
/// the person's late click reaches the ended page and the next question
/// gets the port.
#[test]
fn another_user_never_gets_the_port_of_an_ended_page() {
    let Some(other) = OtherUser::create("another_user_never_gets_the_port_of_an_ended_page") else {
        return;
    };
    let project = TestProject::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    let spinner = other.start(&json!({"spin": {"port": port}}));
    assert_eq!(post_answers(&page, &project.session_id(), ANSWERS).0, 200);
    assert_eq!(submit.finish().0, 0);
    let (status, body) = late_click(&page);
    let next = project.start_submit(EXAMPLE, port);
    let next_page = next.page();
    kill(spinner.id(), "TERM");
    let output = spinner.wait_with_output().unwrap();
    let seen: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(seen["won"], 0, "she bound the port {} times", seen["won"]);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="decided""#), "{body}");
    assert_eq!(next_page.addr, page.addr, "{:?}", next.lines);
}

#[test]
fn another_user_can_neither_read_nor_change_the_rulings() {
    let Some(other) = OtherUser::create("another_user_can_neither_read_nor_change_the_rulings")
    else {
        return;
    };
    let project = shared_project();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    let (page, session) = crate::cli_rulings::answered(&project, &crate::cli_rulings::input());
    for scope in ["project", "all"] {
        let item = if scope == "project" { "1" } else { "2" };
        let fields = [
            ("action", "grant"),
            ("session", session.as_str()),
            ("item", item),
            ("scope", scope),
        ];
        let (status, html) = crate::cli_rulings::act(&page, &fields);
        assert_eq!(status, 200, "{html}");
    }
    let state = project.state_home();
    // The state folder readable by all, as a home folder may be: only the
    // file's own mode keeps the other account out.
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(state.join("aide"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let files = [
        project.decisions().join("rulings.json"),
        state.join("aide/rulings.json"),
    ];
    for file in &files {
        assert!(file.is_file(), "{}", file.display());
    }
    let seen = other.run(&json!({ "read": files, "write": files }));
    for file in &files {
        let path = file.to_str().unwrap();
        assert_eq!(seen["files"][path], "denied", "{path}: {seen}");
        assert_eq!(
            seen["files"][format!("write {path}")],
            "denied",
            "{path}: {seen}"
        );
    }
}
