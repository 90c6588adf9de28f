//! One submit on a connection, from its arrival to its outcome, and the
//! handler's hold on it that settles it however the handler ends.

use app::SessionId;
use std::sync::Arc;
use tokio::sync::watch;

/// How a submit ended: its session, or no session (it failed).
pub type SubmitEnd = Option<SessionId>;

/// One submit on the connection, from its arrival to its outcome.
#[derive(Debug)]
pub struct Submit {
    outcome: watch::Sender<Option<SubmitEnd>>,
    /// What its `task` argument hashes to ([`task_of`]).
    pub(super) task: Option<u64>,
}

impl Submit {
    pub(super) fn new(task: Option<u64>) -> Arc<Submit> {
        Arc::new(Submit {
            outcome: watch::channel(None).0,
            task,
        })
    }

    /// Waits for the submit's outcome.
    pub async fn outcome(&self) -> SubmitEnd {
        let mut seen = self.outcome.subscribe();
        match seen.wait_for(Option::is_some).await {
            Ok(outcome) => outcome.clone().flatten(),
            // The sender lives as long as `self`: not reached.
            Err(_) => None,
        }
    }

    /// The outcome, if the submit has ended.
    pub(super) fn settled(&self) -> Option<SubmitEnd> {
        self.outcome.borrow().clone()
    }

    /// Whether it may be what a view call bound now is about: in flight,
    /// or stored (a failed one has no session to show).
    pub(super) fn live(&self) -> bool {
        !matches!(self.settled(), Some(None))
    }

    pub(super) fn finish(&self, outcome: SubmitEnd) {
        self.outcome.send_if_modified(|slot| {
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
pub struct Running(pub(super) Option<Arc<Submit>>);

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
