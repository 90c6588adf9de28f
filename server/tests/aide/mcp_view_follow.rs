//! A precedent's "Same as before" as the App view and the page
//! without JavaScript post it: the form is kept as the draft with the item
//! answered as its precedent was, and the view is given the item as the
//! page server now renders it, with where it goes.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::mcp_view::checked;
use crate::support::mcp::{Mcp, TestClient, example, project, submitted};
use crate::support::{PageAddress, get_page, request};
use serde_json::json;

/// Answers `example()` through the view, then asks it again: each of its
/// items now has a precedent to follow. The new session and its page.
fn asked_again(mcp: &mut Mcp) -> (String, PageAddress) {
    let (first, _) = submitted(mcp, example());
    let form = format!("session={first}&item-1=0&item-2=1&note-2=faster");
    let answered = mcp.view_tool(
        "decide_view_answer",
        json!({"session_id": first, "form": form}),
    );
    assert_eq!(
        answered["structuredContent"]["status"], "decided",
        "{answered}"
    );
    submitted(mcp, example())
}

#[test]
fn following_a_precedent_in_the_view_keeps_the_form_so_and_swaps_in_the_item() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let (session, page) = asked_again(&mut mcp);
    let (_, html) = get_page(&page, "/");
    assert!(html.contains(r#"name="follow" value="1""#), "{html}");

    // Item 2 answered by the person, item 1's precedent followed.
    let form = format!("session={session}&item-2=0&follow=1");
    let followed = mcp.view_tool(
        "decide_view_draft",
        json!({"session_id": session, "form": form}),
    );
    let answer = &followed["structuredContent"];
    assert_eq!(answer["status"], "pending", "{followed}");
    let html = answer["html"].as_str().unwrap();
    assert_eq!(html.matches("<fieldset").count(), 1, "{html}");
    assert!(html.contains(r#"id="item-1""#), "{html}");
    assert!(checked(html, 1, "0"), "the precedent's jwt: {html}");
    assert_eq!(
        answer["swaps"][0],
        json!({"at": "#item-1", "how": "replace"}),
        "{followed}"
    );
    assert_eq!(answer["focus"], "#item-1 input:checked");

    // Kept as the draft, the person's own answer with it.
    let (_, html) = get_page(&page, "/");
    assert!(checked(&html, 1, "0"), "item 1 as before");
    assert!(checked(&html, 2, "0"), "item 2 as chosen");
    crate::support::mcp::stop_server(&project);
}

#[test]
fn the_page_without_javascript_follows_a_precedent_by_posting_the_form() {
    let project = project();
    let mut mcp = Mcp::start_as(&project, "en", &[], &TestClient::apps());
    let (session, page) = asked_again(&mut mcp);
    let form = format!("session={session}&item-1=1&follow=1");
    let headers = [
        ("X-Aide-Key", page.key.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let (status, body) = request(&page.addr, "POST", "/submit", &headers, &form);
    assert_eq!(status, 303, "back to the page at the item: {body}");
    let (_, html) = get_page(&page, "/");
    assert!(checked(&html, 1, "0"), "the precedent's answer");
    assert!(!checked(&html, 1, "1"), "in place of the one posted");
    let result = mcp.tool("decide_result", json!({"session_id": session}));
    assert_eq!(result["structuredContent"]["status"], "pending", "{result}");
    crate::support::mcp::stop_server(&project);
}
