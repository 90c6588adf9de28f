//! "Decide later" (issue 58, point 3): the person says it on the page; the
//! agent then gets a reversible item's recommendation provisionally and
//! any other item deferred, with exit 6 (MCP: `status: provisional`);
//! the person's answer later says `by: person` and ends the wait.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::mcp::{Mcp, project, submitted};
use crate::support::{TestProject, get_page, page_in, post_answers, server_pid, wait_until_gone};
use serde_json::{Value, json};

/// Item 1 is reversible with a recommendation (its rule far off); item 2
/// is not reversible.
fn input() -> Value {
    json!({"task": "Add login", "source": "chat", "items": [
        {"id": 1, "title": "How long does a login last?", "recommend": "8h",
         "reversible": true, "if_unanswered": {"after": "7d", "take": "recommended"},
         "options": [{"value": "1h", "label": "1 hour"}, {"value": "8h", "label": "8 hours"}]},
        {"id": 2, "title": "Hash passwords with?", "recommend": "argon2",
         "options": [{"value": "bcrypt", "label": "bcrypt"}, {"value": "argon2", "label": "Argon2"}]}
    ]})
}

fn result(project: &TestProject, session: &str) -> (Option<i32>, String, String) {
    let output = project
        .aide_in("en", &["decide", "result", "--session", session])
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const LATER: &str = "The person chose to decide this reversible item later, so its recommended option is taken meanwhile; the person may still answer, and the result will say so";
const DEFERRED: &str = "The person chose to decide this item later: there is no answer yet. Work around it without deciding it yourself; once the person answers, the result will say so";

#[test]
fn decide_later_gives_a_reversible_recommendation_defers_the_rest_and_the_persons_answer_ends_it() {
    let project = project();
    let submit = project
        .aide_in("en", &["decide", "submit", "-", "--detach"])
        .write_stdin(input().to_string())
        .output()
        .unwrap();
    assert_eq!(submit.status.code(), Some(0), "{submit:?}");
    let lines: Vec<String> = String::from_utf8_lossy(&submit.stderr)
        .lines()
        .map(str::to_owned)
        .collect();
    let page = page_in(&lines);
    let session = project.session_id();
    assert_eq!(result(&project, &session).0, Some(124), "nothing yet");

    // Item 2 (not reversible): deferred, no answer; item 1 still waits.
    let (status, _) = page.post_form(&format!("session={session}&later=2"));
    assert_eq!(status, 303);
    let (code, stdout, stderr) = result(&project, &session);
    assert_eq!(code, Some(6), "{stderr}");
    assert_eq!(
        stdout,
        format!(
            r#"{{"decisions":[{{"id":2,"by":"provisional","deferred":true,"reason":"{DEFERRED}"}}],"final":false,"waiting":[1]}}"#
        ) + "\n"
    );
    // Item 1 too (the page's hidden field keeps item 2's mark): taken.
    let (status, _) = page.post_form(&format!("session={session}&later-2=1&later=1"));
    assert_eq!(status, 303);
    let (code, stdout, _) = result(&project, &session);
    assert_eq!(code, Some(6));
    assert_eq!(
        stdout,
        format!(
            r#"{{"decisions":[{{"id":1,"chosen":"8h","by":"provisional","provisional":true,"reason":"{LATER}"}},{{"id":2,"by":"provisional","deferred":true,"reason":"{DEFERRED}"}}],"final":false,"waiting":[]}}"#
        ) + "\n"
    );
    // Both stay open on the page, each with "Decide now".
    let (status, html) = get_page(&page, "/");
    assert_eq!(status, 200);
    assert_eq!(html.matches(r#"name="now""#).count(), 2, "{html}");
    // "Decide now" on item 1: only item 2 is left deferred.
    let (status, _) = page.post_form(&format!("session={session}&later-1=1&later-2=1&now=1"));
    assert_eq!(status, 303);
    let (code, stdout, _) = result(&project, &session);
    assert_eq!(code, Some(6));
    assert!(
        stdout.starts_with(r#"{"decisions":[{"id":2,"#)
            && stdout.ends_with("\"final\":false,\"waiting\":[1]}\n"),
        "{stdout}"
    );

    // The draft remembers both were said later, though item 1 no longer is.
    let draft = project.decisions().join(format!("{session}.draft.json"));
    let draft: Value = serde_json::from_str(&std::fs::read_to_string(draft).unwrap()).unwrap();
    assert_eq!(draft["said_later"], json!([2, 1]), "{draft}");

    // The person answers: each answer says by person, nothing waits; both
    // items went to the agent provisionally (1) or deferred (2) first, and
    // item 1's answer is not the recommendation it was handed.
    let pid = server_pid(&project);
    let answers = r#"{"decisions":[{"id":1,"chosen":"1h"},{"id":2,"chosen":"bcrypt"}]}"#;
    let (status, body) = post_answers(&page, &session, answers);
    assert_eq!(status, 200, "{body}");
    wait_until_gone(pid);
    let (code, stdout, _) = result(&project, &session);
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout,
        r#"{"decisions":[{"id":1,"chosen":"1h","by":"person"},{"id":2,"chosen":"bcrypt","by":"person"}],"final":true,"was_provisional":[1,2],"differs":[1]}"#.to_owned()
            + "\n"
    );
    // The record keeps it, so a later reader (no receipt) says the same.
    let record = project.decisions().join(format!("{session}.json"));
    let record: Value = serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    assert_eq!(record["said_later"], json!([2, 1]), "{record}");
    std::fs::remove_file(project.decisions().join("result.json")).unwrap();
    let (code, again, _) = result(&project, &session);
    assert_eq!((code, &again), (Some(0), &stdout));
}

#[test]
fn a_spec_session_defers_an_item_the_person_leaves_for_later_and_decide_result_says_so() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let mut spec = input();
    for item in spec["items"].as_array_mut().unwrap() {
        let item = item.as_object_mut().unwrap();
        item.remove("reversible");
        item.remove("if_unanswered");
    }
    let (session, page) = submitted(&mut mcp, spec);
    let (status, _) = page.post_form(&format!("session={session}&item-2=0&later=1"));
    assert_eq!(status, 303);
    let answer = mcp.tool("decide_result", json!({"session_id": session}));
    let content = &answer["structuredContent"];
    assert_eq!(content["status"], "provisional", "{answer}");
    assert_eq!(content["final"], false);
    assert_eq!(content["waiting"], json!([2]));
    assert_eq!(
        content["decisions"],
        json!([{"id": 1, "by": "provisional", "deferred": true, "reason": DEFERRED}])
    );
    // Item 2's answer is only a draft: the person's answers are not in yet.
    let draft = std::fs::read_to_string(project.decisions().join(format!("{session}.draft.json")));
    let draft: Value = serde_json::from_str(&draft.unwrap()).unwrap();
    assert_eq!(
        draft["decisions"],
        json!([{"id": 1, "later": true}, {"id": 2, "chosen": "bcrypt"}])
    );

    // The person answers item 1 after all: a spec session, yet the agent
    // went on without item 1, so every answer says who gave it and item 1
    // is listed as deferred first (it took nothing, so nothing differs).
    let answers = r#"{"decisions":[{"id":1,"chosen":"1h"},{"id":2,"chosen":"bcrypt"}]}"#;
    let (status, body) = post_answers(&page, &session, answers);
    assert_eq!(status, 200, "{body}");
    let answer = mcp.tool("decide_result", json!({"session_id": session}));
    let content = &answer["structuredContent"];
    assert_eq!(content["status"], "decided", "{answer}");
    assert_eq!(
        content["decisions"],
        json!([{"id": 1, "chosen": "1h", "by": "person"},
               {"id": 2, "chosen": "bcrypt", "by": "person"}])
    );
    assert_eq!(content["final"], true, "{answer}");
    assert_eq!(content["was_provisional"], json!([1]));
    assert_eq!(content["differs"], json!([]));
    let (code, stdout, _) = result(&project, &session);
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout,
        r#"{"decisions":[{"id":1,"chosen":"1h","by":"person"},{"id":2,"chosen":"bcrypt","by":"person"}],"final":true,"was_provisional":[1],"differs":[]}"#.to_owned()
            + "\n"
    );
}
