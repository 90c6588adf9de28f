//! The open items of a partly ruled session (issue 56's leftovers): a
//! `decide` that asks through the page alone waits for them as one whose
//! client prompts does, a declined prompt still says declined beside the
//! ruled answers, and the progress every tool reports counts the items
//! the person is asked, as the page does.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::mcp_ruled::{decide_by_form, expected, partly_ruled, ruled};
use crate::support::mcp::{Mcp, page_of, stop_server, text};
use crate::support::request;
use serde_json::{Value, json};
use std::time::Duration;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// Progress notifications of the call `id` until `count` arrived; fails
/// if the call is answered first.
fn progress(mcp: &mut Mcp, id: u64, count: usize) -> Vec<Value> {
    let mut notes = Vec::new();
    while notes.len() < count {
        let message = mcp.next(secs(20)).expect("a progress notification");
        assert_ne!(message["id"], json!(id), "answered early: {message}");
        if message["method"] == "notifications/progress" {
            notes.push(message);
        }
    }
    notes
}

#[test]
fn decide_through_the_page_alone_waits_for_the_open_item_and_returns_every_item() {
    let (project, earlier) = ruled(&["1"]);
    let mut mcp = Mcp::start(&project, "en", &[("AIDE_MCP_PROGRESS_SECS", "0.2")]);
    let call = json!({"name": "decide", "arguments": partly_ruled(),
                      "_meta": {"progressToken": "p"}});
    let id = mcp.request("tools/call", call);
    // The ruled answer alone does not end the call: it reports progress
    // over the one item the person is asked, as the page counts it.
    let notes = progress(&mut mcp, id, 2);
    let said = notes[1]["params"]["message"].as_str().unwrap();
    assert!(said.contains("0/1 answered"), "{said}");
    let page = page_of(project.server_info().unwrap()["url"].as_str().unwrap());
    let fields = format!("session={}&item-2=1", project.session_id());
    let headers = [
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("X-Aide-Key", page.key.as_str()),
    ];
    let (status, body) = request(&page.addr, "POST", "/submit", &headers, &fields);
    assert_eq!(status, 200, "{body}");
    let (response, _) = mcp.response(id, secs(20));
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    assert_eq!(answer["decisions"], expected(&earlier), "{response}");
    stop_server(&project);
}

#[test]
fn a_declined_form_on_a_partly_ruled_session_says_declined_with_the_ruled_answers() {
    let (project, earlier) = ruled(&["1"]);
    let (mut mcp, id, asked) = decide_by_form(&project);
    mcp.reply(&asked["id"], json!({"action": "decline"}));
    let (response, _) = mcp.response(id, secs(20));
    let result = &response["result"];
    let answer = &result["structuredContent"];
    assert_eq!(answer["status"], "provisional", "{response}");
    assert_eq!(answer["decisions"], json!([expected(&earlier)[0]]));
    assert_eq!(answer["waiting"], json!([2]), "{response}");
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("declined"), "{message}");
    assert!(
        message.contains(answer["url"].as_str().unwrap()),
        "{message}"
    );
    assert!(text(result).starts_with(message), "{result}");
    stop_server(&project);
}

#[test]
fn decide_submit_counts_the_items_asked_as_the_page_and_decide_result_do() {
    let (project, _) = ruled(&["1"]);
    let (mut mcp, answer) = submitted_counting(&project, 1);
    // decide_result reports the ruled item apart, waiting for item 2 alone.
    let session = answer["session_id"].as_str().unwrap();
    let result = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(
        result["structuredContent"]["waiting"],
        json!([2]),
        "{result}"
    );
    // The page's own count: one item to choose.
    let page = page_of(answer["url"].as_str().unwrap());
    let (status, html) = crate::support::get_page(&page, "/");
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("0/1 chosen"), "{html}");
    stop_server(&project);
}

#[test]
fn decide_submit_without_a_ruling_counts_every_item() {
    let project = crate::support::mcp::project();
    submitted_counting(&project, 2);
    stop_server(&project);
}

/// `decide_submit` of the partly ruled session's items in `project`,
/// pending with none of `total` answered: the client and its answer.
fn submitted_counting(project: &crate::support::TestProject, total: u64) -> (Mcp, Value) {
    let mut mcp = Mcp::start(project, "en", &[]);
    let submit = mcp.tool("decide_submit", partly_ruled());
    let answer = submit["structuredContent"].clone();
    assert_eq!(answer["status"], "pending", "{submit}");
    assert_eq!(
        (&answer["answered"], &answer["total"]),
        (&json!(0), &json!(total))
    );
    (mcp, answer)
}
