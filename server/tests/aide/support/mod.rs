//! Helpers for the CLI tests: a temp project, the `aide` command, a running
//! `submit` and a tiny HTTP client over a raw socket.
#![allow(dead_code)]
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

pub mod flow;
pub mod http;
pub mod mcp;
pub mod rust_source;
mod skip;
mod waits;

#[cfg(unix)]
pub use skip::skipped;
pub use waits::{wait_until_read, wait_until_sleeping};

use assert_cmd::Command;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Stdio};
use std::time::Duration;

pub const EXAMPLE: &str = include_str!("../../../../examples/auth.json");
pub const ANSWERS: &str = r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt","note":"团队更熟悉 bcrypt"}]}"#;

/// The `aide` the tests run: the one cargo built beside them, unless
/// `AIDE_TEST_BIN` names another. scripts/test.sh copies cargo's aside and
/// names the copy, since it builds the shipped binary into the same place
/// while the tests run.
pub fn aide_bin() -> PathBuf {
    std::env::var_os("AIDE_TEST_BIN").map_or_else(
        || assert_cmd::cargo::cargo_bin!("aide").to_path_buf(),
        PathBuf::from,
    )
}

/// `stream.read(buf)`, read again when a signal cuts it short, as std's
/// `read_exact` and `read_to_end` do: a socket read with a timeout is never
/// restarted after a signal handler ran (signal(7)), and one of the
/// handlers the tests' process holds went off during such a read (EINTR,
/// seen once in CI).
pub fn read_some(stream: &mut impl Read, buf: &mut [u8]) -> usize {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            read => return read.unwrap(),
        }
    }
}

/// A temp folder with `.aide/` (or without, for the error cases).
pub struct TestProject {
    pub dir: tempfile::TempDir,
}

impl TestProject {
    pub fn new() -> Self {
        let project = TestProject::bare();
        project.aide(&["init"]).assert().success();
        project
    }

