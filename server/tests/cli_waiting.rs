//! `aide decide waiting` and the page's "also waiting" list: every open
//! question of every project on this machine, from the per-user registry.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

mod support;

use std::path::Path;
use std::time::{Duration, Instant};
use support::{
    ANSWERS, Project, detach, free_ports, get_page, page_in, post_answers, server_pid,
    wait_until_gone,
};

/// `aide decide waiting --json` run in `dir` (any folder) with the
/// registry in `state`.
fn waiting(project: &Project, state: &Path) -> serde_json::Value {
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
    let (shop, blog) = (Project::new(), Project::new());
    let submit = |project: &Project| {
        let output = project
            .aide_in(
                "en",
                &[
                    "decide",
                    "submit",
                    support::EXAMPLE,
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
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("aide"))
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
    support::kill(shop_pid, "KILL");
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
    let left: Vec<_> = std::fs::read_dir(state.path().join("aide/servers"))
        .unwrap()
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn nothing_waiting_is_said_on_stderr() {
    let project = Project::new();
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
    support::kill(server_pid(&project), "TERM");
}
