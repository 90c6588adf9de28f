//! Several agents, one project (docs/sessions.md): a submit while another
//! session is waiting keeps both, each agent gets only its own answers,
//! `result` and `cancel` without an id refuse while several are pending,
//! `status` and `history` list them all, an older aide's `server.json` is
//! still read, and the eleventh session in a full port range is refused.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{TestProject, free_ports, page_in, post_answers, wait_until_gone};
use serde_json::{Value, json};
use std::fs;

/// A question of `agent`'s own: its task and its options name it.
fn question(agent: &str) -> Value {
    json!({
        "task": format!("task of {agent}"),
        "source": "chat",
        "items": [{
            "id": 1,
            "title": format!("Which way for {agent}?"),
            "options": [
                {"value": format!("{agent}-yes"), "label": "Yes"},
                {"value": format!("{agent}-no"), "label": "No"}
            ]
        }]
    })
}

fn answers(agent: &str) -> Value {
    json!({"decisions": [{"id": 1, "chosen": format!("{agent}-yes")}]})
}

/// A project whose pages are served from a range of ten free ports.
fn project() -> (TestProject, u16) {
    let project = TestProject::new();
    let port = free_ports(10);
    project.config(&format!("[decide]\nport = {port}\n"));
    (project, port)
}

/// What `submit - --detach --json` answered, and its stderr.
struct DetachedSubmit {
    session: String,
    url: String,
    pid: u32,
    stderr: String,
}

fn submit(project: &TestProject, lang: &str, input: &Value) -> DetachedSubmit {
    let output = project
        .aide_in(lang, &["decide", "submit", "-", "--detach", "--json"])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let started: Value = serde_json::from_slice(&output.stdout).unwrap();
    DetachedSubmit {
        session: started["session_id"].as_str().unwrap().to_owned(),
        url: started["url"].as_str().unwrap().to_owned(),
        pid: u32::try_from(started["pid"].as_u64().unwrap()).unwrap(),
        stderr,
    }
}

/// The person answers `agent`'s question on its page.
fn answer(submitted: &DetachedSubmit, agent: &str) {
    let page = page_in(std::slice::from_ref(&submitted.url));
    let body = answers(agent).to_string();
    let (status, reply) = post_answers(&page, &submitted.session, &body);
    assert_eq!(status, 200, "{reply}");
}

/// `agent`'s question submitted and answered, its server gone.
fn decided(project: &TestProject, agent: &str) -> DetachedSubmit {
    let submitted = submit(project, "en", &question(agent));
    answer(&submitted, agent);
    wait_until_gone(submitted.pid);
    submitted
}

