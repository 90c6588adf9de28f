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
//! the same words as one never made, or one that ended more than
//! `FINISHED_KEEP` ago (dropped, so a long `aide mcp --http` does not
//! grow without bound).

mod run;
pub mod status;
#[cfg(test)]
mod tests;

use app::Lang;
use app::i18n::{AgentMsg, Msg};
use rmcp::ErrorData;
use rmcp::model::{DetailedTask, ErrorCode, InputResponses, Task};
use rmcp::task_manager::{DEFAULT_TASK_TTL_MS, TaskContext, TaskFuture, TaskManager, TaskOptions};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// How often a client should look, in ms: an answer on the page shows in
/// the task within a look of the store (100 ms) and a poll, well within
/// the second the issue allows even on a busy machine (bench/tasks/).
const POLL_MS: u64 = 300;

/// How long a finished task stays for `tasks/get`: rmcp's TTL, kept past
/// the task's end as rmcp's `TaskManager` keeps a finished task one TTL
/// past its end. After it, `tasks/get` says the task is unknown (the
/// extension lets a server drop a task once its TTL passed), and
/// `decide_result` still gives the answers: they are in the record.
pub const FINISHED_KEEP: Duration = Duration::from_millis(DEFAULT_TASK_TTL_MS);

/// The tasks of one `aide mcp` (stdio) or `aide mcp --http` server.
pub struct Tasks {
    /// Each task in a `TaskManager` of its own, so that a finished one can
    /// be dropped (rmcp drops a task only by a TTL counted from its
    /// creation, which would end a question still waiting for the person).
    held: std::sync::Mutex<HashMap<String, KeptTask>>,
    /// How long a finished task stays.
    keep: Duration,
    /// Ends every task's wait when the server stops.
    stop: CancellationToken,
    /// Taken by a task while it stores its session. The store's lock
    /// makes submits one at a time anyway; waiting here instead of on
    /// that lock keeps the few blocking threads (`decide::runtime`) free
    /// for the calls, which come back at once even while 20 tasks start.
    storing: tokio::sync::Mutex<()>,
}

/// One task, and when it began and ended.
struct KeptTask {
    manager: TaskManager,
    created: Instant,
    /// Set when the task's operation ends, however it ends (`EndMark`).
    ended: Arc<OnceLock<Instant>>,
}

/// Marks the task ended when its operation is dropped: done, cancelled,
/// failed or aborted alike.
struct EndMark(Arc<OnceLock<Instant>>);

impl Drop for EndMark {
    fn drop(&mut self) {
        let _ = self.0.set(Instant::now());
    }
}

impl Tasks {
    /// The tasks of a server that stops when `stop` is cancelled.
    pub fn new(stop: CancellationToken) -> Tasks {
        Tasks {
            held: std::sync::Mutex::default(),
            keep: FINISHED_KEEP,
            stop,
            storing: tokio::sync::Mutex::new(()),
        }
    }

    /// Starts `make` as a task; it is readable with `tasks/get` before
    /// this returns (rmcp's promise). Its status message comes with the
    /// first look at the session (`run.rs`).
    pub fn spawn(&self, make: impl FnOnce(TaskContext, CancellationToken) -> TaskFuture) -> Task {
        // No TTL while it runs: a question waits for the person however
        // long, and its task with it, as long as the server runs.
        let options = TaskOptions::new()
            .with_ttl_ms(None)
            .with_poll_interval_ms(POLL_MS);
        let stop = self.stop.clone();
        let manager = TaskManager::new();
        let ended = Arc::new(OnceLock::new());
        let mark = EndMark(ended.clone());
        let task = manager.spawn(options, move |ctx| {
            let operation = make(ctx, stop);
            Box::pin(async move {
                let _mark = mark;
                operation.await
            })
        });
        let held = KeptTask {
            manager,
            created: Instant::now(),
            ended,
        };
        let mut all = self.all();
        Self::drop_finished(&mut all, self.keep, Instant::now());
        all.insert(task.task_id.clone(), held);
        task
    }

    /// The turn of one task to store its session.
    pub async fn turn_to_store(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.storing.lock().await
    }

    /// `tasks/get`. A finished task says how long it stays: `ttlMs`,
    /// counted from its creation as the extension counts it.
    pub fn get(&self, task: &str, lang: Lang) -> Result<DetailedTask, ErrorData> {
        let (manager, ttl) = self.find(task, lang)?;
        let mut detailed = manager.get_task(task).map_err(|e| unknown(e, task, lang))?;
        detailed.task.ttl_ms = ttl;
        Ok(detailed)
    }

    /// `tasks/update`: the client's reply to the prompt the task asked.
    pub fn update(
        &self,
        task: &str,
        responses: InputResponses,
        lang: Lang,
    ) -> Result<(), ErrorData> {
        let (manager, _) = self.find(task, lang)?;
        manager
            .update_task(task, responses)
            .map_err(|e| unknown(e, task, lang))
    }

    /// `tasks/cancel`: the task withdraws its question (`run.rs`).
    pub fn cancel(&self, task: &str, lang: Lang) -> Result<(), ErrorData> {
        let (manager, _) = self.find(task, lang)?;
        manager
            .cancel_task(task)
            .map_err(|e| unknown(e, task, lang))
    }

    /// The manager of `task`, and its TTL once it ended; unknown once it
    /// ended longer ago than it is kept.
    fn find(&self, task: &str, lang: Lang) -> Result<(TaskManager, Option<u64>), ErrorData> {
        self.find_at(task, lang, Instant::now())
    }

    fn find_at(
        &self,
        task: &str,
        lang: Lang,
        now: Instant,
    ) -> Result<(TaskManager, Option<u64>), ErrorData> {
        let mut all = self.all();
        Self::drop_finished(&mut all, self.keep, now);
        let Some(held) = all.get(task) else {
            let gone = ErrorData::invalid_params(String::new(), None);
            return Err(unknown(gone, task, lang));
        };
        let ttl = held.ended.get().map(|ended| {
            let lived = ended.saturating_duration_since(held.created) + self.keep;
            u64::try_from(lived.as_millis()).unwrap_or(u64::MAX)
        });
        Ok((held.manager.clone(), ttl))
    }

    /// Drops the tasks that ended more than `keep` before `now`: the
    /// server's memory stays bounded by the tasks running and those that
    /// ended within `keep`.
    fn drop_finished(all: &mut HashMap<String, KeptTask>, keep: Duration, now: Instant) {
        all.retain(|_, held| {
            held.ended
                .get()
                .is_none_or(|ended| now.saturating_duration_since(*ended) <= keep)
        });
    }

    fn all(&self) -> std::sync::MutexGuard<'_, HashMap<String, KeptTask>> {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
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
