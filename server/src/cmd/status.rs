use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::output::Printer;
use crate::stdout::print_json;
use crate::store::{DecisionStore, Event, FileStamp, ServerInfo, Withdrawal};
use app::Draft;
use app::i18n::{AgentMsg, HistoryWord, Msg, StoreMsg};
use app::{Pending, SessionId, Timestamp};
use serde::Serialize;

/// `aide decide status --json`: one object on stdout.
#[derive(Debug, Serialize)]
struct Status<'a> {
    session_id: &'a SessionId,
    task: &'a str,
    items: usize,
    created_at: Timestamp,
    /// Whether the answers are recorded.
    answered: bool,
    /// Whether the agent withdrew the question, and why.
    withdrawn: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    withdrawn_reason: Option<&'a str>,
    /// Items the draft answers so far.
    answered_items: usize,
    /// Whether the person opened the page, and when first.
    opened: bool,
    opened_at: Option<Timestamp>,
    /// The person's latest activity: opening the page, a draft saved,
    /// the answers.
    last_activity: Option<Timestamp>,
    served: bool,
    url: Option<&'a str>,
    pid: Option<u32>,
}

/// How far the person is, from the ledger and the draft.
struct Progress {
    answered_items: usize,
    opened_at: Option<Timestamp>,
    last_activity: Option<Timestamp>,
}

fn progress(store: &DecisionStore, pending: &Pending) -> Progress {
    let session = &pending.meta.session_id;
    let mut opened_at = None;
    let mut last_activity = None;
    // An unreadable ledger or draft only makes the report less precise.
    if let Ok(ledger) = store.ledger().read() {
        for entry in ledger
            .entries
            .iter()
            .filter(|e| e.event.session_id() == session)
        {
            match entry.event {
                Event::Opened { .. } => {
                    opened_at = opened_at.or(Some(entry.at));
                    last_activity = last_activity.max(Some(entry.at));
                }
                Event::DraftSaved { .. } | Event::Decided { .. } => {
                    last_activity = last_activity.max(Some(entry.at));
                }
                _ => {}
            }
        }
    }
    let draft = store.records().load_draft(pending).ok().flatten();
    let answered_items = draft.as_ref().map_or(0, Draft::answered);
    last_activity = last_activity.max(draft.map(|d| d.saved_at()));
    Progress {
        answered_items,
        opened_at,
        last_activity,
    }
}

/// `aide decide status`: whether a session is pending, where its page is,
/// how far the person is and whether it is answered. With sessions kept
/// aside beside the one in `pending.json`, one block each (the newest
/// first); `--json` prints `{"sessions":[…]}` with one object each, one
/// shape whatever the count (none: an empty list).
pub fn run(ctx: &Ctx, as_json: bool) -> Result<(), CliError> {
    let store = ctx.store()?;
    let sessions = store.pending().all()?;
    let mut reports = Vec::with_capacity(sessions.len());
    for (pending, stamp) in &sessions {
        reports.push(SessionStanding::of(&store, pending, *stamp)?);
    }
    if as_json {
        let statuses: Vec<Status> = sessions
            .iter()
            .zip(&reports)
            .map(|((pending, _), report)| report.json(pending))
            .collect();
        // One shape whatever the count, so an agent reads it one way.
        #[derive(Serialize)]
        struct StatusJson<'a> {
            sessions: &'a [Status<'a>],
        }
        return print_json(&StatusJson {
            sessions: &statuses,
        });
    }
    for ((pending, _), report) in sessions.iter().zip(&reports) {
        report.print(pending, ctx.printer());
    }
    Ok(())
}

/// Where one pending session stands.
struct SessionStanding {
    answered: bool,
    withdrawal: Option<Withdrawal>,
    server: Option<ServerInfo>,
    progress: Progress,
}

impl SessionStanding {
    fn of(
        store: &DecisionStore,
        pending: &Pending,
        stamp: Option<FileStamp>,
    ) -> Result<SessionStanding, CliError> {
        let answered = store.records().is_answered(pending, stamp)?;
        let withdrawal = match answered {
            true => None,
            false => store.pending().withdrawal(&pending.meta.session_id)?,
        };
        Ok(SessionStanding {
            answered,
            withdrawal,
            server: store.servers().for_session(&pending.meta.session_id)?,
            progress: progress(store, pending),
        })
    }

    fn json<'a>(&'a self, pending: &'a Pending) -> Status<'a> {
        let total = pending.input.items().len();
        let (progress, server) = (&self.progress, &self.server);
        Status {
            session_id: &pending.meta.session_id,
            task: pending.input.task(),
            items: total,
            created_at: pending.meta.created_at,
            answered: self.answered,
            withdrawn: self.withdrawal.is_some(),
            withdrawn_reason: self.withdrawal.as_ref().and_then(|w| w.reason.as_deref()),
            answered_items: if self.answered {
                total
            } else {
                progress.answered_items
            },
            opened: progress.opened_at.is_some(),
            opened_at: progress.opened_at,
            last_activity: progress.last_activity,
            served: server.is_some(),
            url: server.as_ref().map(|s| s.url.as_str()),
            pid: server.as_ref().map(|s| s.pid),
        }
    }

    /// The session's block of lines.
    fn print(&self, pending: &Pending, printer: Printer) {
        let total = pending.input.items().len();
        printer.info(&Msg::StatusSession {
            session: pending.meta.session_id.to_string(),
            task: pending.input.task().to_owned(),
            items: total,
            state: match (self.answered, &self.withdrawal) {
                (true, _) => HistoryWord::State(app::SessionState::DECIDED),
                (false, Some(_)) => HistoryWord::State(app::SessionState::WITHDRAWN),
                (false, None) => HistoryWord::State(app::SessionState::PENDING),
            },
        });
        match &self.server {
            Some(live) => printer.info(&Msg::StatusServed {
                url: live.url.clone(),
                pid: live.pid,
            }),
            None => printer.info(&Msg::StatusNotServed),
        }
        if self.answered {
            printer.ok(&Msg::StatusAnswered);
            return;
        }
        if let Some(withdrawal) = &self.withdrawal {
            printer.warn(&Msg::Store(StoreMsg::Withdrawn {
                session: withdrawal.session_id.to_string(),
                reason: withdrawal.reason.clone(),
            }));
            return;
        }
        let progress = &self.progress;
        printer.info(&Msg::Agent(match progress.opened_at {
            Some(at) => AgentMsg::OpenedAt { at: at.to_string() },
            None => AgentMsg::NotOpened,
        }));
        printer.info(&Msg::Agent(AgentMsg::Answered {
            answered: progress.answered_items,
            total,
            at: progress.last_activity.map(|at| at.to_string()),
        }));
        printer.info(&Msg::StatusUnanswered);
    }
}
