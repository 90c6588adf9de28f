//! Faults found with a second account and a full disk (issue 60): a FIFO
//! where the store reads a file is refused at once, never waited on; what
//! a message echoes of a huge input is cut short; a submit that fails on a
//! full disk stores nothing and says why.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::Mcp;
use crate::support::{TestProject, decided, free_ports, get_page, page_in, skipped};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// Longer than any of these commands takes; a command still running then
/// is waiting on the FIFO.
const NO_HANG: Duration = Duration::from_secs(30);

fn project() -> TestProject {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(10)));
    project
}

fn fifo(path: &Path) {
    nix::unistd::mkfifo(path, nix::sys::stat::Mode::S_IRWXU).unwrap();
}

fn question() -> Value {
    json!({"task": "Add login", "source": "chat", "items": [
        {"id": 1, "title": "How long does a login session last?",
         "options": [{"value": "1h", "label": "1 hour"}, {"value": "8h", "label": "8 hours"}]}]})
}

#[test]
fn a_fifo_named_like_a_record_is_refused_by_every_reader_at_once() {
    let project = project();
    let state = project.state_home();
    decided(
        &project,
        &state,
        &question(),
        &json!({"decisions": [{"id": 1, "chosen": "8h"}]}),
    );
    let name = "2020-01-01T00-00-00.json";
    fifo(&project.decisions().join(name));
    // Each reader names it and goes on with the rest.
    for args in [
        vec!["decide", "search", "login session", "--json"],
        vec!["decide", "history"],
        vec!["decide", "export", "--adr", "docs/adr"],
    ] {
        let output = project
            .aide_in("en", &args)
            .timeout(NO_HANG)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{name}: it is not a regular file")),
            "{args:?}: {stderr}"
        );
    }
    // A new page of the project lists what was decided before: it opens.
    let output = project
        .aide_in("en", &["decide", "submit", "-", "--detach", "--json"])
        .write_stdin(question().to_string())
        .timeout(NO_HANG)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let started: Value = serde_json::from_slice(&output.stdout).unwrap();
    let page = page_in(&[started["url"].as_str().unwrap().to_owned()]);
    let (status, html) = get_page(&page, "/");
    assert_eq!(status, 200, "{html}");
}

#[test]
fn a_fifo_as_the_http_token_file_is_replaced_not_waited_on() {
    let project = project();
    let token = project.path().join(format!(
        ".aide/mcp-http.{}.token",
        nix::unistd::geteuid().as_raw()
    ));
    fifo(&token);
    // It starts (within its 20 s), with a token of its own in a regular file.
    let served = crate::support::http::McpHttpServer::start(&project, "127.0.0.1:0");
    assert!(std::fs::symlink_metadata(&token).unwrap().is_file());
    let kept = std::fs::read_to_string(&token).unwrap();
    assert_eq!(served.auth, format!("Bearer {}", kept.trim()));
}

/// How long an echoed input may make a message: the text around it and
/// 60 characters of it.
const SHORT: usize = 1_000;

#[test]
fn a_huge_query_or_argument_is_echoed_cut_short() {
    let project = project();
    // The longest single argument Linux passes is 128 KiB.
    let long = "zzqx".repeat(25_000);
    let punctuation = "?!".repeat(50_000);
    let not_an_id = "x".repeat(100_000);
    for args in [
        vec!["decide", "search", long.as_str()],
        vec!["decide", "search", punctuation.as_str()],
        vec!["decide", "show", not_an_id.as_str()],
        vec!["decide", "submit", not_an_id.as_str()],
    ] {
        let output = project.aide_in("en", &args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.len() < SHORT, "{}: {} bytes", args[1], stderr.len());
        assert!(stderr.contains("…\""), "{}: {stderr}", args[1]);
    }
}

#[test]
fn a_huge_query_or_cursor_over_mcp_comes_back_cut_short() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let huge = "zzqx ".repeat(200_000);
    let found = mcp.tool("decide_search", json!({ "query": huge }));
    let said = found.to_string();
    assert!(said.len() < SHORT, "{} bytes", said.len());
    assert!(said.contains("No decided question matches"), "{said}");
    let listed = mcp.call("resources/list", json!({ "cursor": huge }));
    let said = listed.to_string();
    assert!(said.len() < SHORT, "{} bytes", said.len());
    assert!(said.contains("not one aide gave"), "{said}");
    let unknown = mcp.call("tools/call", json!({"name": huge, "arguments": {}}));
    assert!(unknown.to_string().len() < SHORT);
}

/// A tmpfs of `size` mounted at a new folder, unmounted when dropped; `None`
/// (the test skipped) where this runner cannot mount one.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(test: &str, size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output();
        match mounted {
            Ok(output) if output.status.success() => Some(SmallDisk { dir }),
            Ok(output) => {
                let said = String::from_utf8_lossy(&output.stderr);
                skipped(test, &format!("cannot mount a tmpfs: {}", said.trim()));
                None
            }
            Err(error) => {
                skipped(test, &format!("no mount here ({error})"));
                None
            }
        }
    }

    /// Fills the disk but `free` bytes (tmpfs counts whole pages).
    fn fill_but(&self, free: u64) {
        use std::io::Write;
        let filler = self.dir.path().join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let page = vec![0u8; 4096];
        while file.write_all(&page).is_ok() {}
        let _ = file.flush();
        let len = std::fs::metadata(&filler).unwrap().len();
        file.set_len(len.saturating_sub(free)).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .args(["-l"])
            .arg(self.dir.path())
            .output();
    }
}

