//! `aide decide waiting` and the page's "also waiting" list: every open
//! question of every project on this machine, from the per-user registry.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{
    ANSWERS, TestProject, detach, free_ports, get_page, page_in, post_answers, server_pid,
    wait_until_gone,
};
use std::path::Path;
use std::time::{Duration, Instant};

/// `aide decide waiting --json` run in `dir` (any folder) with the
/// registry in `state`.
fn waiting(project: &TestProject, state: &Path) -> serde_json::Value {
    let output = project
        .aide_in("en", &["decide", "waiting", "--json"])
        .env("XDG_STATE_HOME", state)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn every_open_question_of_every_project_is_listed_until_it_ends() {
    let state = tempfile::tempdir().unwrap();
    let (shop, blog) = (TestProject::new(), TestProject::new());
    let submit = |project: &TestProject| {
        let output = project
            .aide_in(
                "en",
                &[
                    "decide",
                    "submit",
                    crate::support::EXAMPLE,
                    "--detach",
                    "--port",
                    &free_ports(10).to_string(),
                ],
            )
            .env("XDG_STATE_HOME", state.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let lines: Vec<String> = String::from_utf8_lossy(&output.stderr)
            .lines()
            .map(str::to_owned)
            .collect();
        page_in(&lines)
    };
    let shop_page = submit(&shop);
    let blog_page = submit(&blog);

    let listed = waiting(&shop, state.path());
    let list = listed["waiting"].as_array().unwrap();
    assert_eq!(list.len(), 2, "{listed}");
    let roots: Vec<&str> = list
        .iter()
        .map(|w| w["project"].as_str().unwrap())
        .collect();
    assert!(roots.contains(&shop.path().to_str().unwrap()), "{listed}");
    assert!(roots.contains(&blog.path().to_str().unwrap()), "{listed}");
    for entry in list {
        assert_eq!(entry["task"], "实现用户认证模块");
        assert_eq!(entry["items"], 2);
        assert!(entry["url"].as_str().unwrap().contains("?key="), "{entry}");
    }

    // Each page links to the other project's question, not to its own.
    let (status, html) = get_page(&shop_page, "/");
    assert_eq!(status, 200);
    assert!(html.contains("class=\"also-waiting\""), "{html}");
    assert!(
        html.contains(&format!("key={}", blog_page.key)),
        "the other page's link"
    );
    assert!(
        !html.contains(&format!("key={}", shop_page.key)),
        "not its own"
    );

    // Plain text, from a folder with no project at all.
    let outside = tempfile::tempdir().unwrap();
    let output = assert_cmd::Command::new(crate::support::aide_bin())
        .current_dir(outside.path())
        .env("AIDE_LANG", "en")
        .env("XDG_STATE_HOME", state.path())
        .args(["decide", "waiting"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.contains("实现用户认证模块 · 2 items · "), "{text}");

    // Answered: off the list at once, though its server lingers a moment.
    let blog_pid = server_pid(&blog);
    let (status, _) = post_answers(&blog_page, &blog.session_id(), ANSWERS);
    assert_eq!(status, 200);
    let listed = waiting(&shop, state.path());
    assert_eq!(listed["waiting"].as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(
        listed["waiting"][0]["project"],
        shop.path().to_str().unwrap()
    );
    wait_until_gone(blog_pid);

    // A server killed outright: its entry is swept by the next reader.
    let shop_pid = server_pid(&shop);
    crate::support::kill(shop_pid, "KILL");
    wait_until_gone(shop_pid);
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let listed = waiting(&shop, state.path());
        if listed["waiting"].as_array().unwrap().is_empty() {
            break;
        }
        assert!(Instant::now() < until, "{listed}");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Nothing listed is left; only the door of the process serving the
    // answered question's page for a late click on its link (it lists
    // nothing). The page was handed over before its server ended.
    let mut left: Vec<_> = std::fs::read_dir(state.path().join("aide/servers"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["ended-pages.lock", "ended-pages.sock"]);
}

#[test]
fn nothing_waiting_is_said_on_stderr() {
    let project = TestProject::new();
    project
        .aide_in("en", &["decide", "waiting"])
        .assert()
        .success()
        .stdout("")
        .stderr("→ No question is waiting for you on this machine\n");
    let lines = detach(&project, "en", free_ports(10), &[]);
    let page = page_in(&lines);
    // Its own question is listed, but its page lists no other.
    let (_, html) = get_page(&page, "/");
    assert!(!html.contains("class=\"also-waiting\""), "{html}");
    project
        .aide_in("en", &["decide", "waiting"])
        .assert()
        .success()
        .stdout(predicates::str::contains("?key="));
    crate::support::kill(server_pid(&project), "TERM");
}

/// `aide decide submit INPUT` in the foreground in `dir`, its registry in
/// `state`; returns once it waits for the person, with its stderr so far.
fn serve_in(
    dir: &Path,
    state: &Path,
    input: &str,
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(crate::support::aide_bin())
        .current_dir(dir)
        .env("AIDE_LANG", "en")
        .env("CI", "true")
        .env("XDG_STATE_HOME", state)
        .env_remove("BROWSER")
        .args([
            "decide",
            "submit",
            input,
            "--port",
            &free_ports(10).to_string(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("→ Waiting for the decisions") {
        line.clear();
        assert_ne!(
            stderr.read_line(&mut line).unwrap(),
            0,
            "submit ended early"
        );
    }
    (child, stderr)
}

/// `aide decide waiting` (plain text) with the registry in `state`.
fn waiting_text(state: &Path) -> std::process::Output {
    let outside = tempfile::tempdir().unwrap();
    assert_cmd::Command::new(crate::support::aide_bin())
        .current_dir(outside.path())
        .env("AIDE_LANG", "en")
        .env("XDG_STATE_HOME", state)
        .args(["decide", "waiting"])
        .output()
        .unwrap()
}

#[test]
fn a_page_whose_project_folder_is_deleted_stops_leaves_the_list_and_says_so() {
    let state = tempfile::tempdir().unwrap();
    let project = TestProject::new();
    let root = project.path().to_path_buf();
    let (mut child, mut stderr) = serve_in(&root, state.path(), crate::support::EXAMPLE);
    assert_eq!(
        waiting(&project, state.path())["waiting"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // As `rm -rf` would, again while the running server still writes a
    // file into it (its asset cache, a ledger line) during the walk.
    let mut tries = 0;
    while let Err(error) = std::fs::remove_dir_all(&root) {
        tries += 1;
        assert!(tries < 50, "cannot delete the project: {error}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let deleted = Instant::now();
    let until = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < until,
            "the server still runs on a deleted project"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(deleted.elapsed() < Duration::from_secs(5));
    let mut said = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut said).unwrap();
    assert_eq!(status.code(), Some(1), "{said}");
    let gone = format!(
        "✗ The project folder {} is gone; this question's page has stopped",
        root.display()
    );
    assert!(said.lines().any(|line| line == gone), "{said}");
    let output = waiting_text(state.path());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "→ No question is waiting for you on this machine\n"
    );
}

#[test]
fn a_task_over_64_kib_is_listed_and_invisible_characters_are_shown() {
    let state = tempfile::tempdir().unwrap();
    let project = TestProject::new();
    let mut input: serde_json::Value = serde_json::from_str(crate::support::EXAMPLE).unwrap();
    let task = format!("rm\u{200b}-rf{}", "认".repeat(30 * 1024));
    input["task"] = task.clone().into();
    let file = project.path().join("big.json");
    std::fs::write(&file, input.to_string()).unwrap();
    let (_child, _stderr) = serve_in(project.path(), state.path(), file.to_str().unwrap());
    let listed = waiting(&project, state.path());
    let list = listed["waiting"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{listed}");
    let shown = list[0]["task"].as_str().unwrap();
    assert!(shown.starts_with("rm\u{200b}-rf认认"), "{shown}");
    assert!(shown.ends_with('…'), "{shown}");
    // On a terminal the zero-width space is shown, not hidden.
    let output = waiting_text(state.path());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with(r"rm\u{200b}-rf认认"), "{text}");
}

#[cfg(unix)]
#[test]
fn an_unusable_list_folder_is_named_with_its_own_hint_and_a_bad_entry_is_passed_by() {
    let state = tempfile::tempdir().unwrap();
    let project = TestProject::new();
    let (_child, _stderr) = serve_in(project.path(), state.path(), crate::support::EXAMPLE);
    let servers = state.path().join("aide/servers");
    // A link to nothing among the entries: the question is still listed.
    let nowhere = state.path().join("nowhere");
    std::os::unix::fs::symlink(&nowhere, servers.join("2025-01-15T10-30-00.7.json")).unwrap();
    let output = waiting_text(state.path());
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("?key="));
    // The folder itself a link to nothing: said so, not "nothing waiting".
    let other = tempfile::tempdir().unwrap();
    std::fs::create_dir(other.path().join("aide")).unwrap();
    let folder = other.path().join("aide/servers");
    std::os::unix::fs::symlink(&nowhere, &folder).unwrap();
    let output = waiting_text(other.path());
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.starts_with(&format!(
            "✗ Cannot read the list of questions waiting for you in {}: ",
            folder.display()
        )),
        "{said}"
    );
    assert!(
        said.contains("\nHint: Check that this per-user folder ($XDG_STATE_HOME/aide/servers"),
        "{said}"
    );
    assert!(!said.contains("permissions of the .aide folder"), "{said}");
    // A page server that cannot list its question says so with the same
    // hint, and serves on.
    let unusable = tempfile::tempdir().unwrap();
    std::fs::write(unusable.path().join("aide"), "a file, not a folder").unwrap();
    let elsewhere = TestProject::new();
    let output = elsewhere
        .aide_in(
            "en",
            &[
                "decide",
                "submit",
                crate::support::EXAMPLE,
                "--timeout",
                "1",
            ],
        )
        .env("XDG_STATE_HOME", unusable.path())
        .args(["--port", &free_ports(10).to_string()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    let warned = said
        .lines()
        .position(|line| line.starts_with("⚠ Cannot list this question in "))
        .unwrap_or_else(|| panic!("no warning: {said}"));
    assert!(
        said.lines()
            .nth(warned + 1)
            .is_some_and(|line| line.starts_with("Hint: Check that this per-user folder")),
        "{said}"
    );
    assert!(
        said.contains("→ Waiting for the decisions"),
        "it serves on: {said}"
    );
}