/// `aide ARGS` in `lang`: exit code, stdout, stderr.
fn run(project: &TestProject, lang: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let output = project.aide_in(lang, args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn history(project: &TestProject) -> Vec<(String, String)> {
    let (code, stdout, _) = run(project, "en", &["decide", "history", "--json"]);
    assert_eq!(code, Some(0));
    let value: Value = serde_json::from_str(&stdout).unwrap();
    value["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["session_id"].as_str().unwrap().to_owned(),
                s["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn two_agents_in_one_project_each_get_only_their_own_answers() {
    let (project, _) = project();
    let a = submit(&project, "en", &question("a"));
    let pending_a = fs::read(project.decisions().join("pending.json")).unwrap();
    let b = submit(&project, "en", &question("b"));
    assert_ne!(a.session, b.session);
    assert_ne!(a.url, b.url, "each session has its own page");
    // pending.json is the spec's file, the session submitted last; the
    // first moved aside, the same bytes.
    assert_eq!(project.session_id(), b.session);
    let aside = project
        .decisions()
        .join(format!("{}.pending.json", a.session));
    assert_eq!(fs::read(&aside).unwrap(), pending_a);
    assert!(
        b.stderr.contains(&format!(
            "→ Session {} still waits for its answers on its own page; pass --session to result and cancel from now on\n",
            a.session
        )),
        "{}",
        b.stderr
    );
    // Each served by its own server, both listed for the person.
    assert_eq!(project.server_of(&a.session).unwrap()["pid"], a.pid);
    assert_eq!(project.server_of(&b.session).unwrap()["pid"], b.pid);
    let (_, waiting, _) = run(&project, "en", &["decide", "waiting", "--json"]);
    let waiting: Value = serde_json::from_str(&waiting).unwrap();
    let listed: Vec<&str> = waiting["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["session_id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [a.session.as_str(), b.session.as_str()]);
    // Each page lists the other question of its own project.
    let (a_page, b_page) = (
        page_in(std::slice::from_ref(&a.url)),
        page_in(std::slice::from_ref(&b.url)),
    );
    let (status, html) = crate::support::get_page(&a_page, "/");
    assert_eq!(status, 200, "the page kept aside is served: {html}");
    assert!(html.contains("Which way for a?"), "its own question");
    assert!(
        html.contains(&format!("key={}", b_page.key)),
        "the other's link"
    );
    assert!(
        !html.contains(&format!("key={}", a_page.key)),
        "not its own"
    );

    // Without an id, result (waiting or not) and cancel refuse, naming both.
    for (lang, expected) in [
        (
            "en",
            format!(
                "✗ 2 sessions are pending: {} (task of a), {} (task of b)\nHint: Pass --session ID (submit --json prints it)\n",
                a.session, b.session
            ),
        ),
        (
            "zh",
            format!(
                "✗ 有 2 个待定会话: {}(task of a)、{}(task of b)\n建议: 传入 --session ID(submit --json 会输出它)\n",
                a.session, b.session
            ),
        ),
    ] {
        for args in [
            &["decide", "result"][..],
            &["decide", "result", "--wait", "--timeout", "5"][..],
            &["decide", "cancel"][..],
        ] {
            // A usage error: which session is meant must be said.
            let (code, stdout, stderr) = run(&project, lang, args);
            assert_eq!(code, Some(2), "{args:?}: {stderr}");
            assert_eq!(stdout, "", "{args:?}");
            assert_eq!(stderr, expected, "{args:?}");
        }
    }
    // Nothing was withdrawn by the refused cancel.
    assert_eq!(
        history(&project),
        [
            (b.session.clone(), "pending".to_owned()),
            (a.session.clone(), "pending".to_owned())
        ]
    );

    // status: one block each, the newest first.
    let (code, _, stderr) = run(&project, "en", &["decide", "status"]);
    assert_eq!(code, Some(0));
    let heads: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("→ Pending session "))
        .collect();
    assert_eq!(
        heads,
        [
            format!("→ Pending session {}: task of b (1 item)", b.session),
            format!("→ Pending session {}: task of a (1 item)", a.session)
        ]
    );
    let (_, stdout, _) = run(&project, "en", &["decide", "status", "--json"]);
    let status: Value = serde_json::from_str(&stdout).unwrap();
    let sessions = status["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions[1]["session_id"], a.session.as_str());
    assert_eq!(sessions[1]["served"], true);
    assert_eq!(sessions[1]["pid"], a.pid);

    // The person answers the first agent's question (kept aside) first.
    let (code, _, stderr) = run(
        &project,
        "en",
        &["decide", "result", "--session", &a.session],
    );
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(124),
            "✗ No decision result yet\nHint: Wait for the person to finish in the web page\n"
        )
    );
    answer(&a, "a");
    let (code, stdout, _) = run(
        &project,
        "en",
        &["decide", "result", "--session", &a.session],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        serde_json::from_str::<Value>(&stdout).unwrap(),
        answers("a")
    );
    // Its file kept aside went once its record was written; the record
    // carries its own input.
    assert!(!aside.exists());
    let record: Value = serde_json::from_str(
        &fs::read_to_string(project.decisions().join(format!("{}.json", a.session))).unwrap(),
    )
    .unwrap();
    assert_eq!(record["input"]["task"], "task of a");
    assert_eq!(record["output"], answers("a"));
    wait_until_gone(a.pid);
    // The second agent's session has none of them.
    let (code, stdout, _) = run(
        &project,
        "en",
        &["decide", "result", "--session", &b.session],
    );
    assert_eq!((code, stdout.as_str()), (Some(124), ""));
    assert_eq!(
        history(&project),
        [
            (b.session.clone(), "pending".to_owned()),
            (a.session.clone(), "decided".to_owned())
        ]
    );
    // One session pending again, but the two were open together: without
    // an id, the answers could be either agent's, so result still refuses,
    // before and after the second is answered (issue 40).
    let shared = |b_state: &str| {
        format!(
            "✗ 2 sessions share this project: {} (task of a, decided), {} (task of b{b_state})\nHint: Pass --session ID (submit --json prints it)\n",
            a.session, b.session
        )
    };
    let (code, stdout, stderr) = run(&project, "en", &["decide", "result"]);
    assert_eq!((code, stdout.as_str(), stderr), (Some(2), "", shared("")));
    let (_, stdout, _) = run(&project, "en", &["decide", "status", "--json"]);
    let status: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        status["sessions"][0]["session_id"],
        b.session.as_str(),
        "{status}"
    );
    answer(&b, "b");
    let (code, stdout, stderr) = run(&project, "en", &["decide", "result"]);
    assert_eq!(
        (code, stdout.as_str(), stderr),
        (Some(2), "", shared(", decided"))
    );
    let (code, stdout, _) = run(
        &project,
        "en",
        &["decide", "result", "--session", &b.session],
    );
    assert_eq!(code, Some(0));
    assert_eq!(stdout, format!("{}\n", answers("b")));
    let (code, stdout, _) = run(
        &project,
        "en",
        &["decide", "result", "--session", &a.session],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        serde_json::from_str::<Value>(&stdout).unwrap(),
        answers("a")
    );
}

#[test]
fn the_newest_answered_first_still_refuses_a_result_without_an_id() {
    let (project, _) = project();
    let a = submit(&project, "en", &question("a"));
    let b = submit(&project, "en", &question("b"));
    answer(&b, "b");
    // pending.json's session is answered, but the first agent's is still
    // pending: without an id, neither agent could tell whose answers
    // these are.
    let (code, stdout, stderr) = run(&project, "en", &["decide", "result"]);
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "✗ 2 sessions share this project: {} (task of a), {} (task of b, decided)\nHint: Pass --session ID (submit --json prints it)\n",
            a.session, b.session
        )
    );
    let (code, stdout, _) = run(
        &project,
        "en",
        &["decide", "result", "--session", &b.session],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        serde_json::from_str::<Value>(&stdout).unwrap(),
        answers("b")
    );
}

