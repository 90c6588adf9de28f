//! Past sessions: `aide decide history` lists them, `clean` removes old
//! ones. Records and `pending.json` are the truth; the ledger adds the
//! sessions that were replaced before anyone answered them.

use crate::store::files::lock::StoreLock;
use crate::store::ledger::{Entry, Event};
use crate::store::pending::session::started_at;
use crate::store::{DecidedHere, DecisionStore, Records, StoreError};
use app::{SessionId, SessionState};
use chrono::{DateTime, Local};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::fs;

/// One line of the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SessionSummary {
    pub session_id: SessionId,
    /// When it was submitted: `_meta.created_at`, or for a record without
    /// one the local time its id names, with the local offset.
    pub created_at: app::Timestamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<app::Timestamp>,
    pub task: String,
    pub items: usize,
    /// Which state alone (`history --json` writes its word).
    pub status: SessionState,
    /// For a decided session: whether the person answered it on this
    /// machine (`false`: its record came with the repository).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided_here: Option<bool>,
}

/// The sessions, newest first, and what could not be read.
#[derive(Debug, Default)]
pub struct History {
    pub sessions: Vec<SessionSummary>,
    /// Records or a pending file that exist but cannot be read; they are
    /// left alone.
    pub unreadable: Vec<StoreError>,
    /// Ledger lines that could not be read.
    pub skipped_lines: usize,
}

/// Which sessions `clean` removes; with both set, only those both select.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CleanRule {
    /// Keep this many of the newest sessions.
    pub keep: Option<usize>,
    /// Remove sessions started more than this many days ago.
    pub older_than_days: Option<u32>,
}

impl Records<'_> {
    /// The history line of the record of `session`, read by the one
    /// reader of what history shows of a record; `None` without a record.
    /// The record of `session` summed up, and whether its file is this
    /// user's alone (`DecidedHere::holds_read`).
    fn record_summary(
        &self,
        session: &SessionId,
    ) -> Result<Option<(SessionSummary, bool)>, StoreError> {
        let name = DecisionStore::record_name(session);
        let Some((bytes, ours)) = self.0.read_bytes_owned(&name)? else {
            return Ok(None);
        };
        let summary = app::validate::record_summary(&bytes).map_err(StoreError::stored(&name))?;
        let summary = SessionSummary {
            session_id: session.clone(),
            created_at: summary.created_at.unwrap_or_else(|| started_at(session)),
            completed_at: Some(summary.completed_at),
            task: summary.task,
            items: summary.items,
            status: SessionState::DECIDED,
            decided_here: None,
        };
        Ok(Some((summary, ours)))
    }

    /// Every session known, newest first; with `here`, each record says
    /// whether its answers were given here (else `decided_here` is left
    /// out: only `aide decide history` tells it).
    pub fn history(&self, here: Option<&DecidedHere>) -> Result<History, StoreError> {
        let mut history = History::default();
        let ledger = self.0.ledger().read()?;
        history.skipped_lines = ledger.skipped;
        let mut listed: HashSet<SessionId> = HashSet::new();

        for session in self.0.record_ids()? {
            match self.record_summary(&session) {
                Ok(Some((mut summary, ours))) => {
                    summary.decided_here = here.map(|here| here.holds_read(&session, ours));
                    history.sessions.push(summary);
                }
                Ok(None) => continue,
                Err(e) => history.unreadable.push(e),
            }
            listed.insert(session);
        }
        self.add_pending(&mut history, &mut listed)?;
        add_from_ledger(&mut history, &listed, ledger.entries);
        history
            .sessions
            .sort_by(|a, b| b.session_id.cmp(&a.session_id));
        Ok(history)
    }

    /// The sessions still waiting, in `pending.json` or kept aside, that
    /// no record answers (`listed` holds those listed already).
    fn add_pending(
        &self,
        history: &mut History,
        listed: &mut HashSet<SessionId>,
    ) -> Result<(), StoreError> {
        match self.0.pending().load() {
            Ok(pending) if !listed.contains(&pending.meta.session_id) => {
                history.sessions.push(SessionSummary {
                    session_id: pending.meta.session_id.clone(),
                    created_at: pending.meta.created_at,
                    completed_at: None,
                    task: pending.input.task().to_owned(),
                    items: pending.input.items().len(),
                    status: SessionState::PENDING,
                    decided_here: None,
                });
                listed.insert(pending.meta.session_id);
            }
            Ok(_) | Err(StoreError::NoPending) => {}
            Err(e) => history.unreadable.push(e),
        }
        // The sessions kept aside wait for answers as much as the one in
        // pending.json.
        for session in self.0.pending().kept_aside()? {
            if listed.contains(&session) {
                continue;
            }
            match self.0.pending().load_aside_stamped(&session) {
                Ok(Some((pending, _))) => history.sessions.push(SessionSummary {
                    session_id: session.clone(),
                    created_at: pending.meta.created_at,
                    completed_at: None,
                    task: pending.input.task().to_owned(),
                    items: pending.input.items().len(),
                    status: SessionState::PENDING,
                    decided_here: None,
                }),
                Ok(None) => continue,
                Err(e) => history.unreadable.push(e),
            }
            listed.insert(session);
        }

        Ok(())
    }

    /// Removes the sessions `rule` selects, never the pending one nor the
    /// record `aide decide result` would print. Returns what was removed,
    /// newest first.
    pub fn clean(
        &self,
        _lock: &StoreLock,
        rule: CleanRule,
        now: DateTime<Local>,
    ) -> Result<Vec<SessionSummary>, StoreError> {
        let current = match self.0.pending().load() {
            Ok(pending) => Some(pending.meta.session_id),
            Err(StoreError::NoPending) => None,
            // Without a readable pending.json, which record is current
            // cannot be told: remove nothing.
            Err(e) => return Err(e),
        };
        // A withdrawn session goes like a decided or replaced one: only the
        // pending sessions are always kept, those kept aside too (even one
        // whose file cannot be read).
        let aside: HashSet<SessionId> = self.0.pending().kept_aside()?.into_iter().collect();
        let candidates = self.history(None)?.sessions.into_iter().filter(|s| {
            s.status != SessionState::PENDING
                && Some(&s.session_id) != current.as_ref()
                && !aside.contains(&s.session_id)
        });
        let mut removed = Vec::new();
        for (n, session) in candidates.enumerate() {
            let beyond_keep = rule.keep.is_none_or(|keep| n >= keep);
            let old_enough = rule.older_than_days.is_none_or(|days| {
                let age = now.signed_duration_since(started_at(&session.session_id).get());
                age > chrono::Duration::days(i64::from(days))
            });
            if !(beyond_keep && old_enough) {
                continue;
            }
            let id = &session.session_id;
            self.0.remove(&DecisionStore::record_name(id))?;
            self.0.remove(&DecisionStore::draft_name(id))?;
            self.0.remove_ruled(id)?;
            self.0.remove_withdrawal(id)?;
            self.0.remove_server_log(id)?;
            self.0.forget_address(id)?;
            self.0.ledger().log(&Event::Cleaned {
                session_id: id.clone(),
            })?;
            removed.push(session);
        }
        Ok(removed)
    }
}

