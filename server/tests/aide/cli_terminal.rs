//! Text from an agent or a file never drives the terminal (issue 28.5):
//! `status`, `history`, `show` and `aide flow`'s views print a task, a title,
//! a note or a step with escape sequences, carriage returns, line breaks
//! and bidi overrides escaped, and their JSON stays the same JSON.
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use crate::support::TestProject;
use crate::support::flow::{flow, ok};
use std::fs;

/// Clears the screen, returns to the start of the line, starts a line of
/// its own and reverses what follows.
const HOSTILE: &str = "x\u{1b}[2J\ry\n✓ 已记录\u{202e}z";
/// `HOSTILE` as aide shows it in a line for people.
const SHOWN: &str = r"x\u{1b}[2J\ry\n✓ 已记录\u{202e}z";
const SESSION: &str = "2025-01-15T10-30-00";

/// Bytes that must never reach a terminal from text aide was given: ESC,
/// CR, CSI (C1) and the right-to-left override.
fn assert_inert(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    for bad in ['\u{1b}', '\r', '\u{9b}', '\u{202e}', '\u{7f}'] {
        assert!(!text.contains(bad), "{what} holds {bad:?}: {text:?}");
    }
    // No line of its own starts with the forged mark.
    assert!(
        !text.lines().any(|l| l.starts_with("✓ 已记录")),
        "{what}: {text:?}"
    );
}

/// `text` inside a JSON string, the way serde writes it.
fn as_json(text: &str) -> String {
    let quoted = serde_json::Value::from(text).to_string();
    quoted.trim_matches('"').to_owned()
}

/// `pending.json` of `examples/auth.json` with the hostile text in its task,
/// its first title and first option's label, and a record of it with a note.
fn hostile_session(project: &TestProject) -> serde_json::Value {
    let mut input: serde_json::Value = serde_json::from_str(crate::support::EXAMPLE).unwrap();
    input["task"] = HOSTILE.into();
    input["items"][0]["title"] = HOSTILE.into();
    input["items"][0]["options"][0]["label"] = HOSTILE.into();
    input["version"] = "1.1".into();
    input["_meta"] = serde_json::json!({
        "created_at": "2025-01-15T10:30:00+08:00", "session_id": SESSION });
    fs::create_dir_all(project.decisions()).unwrap();
    let pending = project.decisions().join("pending.json");
    fs::write(pending, input.to_string()).unwrap();
    let record = serde_json::json!({
        "version": "1.1",
        "input": input,
        "output": { "decisions": [
            { "id": 1, "chosen": "jwt", "note": format!("{HOSTILE}\u{9b}2J\u{7f}") },
            { "id": 2, "chosen": "bcrypt" } ] },
        "completed_at": "2025-01-15T10:35:12+08:00"
    });
    let path = project.decisions().join(format!("{SESSION}.json"));
    fs::write(path, record.to_string()).unwrap();
    crate::support::recorded_here(project, SESSION);
    record
}

#[test]
fn status_history_and_show_escape_what_the_agent_wrote() {
    let project = TestProject::new();
    let record = hostile_session(&project);

    for lang in ["zh", "en"] {
        let status = project
            .aide_in(lang, &["decide", "status"])
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
        assert_inert(&status.stderr, "status");
        let err = String::from_utf8_lossy(&status.stderr);
        assert!(err.contains(SHOWN), "{err}");
    }

    let history = project.aide(&["decide", "history"]).output().unwrap();
    assert!(history.status.success(), "{history:?}");
    assert_inert(&history.stdout, "history");
    assert_eq!(
        String::from_utf8_lossy(&history.stdout),
        format!("{SESSION}  已决策  2 项  {SHOWN}\n")
    );

    // JSON stays the same JSON, with nothing a terminal would obey.
    for args in [
        &["decide", "show", SESSION][..],
        &["decide", "status", "--json"],
        &["decide", "history", "--json"],
        &["decide", "result", "--session", SESSION],
    ] {
        let output = project.aide(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_inert(&output.stdout, &format!("{args:?}"));
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let text = value.to_string();
        assert!(text.contains(&as_json(HOSTILE)), "{args:?}: {text}");
        if args[1] == "show" {
            assert_eq!(value, record);
        }
    }
}

#[test]
fn flow_views_escape_what_the_status_file_holds() {
    let project = TestProject::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    ok(&project, &["next-step", "第二步"]);
    // A status file written by hand, or by an agent that was told to.
    let path = project.path().join(".aide/flow-status.json");
    let mut status: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    for entry in status["history"].as_array_mut().unwrap() {
        entry["summary"] = HOSTILE.into();
    }
    status["current_phase"] = "impl".into();
    fs::write(&path, status.to_string()).unwrap();

    for args in [&["status"][..], &["list"], &["show"]] {
        let output = flow(&project, args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_inert(&output.stdout, &format!("flow {args:?} stdout"));
        assert_inert(&output.stderr, &format!("flow {args:?} stderr"));
        let all = [output.stdout, output.stderr].concat();
        let all = String::from_utf8_lossy(&all);
        assert!(all.contains(r"x\u{1b}[2J\ry\n"), "flow {args:?}: {all}");
    }
    for args in [
        &["status", "--json"][..],
        &["list", "--json"],
        &["show", "--json"],
    ] {
        let output = flow(&project, args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_inert(&output.stdout, &format!("flow {args:?}"));
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let text = value.to_string();
        assert!(text.contains(&as_json(HOSTILE)), "flow {args:?}: {text}");
    }
}
