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
//!
//! Bounded: at most `Bounds::sessions` at once, and a session with no
//! request in flight and no message for `Bounds::idle` is closed (rmcp's
//! own idle timer is off: it counts a `decide` waiting for the person as
//! idle). Closing a session, however it happens, drops its entry here and
//! rmcp's, so what a session held comes back.

use super::super::conn::Conn;
use super::bounds::{Activity, Busy, SessionBounds, SessionsError};
use futures_core::Stream;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::SessionId;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::{ServerSseMessage, SessionManager};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

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

/// rmcp's local sessions, and the connection and activity of each.
pub struct Sessions {
    inner: LocalSessionManager,
    entries: Mutex<HashMap<SessionId, Connected>>,
    bounds: SessionBounds,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions")
            .field("open", &self.entries().len())
            .field("bounds", &self.bounds)
            .finish()
    }
}

struct Connected {
    conn: Arc<Conn>,
    activity: Arc<Activity>,
}

impl Sessions {
    pub fn new(bounds: SessionBounds) -> Self {
        let mut inner = LocalSessionManager::default();
        // Idle expiry is ours (`expire_idle`), which knows a call in
        // flight is not idle.
        inner.session_config.keep_alive = None;
        Sessions {
            inner,
            entries: Mutex::new(HashMap::new()),
            bounds,
        }
    }

    fn entries(&self) -> MutexGuard<'_, HashMap<SessionId, Connected>> {
        // A panic while holding the lock leaves a plain map: usable.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many sessions are open, here and in rmcp (the larger).
    #[cfg(test)]
    pub async fn len(&self) -> usize {
        let ours = self.entries().len();
        ours.max(self.inner.sessions.read().await.len())
    }

    /// The most sessions open at once.
    pub fn max(&self) -> usize {
        self.bounds.sessions
    }

    /// Whether a new session would be refused.
    pub fn is_full(&self) -> bool {
        self.entries().len() >= self.bounds.sessions
    }

    /// Shows `message` to its session's connection, as the stdio
    /// transport does for each line, and counts it as activity.
    fn arrived(&self, id: &SessionId, message: &ClientJsonRpcMessage) -> Option<Arc<Activity>> {
        let (conn, activity) = {
            let entries = self.entries();
            let entry = entries.get(id)?;
            (entry.conn.clone(), entry.activity.clone())
        };
        activity.touch();
        conn.arrived(message);
        Some(activity)
    }

    fn activity(&self, id: &SessionId) -> Option<Arc<Activity>> {
        let activity = self.entries().get(id).map(|e| e.activity.clone());
        activity.inspect(|a| a.touch())
    }

    /// Closes every session idle for `bounds.idle`, every quarter of it,
    /// until `stop` or until the sessions are dropped.
    pub async fn expire_idle(sessions: Weak<Sessions>, stop: CancellationToken) {
        let Some(idle) = sessions.upgrade().map(|s| s.bounds.idle) else {
            return;
        };
        let every = (idle / 4).max(Duration::from_millis(10));
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(every) => {}
            }
            let Some(sessions) = sessions.upgrade() else {
                return;
            };
            let now = Instant::now();
            let expired: Vec<SessionId> = sessions
                .entries()
                .iter()
                .filter(|(_, entry)| entry.activity.idle_since(now, idle))
                .map(|(id, _)| id.clone())
                .collect();
            for id in expired {
                let _ = sessions.close_session(&id).await;
            }
        }
    }
}

impl SessionManager for Sessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        // Taken before the first await: see the module's comment.
        let conn = MADE.with(|made| made.borrow_mut().take());
        if self.is_full() {
            return Err(SessionsError::Full);
        }
        let (id, transport) = self.inner.create_session().await?;
        // Without a handler's conn (not reached), a fresh one: its result
        // calls answer for the pending session, as the CLI does.
        let conn = conn.unwrap_or_default();
        let activity = Arc::new(Activity {
            seen: Mutex::new(Instant::now()),
            busy: AtomicUsize::new(0),
        });
        self.entries()
            .insert(id.clone(), Connected { conn, activity });
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        // The client is gone (DELETE, idle, or aide stopping): a tool
        // waiting for the person ends now, as when stdin closes.
        let entry = self.entries().remove(id);
        if let Some(entry) = entry {
            entry.conn.closed().cancel();
        }
        Ok(self.inner.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let activity = self.arrived(id, &message);
        let stream = self.inner.create_stream(id, message).await?;
        Ok(Busy::new(stream, activity))
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.arrived(id, &message);
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        // A client listening is not idle; if it vanishes, its connection
        // closes and the stream with it.
        let activity = self.activity(id);
        let stream = self.inner.create_standalone_stream(id).await?;
        Ok(Busy::new(stream, activity))
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let activity = self.activity(id);
        let stream = self.inner.resume(id, last_event_id).await?;
        Ok(Busy::new(stream, activity))
    }
}
