//! Looking at one session while the person answers: what `aide decide
//! result` (with `--session` or `--wait`) and the MCP tools share. A look
//! answers for the session it was asked about, never for one submitted
//! since, wherever the store keeps it (`store/pending/lookup.rs`).

use super::error::DecideError;
use crate::store::{DecisionStore, DraftSeen, FileStamp, NoticeSeen, StoreError};
use app::SessionState;
use app::i18n::{AgentMsg, Msg};
use app::model::Why;
use app::{By, DecideOutput, Draft, Pending, SessionId};

/// Which session to look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The session `pending.json` names at the first look (the spec's
    /// `result`), refused while other sessions are kept aside beside it;
    /// the watch stays on that session, whatever is submitted after.
    Pending,
    /// This one, whatever is pending now.
    Session(SessionId),
}

/// How often a wait looks again: `aide decide result --wait` and the MCP
/// tools' waits loop over [`Watch::look`] at this pace (a look is a `stat`
/// or two while nothing changes).
pub const LOOK_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// What one look saw: the session, and where it stands (the one list of
/// a session's states, `app::SessionState`): waiting (served or not), its
/// answers, the session that replaced it, or the withdrawal's reason.
#[derive(Debug)]
pub struct Seen {
    pub session_id: SessionId,
    pub state: SessionState<Awaiting, DecideOutput, SessionId, Option<String>>,
}

/// A pending session, as a look saw it.
#[derive(Debug)]
pub enum Awaiting {
    /// A page serves the session and waits for the person.
    Served {
        url: String,
        /// Items the draft answers (0 unless the look counted them).
        answered: usize,
        total: usize,
        /// What the agent may go on with meanwhile: the items whose rule
        /// fired, provisionally (`app::model::interim`); `None` while no
        /// rule has fired, as for every session without rules.
        provisional: Option<DecideOutput>,
    },
    /// No server serves it any more, and it has no answers.
    Closed,
}

impl Seen {
    fn new(
        session_id: SessionId,
        state: SessionState<Awaiting, DecideOutput, SessionId, Option<String>>,
    ) -> Seen {
        Seen { session_id, state }
    }
}

/// Looks at one session, again and again: its pending file is read again
/// only when it changed (a `stat` or two otherwise; a session kept aside
/// keeps its file's stamp, as it moves by a rename).
pub struct Watch {
    store: DecisionStore,
    target: Target,
    /// The target's pending session, and the stamp of the file it was
    /// read from.
    known: Option<(FileStamp, Pending)>,
    /// Its draft, and its server's notice, each read again only when its
    /// file changed.
    draft: DraftSeen,
    notice: NoticeSeen,
}

impl Watch {
    pub fn new(store: DecisionStore, target: Target) -> Watch {
        Watch {
            store,
            target,
            known: None,
            draft: DraftSeen::default(),
            notice: NoticeSeen::default(),
        }
    }

    /// The session's state; `count` reads the draft for how many items are
    /// answered.
    pub fn look(&mut self, count: bool) -> Result<Seen, DecideError> {
        let id = match &self.target {
            Target::Session(id) => id.clone(),
            Target::Pending => self.bind()?,
        };
        match self.pending(&id) {
            Ok(Some((pending, stamp))) => {
                let seen = self.state(&pending, count);
                self.known = stamp.map(|stamp| (stamp, pending));
                seen
            }
            Ok(None) => self.other(&id, None),
            Err(error) => self.other(&id, Some(error)),
        }
    }

    /// Binds a watch of `Target::Pending` to the session `pending.json`
    /// names now, once no other session is kept aside beside it.
    fn bind(&mut self) -> Result<SessionId, DecideError> {
        let (pending, stamp) = self.store.pending().sole()?;
        let id = pending.meta.session_id.clone();
        self.known = stamp.map(|stamp| (stamp, pending));
        self.target = Target::Session(id.clone());
        Ok(id)
    }

    /// The pending file of `id` and its stamp, from memory while either
    /// file that can hold it has the stamp it was read with; `None` when no
    /// pending file holds it.
    fn pending(
        &mut self,
        id: &SessionId,
    ) -> Result<Option<(Pending, Option<FileStamp>)>, StoreError> {
        if let Some((at, pending)) = self.known.take() {
            let store = &self.store;
            if store.pending().stamp()? == Some(at) || store.pending().aside_stamp(id)? == Some(at)
            {
                return Ok(Some((pending, Some(at))));
            }
        }
        // Read again: its draft is checked against the input read now.
        self.draft.forget();
        Ok(self
            .store
            .pending()
            .find(id)?
            .map(|found| (found.pending, found.stamp)))
    }

