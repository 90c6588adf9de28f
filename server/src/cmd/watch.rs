//! Looking at one session while the person answers: what `aide decide
//! result` (with `--session` or `--wait`) and the MCP tools share. A look
//! answers for the session it was asked about, never for one submitted
//! since.

use crate::error::CliError;
use crate::store::{DecisionStore, FileStamp, SessionState, StoreError};
use app::{DecideOutput, Pending, SessionId};

/// Which session to look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Whichever `pending.json` names at each look (the spec's `result`).
    Pending,
    /// This one, whatever is pending now.
    Session(SessionId),
}

/// What one look saw.
#[derive(Debug)]
pub enum Seen {
    /// The person answered.
    Decided {
        session_id: SessionId,
        output: DecideOutput,
    },
    /// A page serves the session and waits for the person.
    Pending {
        session_id: SessionId,
        url: String,
        /// Items the draft answers (0 unless the look counted them).
        answered: usize,
        total: usize,
    },
    /// No server serves it any more, and it has no answers.
    Closed { session_id: SessionId },
    /// A later submit replaced it before it was answered.
    Replaced {
        session_id: SessionId,
        by: SessionId,
    },
    /// The agent withdrew it before it was answered.
    Withdrawn {
        session_id: SessionId,
        reason: Option<String>,
    },
}

/// Looks at one session, again and again: `pending.json` is read again
/// only when a submit replaced it (two `stat`s otherwise).
pub struct Watch {
    store: DecisionStore,
    target: Target,
    known: Option<(FileStamp, Pending)>,
}

impl Watch {
    pub fn new(store: DecisionStore, target: Target) -> Watch {
        Watch {
            store,
            target,
            known: None,
        }
    }

    /// The session's state; `count` reads the draft for how many items are
    /// answered.
    pub fn look(&mut self, count: bool) -> Result<Seen, CliError> {
        let pending = self.pending();
        let target = match &self.target {
            Target::Pending => None,
            Target::Session(id) => Some(id.clone()),
        };
        match (pending, target) {
            (Err(error), None) => Err(error.into()),
            (Err(error), Some(id)) => self.other(&id, Some(error)),
            (Ok((pending, _)), Some(id)) if pending.meta.session_id != id => self.other(&id, None),
            (Ok((pending, stamp)), _) => {
                let seen = self.state(&pending, count);
                self.known = stamp.map(|stamp| (stamp, pending));
                seen
            }
        }
    }

    /// `pending.json` and its stamp, from memory while the stamp is
    /// unchanged.
    fn pending(&mut self) -> Result<(Pending, Option<FileStamp>), StoreError> {
        let stamp = self.store.pending_stamp()?.ok_or(StoreError::NoPending)?;
        match self.known.take() {
            Some((at, pending)) if at == stamp => Ok((pending, Some(stamp))),
            _ => self.store.load_pending_stamped(),
        }
    }

    /// The pending session's state.
    fn state(&self, pending: &Pending, count: bool) -> Result<Seen, CliError> {
        let store = &self.store;
        let session_id = pending.meta.session_id.clone();
        if let Some(output) = answers(store, pending)? {
            return Ok(Seen::Decided { session_id, output });
        }
        if let Some(withdrawal) = store.withdrawal(&session_id)? {
            return Ok(Seen::Withdrawn {
                session_id,
                reason: withdrawal.reason,
            });
        }
        let live = store
            .running_server()?
            .filter(|live| live.session_id == session_id);
        let Some(live) = live else {
            // The server may have recorded the answers just before leaving.
            return Ok(match answers(store, pending)? {
                Some(output) => Seen::Decided { session_id, output },
                None => Seen::Closed { session_id },
            });
        };
        Ok(Seen::Pending {
            session_id,
            url: live.url,
            answered: if count { answered(store, pending) } else { 0 },
            total: pending.input.items().len(),
        })
    }

    /// A session `pending.json` does not name (`damaged`: why it could not
    /// be read, which may be the reason the session is not found).
    fn other(&self, id: &SessionId, damaged: Option<StoreError>) -> Result<Seen, CliError> {
        let session_id = id.clone();
        match self.store.other_session(id) {
            Ok(SessionState::Decided(output)) => Ok(Seen::Decided { session_id, output }),
            Ok(SessionState::Replaced { by }) => Ok(Seen::Replaced { session_id, by }),
            Ok(SessionState::Withdrawn(withdrawal)) => Ok(Seen::Withdrawn {
                session_id,
                reason: withdrawal.reason,
            }),
            // other_session never answers Pending: pending.json names another.
            Ok(SessionState::Pending(_)) => Ok(Seen::Closed { session_id }),
            Err(unknown @ StoreError::UnknownSession(_)) => match damaged {
                Some(StoreError::NoPending) | None => Err(unknown.into()),
                Some(damaged) => Err(damaged.into()),
            },
            Err(other) => Err(other.into()),
        }
    }
}

/// The answers if recorded for `pending`; a record of an older session
/// is never returned.
pub fn answers(store: &DecisionStore, pending: &Pending) -> Result<Option<DecideOutput>, CliError> {
    match store.result_for(pending) {
        Ok(output) => Ok(Some(output)),
        Err(StoreError::NoResult | StoreError::Stale) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// Items the draft answers; an unreadable draft counts as none (the page
/// reports it).
fn answered(store: &DecisionStore, pending: &Pending) -> usize {
    store
        .load_draft(pending)
        .ok()
        .flatten()
        .map_or(0, |draft| draft.answered())
}
