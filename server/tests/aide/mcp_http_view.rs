//! The view over `aide mcp --http`: each MCP session is one connection,
//! and a view shows only what its own MCP session asked, whoever else
//! shares the server.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::http::{McpHttpServer, Session};
use crate::support::mcp::{VIEW_TOKEN_META, project, same_task, stop_server};
use serde_json::json;

/// An MCP session of a client that draws Apps, with the view's token.
async fn apps_client(served: &McpHttpServer) -> (Session, String) {
    let mut mcp = Session::new(served);
    let apps = json!({"extensions": {
        "io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}});
    mcp.open_as("2025-06-18", apps).await;
    let list = mcp.call("tools/list", json!({})).await;
    let tools = list["result"]["tools"].as_array().unwrap();
    let submit = tools.iter().find(|t| t["name"] == "decide_submit").unwrap();
    let token = submit["_meta"][VIEW_TOKEN_META]
        .as_str()
        .unwrap()
        .to_owned();
    (mcp, token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_mcp_session_s_view_shows_only_its_own_question() {
    let project = project();
    let served = McpHttpServer::start(&project, "127.0.0.1:0");
    let (mut first, token) = apps_client(&served).await;
    let (mut second, _) = apps_client(&served).await;
    let mut sessions = Vec::new();
    for (mcp, agent) in [(&mut first, "a"), (&mut second, "b")] {
        let submitted = mcp.tool("decide_submit", same_task(agent)).await;
        let id = submitted["structuredContent"]["session_id"].as_str();
        sessions.push(id.unwrap().to_owned());
    }
    let view = json!({"task": "Pick a cache", "view_token": token});
    for (mcp, own) in [(&mut first, &sessions[0]), (&mut second, &sessions[1])] {
        let opened = mcp.tool("decide_view", view.clone()).await;
        assert_eq!(opened["structuredContent"]["status"], "pending", "{opened}");
        assert_eq!(opened["structuredContent"]["session_id"], own.as_str());
    }
    // The same process, the same view token: still not the other's.
    let foreign = json!({"session_id": sessions[0], "view_token": token});
    let refused = second.tool("decide_view", foreign).await;
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(refused["structuredContent"]["html"].is_null(), "{refused}");
    // A new MCP session (a client that reconnected) is bound to nothing.
    let (mut fresh, _) = apps_client(&served).await;
    let opened = fresh.tool("decide_view", view).await;
    assert_eq!(opened["isError"], true, "{opened}");
    assert!(
        opened["structuredContent"]["session_id"].is_null(),
        "{opened}"
    );
    stop_server(&project);
}
