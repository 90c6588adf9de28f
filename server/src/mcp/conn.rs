//! What one MCP connection has submitted, so that a `decide_result`
//! without a session id answers for the submit sent before it on the same
//! connection, even while that submit is still being stored.
//!
//! rmcp runs every request in a task of its own, so the order in which
//! handlers run says nothing about the order the client sent them in. The
//! transport calls [`Conn::arrived`] for each message in the order it was
//! read, before rmcp sees it; that is where the binding is made.

use super::tools::{CANCEL, DECIDE, RESULT, SUBMIT};
use super::view::{ANSWER, ITEMS, OPEN};
use app::SessionId;
use rmcp::RoleServer;
use rmcp::model::{ClientRequest, JsonRpcMessage, RequestId};
use rmcp::service::RxJsonRpcMessage;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

/// How a submit ended: its session, or no session (it failed).
pub type Outcome = Option<SessionId>;

/// One submit on the connection, from its arrival to its outcome.
#[derive(Debug)]
pub struct Submit(watch::Sender<Option<Outcome>>);

impl Submit {
    fn new() -> Arc<Submit> {
        Arc::new(Submit(watch::channel(None).0))
    }

    /// Waits for the submit's outcome.
    pub async fn outcome(&self) -> Outcome {
        let mut seen = self.0.subscribe();
        match seen.wait_for(Option::is_some).await {
            Ok(outcome) => outcome.clone().flatten(),
            // The sender lives as long as `self`: not reached.
            Err(_) => None,
        }
    }

    /// The outcome, if the submit has ended.
    fn settled(&self) -> Option<Outcome> {
        self.0.borrow().clone()
    }

    fn finish(&self, outcome: Outcome) {
        self.0.send_if_modified(|slot| {
            let first = slot.is_none();
            if first {
                *slot = Some(outcome);
            }
            first
        });
    }
}

/// The submit a handler is running; it settles the outcome even when the
/// handler ends early (an error, a cancelled call): then with no session.
pub struct Running(Option<Arc<Submit>>);

impl Running {
    /// Records the session the submit stored.
    pub fn stored(&self, session: &SessionId) {
        if let Some(submit) = &self.0 {
            submit.finish(Some(session.clone()));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(submit) = &self.0 {
            submit.finish(None);
        }
    }
}

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
}

/// One connection's submits, and the end of its input.
#[derive(Debug, Default)]
pub struct Conn {
    state: Mutex<State>,
    closed: CancellationToken,
}

#[derive(Debug, Default)]
struct State {
    /// The submits that arrived, the latest last (only the few that can
    /// still bind a result call are kept).
    order: Vec<Arc<Submit>>,
    /// Submits whose handler has not started, by request id.
    submits: HashMap<RequestId, Arc<Submit>>,
    /// Result calls whose handler has not started, with the submit that
    /// arrived before each.
    results: HashMap<RequestId, Bound>,
}

/// Submits kept in `State::order`: a result call binds to the latest one
/// in flight or else to the latest stored session, so older ones matter
/// only while they are in flight or the last stored.
const KEPT: usize = 64;

impl State {
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

    fn push(&mut self, submit: Arc<Submit>) {
        self.order.push(submit);
        if self.order.len() > KEPT {
            // Drop the oldest settled one; in-flight ones stay.
            if let Some(at) = self.order.iter().position(|s| s.settled().is_some()) {
                self.order.remove(at);
            }
        }
    }
}

impl Conn {
    fn state(&self) -> MutexGuard<'_, State> {
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
        match call.params.name.as_ref() {
            // A `decide` that brings back its `requestState` (2026-07-28)
            // continues the session its first call stored: no new submit.
            DECIDE if call.params.request_state.is_some() => {}
            SUBMIT | DECIDE => {
                let submit = Submit::new();
                state.push(submit.clone());
                state.submits.insert(request.id.clone(), submit);
            }
            // The view's calls too: with several sessions pending, the
            // project's pending one is no answer for them either.
            RESULT | CANCEL | OPEN | ITEMS | ANSWER => {
                let bound = state.bind();
                state.results.insert(request.id.clone(), bound);
            }
            _ => {}
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

    /// Cancelled when the client closed the connection: waits end at once.
    pub fn closed(&self) -> &CancellationToken {
        &self.closed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::{CallToolRequestParams, JsonRpcRequest, NumberOrString, Request};

    fn call(id: i64, name: &'static str) -> RxJsonRpcMessage<RoleServer> {
        let params = CallToolRequestParams::new(name);
        let request = ClientRequest::CallToolRequest(Request::new(params));
        JsonRpcMessage::Request(JsonRpcRequest::new(NumberOrString::Number(id), request))
    }

    fn id(n: i64) -> RequestId {
        NumberOrString::Number(n)
    }

    #[tokio::test]
    async fn a_result_answers_for_the_submit_sent_before_it_even_while_it_runs() {
        let conn = Conn::default();
        conn.arrived(&call(1, RESULT));
        conn.arrived(&call(2, SUBMIT));
        conn.arrived(&call(3, RESULT));
        conn.arrived(&call(4, DECIDE));
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
        conn.arrived(&call(1, SUBMIT));
        conn.running(&id(1)).stored(&session);
        // A later submit that failed before the call was sent: the agent
        // saw it fail, so its earlier session is still the one it means.
        conn.arrived(&call(2, SUBMIT));
        drop(conn.running(&id(2)));
        conn.arrived(&call(3, RESULT));
        assert!(matches!(conn.bound(&id(3)), Bound::Session(s) if s == session));
        // A call the transport never saw is bound to nothing.
        assert!(matches!(conn.bound(&id(99)), Bound::Unseen));
    }

    #[tokio::test]
    async fn a_decide_that_brings_back_its_state_submits_nothing() {
        let conn = Conn::default();
        let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        conn.arrived(&call(1, DECIDE));
        conn.running(&id(1)).stored(&session);
        // The retry of 2026-07-28: the same tool, with the session as its
        // state. A result call sent after it still answers for the session
        // the first call stored, not for a submit that never comes.
        let mut params = CallToolRequestParams::new(DECIDE);
        params.request_state = Some(session.to_string());
        let request = ClientRequest::CallToolRequest(Request::new(params));
        let retry = JsonRpcRequest::new(NumberOrString::Number(2), request);
        conn.arrived(&JsonRpcMessage::Request(retry));
        conn.arrived(&call(3, RESULT));
        drop(conn.running(&id(2)));
        assert!(matches!(conn.bound(&id(3)), Bound::Session(s) if s == session));
    }

    #[tokio::test]
    async fn a_submit_that_ends_without_a_session_settles_its_waiters() {
        let conn = Conn::default();
        conn.arrived(&call(7, "decide_submit"));
        conn.arrived(&call(8, RESULT));
        let Bound::Submit(submit) = conn.bound(&id(8)) else {
            panic!("bound to the submit");
        };
        drop(conn.running(&id(7)));
        assert_eq!(submit.outcome().await, None);
    }
}
