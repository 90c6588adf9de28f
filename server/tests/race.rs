//! Submits and results raced against each other, over MCP and with the
//! CLI: an agent is never handed the answers of a session it did not ask
//! about (the silent wrong answer: a `decide_result` sent with a new
//! `decide_submit` got the previous question's answers).
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

mod support;

use serde_json::{Value, json};
use std::collections::HashMap;
use std::process::{Command, Stdio};
use std::time::Duration;
use support::mcp::{Mcp, page_of, project};
use support::{Project, post_answers};

const ROUNDS: usize = 100;

/// A question of its own for each round, so its answers name the round.
fn question(round: usize) -> Value {
    json!({
        "task": format!("round {round}"),
        "source": "race",
        "items": [{
            "id": 1,
            "title": format!("Question {round}?"),
            "options": [
                {"value": format!("yes-{round}"), "label": "Yes"},
                {"value": format!("no-{round}"), "label": "No"}
            ]
        }]
    })
}

fn answers(round: usize) -> Value {
    json!({"decisions": [{"id": 1, "chosen": format!("yes-{round}")}]})
}

/// The person answers `round`'s session on its page.
fn answer(url: &str, session: &str, round: usize) {
    let (status, body) = post_answers(&page_of(url), session, &answers(round).to_string());
    assert_eq!(status, 200, "{body}");
}

/// Checks one `decide_result` answer against every session's answers: it
/// names `expected`, and if decided, carries exactly that session's answers.
fn check(result: &Value, expected: &str, recorded: &HashMap<String, Value>, round: usize) {
    let answer = &result["structuredContent"];
    assert_eq!(result["isError"], false, "round {round}: {result}");
    assert_eq!(answer["session_id"], expected, "round {round}: {answer}");
    match answer["status"].as_str() {
        Some("pending") => {}
        Some("decided") => {
            let decided = json!({"decisions": answer["decisions"]});
            assert_eq!(
                Some(&decided),
                recorded.get(expected),
                "round {round}: {answer}"
            );
        }
        other => panic!("round {round}: unexpected status {other:?}: {answer}"),
    }
}

#[test]
fn racing_submit_and_result_over_mcp_never_answers_for_another_session() {
    let project = project();
    let mut mcp = Mcp::start(&project, "en", &[]);
    let mut recorded: HashMap<String, Value> = HashMap::new();
    let mut previous: Option<String> = None;
    for round in 0..ROUNDS {
        // Even rounds send the result call after the submit, odd ones
        // before it: then it answers for the previous (decided) session.
        let submit = ("decide_submit", question(round));
        let result = ("decide_result", json!({}));
        let result_first = round % 2 == 1 && previous.is_some();
        let calls = if result_first {
            [result, submit]
        } else {
            [submit, result]
        };
        let ids = mcp.tools_at_once(&calls);
        let replies = mcp.results(&ids, Duration::from_secs(30));
        let (submitted, result) = if result_first {
            (&replies[1], &replies[0])
        } else {
            (&replies[0], &replies[1])
        };
        assert_eq!(submitted["isError"], false, "round {round}: {submitted}");
        let session = submitted["structuredContent"]["session_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let expected = if result_first {
            previous.clone().unwrap()
        } else {
            session.clone()
        };
        check(result, &expected, &recorded, round);
        let url = submitted["structuredContent"]["url"].as_str().unwrap();
        answer(url, &session, round);
        recorded.insert(session.clone(), answers(round));
        // Bound to its session by id, the answers are its own.
        let bound = mcp.tool(
            "decide_result",
            json!({"session_id": session, "wait_seconds": 5}),
        );
        assert_eq!(
            bound["structuredContent"]["status"], "decided",
            "round {round}: {bound}"
        );
        check(&bound, &session, &recorded, round);
        previous = Some(session);
    }
}

/// `aide decide submit - --detach --json` with `input` on stdin.
fn submit_command(project: &Project, input: &Value) -> std::process::Child {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("aide"))
        .args(["decide", "submit", "-", "--detach", "--json"])
        .current_dir(project.path())
        .env("AIDE_LANG", "en")
        .env("CI", "true")
        .env_remove("BROWSER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input.to_string().as_bytes()).unwrap();
    child
}

