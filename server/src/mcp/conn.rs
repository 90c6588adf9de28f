//! What one MCP connection has submitted, so that a `decide_result`
//! without a session id answers for the submit sent before it on the same
//! connection, even while that submit is still being stored, and so that
//! aide's view (whose calls the host sends on the connection of the tool
//! call that made it) is bound to a session this connection asked.
//!
//! rmcp runs every request in a task of its own, so the order in which
//! handlers run says nothing about the order the client sent them in. The
//! transport calls [`Conn::arrived`] for each message in the order it was
//! read, before rmcp sees it; that is where the binding is made.

mod submit;

use super::tool_name::{AgentTool, ToolName};
use app::SessionId;
use rmcp::RoleServer;
use rmcp::model::{ClientRequest, JsonRpcMessage, RequestId};
use rmcp::service::RxJsonRpcMessage;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, MutexGuard};
pub use submit::{Running, Submit};
use tokio_util::sync::CancellationToken;

/// What a result call without a session id answers for.
#[derive(Debug)]
pub enum Bound {
    /// The submit sent just before it on this connection, still being
    /// stored when the call arrived: its session, or its failure.
    Submit(Arc<Submit>),
    /// The last session a submit on this connection stored before the call
    /// arrived (a submit that had already failed was seen to fail).
    Session(SessionId),
    /// No submit on this connection stored a session: the project's
    /// pending session, as the CLI answers.
    Pending,
    /// The transport never showed the call to the connection: over HTTP
    /// on protocol 2026-07-28 each request stands alone, bound to no
    /// other.
    Unseen,
    /// A view call for which this connection submitted nothing (with its
    /// task): it attaches to no session at all.
    Nothing,
}

/// One connection's submits, and the end of its input.
#[derive(Debug, Default)]
pub struct Conn {
    state: Mutex<ConnState>,
    closed: CancellationToken,
}

#[derive(Debug, Default)]
struct ConnState {
    /// The submits that arrived, the latest last (only the few that can
    /// still bind a result call are kept).
    order: Vec<Arc<Submit>>,
    /// Submits whose handler has not started, by request id.
    submits: HashMap<RequestId, Arc<Submit>>,
    /// Result, cancel and view calls whose handler has not started, with
    /// what each is bound to.
    results: HashMap<RequestId, Bound>,
    /// The sessions of submits dropped from `order`: still this
    /// connection's, for a view that names one.
    older: HashSet<SessionId>,
}

/// Submits kept in `ConnState::order`: a result call binds to the latest one
/// in flight or else to the latest stored session, so older ones matter
/// only while they are in flight or the last stored.
const KEPT: usize = 64;

impl ConnState {
    /// What a result call arriving now answers for.
    fn bind(&self) -> Bound {
        let Some(latest) = self.order.last() else {
            return Bound::Pending;
        };
        match latest.settled() {
            None => Bound::Submit(latest.clone()),
            Some(_) => self
                .order
                .iter()
                .rev()
                .find_map(|submit| submit.settled().flatten())
                .map_or(Bound::Pending, Bound::Session),
        }
    }

    /// What a view call arriving now is about: the newest submit of this
    /// connection with the view's task (any, without one), never the
    /// project's pending session, which may be another agent's.
    fn bind_view(&self, task: Option<u64>) -> Bound {
        let found = self
            .order
            .iter()
            .rev()
            .find(|submit| submit.live() && (task.is_none() || submit.task == task));
        match found.map(|submit| (submit, submit.settled())) {
            Some((submit, None)) => Bound::Submit(submit.clone()),
            Some((_, Some(Some(session)))) => Bound::Session(session),
            Some((_, Some(None))) | None => Bound::Nothing,
        }
    }

    fn push(&mut self, submit: Arc<Submit>) {
        self.order.push(submit);
        if self.order.len() > KEPT {
            // Drop the oldest settled one; in-flight ones stay.
            if let Some(at) = self.order.iter().position(|s| s.settled().is_some()) {
                let dropped = self.order.remove(at);
                if let Some(Some(session)) = dropped.settled() {
                    self.older.insert(session);
                }
            }
        }
    }
}

