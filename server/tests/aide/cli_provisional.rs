//! Silence never answers, except where the agent said it may (issue 58):
//! a reversible item's rule gives the agent its recommended option,
//! provisionally, once its time has passed (`result` exits 6, MCP's
//! `decide_result` says `provisional`); the person's later answer says
//! `by` and which provisional answers it changed. The clock is moved by
//! the test-only `AIDE_TEST_CLOCK_SHIFT`: nothing here waits its minute.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, project, submitted};
use crate::support::{TestProject, get_page, page_in, post_answers, server_pid, wait_until_gone};
use serde_json::{Value, json};

/// An hour on: past every rule below.
const LATER: (&str, &str) = ("AIDE_TEST_CLOCK_SHIFT", "3600");

/// Item 1 may be taken after 15 minutes; item 2 waits for the person.
fn input() -> Value {
    json!({"task": "Add login", "source": "chat", "items": [
        {"id": 1, "title": "How long does a login last?", "recommend": "8h",
         "reversible": true, "if_unanswered": {"after": "15m", "take": "recommended"},
         "options": [{"value": "1h", "label": "1 hour"}, {"value": "8h", "label": "8 hours"}]},
        {"id": 2, "title": "Hash passwords with?", "recommend": "argon2",
         "options": [{"value": "bcrypt", "label": "bcrypt"}, {"value": "argon2", "label": "Argon2"}]}
    ]})
}

/// `aide decide result ARGS` in English, at `shift` seconds from now.
fn result(project: &TestProject, shift: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec!["decide", "result"];
    all.extend(args);
    project
        .aide_in("en", &all)
        .env(LATER.0, shift)
        .output()
        .unwrap()
}

const PROVISIONAL: &str = r#"{"decisions":[{"id":1,"chosen":"8h","by":"provisional","provisional":true,"reason":"Nobody answered this reversible item within 15m, so its rule took the recommended option; the person may still answer, and the result will say so"}],"final":false,"waiting":[2]}"#;

#[test]
fn a_rule_answers_provisionally_once_its_time_passes_and_the_persons_answer_says_what_changed() {
    let project = project();
    // The page's server reads the shifted clock too: its record is dated
    // an hour on, after the rule fired.
    let submit = project
        .aide_in("en", &["decide", "submit", "-", "--detach"])
        .env(LATER.0, LATER.1)
        .write_stdin(input().to_string())
        .output()
        .unwrap();
    assert_eq!(submit.status.code(), Some(0), "{submit:?}");
    let lines: Vec<String> = String::from_utf8_lossy(&submit.stderr)
        .lines()
        .map(str::to_owned)
        .collect();
    let session = project.session_id();
    // Before its time: nothing to go on, as for any question.
    let now = result(&project, "0", &["--session", &session]);
    assert_eq!(now.status.code(), Some(124), "{now:?}");
    assert_eq!(now.stdout, b"");
    // After it: the recommended option, provisionally, exit 6, for a
    // plain look and for a wait alike (which returns at once).
    for args in [
        vec!["--session", session.as_str()],
        vec!["--wait", "--session", session.as_str()],
        vec!["--wait"],
    ] {
        let later = result(&project, LATER.1, &args);
        assert_eq!(later.status.code(), Some(6), "{args:?}: {later:?}");
        assert_eq!(
            String::from_utf8_lossy(&later.stdout),
            format!("{PROVISIONAL}\n")
        );
        let said = String::from_utf8_lossy(&later.stderr);
        assert!(
            said.starts_with("→ The person has not answered yet; these answers are provisional")
                && said.contains("\nHint: Keep what depends on them easy to undo"),
            "{said}"
        );
    }
    // The page says which item the agent went on with, and keeps it open.
    let (status, html) = get_page(&page_in(&lines), "/");
    assert_eq!(status, 200);
    assert_eq!(html.matches("class=\"provisional\"").count(), 1, "{html}");
    assert!(html.contains("Taken provisionally: nobody answered in time"));
    // The person answers later, item 1 otherwise than the rule took.
    let pid = server_pid(&project);
    let answers = r#"{"decisions":[{"id":1,"chosen":"1h"},{"id":2,"chosen":"argon2"}]}"#;
    let (status, body) = post_answers(&page_in(&lines), &session, answers);
    assert_eq!(status, 200, "{body}");
    wait_until_gone(pid);
    let expected = r#"{"decisions":[{"id":1,"chosen":"1h","by":"person"},{"id":2,"chosen":"argon2","by":"person"}],"final":true,"was_provisional":[1],"differs":[1]}"#;
    let done = result(&project, "0", &["--session", &session]);
    assert_eq!(done.status.code(), Some(0), "{done:?}");
    assert_eq!(
        String::from_utf8_lossy(&done.stdout),
        format!("{expected}\n")
    );
    // The same through the full reader, without the server's receipt.
    std::fs::remove_file(project.decisions().join("result.json")).unwrap();
    let full = result(&project, "0", &[]);
    assert_eq!(full.status.code(), Some(0), "{full:?}");
    assert_eq!(
        String::from_utf8_lossy(&full.stdout),
        format!("{expected}\n")
    );
    // The record itself keeps the spec's answers: who answered is read,
    // not stored.
    let record = std::fs::read_to_string(project.decisions().join(format!("{session}.json")));
    let record: Value = serde_json::from_str(&record.unwrap()).unwrap();
    assert_eq!(
        record["output"],
        serde_json::from_str::<Value>(answers).unwrap()
    );
}

