//! A late click: the person opens a question's link after it ended
//! (answered, withdrawn) and after the command that served it returned.
//! The port still answers, with how the question ended, for the link's
//! holder only; and the next question still gets the first port.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{
    ANSWERS, EXAMPLE, Page, Project, alive, free_ports, get_page, post_answers, request,
    wait_until_gone,
};
use std::time::{Duration, Instant};

/// Waits for the ended page of `port` to take it over.
fn ended_page_on(project: &Project, port: u16) -> u32 {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some((_, pid)) = project.ended_pages().into_iter().find(|(p, _)| *p == port) {
            return pid;
        }
        assert!(Instant::now() < until, "no ended page took port {port}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// What a browser sends for the printed link: its key in the query only.
fn open_link(page: &Page) -> (u16, String) {
    request(&page.addr, "GET", &format!("/?key={}", page.key), &[], "")
}

fn port_of(page: &Page) -> u16 {
    page.addr.rsplit(':').next().unwrap().parse().unwrap()
}

#[test]
fn an_answered_questions_link_says_answered_after_submit_returned() {
    let project = Project::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    assert_eq!(port_of(&page), port);
    let session = project.session_id();
    assert_eq!(post_answers(&page, &session, ANSWERS).0, 200);
    let (code, _) = submit.finish();
    assert_eq!(code, 0);
    let pid = ended_page_on(&project, port);

    // The link as printed: the answers, not "connection refused".
    let (status, body) = open_link(&page);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="decided""#), "{body}");
    assert!(body.contains("bcrypt"), "the recorded answers: {body}");
    // Nothing for anyone without the key, and nothing more is recorded.
    let wrong = Page {
        addr: page.addr.clone(),
        key: "0".repeat(32),
    };
    assert_eq!(get_page(&wrong, "/").0, 403);
    let other = ANSWERS.replace("jwt", "session");
    assert_eq!(post_answers(&page, &session, &other).0, 409);
    let recorded = project.decisions().join(format!("{session}.json"));
    assert!(std::fs::read_to_string(&recorded).unwrap().contains("jwt"));
    // The late open is not logged as the session's opening again.
    let ledger = std::fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap();
    assert_eq!(ledger.matches(r#""event":"opened""#).count(), 0, "{ledger}");

    // The next question gets the first port, said as in the spec: the
    // ended page lets it go.
    let next = project.start_submit(EXAMPLE, port);
    let next_page = next.page();
    assert_eq!(port_of(&next_page), port, "{:?}", next.lines);
    assert!(
        !next
            .lines
            .iter()
            .any(|l| l.contains(&port.to_string()) && l.starts_with('⚠')),
        "{:?}",
        next.lines
    );
    wait_until_gone(pid);
    // The old link on the new server opens nothing of the new question.
    let (status, body) = open_link(&page);
    assert_eq!(status, 403, "{body}");
    assert!(!body.contains(&project.session_id()));
}

#[test]
fn a_withdrawn_questions_link_says_withdrawn() {
    let project = Project::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    project
        .aide_in("en", &["decide", "cancel", "--reason", "settled in chat"])
        .assert()
        .success();
    let (code, _) = submit.finish();
    assert_eq!(code, 3);
    ended_page_on(&project, port);
    let (status, body) = open_link(&page);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="withdrawn""#), "{body}");
    assert!(body.contains("settled in chat"), "{body}");
}

#[test]
fn an_ended_page_stops_when_its_project_folder_goes() {
    let project = Project::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    assert_eq!(post_answers(&page, &project.session_id(), ANSWERS).0, 200);
    assert_eq!(submit.finish().0, 0);
    let pid = ended_page_on(&project, port);
    // Moved away with everything in it (its per-user folder included).
    let moved = tempfile::tempdir().unwrap();
    std::fs::rename(project.path().join(".aide"), moved.path().join(".aide")).unwrap();
    wait_until_gone(pid);
    assert!(!alive(pid));
}