/// The hash of a call's `task` argument: a view names its question by the
/// task of its tool input, and only the submits of one connection are
/// compared, so a hash serves and a long task is not kept.
fn task_of(call: &rmcp::model::CallToolRequestParams) -> Option<u64> {
    static KEYS: std::sync::OnceLock<RandomState> = std::sync::OnceLock::new();
    let task = call.arguments.as_ref()?.get("task")?.as_str()?;
    Some(KEYS.get_or_init(RandomState::new).hash_one(task))
}

impl Conn {
    fn state(&self) -> MutexGuard<'_, ConnState> {
        // A panic while holding this lock leaves plain maps behind: usable.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Called by the transport for each message, in the order read.
    pub fn arrived(&self, message: &RxJsonRpcMessage<RoleServer>) {
        let JsonRpcMessage::Request(request) = message else {
            return;
        };
        let ClientRequest::CallToolRequest(call) = &request.request else {
            return;
        };
        let mut state = self.state();
        let Some(tool) = ToolName::of(&call.params.name) else {
            return;
        };
        match tool {
            // A `decide` that brings back its `requestState` (2026-07-28)
            // continues the session its first call stored: no new submit.
            ToolName::Agent(AgentTool::Decide) if call.params.request_state.is_some() => {}
            ToolName::Agent(AgentTool::Submit | AgentTool::Decide) => {
                let submit = Submit::new(task_of(&call.params));
                state.push(submit.clone());
                state.submits.insert(request.id.clone(), submit);
            }
            // A search is about no session.
            ToolName::Agent(AgentTool::Search) => {}
            ToolName::Agent(AgentTool::Result | AgentTool::Cancel) => {
                let bound = state.bind();
                state.results.insert(request.id.clone(), bound);
            }
            ToolName::View(_) => {
                let bound = state.bind_view(task_of(&call.params));
                state.results.insert(request.id.clone(), bound);
            }
        }
    }

    /// The submit that request `id` runs (call it once, as the handler
    /// starts).
    pub fn running(&self, id: &RequestId) -> Running {
        Running(self.state().submits.remove(id))
    }

    /// What result or cancel call `id` is about (call it once, as the
    /// handler starts); [`Bound::Unseen`] for a call the transport never
    /// showed.
    pub fn bound(&self, id: &RequestId) -> Bound {
        self.state().results.remove(id).unwrap_or(Bound::Unseen)
    }

    /// Whether a submit on this connection stored `session`.
    pub fn submitted(&self, session: &SessionId) -> bool {
        let state = self.state();
        state.older.contains(session)
            || state
                .order
                .iter()
                .any(|submit| submit.settled().flatten().as_ref() == Some(session))
    }

