//! The kinds of answer end to end: an input with `multiple`, `allow_other`
//! and `allow_skip` submitted, answered over the JSON API, and read back by
//! `result`, `result --wait`, `show` and `history`; both schemas.

use crate::support::{TestProject, free_ports, page_in, post_answers};
use predicates::str::diff;
use serde_json::{Value, json};

const CHOICES: &str = include_str!("../../../examples/choices.json");

/// Sent in another order than the items', several values unordered.
const SENT: &str = r#"{"decisions":[{"id":3,"skipped":true,"note":"Ask legal first"},{"id":2,"chosen":["offsite","daily"]},{"id":1,"other":"  CockroachDB, we already run it "}]}"#;

/// What `result` prints for `SENT`.
const RESULT: &str = r#"{"decisions":[{"id":1,"other":"CockroachDB, we already run it"},{"id":2,"chosen":["daily","offsite"]},{"id":3,"skipped":true,"note":"Ask legal first"}]}"#;

fn submit_detached(project: &TestProject) -> Vec<String> {
    let port = free_ports(10).to_string();
    let args = ["decide", "submit", CHOICES, "--detach", "--port", &port];
    let output = project.aide_in("en", &args).output().expect("aide runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    stderr.lines().map(str::to_owned).collect()
}

#[test]
fn every_kind_of_answer_reaches_result_show_and_history() {
    let project = TestProject::new();
    let lines = submit_detached(&project);
    let session = project.session_id();
    let pending: Value = serde_json::from_str(
        &std::fs::read_to_string(project.decisions().join("pending.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(pending["version"], "1.5");
    assert_eq!(pending["items"][1]["multiple"], true);
    assert_eq!(
        pending["items"][1]["recommend"],
        json!(["daily", "offsite"])
    );

    let waiter = project.spawn_in("en", &["decide", "result", "--wait", "--timeout", "30"]);
    crate::support::wait_until_sleeping(waiter.id());
    // A wrong shape first: refused, naming the field, nothing recorded.
    let wrong = SENT.replace(
        r#"{"id":3,"skipped":true,"note":"Ask legal first"}"#,
        r#"{"id":3,"chosen":["1y"]}"#,
    );
    let (status, body) = post_answers(&page_in(&lines), &session, &wrong);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("decisions[0].chosen"), "{body}");
    let (status, body) = post_answers(&page_in(&lines), &session, SENT);
    assert_eq!(status, 200, "{body}");

    let waited = waiter.wait_with_output().unwrap();
    assert_eq!(waited.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&waited.stdout),
        format!("{RESULT}\n")
    );
    // From the server's receipt, then the full way: the same answers.
    let receipt = project.decisions().join("result.json");
    assert!(receipt.exists());
    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(diff(format!("{RESULT}\n")));
    std::fs::remove_file(&receipt).unwrap();
    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(diff(format!("{RESULT}\n")));

    let shown = project
        .aide(&["decide", "show", &session])
        .output()
        .unwrap();
    assert!(shown.status.success());
    let shown: Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(shown["version"], "1.5");
    assert_eq!(
        shown["output"],
        serde_json::from_str::<Value>(RESULT).unwrap()
    );
    assert_eq!(shown["input"]["items"][0]["allow_other"], true);
    assert_eq!(shown["input"]["items"][2]["allow_skip"], true);

    let history = project
        .aide(&["decide", "history", "--json"])
        .output()
        .unwrap();
    let history: Value = serde_json::from_slice(&history.stdout).unwrap();
    assert_eq!(history["sessions"][0]["session_id"], session.as_str());
    assert_eq!(history["sessions"][0]["status"], "decided");
    assert_eq!(history["sessions"][0]["items"], 3);
}

#[test]
fn a_record_of_version_1_0_still_reads() {
    let project = TestProject::new();
    let session = "2025-01-15T10-30-00";
    let input: Value = serde_json::from_str(include_str!("../../../examples/auth.json")).unwrap();
    let record = json!({
        "version": "1.0",
        "input": input,
        "output": { "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt" }] },
        "completed_at": "2025-01-15T10:35:00+08:00"
    });
    std::fs::create_dir_all(project.decisions()).unwrap();
    let path = project.decisions().join(format!("{session}.json"));
    std::fs::write(&path, record.to_string()).unwrap();
    let shown = project.aide(&["decide", "show", session]).output().unwrap();
    assert!(
        shown.status.success(),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    let shown: Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(shown["output"], record["output"]);
    let history = project
        .aide(&["decide", "history", "--json"])
        .output()
        .unwrap();
    let history: Value = serde_json::from_slice(&history.stdout).unwrap();
    assert_eq!(history["sessions"][0]["status"], "decided");
}

#[test]
fn the_schemas_describe_the_flags_and_every_kind_of_answer() {
    let project = TestProject::new();
    let input = project.aide(&["decide", "schema"]).output().unwrap();
    let input: Value = serde_json::from_slice(&input.stdout).unwrap();
    let item = &input["$defs"]["DecideItem"]["properties"];
    for flag in ["multiple", "allow_other", "allow_skip"] {
        assert_eq!(item[flag]["type"], "boolean", "{flag}");
    }
    let output = project
        .aide(&["decide", "schema", "--output"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let output: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output["title"], "aide decide result output");
    let decision = &output["$defs"]["Decision"]["properties"];
    for field in ["id", "chosen", "other", "skipped", "note"] {
        assert!(decision[field].is_object(), "{field}: {decision}");
    }
}