    /// The pending session's state.
    fn state(&mut self, pending: &Pending, count: bool) -> Result<Seen, DecideError> {
        let store = &self.store;
        let session_id = pending.meta.session_id.clone();
        if let Some(output) = answers(store, pending)? {
            return Ok(Seen::new(session_id, SessionState::Decided(output)));
        }
        if let Some(withdrawal) = store.pending().withdrawal(&session_id)? {
            let reason = withdrawal.reason;
            return Ok(Seen::new(session_id, SessionState::Withdrawn(reason)));
        }
        let Some(live) = store.servers().seen(&session_id, &mut self.notice)? else {
            // The server may have recorded the answers just before leaving.
            let state = match answers(store, pending)? {
                Some(output) => SessionState::Decided(output),
                None => SessionState::Pending(Awaiting::Closed),
            };
            return Ok(Seen::new(session_id, state));
        };
        // Items answered, and those the person said to decide later: an
        // unreadable draft counts as none (the page reports it).
        let draft = self.draft.draft(&self.store, pending);
        let answered = draft.filter(|_| count).map_or(0, Draft::answered);
        let later = draft.map_or_else(Vec::new, Draft::later);
        // An unreadable file gives nothing early: the page says so, and
        // the person's answers are recorded as ever.
        let ruled = store.pending().load_ruled(pending).unwrap_or_default();
        // The items the person is asked, as the page counts them: those a
        // standing ruling answered are reported apart, as `provisional`.
        let standing = ruled.iter().filter(|d| matches!(d.by(), By::Ruling(_)));
        let served = Awaiting::Served {
            url: live.url,
            answered,
            total: pending.input.items().len() - standing.count(),
            provisional: provisional(pending, &later, &ruled),
        };
        Ok(Seen::new(session_id, SessionState::Pending(served)))
    }

    /// A session no pending file holds (`damaged`: why `pending.json` could
    /// not be read, which may be the reason the session is not found).
    fn other(&self, id: &SessionId, damaged: Option<StoreError>) -> Result<Seen, DecideError> {
        let session_id = id.clone();
        match self.store.other_session(id) {
            // other_session never answers Pending: no pending file holds it.
            Ok(state) => Ok(Seen::new(
                session_id,
                match state {
                    SessionState::Pending(_) => SessionState::Pending(Awaiting::Closed),
                    SessionState::Decided(output) => SessionState::Decided(output),
                    SessionState::Replaced(by) => SessionState::Replaced(by),
                    SessionState::Withdrawn(withdrawal) => {
                        SessionState::Withdrawn(withdrawal.reason)
                    }
                },
            )),
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
pub fn answers(
    store: &DecisionStore,
    pending: &Pending,
) -> Result<Option<DecideOutput>, DecideError> {
    match store.records().result_for(pending) {
        Ok(output) => Ok(Some(output)),
        Err(StoreError::NoResult | StoreError::Stale) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// The answers the agent may go on with by now, if any: the items a
/// standing ruling answered at submit (issue 56) and those whose rule has
/// fired or which the person said to decide `later`; their reason in the
/// question's own language, as the agent asked it.
fn provisional(
    pending: &Pending,
    later: &[app::ItemId],
    ruled: &[app::Decision],
) -> Option<DecideOutput> {
    // A session without rules (every spec session) costs one pass (and
    // its caller, as one a ruling answered nothing of, one failed open).
    let items = pending.input.items();
    if later.is_empty()
        && ruled.is_empty()
        && !items.iter().any(|item| item.if_unanswered().is_some())
    {
        return None;
    }
    let lang = crate::lang::of_input(&pending.input);
    let now = crate::clock::now().fixed_offset();
    let input = &pending.input;
    let given = (later, ruled);
    app::model::interim(input, pending.meta.created_at, now, given, |why| {
        let msg = match why {
            Why::After(after) => AgentMsg::ProvisionalReason {
                after: after.written().to_owned(),
            },
            Why::Later => AgentMsg::LaterReason,
            Why::Deferred => AgentMsg::DeferredReason,
        };
        Msg::Agent(msg).text(lang)
    })
}
