//! rmcp's in-memory sessions, each with the [`Conn`] its tools use.
//!
//! Over stdio the transport shows every message to the one connection in
//! the order it was read ([`Conn::arrived`]), before rmcp runs handlers
//! concurrently; that is how a `decide_result` without a session id finds
//! the submit sent before it. Over HTTP each MCP session (its
//! `Mcp-Session-Id`) is one connection, and the session manager is where
//! every message of a session passes, in the order its POST arrived, before
//! rmcp sees it: so the binding is made here.
//!
//! The handler (`Aide`) is made by rmcp's service factory, which does not
//! know the session it will serve, and the session by `create_session`,
//! which does not see the handler. rmcp calls the one right after the
//! other in the same task, with no await between them (the factory is a
//! plain function): the factory leaves its `Conn` in a thread-local slot and
//! `create_session` takes it before it awaits anything, so each session is
//! paired with exactly the handler made for it.

use super::super::conn::Conn;
use futures_core::Stream;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::SessionId;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{ServerSseMessage, SessionManager};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

thread_local! {
    /// The `Conn` of the handler the factory just made on this thread.
    static MADE: RefCell<Option<Arc<Conn>>> = const { RefCell::new(None) };
}

/// A new connection for a handler the service factory is making; the
/// session created next on this thread gets it.
pub fn conn_for_new_handler() -> Arc<Conn> {
    let conn = Arc::new(Conn::default());
    MADE.with(|made| *made.borrow_mut() = Some(conn.clone()));
    conn
}

/// rmcp's local sessions, and the connection of each.
#[derive(Default)]
pub struct Sessions {
    inner: LocalSessionManager,
    conns: Mutex<HashMap<SessionId, Arc<Conn>>>,
}

impl Sessions {
    fn conns(&self) -> MutexGuard<'_, HashMap<SessionId, Arc<Conn>>> {
        // A panic while holding the lock leaves a plain map: usable.
        self.conns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Shows `message` to its session's connection, as the stdio
    /// transport does for each line.
    fn arrived(&self, id: &SessionId, message: &ClientJsonRpcMessage) {
        let conn = self.conns().get(id).cloned();
        if let Some(conn) = conn {
            conn.arrived(message);
        }
    }
}

impl SessionManager for Sessions {
    type Error = LocalSessionManagerError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        // Taken before the first await: see the module's comment.
        let conn = MADE.with(|made| made.borrow_mut().take());
        let (id, transport) = self.inner.create_session().await?;
        // Without a handler's conn (not reached), a fresh one: its result
        // calls answer for the pending session, as the CLI does.
        let conn = conn.unwrap_or_default();
        self.conns().insert(id.clone(), conn);
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.inner.initialize_session(id, message).await
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        self.inner.has_session(id).await
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        // The client is gone (DELETE, idle, or aide stopping): a tool
        // waiting for the person ends now, as when stdin closes.
        if let Some(conn) = self.conns().remove(id) {
            conn.closed().cancel();
        }
        self.inner.close_session(id).await
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.arrived(id, &message);
        self.inner.create_stream(id, message).await
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.arrived(id, &message);
        self.inner.accept_message(id, message).await
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.create_standalone_stream(id).await
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.resume(id, last_event_id).await
    }
}
