//! A submit standing rulings answer in part (issue 56): the page asks the
//! open items and lists the ruled one; until the person submits, `result`
//! gives the ruled answer (not final, exit 6, the rest waiting); the
//! person overturns it on the page (the ledger says so) and answers it,
//! and the agent's result says the person answered, over the ruling.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::cli_rulings::{act, answered, input};
use crate::support::{TestProject, free_ports, page_in, request};
use serde_json::{Value, json};
use std::fs;

fn run(project: &TestProject, args: &[&str]) -> (i32, String, String) {
    let output = project.aide_in("en", args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_ruled_item_is_listed_given_early_overturned_on_the_page_and_answered_by_the_person() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    let (page, earlier) = answered(&project, &input());
    let (status, html) = act(
        &page,
        &[
            ("action", "grant"),
            ("session", &earlier),
            ("item", "1"),
            ("seen", "0:0"),
        ],
    );
    assert_eq!(status, 200, "{html}");
    let ruling = format!("{earlier}.1");

    // Item 1 asked again, item 2 a question no ruling answers.
    let mut asked = input();
    asked["items"][1]["title"] = json!("Which password hash?");
    asked["items"][1]["options"] = json!([
        {"value": "bcrypt", "label": "bcrypt"}, {"value": "argon2", "label": "Argon2"}]);
    let output = project
        .aide_in("en", &["decide", "submit", "-", "--detach", "--json"])
        .write_stdin(asked.to_string())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let started: Value = serde_json::from_slice(&output.stdout).unwrap();
    let session = started["session_id"].as_str().unwrap().to_owned();
    let page = page_in(&[started["url"].as_str().unwrap().to_owned()]);

    // Before the person answers: the ruled answer, not final, exit 6.
    let (code, stdout, stderr) = run(&project, &["decide", "result"]);
    assert_eq!(code, 6, "{stdout}{stderr}");
    let early: Value = serde_json::from_str(&stdout).unwrap();
    let ruled_by = json!({"ruling": ruling, "record": earlier, "item": 1});
    assert_eq!(
        early,
        json!({"decisions": [{"id": 1, "chosen": "8h", "by": "ruling", "ruled_by": ruled_by}],
               "final": false, "waiting": [2]})
    );

    // The page asks item 2 and lists item 1 with its ruling.
    let (status, html) = request(&page.addr, "GET", "/", &[("X-Aide-Key", &page.key)], "");
    assert_eq!(status, 200, "{html}");
    assert!(html.contains(r#"data-ruled="1""#), "{html}");
    assert!(html.contains("answered by your ruling"), "{html}");
    assert!(!html.contains(r#"name="item-1""#), "{html}");

    // Overturned (the form kept as the draft): the item is asked.
    let fields = format!("session={session}&item-2=1&overturn=1");
    let (status, body) = page.post_form(&fields);
    assert_eq!(status, 303, "{body}");
    let ledger = fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap();
    assert!(
        ledger.contains(&format!(
            r#""event":"ruling_overturned","session_id":"{session}","item":1,"ruling":"{ruling}""#
        )),
        "{ledger}"
    );
    let (_, html) = request(&page.addr, "GET", "/", &[("X-Aide-Key", &page.key)], "");
    assert!(html.contains(r#"name="item-1""#), "{html}");
    assert!(!html.contains("data-ruled"), "{html}");

    // The person answers it: by the person, over the ruling.
    let (status, body) = page.post_form(&format!("session={session}&item-1=0&item-2=1"));
    assert_eq!(status, 200, "{body}");
    let (code, stdout, stderr) = run(&project, &["decide", "result", "--session", &session]);
    assert_eq!(code, 0, "{stderr}");
    let answers: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        answers,
        json!({"decisions": [
            {"id": 1, "chosen": "1h", "by": "person", "overturned": ruled_by},
            {"id": 2, "chosen": "argon2", "by": "person"}]})
    );
}
