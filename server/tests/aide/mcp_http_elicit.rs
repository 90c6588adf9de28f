//! `decide` prompting the person over `aide mcp --http`: the URL prompt
//! travels on the call's own event stream, the client's reply comes back
//! as a POST of its own, and the completion notice on the session's
//! standalone stream.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::http::{McpHttpServer, Session};
use crate::support::mcp::{example, page_of, project, stop_server};
use crate::support::{ANSWERS, post_answers};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_url_prompt_rides_the_calls_stream_and_completion_the_sessions() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let mut mcp = Session::new(&served);
    mcp.open_as("2025-11-25", json!({"elicitation": {"url": {}}}))
        .await;
    let mut standalone = mcp.listen().await;
    let (id, mut call) = mcp
        .stream(
            "tools/call",
            json!({"name": "decide", "arguments": example()}),
        )
        .await;
    let (asked, _) = call.until(|m| m["method"] == "elicitation/create").await;
    let session = project.session_id();
    assert_eq!(asked["params"]["mode"], "url", "{asked}");
    assert_eq!(asked["params"]["elicitationId"], session.as_str());
    let reply = json!({"jsonrpc": "2.0", "id": asked["id"], "result": {"action": "accept"}});
    let (status, _, _) = mcp.post(&reply, &[]).await;
    assert_eq!(status.as_u16(), 202);

    let url = asked["params"]["url"].as_str().unwrap();
    let (status, _) = post_answers(&page_of(url), &session, ANSWERS);
    assert_eq!(status, 200);
    let (response, _) = call.until(|m| m["id"] == json!(id)).await;
    let answer = &response["result"]["structuredContent"];
    assert_eq!(answer["status"], "decided", "{response}");
    let (done, _) = standalone
        .until(|m| m["method"] == "notifications/elicitation/complete")
        .await;
    assert_eq!(done["params"]["elicitationId"], session.as_str());
    stop_server(&project);
    let (status, _) = served.stop();
    assert!(status.success(), "{status:?}");
}