    /// Cancelled when the client closed the connection: waits end at once.
    pub fn closed(&self) -> &CancellationToken {
        &self.closed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::tool_name::ViewCall;
    use rmcp::model::{CallToolRequestParams, JsonRpcRequest, NumberOrString, Request};

    fn call(id: i64, name: &'static str) -> RxJsonRpcMessage<RoleServer> {
        let params = CallToolRequestParams::new(name);
        let request = ClientRequest::CallToolRequest(Request::new(params));
        JsonRpcMessage::Request(JsonRpcRequest::new(NumberOrString::Number(id), request))
    }

    /// A call with a `task` argument.
    fn asking(id: i64, name: &'static str, task: &str) -> RxJsonRpcMessage<RoleServer> {
        let mut params = CallToolRequestParams::new(name);
        let arguments = serde_json::json!({ "task": task });
        params.arguments = arguments.as_object().cloned();
        let request = ClientRequest::CallToolRequest(Request::new(params));
        JsonRpcMessage::Request(JsonRpcRequest::new(NumberOrString::Number(id), request))
    }

    fn id(n: i64) -> RequestId {
        NumberOrString::Number(n)
    }

    #[tokio::test]
    async fn a_result_answers_for_the_submit_sent_before_it_even_while_it_runs() {
        let conn = Conn::default();
        conn.arrived(&call(1, AgentTool::Result.name()));
        conn.arrived(&call(2, AgentTool::Submit.name()));
        conn.arrived(&call(3, AgentTool::Result.name()));
        conn.arrived(&call(4, AgentTool::Decide.name()));
        // Handlers may start in any order.
        let third = conn.bound(&id(3));
        let first = conn.bound(&id(1));
        assert!(matches!(first, Bound::Pending));
        let Bound::Submit(submit) = third else {
            panic!("the result after a submit is bound to it");
        };
        let running = conn.running(&id(2));
        let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        let waiter = tokio::spawn(async move { submit.outcome().await });
        tokio::task::yield_now().await;
        running.stored(&session);
        assert_eq!(waiter.await.unwrap(), Some(session));
    }

    #[test]
    fn once_submits_have_ended_a_result_answers_for_the_last_stored_session() {
        let conn = Conn::default();
        let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        conn.arrived(&call(1, AgentTool::Submit.name()));
        conn.running(&id(1)).stored(&session);
        // A later submit that failed before the call was sent: the agent
        // saw it fail, so its earlier session is still the one it means.
        conn.arrived(&call(2, AgentTool::Submit.name()));
        drop(conn.running(&id(2)));
        conn.arrived(&call(3, AgentTool::Result.name()));
        assert!(matches!(conn.bound(&id(3)), Bound::Session(s) if s == session));
        // A call the transport never saw is bound to nothing.
        assert!(matches!(conn.bound(&id(99)), Bound::Unseen));
    }

    #[tokio::test]
    async fn a_decide_that_brings_back_its_state_submits_nothing() {
        let conn = Conn::default();
        let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        conn.arrived(&call(1, AgentTool::Decide.name()));
        conn.running(&id(1)).stored(&session);
        // The retry of 2026-07-28: the same tool, with the session as its
        // state. A result call sent after it still answers for the session
        // the first call stored, not for a submit that never comes.
        let mut params = CallToolRequestParams::new(AgentTool::Decide.name());
        params.request_state = Some(session.to_string());
        let request = ClientRequest::CallToolRequest(Request::new(params));
        let retry = JsonRpcRequest::new(NumberOrString::Number(2), request);
        conn.arrived(&JsonRpcMessage::Request(retry));
        conn.arrived(&call(3, AgentTool::Result.name()));
        drop(conn.running(&id(2)));
        assert!(matches!(conn.bound(&id(3)), Bound::Session(s) if s == session));
    }

    #[tokio::test]
    async fn a_submit_that_ends_without_a_session_settles_its_waiters() {
        let conn = Conn::default();
        conn.arrived(&call(7, "decide_submit"));
        conn.arrived(&call(8, AgentTool::Result.name()));
        let Bound::Submit(submit) = conn.bound(&id(8)) else {
            panic!("bound to the submit");
        };
        drop(conn.running(&id(7)));
        assert_eq!(submit.outcome().await, None);
    }

    #[tokio::test]
    async fn a_view_is_bound_to_this_connections_submit_of_its_task_and_never_to_none() {
        let conn = Conn::default();
        let first = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        conn.arrived(&asking(1, AgentTool::Submit.name(), "cache"));
        conn.running(&id(1)).stored(&first);
        conn.arrived(&asking(2, AgentTool::Decide.name(), "queue"));
        // `decide` has not stored yet: its view waits for it.
        conn.arrived(&asking(3, ToolName::View(ViewCall::Open).name(), "queue"));
        conn.arrived(&asking(4, ToolName::View(ViewCall::Open).name(), "cache"));
        conn.arrived(&asking(5, ToolName::View(ViewCall::Open).name(), "other"));
        assert!(matches!(conn.bound(&id(3)), Bound::Submit(_)));
        assert!(matches!(conn.bound(&id(4)), Bound::Session(s) if s == first));
        assert!(matches!(conn.bound(&id(5)), Bound::Nothing));
        assert!(conn.submitted(&first));
        let other = "2025-01-15T10-30-01".parse::<SessionId>().unwrap();
        assert!(!conn.submitted(&other));
        // A connection that asked nothing: the view is bound to nothing,
        // not to the project's pending session.
        let fresh = Conn::default();
        fresh.arrived(&asking(1, ToolName::View(ViewCall::Open).name(), "cache"));
        assert!(matches!(fresh.bound(&id(1)), Bound::Nothing));
    }

    #[test]
    fn a_session_dropped_from_the_order_is_still_this_connections() {
        let conn = Conn::default();
        let first = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        conn.arrived(&call(0, AgentTool::Submit.name()));
        conn.running(&id(0)).stored(&first);
        for n in 1..=KEPT as i64 {
            conn.arrived(&call(n, AgentTool::Submit.name()));
            drop(conn.running(&id(n)));
        }
        assert!(conn.submitted(&first));
    }
}