fn result_command(project: &Project, session: Option<&str>) -> std::process::Child {
    let mut args = vec!["decide", "result"];
    if let Some(session) = session {
        args.extend(["--session", session]);
    }
    Command::new(assert_cmd::cargo::cargo_bin!("aide"))
        .args(args)
        .current_dir(project.path())
        .env("AIDE_LANG", "en")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn racing_submit_and_result_with_the_cli_never_answers_for_another_session() {
    let project = project();
    let mut recorded: HashMap<String, Value> = HashMap::new();
    let mut previous: Option<String> = None;
    for round in 0..ROUNDS {
        // The submit, a result bound to the previous session and an unbound
        // one, all at once.
        let submit = submit_command(&project, &question(round));
        let bound = previous
            .as_deref()
            .map(|id| result_command(&project, Some(id)));
        let unbound = result_command(&project, None);
        let submitted = submit.wait_with_output().unwrap();
        assert!(submitted.status.success(), "round {round}: {submitted:?}");
        let started: Value = serde_json::from_slice(&submitted.stdout).unwrap();
        let session = started["session_id"].as_str().unwrap().to_owned();
        if let (Some(bound), Some(previous)) = (bound, &previous) {
            let output = bound.wait_with_output().unwrap();
            assert!(output.status.success(), "round {round}: {output:?}");
            let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(Some(&printed), recorded.get(previous), "round {round}");
        }
        // Unbound, it answers for whichever session was pending when it
        // looked: the previous one's answers, or none yet; never others.
        let output = unbound.wait_with_output().unwrap();
        if output.status.success() {
            let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(
                Some(&printed),
                previous.as_ref().and_then(|p| recorded.get(p)),
                "round {round}"
            );
        } else {
            assert_eq!(output.stdout, b"", "round {round}");
        }
        // The new session, bound by id: not answered yet, then its own answers.
        let early = result_command(&project, Some(&session))
            .wait_with_output()
            .unwrap();
        assert_eq!(early.status.code(), Some(1), "round {round}: {early:?}");
        assert_eq!(early.stdout, b"", "round {round}");
        answer(started["url"].as_str().unwrap(), &session, round);
        recorded.insert(session.clone(), answers(round));
        let late = result_command(&project, Some(&session))
            .wait_with_output()
            .unwrap();
        assert!(late.status.success(), "round {round}: {late:?}");
        let printed: Value = serde_json::from_slice(&late.stdout).unwrap();
        assert_eq!(printed, answers(round), "round {round}");
        previous = Some(session);
    }
}

/// `agent`'s question of `round`: its task and values name both.
fn agent_question(agent: usize, round: usize) -> Value {
    let mut question = question(round);
    question["task"] = json!(format!("agent {agent} round {round}"));
    question["items"][0]["options"] = json!([
        {"value": format!("yes-{agent}-{round}"), "label": "Yes"},
        {"value": format!("no-{agent}-{round}"), "label": "No"}
    ]);
    question
}

fn agent_answers(agent: usize, round: usize) -> Value {
    json!({"decisions": [{"id": 1, "chosen": format!("yes-{agent}-{round}")}]})
}

/// Rounds each of the two agents plays in one project.
const AGENT_ROUNDS: usize = 40;

#[test]
fn two_mcp_agents_racing_in_one_project_never_get_each_others_answers() {
    let project = project();
    let agents: Vec<_> = (0..2)
        .map(|agent| {
            let mut mcp = Mcp::start(&project, "en", &[]);
            std::thread::spawn(move || {
                for round in 0..AGENT_ROUNDS {
                    // The submit and a result without an id, at once: the
                    // result is about this connection's own submit.
                    let calls = [
                        ("decide_submit", agent_question(agent, round)),
                        ("decide_result", json!({})),
                    ];
                    let ids = mcp.tools_at_once(&calls);
                    let replies = mcp.results(&ids, Duration::from_secs(30));
                    let (submitted, early) = (&replies[0], &replies[1]);
                    assert_eq!(submitted["isError"], false, "{agent}/{round}: {submitted}");
                    let answer = &submitted["structuredContent"];
                    let session = answer["session_id"].as_str().unwrap().to_owned();
                    let early = &early["structuredContent"];
                    assert_eq!(early["status"], "pending", "{agent}/{round}: {early}");
                    assert_eq!(early["session_id"], session.as_str(), "{agent}/{round}");
                    let url = answer["url"].as_str().unwrap();
                    let body = agent_answers(agent, round).to_string();
                    let (status, reply) = post_answers(&page_of(url), &session, &body);
                    assert_eq!(status, 200, "{agent}/{round}: {reply}");
                    let late = mcp.tool("decide_result", json!({"wait_seconds": 10}));
                    let late = &late["structuredContent"];
                    let mut expected = agent_answers(agent, round);
                    expected["status"] = json!("decided");
                    expected["session_id"] = json!(session);
                    assert_eq!(late, &expected, "{agent}/{round}");
                }
            })
        })
        .collect();
    for agent in agents {
        agent.join().unwrap();
    }
    assert_no_session_replaced(&project);
}

#[test]
fn two_cli_agents_racing_in_one_project_never_get_each_others_answers() {
    let project = project();
    let (root, state) = (project.path().to_path_buf(), project.state_home());
    let agents: Vec<_> = (0..2)
        .map(|agent| {
            let (root, state) = (root.clone(), state.clone());
            std::thread::spawn(move || {
                let aide = |args: &[&str]| {
                    Command::new(assert_cmd::cargo::cargo_bin!("aide"))
                        .args(args)
                        .current_dir(&root)
                        .env("XDG_STATE_HOME", &state)
                        .env("AIDE_LANG", "en")
                        .env("CI", "true")
                        .env_remove("BROWSER")
                        .stdin(Stdio::piped())
                        .stdout(Stdio::piped())
                        .stderr(Stdio::piped())
                        .spawn()
                        .unwrap()
                };
                let mut both_in_play = 0;
                for round in 0..AGENT_ROUNDS {
                    let mut submit = aide(&["decide", "submit", "-", "--detach", "--json"]);
                    let input = agent_question(agent, round).to_string();
                    let mut stdin = submit.stdin.take().unwrap();
                    std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
                    drop(stdin);
                    let submitted = submit.wait_with_output().unwrap();
                    assert!(submitted.status.success(), "{agent}/{round}: {submitted:?}");
                    let started: Value = serde_json::from_slice(&submitted.stdout).unwrap();
                    let session = started["session_id"].as_str().unwrap().to_owned();
                    // This agent's question waits, in pending.json or kept
                    // aside: a result without an id has no answers for it,
                    // and never prints the other agent's (it refuses while
                    // both are in play).
                    let unbound = aide(&["decide", "result"]).wait_with_output().unwrap();
                    assert_eq!(
                        unbound.status.code(),
                        Some(1),
                        "{agent}/{round}: {unbound:?}"
                    );
                    assert_eq!(unbound.stdout, b"", "{agent}/{round}");
                    if String::from_utf8_lossy(&unbound.stderr).starts_with("✗ 2 sessions") {
                        both_in_play += 1;
                    }
                    let early = aide(&["decide", "result", "--session", &session])
                        .wait_with_output()
                        .unwrap();
                    assert_eq!(early.status.code(), Some(1), "{agent}/{round}: {early:?}");
                    let said = String::from_utf8_lossy(&early.stderr);
                    assert!(
                        said.starts_with("✗ No decision result yet\n"),
                        "{agent}/{round}: {said}"
                    );
                    let url = started["url"].as_str().unwrap();
                    let body = agent_answers(agent, round).to_string();
                    let (status, reply) = post_answers(&page_of(url), &session, &body);
                    assert_eq!(status, 200, "{agent}/{round}: {reply}");
                    let late = aide(&[
                        "decide",
                        "result",
                        "--wait",
                        "--timeout",
                        "10",
                        "--session",
                        &session,
                    ])
                    .wait_with_output()
                    .unwrap();
                    assert!(late.status.success(), "{agent}/{round}: {late:?}");
                    let printed: Value = serde_json::from_slice(&late.stdout).unwrap();
                    assert_eq!(printed, agent_answers(agent, round), "{agent}/{round}");
                }
                both_in_play
            })
        })
        .collect();
    let both_in_play: usize = agents.into_iter().map(|a| a.join().unwrap()).sum();
    // The agents' sessions overlapped (one kept aside for the other), or
    // the race proved nothing.
    assert!(both_in_play > 0);
    assert_no_session_replaced(&project);
}

/// Every session of the race was answered by its own page: none was
/// replaced by the other agent's submit.
fn assert_no_session_replaced(project: &Project) {
    let ledger = std::fs::read_to_string(project.decisions().join("ledger.jsonl")).unwrap();
    assert!(!ledger.contains("\"event\":\"replaced\""), "{ledger}");
    assert!(ledger.contains("\"event\":\"decided\""));
}