#[test]
fn result_names_an_answered_session_read_from_its_receipt_once_the_project_had_others() {
    let (project, _) = project();
    decided(&project, "old");
    let new = decided(&project, "new");
    // The server's receipt speaks for pending.json: result takes the
    // session from it, and its task from the file.
    assert!(project.decisions().join("result.json").exists());
    for args in [&["decide", "result"][..], &["decide", "result", "--wait"]] {
        let (code, stdout, stderr) = run(&project, "en", args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(
            stderr,
            format!("→ Session {} (task of new)\n", new.session),
            "{args:?}"
        );
        assert_eq!(
            serde_json::from_str::<Value>(&stdout).unwrap(),
            answers("new"),
            "{args:?}"
        );
    }
}

#[test]
fn withdrawing_a_session_kept_aside_stops_its_page_and_removes_its_file() {
    let (project, _) = project();
    let a = submit(&project, "en", &question("a"));
    let b = submit(&project, "en", &question("b"));
    let (code, _, stderr) = run(
        &project,
        "en",
        &[
            "decide",
            "cancel",
            "--session",
            &a.session,
            "--reason",
            "moot",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, format!("✓ Withdrew session {}: moot\n", a.session));
    wait_until_gone(a.pid);
    let decisions = project.decisions();
    assert!(
        !decisions
            .join(format!("{}.pending.json", a.session))
            .exists()
    );
    assert!(
        decisions
            .join(format!("{}.withdrawn.json", a.session))
            .exists()
    );
    // The other page is untouched.
    assert!(crate::support::alive(b.pid));
    assert_eq!(project.session_id(), b.session);
    let (code, _, stderr) = run(
        &project,
        "en",
        &["decide", "result", "--session", &a.session],
    );
    assert_eq!(code, Some(3));
    assert_eq!(
        stderr,
        format!("⚠ Session {} was withdrawn: moot\n", a.session)
    );
    assert_eq!(
        history(&project),
        [
            (b.session.clone(), "pending".to_owned()),
            (a.session.clone(), "withdrawn".to_owned())
        ]
    );
    // clean removes the withdrawn one and never the pending one.
    let (code, _, stderr) = run(&project, "en", &["decide", "clean", "--keep", "0"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, format!("✓ Removed 1 session: {}\n", a.session));
    assert_eq!(
        history(&project),
        [(b.session.clone(), "pending".to_owned())]
    );
    // One pending session left: result and cancel without an id are the
    // spec's again, and result names the session it speaks of.
    let (code, _, stderr) = run(&project, "en", &["decide", "result"]);
    assert_eq!(
        (code, stderr),
        (
            Some(1),
            format!(
                "→ Session {} (task of b)\n✗ No decision result yet\nHint: Wait for the person to finish in the web page\n",
                b.session
            )
        )
    );
    let (code, _, stderr) = run(&project, "en", &["decide", "cancel"]);
    assert_eq!(code, Some(0));
    assert_eq!(stderr, format!("✓ Withdrew session {}\n", b.session));
    wait_until_gone(b.pid);
}

#[test]
fn clean_never_removes_a_session_kept_aside() {
    let (project, _) = project();
    // An old decided session, then two waiting ones.
    let old = decided(&project, "old");
    let a = submit(&project, "en", &question("a"));
    let b = submit(&project, "en", &question("b"));
    let (code, _, stderr) = run(&project, "en", &["decide", "clean", "--keep", "0"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, format!("✓ Removed 1 session: {}\n", old.session));
    let aside = project
        .decisions()
        .join(format!("{}.pending.json", a.session));
    assert!(aside.exists());
    assert_eq!(
        history(&project),
        [
            (b.session.clone(), "pending".to_owned()),
            (a.session.clone(), "pending".to_owned())
        ]
    );
}

#[test]
fn a_session_kept_aside_whose_server_is_gone_is_replaced_by_the_next_submit() {
    let (project, _) = project();
    let a = submit(&project, "en", &question("a"));
    let b = submit(&project, "en", &question("b"));
    crate::support::kill(a.pid, "KILL");
    wait_until_gone(a.pid);
    // Closed, not pending: nobody serves it.
    let (code, _, stderr) = run(
        &project,
        "en",
        &["decide", "result", "--session", &a.session, "--wait"],
    );
    assert_eq!(code, Some(4));
    assert!(stderr.starts_with("✗ The server has closed"), "{stderr}");
    let c = submit(&project, "en", &question("c"));
    // b was served: kept aside; a was not: replaced by c, its file gone.
    let decisions = project.decisions();
    assert!(
        !decisions
            .join(format!("{}.pending.json", a.session))
            .exists()
    );
    assert!(
        decisions
            .join(format!("{}.pending.json", b.session))
            .exists()
    );
    let (code, _, stderr) = run(
        &project,
        "en",
        &["decide", "result", "--session", &a.session],
    );
    assert_eq!(code, Some(5));
    assert!(
        stderr.starts_with(&format!(
            "✗ Session {} was replaced by session {} before it was answered",
            a.session, c.session
        )),
        "{stderr}"
    );
    assert_eq!(
        history(&project),
        [
            (c.session.clone(), "pending".to_owned()),
            (b.session.clone(), "pending".to_owned()),
            (a.session.clone(), "replaced".to_owned())
        ]
    );
}

#[test]
fn a_server_json_of_an_older_aide_is_still_read() {
    let (project, port) = project();
    // A pending session nobody serves: its server timed out.
    let input = question("old").to_string();
    let (code, _, _) = run(
        &project,
        "en",
        &["decide", "submit", &input, "--timeout", "1"],
    );
    assert_eq!(code, Some(1));
    let session = project.session_id();
    // An older aide serves it: its notice in server.json, its lock held
    // on server.lock (here by this test process).
    let decisions = project.decisions();
    let url = format!("http://127.0.0.1:{port}/?key=0123");
    let notice = json!({
        "version": "1.1", "pid": std::process::id(), "session_id": session,
        "url": url, "addr": format!("127.0.0.1:{port}"),
        "started_at": "2025-01-15T10:30:00+08:00"
    });
    fs::write(decisions.join("server.json"), notice.to_string()).unwrap();
    let lock = fs::File::create(decisions.join("server.lock")).unwrap();
    lock.lock().unwrap();
    let (code, _, stderr) = run(&project, "en", &["decide", "status"]);
    assert_eq!(code, Some(0));
    assert!(
        stderr.contains(&format!(
            "→ Page: {url} (server process {})\n",
            std::process::id()
        )),
        "{stderr}"
    );
    // Served: a wait runs out rather than finding it closed.
    let (code, _, _) = run(
        &project,
        "en",
        &["decide", "result", "--wait", "--timeout", "1"],
    );
    assert_eq!(code, Some(124));
    // Its server follows pending.json only, so it is not kept aside: a
    // second submit is refused as that aide would refuse it.
    let other = question("new").to_string();
    let (code, _, stderr) = run(&project, "en", &["decide", "submit", &other, "--detach"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(&format!(
            "✗ A pending session is still waiting for decisions: {url}\n"
        )),
        "{stderr}"
    );
    assert_eq!(project.session_id(), session);
    let (code, _, _) = run(&project, "en", &["decide", "serve", "--detach"]);
    assert_eq!(code, Some(1));
    // Its lock let go: the notice is stale and removed.
    drop(lock);
    let (code, _, stderr) = run(&project, "en", &["decide", "status"]);
    assert_eq!(code, Some(0));
    assert!(
        stderr.contains("→ No server is running for it\n"),
        "{stderr}"
    );
    assert!(!decisions.join("server.json").exists());
}

#[test]
fn the_eleventh_session_in_a_full_port_range_is_refused() {
    let (project, port) = project();
    let mut served = Vec::new();
    for n in 0..10 {
        served.push(submit(&project, "en", &question(&format!("agent{n}"))));
    }
    let mut ports: Vec<u16> = served
        .iter()
        .map(|s| page_in(std::slice::from_ref(&s.url)).addr)
        .map(|addr| addr.rsplit(':').next().unwrap().parse().unwrap())
        .collect();
    ports.sort_unstable();
    assert_eq!(ports, (port..port + 10).collect::<Vec<_>>());
    let before = fs::read(project.decisions().join("pending.json")).unwrap();
    let ledger = fs::read(project.decisions().join("ledger.jsonl")).unwrap();
    let eleventh = question("agent10").to_string();
    let last = port + 9;
    for (lang, expected) in [
        (
            "en",
            format!(
                "✗ Cannot start the server: ports {port}-{last} are all in use, 10 of them by pages of questions still waiting; the range is full\nHint: Answer or withdraw one of those questions (aide decide waiting lists them), or set decide.port in .aide/config.toml (or pass --port) to start from another port\n"
            ),
        ),
        (
            "zh",
            format!(
                "✗ 无法启动服务: 端口 {port}-{last} 均被占用,其中 10 个正在为等待回答的问题提供页面,范围已满\n建议: 先回答或撤回其中一个问题(aide decide waiting 列出它们),或在 .aide/config.toml 中设置 decide.port(或传入 --port)从其他端口开始\n"
            ),
        ),
    ] {
        let (code, stdout, stderr) = run(
            &project,
            lang,
            &["decide", "submit", &eleventh, "--detach", "--json"],
        );
        assert_eq!((code, stdout.as_str()), (Some(1), ""));
        assert_eq!(stderr, expected);
    }
    // The store is as it was.
    assert_eq!(
        fs::read(project.decisions().join("pending.json")).unwrap(),
        before
    );
    assert_eq!(
        fs::read(project.decisions().join("ledger.jsonl")).unwrap(),
        ledger
    );
    // One answered frees its port for the next.
    answer(&served[3], "agent3");
    wait_until_gone(served[3].pid);
    let next = submit(&project, "en", &question("agent10"));
    let next_port = page_in(std::slice::from_ref(&next.url)).addr;
    assert!(
        next_port.ends_with(&format!(":{}", ports[3])),
        "{next_port}"
    );
}