impl DecisionStore {
    /// The sessions that have a record file, by name.
    pub(in crate::store) fn record_ids(&self) -> Result<Vec<SessionId>, StoreError> {
        let entries = fs::read_dir(&self.dir).map_err(StoreError::folder(&self.dir))?;
        let mut ids = Vec::new();
        for entry in entries {
            let entry = entry.map_err(StoreError::folder(&self.dir))?;
            let name = entry.file_name();
            let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".json")) else {
                continue;
            };
            ids.extend(stem.parse::<SessionId>().ok());
        }
        Ok(ids)
    }
}

/// Sessions only the ledger remembers: submitted, never answered, not
/// cleaned, and not current; and which of those listed were withdrawn.
fn add_from_ledger(history: &mut History, listed: &HashSet<SessionId>, entries: Vec<Entry>) {
    let mut gone: HashSet<SessionId> = HashSet::new();
    let mut withdrawn: HashSet<SessionId> = HashSet::new();
    let mut submitted: HashMap<SessionId, SessionSummary> = HashMap::new();
    for entry in entries {
        match entry.event {
            Event::Submitted {
                session_id,
                task,
                items,
            } => {
                let summary = SessionSummary {
                    session_id: session_id.clone(),
                    created_at: entry.at,
                    completed_at: None,
                    task,
                    items,
                    status: SessionState::REPLACED,
                    decided_here: None,
                };
                submitted.insert(session_id, summary);
            }
            // A decided session without its record was removed by hand.
            Event::Decided { session_id } | Event::Cleaned { session_id } => {
                gone.insert(session_id);
            }
            Event::Withdrawn { session_id, .. } => {
                withdrawn.insert(session_id);
            }
            _ => {}
        }
    }
    history.sessions.extend(
        submitted
            .into_values()
            .filter(|s| !listed.contains(&s.session_id) && !gone.contains(&s.session_id)),
    );
    // A withdrawn session is withdrawn whether it is still the pending
    // one or was replaced since; one answered first stays decided.
    for session in &mut history.sessions {
        if session.status != SessionState::DECIDED && withdrawn.contains(&session.session_id) {
            session.status = SessionState::WITHDRAWN;
        }
    }
}
