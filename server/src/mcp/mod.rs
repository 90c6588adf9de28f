//! `aide mcp`: aide's decision tools for agents, over MCP on stdin/stdout
//! (or, with `--http`, on streamable HTTP: `http.rs`).
//!
//! stdout carries nothing but JSON-RPC (rmcp writes it); every line for
//! people goes to stderr through the printer. The server ends when stdin
//! closes.

mod args;
mod conn;
mod decide;
mod elicit;
mod handler;
mod http;
mod project;
mod records;
mod reply;
mod rpc;
mod task;
mod tool_answer;
mod tool_name;
mod tools;
mod transport;
mod view;
mod wait;

use crate::error::CliError;
use app::Lang;
use app::i18n::{AgentMsg, Msg};
use handler::Aide;
pub use http::run_http;
use rmcp::ServiceExt;
use rmcp::service::ServerInitializeError;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Serves the tools until the client closes stdin.
pub fn run(project: Option<PathBuf>, lang_flag: Option<Lang>) -> Result<(), CliError> {
    let start = project::start_dir(project)?;
    let conn = Arc::new(conn::Conn::default());
    // Over stdio the tasks are this client's alone, and end with its input.
    let tasks = Arc::new(task::Tasks::new(conn.closed().clone()));
    let aide = Aide::new(
        start,
        lang_flag,
        wait::progress_interval(),
        conn.clone(),
        tasks,
    );
    let runtime = crate::decide::runtime()?;
    let failed = |detail: String| CliError::from(Msg::Agent(AgentMsg::McpFailed { detail }));
    let result = runtime.block_on(async {
        let (stdin, stdout) = rmcp::transport::stdio();
        let transport = transport::LineTransport::new(stdin, stdout, conn);
        let service = match aide.serve(transport).await {
            Ok(service) => service,
            // stdin closed before the client said hello: nothing to serve.
            Err(ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
            Err(other) => return Err(failed(other.to_string())),
        };
        service
            .waiting()
            .await
            .map(drop)
            .map_err(|e| failed(e.to_string()))
    });
    // A tool still waiting for the person is not worth holding the exit.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}
