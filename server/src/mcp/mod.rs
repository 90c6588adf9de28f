//! `aide mcp`: aide's decision tools for agents, over MCP on stdin/stdout.
//!
//! stdout carries nothing but JSON-RPC (rmcp writes it); every line for
//! people goes to stderr through the printer. The server ends when stdin
//! closes.

mod handler;
mod project;
mod tools;
mod wait;

use crate::error::CliError;
use app::Lang;
use app::i18n::Msg;
use handler::Aide;
use rmcp::ServiceExt;
use std::path::PathBuf;
use std::time::Duration;

/// Serves the tools until the client closes stdin.
pub fn run(project: Option<PathBuf>, lang_flag: Option<Lang>) -> Result<(), CliError> {
    let start = project::start_dir(project)?;
    let aide = Aide::new(start, lang_flag, wait::progress_interval());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .enable_all()
        .build()
        .map_err(CliError::server)?;
    let failed = |detail: String| CliError::Msg(Msg::ServerFailed { detail });
    let result = runtime.block_on(async {
        let service = aide
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| failed(e.to_string()))?;
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
