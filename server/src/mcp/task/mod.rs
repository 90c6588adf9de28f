//! `decide` as a task (MCP's Tasks extension, `io.modelcontextprotocol/
//! tasks`, as rmcp's `TaskManager` implements it): a client that declares
//! the extension on its call gets the session stored and a task at once,
//! and follows the person through `tasks/get` instead of holding the call
//! open. Clients without it get `decide` as before.
//!
//! Only `decide` becomes a task: `decide_submit` answers at once anyway
//! (a task would only add a `tasks/get` for the same answer), and
//! `decide_result` is the poll the task replaces.
//!
//! The tasks belong to the server, not to one connection: over `--http`
//! every MCP session (and a client that reconnects after its session
//! expired) reaches the tasks of the `aide mcp --http` it talks to, behind
//! the project's token that every request carries (`http/guard.rs`); over
//! stdio they live as long as the process. A task id is 122 random bits
//! (a UUID v4), and a task another server made is unknown here, told in
//! the same words as one never made.

mod run;
pub mod status;
#[cfg(test)]
mod tests;

use app::Lang;
use app::i18n::{AgentMsg, Msg};
use rmcp::ErrorData;
use rmcp::model::{DetailedTask, ErrorCode, InputResponses, Task};
use rmcp::task_manager::{TaskContext, TaskFuture, TaskManager, TaskOptions};
use tokio_util::sync::CancellationToken;

/// How often a client should look, in ms: an answer on the page shows in
/// the task within a look of the store (100 ms) and a poll, well within
/// the second the issue allows even on a busy machine (bench/tasks/).
const POLL_MS: u64 = 300;

/// The tasks of one `aide mcp` (stdio) or `aide mcp --http` server.
pub struct Tasks {
    manager: TaskManager,
    /// Ends every task's wait when the server stops.
    stop: CancellationToken,
    /// Taken by a task while it stores its session. The store's lock
    /// makes submits one at a time anyway; waiting here instead of on
    /// that lock keeps the few blocking threads (`decide::runtime`) free
    /// for the calls, which come back at once even while 20 tasks start.
    storing: tokio::sync::Mutex<()>,
}

impl Tasks {
    /// The tasks of a server that stops when `stop` is cancelled.
    pub fn new(stop: CancellationToken) -> Tasks {
        Tasks {
            manager: TaskManager::new(),
            stop,
            storing: tokio::sync::Mutex::new(()),
        }
    }

    /// Starts `make` as a task; it is readable with `tasks/get` before
    /// this returns (rmcp's promise). Its status message comes with the
    /// first look at the session (`run.rs`).
    pub fn spawn(&self, make: impl FnOnce(TaskContext, CancellationToken) -> TaskFuture) -> Task {
        // No TTL: a question waits for the person however long, and its
        // task with it, as long as the server runs.
        let options = TaskOptions::new()
            .with_ttl_ms(None)
            .with_poll_interval_ms(POLL_MS);
        let stop = self.stop.clone();
        self.manager.spawn(options, move |ctx| make(ctx, stop))
    }

    /// The turn of one task to store its session.
    pub async fn turn_to_store(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.storing.lock().await
    }

    /// `tasks/get`.
    pub fn get(&self, task: &str, lang: Lang) -> Result<DetailedTask, ErrorData> {
        self.manager
            .get_task(task)
            .map_err(|e| unknown(e, task, lang))
    }

    /// `tasks/update`: the client's reply to the prompt the task asked.
    pub fn update(
        &self,
        task: &str,
        responses: InputResponses,
        lang: Lang,
    ) -> Result<(), ErrorData> {
        self.manager
            .update_task(task, responses)
            .map_err(|e| unknown(e, task, lang))
    }

    /// `tasks/cancel`: the task withdraws its question (`run.rs`).
    pub fn cancel(&self, task: &str, lang: Lang) -> Result<(), ErrorData> {
        self.manager
            .cancel_task(task)
            .map_err(|e| unknown(e, task, lang))
    }
}

/// rmcp's refusal of an id it does not hold, in aide's words: the
/// extension's code (-32602), the id as the caller sent it (cut), and
/// nothing else, so no other task can be told from an unknown one.
fn unknown(error: ErrorData, task: &str, lang: Lang) -> ErrorData {
    if error.code != ErrorCode::INVALID_PARAMS {
        return error;
    }
    let task = app::i18n::cut(task, app::i18n::ECHO_CHARS);
    ErrorData::invalid_params(Msg::Agent(AgentMsg::UnknownTask { task }).text(lang), None)
}