    pub fn bare() -> Self {
        TestProject {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn decisions(&self) -> PathBuf {
        self.path().join(".aide/decisions")
    }

    /// `_meta.session_id` of pending.json.
    pub fn session_id(&self) -> String {
        let text = std::fs::read_to_string(self.decisions().join("pending.json")).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        value["_meta"]["session_id"].as_str().unwrap().to_owned()
    }

    /// The notice of the server of the session in pending.json
    /// (`servers/{session_id}.json`), if one published it.
    pub fn server_info(&self) -> Option<serde_json::Value> {
        let text = std::fs::read_to_string(self.decisions().join("pending.json")).ok()?;
        let value: serde_json::Value = serde_json::from_str(&text).ok()?;
        self.server_of(value["_meta"]["session_id"].as_str()?)
    }

    /// The notice of the server of `session`, if one published it.
    pub fn server_of(&self, session: &str) -> Option<serde_json::Value> {
        let path = self.decisions().join(format!("servers/{session}.json"));
        let text = std::fs::read_to_string(path).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Every server notice in the project (`servers/*.json`, and an older
    /// aide's `server.json`).
    pub fn server_notices(&self) -> Vec<serde_json::Value> {
        let mut paths = vec![self.decisions().join("server.json")];
        if let Ok(entries) = std::fs::read_dir(self.decisions().join("servers")) {
            paths.extend(
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "json")),
            );
        }
        paths
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .filter_map(|text| serde_json::from_str(&text).ok())
            .collect()
    }

    /// The per-user state folder this project's aide runs use
    /// (`XDG_STATE_HOME`), so tests running at once never list each
    /// other's questions.
    pub fn state_home(&self) -> PathBuf {
        self.path().join(".state")
    }

    /// Writes `.aide/config.toml`.
    pub fn config(&self, text: &str) {
        std::fs::write(self.path().join(".aide/config.toml"), text).unwrap();
    }

    /// `aide ARGS` in this project, in Chinese unless `AIDE_LANG` is changed.
    pub fn aide(&self, args: &[&str]) -> Command {
        self.aide_in("zh", args)
    }

    /// `aide ARGS` with `AIDE_LANG=lang`, under `CI` (no browser).
    pub fn aide_in(&self, lang: &str, args: &[&str]) -> Command {
        let mut cmd = Command::new(aide_bin());
        cmd.current_dir(self.path())
            .env("AIDE_LANG", lang)
            .env("CI", "true")
            .env("XDG_STATE_HOME", self.state_home())
            .env_remove("BROWSER")
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .args(args);
        cmd
    }

    /// `aide ARGS` as `aide_in` runs it, started and left running, its
    /// stdout and stderr piped: for a command the test does something
    /// beside while it waits.
    pub fn spawn_in(&self, lang: &str, args: &[&str]) -> Child {
        std::process::Command::new(aide_bin())
            .current_dir(self.path())
            .env("AIDE_LANG", lang)
            .env("CI", "true")
            .env("XDG_STATE_HOME", self.state_home())
            .env_remove("BROWSER")
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Starts `aide decide submit INPUT --port PORT` and waits for its address.
    pub fn start_submit(&self, input: &str, port: u16) -> RunningSubmit {
        self.start(
            "zh",
            &["decide", "submit", input, "--port", &port.to_string()],
        )
    }

    /// Starts a serving command (`submit` or `serve`) with `AIDE_LANG=lang`
    /// and reads stderr until the "waiting" line.
    pub fn start(&self, lang: &str, args: &[&str]) -> RunningSubmit {
        let mut cmd = std::process::Command::new(aide_bin());
        cmd.current_dir(self.path())
            .env("AIDE_LANG", lang)
            .env("CI", "true")
            .env("XDG_STATE_HOME", self.state_home())
            .env_remove("BROWSER")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut lines = Vec::new();
        while !lines.iter().any(|l: &String| {
            l.starts_with("→ 等待用户完成决策") || l.starts_with("→ Waiting for the decisions")
        }) {
            let mut line = String::new();
            assert_ne!(
                stderr.read_line(&mut line).unwrap(),
                0,
                "submit exited early: {lines:?}"
            );
            lines.push(line.trim_end().to_owned());
        }
        RunningSubmit {
            child,
            stderr,
            lines,
        }
    }
}

impl TestProject {
    /// The processes serving the pages of ended questions
    /// (`aide decide serve-ended`) for this project's per-user folder,
    /// found among the running processes by their command line and their
    /// `XDG_STATE_HOME`: what is counted is what runs.
    pub fn ended_page_processes(&self) -> Vec<u32> {
        let state = format!("XDG_STATE_HOME={}", self.state_home().display());
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                let read = |what: &str| std::fs::read(format!("/proc/{pid}/{what}"));
                let (Ok(cmdline), Ok(environ)) = (read("cmdline"), read("environ")) else {
                    return false;
                };
                let args: Vec<&[u8]> = cmdline.split(|b| *b == 0).collect();
                args.windows(2)
                    .any(|w| w == [&b"decide"[..], &b"serve-ended"[..]])
                    && environ
                        .split(|b| *b == 0)
                        .any(|var| var == state.as_bytes())
                    && alive(*pid)
            })
            .collect()
    }
}

impl Drop for TestProject {
    /// A background server a test started never outlives the test (an
    /// ended question's page would stop by itself a second after its
    /// folder goes).
    fn drop(&mut self) {
        for notice in self.server_notices() {
            if let Some(pid) = notice["pid"].as_u64() {
                kill(pid as u32, "KILL");
            }
        }
        for pid in self.ended_page_processes() {
            kill(pid, "KILL");
        }
        // A server that ended just now may be starting its ended page,
        // which writes to the folder while it is removed: removed again
        // until it is gone (then any such page stops by itself).
        for _ in 0..5 {
            if std::fs::remove_dir_all(self.dir.path()).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A running `aide decide submit`.
pub struct RunningSubmit {
    pub child: Child,
    pub stderr: BufReader<ChildStderr>,
    /// The stderr lines read so far.
    pub lines: Vec<String>,
}

impl RunningSubmit {
    /// The `host:port` from `→ 请访问: http://127.0.0.1:PORT/?key=KEY`.
    pub fn addr(&self) -> String {
        page_in(&self.lines).addr
    }

    /// The address and key the command printed.
    pub fn page(&self) -> PageAddress {
        page_in(&self.lines)
    }

    /// Sends `signal` (`TERM`, `INT`) to the process.
    pub fn signal(&self, signal: &str) {
        kill(self.child.id(), signal);
    }

    /// Waits for the process; returns its exit code and the rest of stderr.
    pub fn finish(mut self) -> (i32, Vec<String>) {
        let mut rest = String::new();
        self.stderr.read_to_string(&mut rest).unwrap();
        let status = self.child.wait().unwrap();
        self.lines.extend(rest.lines().map(str::to_owned));
        (status.code().unwrap_or(-1), std::mem::take(&mut self.lines))
    }
}

impl Drop for RunningSubmit {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where a page is served and the key it needs.
#[derive(Clone, Debug)]
pub struct PageAddress {
    /// `127.0.0.1:PORT`.
    pub addr: String,
    pub key: String,
}

impl PageAddress {
    /// Posts the page's form as a browser without JavaScript does.
    pub fn post_form(&self, fields: &str) -> (u16, String) {
        request(
            &self.addr,
            "POST",
            "/submit",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("X-Aide-Key", &self.key),
            ],
            fields,
        )
    }
}

/// The page of the first `http://127.0.0.1:PORT/?key=KEY` in `lines`.
pub fn page_in(lines: &[String]) -> PageAddress {
    let line = lines
        .iter()
        .find(|l| l.contains("http://127.0.0.1:"))
        .expect("address line");
    let rest = line.split("http://127.0.0.1:").nth(1).unwrap();
    let port: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let key: String = rest
        .split("key=")
        .nth(1)
        .expect("a key in the address")
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    PageAddress {
        addr: format!("127.0.0.1:{port}"),
        key,
    }
}

/// Output as tests compare it: every `key=` value written as `KEY`, and
/// without the note a build lacking the page bundle prints (the Rust tests
/// run before `scripts/build.sh` in CI).
pub fn normalized(text: &str) -> String {
    let kept: Vec<&str> = text
        .split_inclusive('\n')
        .filter(|line| {
            !line.starts_with("⚠ 此 aide 构建未包含页面脚本")
                && !line.starts_with("⚠ This aide build has no page scripts")
        })
        .collect();
    redact_keys(&kept.concat())
}

fn redact_keys(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("key=") {
        out.push_str(&rest[..at + 4]);
        rest = &rest[at + 4..];
        let hex = rest.chars().take_while(char::is_ascii_hexdigit).count();
        out.push_str("KEY");
        rest = &rest[hex..];
    }
    out.push_str(rest);
    out
}

/// `GET path` on the page with its key; returns the status and body.
pub fn get_page(page: &PageAddress, path: &str) -> (u16, String) {
    request(&page.addr, "GET", path, &[("X-Aide-Key", &page.key)], "")
}

/// What a browser sends for the printed link: its key in the query only.
pub fn open_link(page: &PageAddress) -> (u16, String) {
    request(&page.addr, "GET", &format!("/?key={}", page.key), &[], "")
}

/// A late click on `page`'s link (its question ended, the command that
/// served it returned): the status and the body. Refused connections are
/// tried again for a while, so that a test of something else also runs
/// against an aide whose ended page took a moment to bind its port again
/// (the tests of the hand-over itself see to that).
pub fn late_click(page: &PageAddress) -> (u16, String) {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(&page.addr).is_err() {
        assert!(
            std::time::Instant::now() < until,
            "{} stays closed",
            page.addr
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    open_link(page)
}

/// `kill -SIGNAL pid`.
pub fn kill(pid: u32, signal: &str) {
    let _ = std::process::Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .stderr(Stdio::null())
        .status();
}

/// Whether process `pid` still runs (a zombie counts as gone).
pub fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| !stat.split(") ").nth(1).unwrap_or("").starts_with('Z'))
        .unwrap_or(false)
}

/// Posts answers as the page of `session` does.
pub fn post_answers(page: &PageAddress, session: &str, body: &str) -> (u16, String) {
    request(
        &page.addr,
        "POST",
        "/api/decisions",
        &[
            ("Content-Type", "application/json"),
            ("X-Aide-Session", session),
            ("X-Aide-Key", &page.key),
        ],
        body,
    )
}

/// A port that was free a moment ago, with `count - 1` free ones after it.
/// Saves a draft (JSON) as the page would.
pub fn put_draft(page: &PageAddress, session: &str, body: &str) -> (u16, String) {
    request(
        &page.addr,
        "PUT",
        "/api/draft",
        &[
            ("Content-Type", "application/json"),
            ("X-Aide-Session", session),
            ("X-Aide-Key", &page.key),
        ],
        body,
    )
}

/// `count` consecutive free ports, the first returned: free again once
/// this returns, for aide to bind.
pub fn free_ports(count: u16) -> u16 {
    held_ports(count).0
}

/// The ports the tests hand to aide: below Linux's ephemeral range
/// (32768–60999), which `bind(:0)` and every outgoing connection draw
/// from, so no other test's client socket can land on one between the test
/// letting it go and aide binding it; and above 10080, the highest port
/// browsers refuse.
const TEST_PORTS: std::ops::Range<u16> = 10_100..32_700;

/// `count` consecutive ports, bound here and held: no other test (they run
/// in parallel) can take one between finding them and holding them. Drop
/// the listeners of the ports aide should find free.
///
/// The tests of this binary take turns along [`TEST_PORTS`] (one cursor,
/// starting where this process's id puts it), so two tests never get the
/// same ports while the range lasts.
pub fn held_ports(count: u16) -> (u16, Vec<TcpListener>) {
    use std::sync::atomic::{AtomicU32, Ordering};
    static CURSOR: AtomicU32 = AtomicU32::new(u32::MAX);
    let span = u32::from(TEST_PORTS.end - TEST_PORTS.start);
    let step = u32::from(count);
    // The first call places the cursor by the process id: two test
    // binaries running at once start far apart.
    let _ = CURSOR.compare_exchange(
        u32::MAX,
        std::process::id().wrapping_mul(7_919) % span,
        Ordering::SeqCst,
        Ordering::SeqCst,
    );
    for _ in 0..200 {
        let offset = CURSOR.fetch_add(step, Ordering::SeqCst) % span;
        if offset + step > span {
            continue;
        }
        let base = TEST_PORTS.start + offset as u16;
        let held: Option<Vec<TcpListener>> = (base..base + count)
            .map(|p| TcpListener::bind(("127.0.0.1", p)).ok())
            .collect();
        if let Some(held) = held {
            return (base, held);
        }
    }
    panic!("no {count} consecutive free ports in {TEST_PORTS:?}");
}

/// One HTTP/1.1 request; returns the status code and the body.
pub fn http(addr: &str, method: &str, path: &str, content_type: &str, body: &str) -> (u16, String) {
    request(addr, method, path, &[("Content-Type", content_type)], body)
}

/// One HTTP/1.1 request with `headers`; returns the status code and body.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let headers: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// `aide decide submit EXAMPLE --detach --port P`; returns its stderr lines.
pub fn detach(project: &TestProject, lang: &str, port: u16, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["decide", "submit", EXAMPLE, "--detach"];
    let port = port.to_string();
    args.extend(["--port", &port]);
    args.extend(extra);
    let output = project.aide_in(lang, &args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(output.stdout, b"");
    stderr.lines().map(str::to_owned).collect()
}

/// Stops the server of the pending session, if one still serves it. Its
/// notice is read once: a server that ends on its own (its page answered,
/// its linger over) takes the notice away as it goes.
pub fn stop_server(project: &TestProject) {
    let pid = project.server_info().and_then(|info| info["pid"].as_u64());
    if let Some(pid) = pid.and_then(|pid| u32::try_from(pid).ok()) {
        kill(pid, "TERM");
        wait_until_gone(pid);
    }
}

pub fn server_pid(project: &TestProject) -> u32 {
    project.server_info().expect("the server's notice")["pid"]
        .as_u64()
        .unwrap() as u32
}

pub fn wait_until_gone(pid: u32) {
    for _ in 0..200 {
        if !alive(pid) {
            return;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("process {pid} is still running");
}

/// Submits `input` in `project` with `--detach` (its per-user state in
/// `state`), answers it with `answers` as the page would, and returns the
/// session's id once its server is gone.
pub fn decided(
    project: &TestProject,
    state: &Path,
    input: &serde_json::Value,
    answers: &serde_json::Value,
) -> String {
    let output = project
        .aide_in("en", &["decide", "submit", "-", "--detach", "--json"])
        .env("XDG_STATE_HOME", state)
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let started: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let session = started["session_id"].as_str().unwrap().to_owned();
    let page = page_in(&[started["url"].as_str().unwrap().to_owned()]);
    let (status, reply) = post_answers(&page, &session, &answers.to_string());
    assert_eq!(status, 200, "{reply}");
    wait_until_gone(u32::try_from(started["pid"].as_u64().unwrap()).unwrap());
    session
}

/// Leaves the record of `session`, written by a test, as aide leaves one
/// the person answered here: owner-only, with the ledger's `decided` line
/// (issue 56: only such a record stands for the person's own decision;
/// one written any other way is "from the repository").
pub fn recorded_here(project: &TestProject, session: &str) {
    use std::io::Write;
    let dir = project.decisions();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let record = dir.join(format!("{session}.json"));
        std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let ledger = dir.join("ledger.jsonl");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&ledger)
        .unwrap();
    let line = serde_json::json!({
        "version": "1.3", "at": "2025-01-15T10:35:00+08:00",
        "event": "decided", "session_id": session,
    });
    writeln!(file, "{line}").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&ledger, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
}

/// Runs a program that was just written (a copy of aide, a launcher
/// script): a child another test thread forked meanwhile may still hold
/// the file open for writing until it execs, and running it fails with
/// ETXTBSY for that moment, so it is run again.
pub fn run_written(
    run: impl Fn() -> std::io::Result<std::process::Output>,
) -> std::process::Output {
    let mut output = run();
    for _ in 0..100 {
        match &output {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(Duration::from_millis(20));
                output = run();
            }
            _ => break,
        }
    }
    output.unwrap()
}