/// The ledger's lines, as written.
fn ledger(decisions: &Path) -> String {
    std::fs::read_to_string(decisions.join("ledger.jsonl")).unwrap_or_default()
}

#[test]
fn a_submit_that_fails_on_a_full_disk_stores_nothing_and_says_why() {
    const TEST: &str = "a_submit_that_fails_on_a_full_disk_stores_nothing_and_says_why";
    // Another session pending, then each amount of free space from none to
    // a few pages: wherever the disk runs out, the submit (in the
    // background, or in the terminal) either works or fails with a reason
    // and leaves the store as it was.
    for detached in [true, false] {
        full_disk_submits(TEST, detached);
    }
}

fn full_disk_submits(test: &str, detached: bool) {
    // In the terminal, a page that came up times out at once.
    let args: &[&str] = if detached {
        &["decide", "submit", "-", "--detach", "--json"]
    } else {
        &["decide", "submit", "-", "--timeout", "1"]
    };
    let mut failed = 0;
    for pages in 0..8 {
        let Some(disk) = SmallDisk::mount(test, "128k") else {
            return;
        };
        let root = disk.dir.path().join("p");
        std::fs::create_dir(&root).unwrap();
        let project = TestProject {
            dir: tempfile::TempDir::new_in(&root).unwrap(),
        };
        project.aide(&["init"]).assert().success();
        project.config(&format!("[decide]\nport = {}\n", free_ports(10)));
        let first = project
            .aide_in("en", &["decide", "submit", "-", "--detach", "--json"])
            .write_stdin(question().to_string())
            .output()
            .unwrap();
        assert_eq!(first.status.code(), Some(0), "{first:?}");
        let decisions = project.decisions();
        let pending = std::fs::read(decisions.join("pending.json")).unwrap();
        let logged = ledger(&decisions);
        disk.fill_but(pages * 4096);
        let output = project
            .aide_in("en", args)
            .write_stdin(question().to_string())
            .timeout(NO_HANG)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        if !detached && stderr.contains("→ Open: ") {
            // Its page came up; it timed out, the session kept.
            continue;
        }
        if detached && output.status.code() == Some(0) {
            let started: Value = serde_json::from_slice(&output.stdout).unwrap();
            let session = started["session_id"].as_str().unwrap();
            assert!(
                project.server_of(session).is_some(),
                "{pages} pages: {stderr}"
            );
            continue;
        }
        failed += 1;
        assert!(
            stderr.lines().any(|line| line.starts_with("✗ ")),
            "{pages} pages: no reason given: {stderr:?}"
        );
        assert_eq!(output.stdout, b"", "{pages} pages");
        // Nothing of the new session: the first one is pending as before,
        // in its place, and the ledger says what it said.
        assert_eq!(
            std::fs::read(decisions.join("pending.json")).unwrap(),
            pending,
            "{pages} pages: {stderr}"
        );
        let aside: Vec<_> = std::fs::read_dir(&decisions)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".pending.json"))
            .collect();
        assert!(aside.is_empty(), "{pages} pages: {aside:?}");
        assert!(
            !decisions.join("pending.json.undo").exists(),
            "{pages} pages"
        );
        // The ledger may have begun on the new session; if so it ends it
        // (`cleaned`), so no reader counts it.
        let now = ledger(&decisions);
        let added: Vec<Value> = now
            .strip_prefix(logged.as_str())
            .unwrap_or_else(|| panic!("{pages} pages: the ledger was rewritten"))
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        if let Some(last) = added.last() {
            assert_eq!(last["event"], "cleaned", "{pages} pages: {now}");
            assert!(
                added.iter().all(|e| e["session_id"] == last["session_id"]),
                "{pages} pages: {now}"
            );
        }
        let history = project
            .aide_in("en", &["decide", "history", "--json"])
            .output()
            .unwrap();
        let history: Value = serde_json::from_slice(&history.stdout).unwrap();
        assert_eq!(
            history["sessions"].as_array().unwrap().len(),
            1,
            "{pages} pages: {history}"
        );
        // The first session is the one `result` speaks for, alone (not
        // refused as if another had been open beside it).
        project
            .aide_in("en", &["decide", "result"])
            .assert()
            .code(1)
            .stderr(predicates::str::ends_with(
                "✗ No decision result yet\nHint: Wait for the person to finish in the web page\n",
            ));
        drop(project);
    }
    assert!(failed > 0, "the disk never ran out (detached: {detached})");
}

/// An input path that names a FIFO is refused at once, naming it (a submit
/// of one waited for a writer forever).
#[test]
fn a_fifo_as_the_input_file_is_refused_not_waited_on() {
    let project = project();
    let input = project.path().join("question.json");
    fifo(&input);
    let output = project
        .aide_in(
            "en",
            &["decide", "submit", input.to_str().unwrap(), "--check"],
        )
        .timeout(NO_HANG)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("question.json"), "{stderr}");
    assert!(!project.decisions().join("pending.json").exists());
}