#[test]
fn an_item_whose_time_has_not_come_is_not_marked_on_the_page() {
    let project = project();
    let submit = project
        .aide_in("zh", &["decide", "submit", "-", "--detach"])
        .write_stdin(input().to_string())
        .output()
        .unwrap();
    assert_eq!(submit.status.code(), Some(0), "{submit:?}");
    let lines: Vec<String> = String::from_utf8_lossy(&submit.stderr)
        .lines()
        .map(str::to_owned)
        .collect();
    let (status, html) = get_page(&page_in(&lines), "/");
    assert_eq!(status, 200);
    assert!(!html.contains("class=\"provisional\""), "{html}");
    project.aide(&["decide", "cancel"]).assert().success();
}

#[test]
fn decide_result_says_provisional_with_the_answers_and_the_page() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[LATER]);
    let (session, _page) = submitted(&mut mcp, input());
    let answer = mcp.tool(
        "decide_result",
        json!({"session_id": session, "wait_seconds": 30}),
    );
    let content = &answer["structuredContent"];
    assert_eq!(content["status"], "provisional", "{answer}");
    assert_eq!(content["session_id"], session.as_str());
    assert_eq!(content["final"], false);
    assert_eq!(content["waiting"], json!([2]));
    assert_eq!(content["decisions"][0]["by"], "provisional");
    assert_eq!(content["decisions"][0]["chosen"], "8h");
    assert!(
        content["url"].as_str().unwrap().contains("key="),
        "{content}"
    );
    let text = crate::support::mcp::text(&answer);
    assert!(
        text.starts_with("The person has not answered yet"),
        "{text}"
    );
    mcp.tool("decide_cancel", json!({"session_id": session}));
}

#[test]
fn a_rule_that_could_answer_for_the_person_wrongly_is_refused_naming_its_field() {
    let project = project();
    let mut bad = input();
    bad["items"][1]["if_unanswered"] = json!({"after": "15m", "take": "recommended"});
    bad["items"][0]["if_unanswered"]["after"] = json!("30s");
    let output = project
        .aide_in("en", &["decide", "submit", "-", "--check"])
        .write_stdin(bad.to_string())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(output.stdout, b"");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("items[0].if_unanswered.after is \"30s\", outside 1 minute to 7 days")
            && said
                .contains("items[1].if_unanswered is only for an item with \"reversible\": true")
            && said.contains("Hint: "),
        "{said}"
    );
    assert!(!project.decisions().join("pending.json").exists());
}

#[test]
fn result_help_names_the_exit_code_of_provisional_answers() {
    let project = project();
    let help = project
        .aide_in("en", &["decide", "result", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(help.contains("; 6 provisional answers only:"), "{help}");
}
