//! A late click: the person opens a question's link after it ended
//! (answered, withdrawn) and after the command that served it returned.
//! The port still answers, with how the question ended, for the link's
//! holder only; and the next question still gets the first port.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{
    ANSWERS, EXAMPLE, PageAddress, TestProject, alive, free_ports, get_page, late_click, open_link,
    post_answers, request, wait_until_gone,
};
use std::time::{Duration, Instant};

/// The process serving the project's ended pages, once there is one.
fn ended_pages_process(project: &TestProject) -> u32 {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        if let [pid] = project.ended_page_processes()[..] {
            return pid;
        }
        assert!(
            Instant::now() < until,
            "no one process serves the ended pages"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn port_of(page: &PageAddress) -> u16 {
    page.addr.rsplit(':').next().unwrap().parse().unwrap()
}

#[test]
fn an_answered_questions_link_says_answered_after_submit_returned() {
    let project = TestProject::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    assert_eq!(port_of(&page), port);
    let session = project.session_id();
    assert_eq!(post_answers(&page, &session, ANSWERS).0, 200);
    let (code, _) = submit.finish();
    assert_eq!(code, 0);

    // The link as printed: the answers, not "connection refused".
    let (status, body) = late_click(&page);
    let pid = ended_pages_process(&project);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="decided""#), "{body}");
    assert!(body.contains("bcrypt"), "the recorded answers: {body}");
    // Nothing for anyone without the key, and nothing more is recorded.
    let wrong = PageAddress {
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
    let project = TestProject::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    project
        .aide_in("en", &["decide", "cancel", "--reason", "settled in chat"])
        .assert()
        .success();
    let (code, _) = submit.finish();
    assert_eq!(code, 3);
    let (status, body) = late_click(&page);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="withdrawn""#), "{body}");
    assert!(body.contains("settled in chat"), "{body}");
}

#[test]
fn an_ended_page_stops_when_its_project_folder_goes() {
    let project = TestProject::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    assert_eq!(post_answers(&page, &project.session_id(), ANSWERS).0, 200);
    assert_eq!(submit.finish().0, 0);
    assert_eq!(late_click(&page).0, 200);
    let pid = ended_pages_process(&project);
    // Moved away with everything in it (its per-user folder included).
    let moved = tempfile::tempdir().unwrap();
    std::fs::rename(project.path().join(".aide"), moved.path().join(".aide")).unwrap();
    wait_until_gone(pid);
    assert!(!alive(pid));
}

/// Three questions answered one after the other, each on its own port:
/// one process serves the three ended pages (not one process each), and
/// each link opens its page to its own key alone.
#[test]
fn the_ended_pages_of_many_questions_are_served_by_one_process() {
    let project = TestProject::new();
    let port = free_ports(10);
    let mut pages = Vec::new();
    for n in 0..3 {
        let submit = project.start_submit(EXAMPLE, port + n);
        let page = submit.page();
        assert_eq!(port_of(&page), port + n, "{:?}", submit.lines);
        let session = project.session_id();
        assert_eq!(post_answers(&page, &session, ANSWERS).0, 200);
        assert_eq!(submit.finish().0, 0);
        pages.push(page);
    }
    for (n, page) in pages.iter().enumerate() {
        let (status, body) = late_click(page);
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(r#"data-outcome="decided""#), "{body}");
        // Another page's key, and no key, open nothing here.
        let other = &pages[(n + 1) % pages.len()];
        let foreign = PageAddress {
            addr: page.addr.clone(),
            key: other.key.clone(),
        };
        assert_eq!(open_link(&foreign).0, 403);
        assert_eq!(request(&page.addr, "GET", "/", &[], "").0, 403);
    }
    let processes = project.ended_page_processes();
    assert_eq!(
        processes.len(),
        1,
        "processes serving ended pages: {processes:?}"
    );
}

/// Something else on this machine tries to bind the question's port the
/// whole time (as std does, with `SO_REUSEADDR`): from the question's
/// server to its ended page, and from the ended page to the next
/// question, the port is never free, so it never gets it; the late click
/// reaches the ended page and the next question gets the port.
#[test]
fn the_port_is_never_free_from_a_question_to_its_ended_page_to_the_next() {
    let project = TestProject::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    let page = submit.page();
    let spinner = Spinner::on(port);
    assert_eq!(post_answers(&page, &project.session_id(), ANSWERS).0, 200);
    assert_eq!(submit.finish().0, 0);
    assert_eq!(spinner.won(), 0, "the port was free as the server stopped");
    let (status, body) = late_click(&page);
    assert_eq!(spinner.won(), 0, "the port was free during the hand-over");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="decided""#), "{body}");
    let next = project.start_submit(EXAMPLE, port);
    assert_eq!(
        spinner.won(),
        0,
        "the port was free before the next question"
    );
    assert_eq!(port_of(&next.page()), port, "{:?}", next.lines);
}

/// A thread binding a port over and over until dropped; `won` counts the
/// times it got it.
struct Spinner {
    spinning: std::sync::Arc<std::sync::atomic::AtomicBool>,
    won: std::sync::Arc<std::sync::atomic::AtomicU32>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    fn on(port: u16) -> Spinner {
        use std::sync::atomic::Ordering;
        let spinning = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let won = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let thread = {
            let (spinning, won) = (spinning.clone(), won.clone());
            std::thread::spawn(move || {
                while spinning.load(Ordering::Relaxed) {
                    if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
                        won.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        };
        Spinner {
            spinning,
            won,
            thread: Some(thread),
        }
    }

    fn won(&self) -> u32 {
        self.won.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.spinning
            .store(false, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
