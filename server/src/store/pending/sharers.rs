//! Which sessions were open at the same time as another. `result` without
//! a session id answers for the session in `pending.json`; when another
//! agent's question was open beside it, those answers may not be the
//! caller's, so the command must be told which session it means.

use crate::store::ledger::Event;
use crate::store::pending::aside::OpenSession;
use crate::store::{PendingFiles, StoreError};
use app::SessionId;
use app::SessionState;
use std::collections::HashMap;

/// One session as the ledger tells it: where its submit and its end stand
/// in the ledger's order, and how it ended.
struct Span {
    task: String,
    start: usize,
    end: Option<usize>,
    status: SessionState,
    replaced_by: Option<SessionId>,
    /// `aide decide clean` removed it.
    cleaned: bool,
}

/// The sessions beside one, as [`PendingFiles::open_beside`] finds them.
#[derive(Debug, Default)]
pub struct Beside {
    /// The session and those open at the same time, the oldest first;
    /// empty when none was.
    pub open: Vec<OpenSession>,
    /// Whether the ledger knows any other session of the project.
    pub others: bool,
}

impl PendingFiles<'_> {
    /// `session` and every session whose time open overlapped its own, in
    /// the ledger's order (a session ends when it is decided, withdrawn,
    /// replaced or cleaned), the oldest first. Not counted: a session that
    /// `session` replaced (replacing is the agent asking again), one its
    /// agent withdrew (that agent wants no answers) and one cleaned away.
    /// None when nothing overlapped or the ledger does not know `session`.
    pub fn open_beside(&self, session: &SessionId) -> Result<Beside, StoreError> {
        let spans = spans(self.0.ledger().read()?.entries.into_iter().map(|e| e.event));
        let others = spans.keys().any(|id| id != session);
        let Some(own) = spans.get(session) else {
            return Ok(Beside {
                open: Vec::new(),
                others,
            });
        };
        let own_end = own.end.unwrap_or(usize::MAX);
        let mut beside: Vec<OpenSession> = spans
            .iter()
            .filter(|(id, span)| {
                *id == session
                    || (span.replaced_by.as_ref() != Some(session)
                        && span.status != SessionState::WITHDRAWN
                        && !span.cleaned
                        && span.start < own_end
                        && own.start < span.end.unwrap_or(usize::MAX))
            })
            .map(|(id, span)| OpenSession {
                session_id: id.clone(),
                task: span.task.clone(),
                status: span.status,
            })
            .collect();
        if beside.len() < 2 {
            return Ok(Beside {
                open: Vec::new(),
                others,
            });
        }
        // A record is the truth for a session the ledger saw end otherwise.
        for open in &mut beside {
            if open.status != SessionState::DECIDED && self.0.records().exists(&open.session_id)? {
                open.status = SessionState::DECIDED;
            }
        }
        beside.sort_by(|a, b| a.session_id.cmp(&b.session_id));
        Ok(Beside {
            open: beside,
            others,
        })
    }
}

/// Each submitted session's span, from the ledger's events in order.
fn spans(events: impl Iterator<Item = Event>) -> HashMap<SessionId, Span> {
    let mut spans: HashMap<SessionId, Span> = HashMap::new();
    for (at, event) in events.enumerate() {
        let ended = match &event {
            Event::Submitted {
                session_id, task, ..
            } => {
                spans.insert(
                    session_id.clone(),
                    Span {
                        task: task.clone(),
                        start: at,
                        end: None,
                        status: SessionState::PENDING,
                        replaced_by: None,
                        cleaned: false,
                    },
                );
                continue;
            }
            Event::Decided { .. } | Event::Ruled { .. } => SessionState::DECIDED,
            Event::Withdrawn { .. } => SessionState::WITHDRAWN,
            // Cleaned before it ended: nobody will answer it.
            Event::Replaced { .. } | Event::Cleaned { .. } => SessionState::REPLACED,
            _ => continue,
        };
        let Some(span) = spans.get_mut(event.session_id()) else {
            continue;
        };
        if let Event::Cleaned { .. } = event {
            span.cleaned = true;
        }
        if span.end.is_none() {
            span.end = Some(at);
            span.status = ended;
            if let Event::Replaced { by, .. } = event {
                span.replaced_by = Some(by);
            }
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u32) -> SessionId {
        format!("2025-01-15T10-30-{n:02}").parse().unwrap()
    }

    fn submitted(n: u32) -> Event {
        Event::Submitted {
            session_id: id(n),
            task: format!("task {n}"),
            items: 1,
        }
    }

    fn beside(events: Vec<Event>, session: u32) -> Vec<(SessionId, SessionState)> {
        let dir = tempfile::tempdir().unwrap();
        crate::store::Project::init(dir.path()).unwrap();
        let store = crate::store::Project::find(dir.path())
            .unwrap()
            .decisions()
            .unwrap();
        for event in &events {
            store.ledger().log(event).unwrap();
        }
        store
            .pending()
            .open_beside(&id(session))
            .unwrap()
            .open
            .into_iter()
            .map(|open| (open.session_id, open.status))
            .collect()
    }

    #[test]
    fn a_session_open_while_another_was_is_named_with_it_however_both_ended() {
        let events = vec![
            submitted(1),
            submitted(2),
            Event::Decided { session_id: id(2) },
            Event::Decided { session_id: id(1) },
        ];
        let both = vec![
            (id(1), SessionState::DECIDED),
            (id(2), SessionState::DECIDED),
        ];
        assert_eq!(beside(events.clone(), 2), both);
        assert_eq!(beside(events, 1), both);
        let withdrawn = vec![
            submitted(1),
            submitted(2),
            Event::Withdrawn {
                session_id: id(1),
                reason: None,
            },
        ];
        // Its agent withdrew it, wanting no answers: not counted.
        assert_eq!(beside(withdrawn, 2), vec![]);
        let cleaned = vec![
            submitted(1),
            submitted(2),
            Event::Decided { session_id: id(1) },
            Event::Cleaned { session_id: id(1) },
        ];
        assert_eq!(beside(cleaned, 2), vec![]);
    }

    #[test]
    fn sessions_one_after_another_or_replaced_stand_alone() {
        let in_turn = vec![
            submitted(1),
            Event::Decided { session_id: id(1) },
            submitted(2),
        ];
        assert_eq!(beside(in_turn, 2), vec![]);
        // Asked again: the replaced session is the same agent's question,
        // whether its replacement was logged before or after the submit.
        let replaced = vec![
            submitted(1),
            submitted(2),
            Event::Replaced {
                session_id: id(1),
                by: id(2),
            },
        ];
        assert_eq!(beside(replaced, 2), vec![]);
        // A session the ledger never saw submitted cannot be told apart.
        assert_eq!(beside(vec![submitted(1)], 2), vec![]);
    }
}
