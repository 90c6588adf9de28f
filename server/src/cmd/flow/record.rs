//! The pipeline of every action that records an entry (flow.md §3): lock,
//! validate, git preflight, intent, commit, then the status file.

use super::git::Git;
use super::{Ctx, LOCK_WAIT, check_text, fail, open, recover, store_error};
use crate::cli::RecordArgs;
use crate::config::flow::FlowConfig;
use crate::error::CliError;
use crate::stdout::print_json;
use crate::store::StoreError;
use crate::store::flow::{
    Action, FlowStatus, FlowStore, HistoryEntry, Intent, TaskId, timestamp as session_timestamp,
};
use app::SessionId;
use app::i18n::{FlowMsg, Msg};
use chrono::Local;
use serde_json::Map;

/// One action as typed.
pub struct Request {
    pub action: Action,
    /// `start`, `next-part`, `back-part`: the phase named.
    pub phase: Option<String>,
    pub text: String,
    pub force: bool,
    pub args: RecordArgs,
}

/// What the action will write: the new status and the task it replaces.
struct Plan {
    status: FlowStatus,
    replaces: Option<TaskId>,
}

pub fn run(ctx: &Ctx, request: Request) -> Result<(), CliError> {
    let summary = check_text(&request.text)?;
    let (project, store, config) = open(ctx)?;
    let decisions = check_decisions(ctx, &request.args.decisions)?;
    let lock = store.lock(LOCK_WAIT).map_err(store_error)?;
    recover::run(ctx, &store, &lock, &config)?;
    let current = store.load().map_err(store_error)?;
    let mut plan = plan(ctx, &request, current, &config, &store, summary, decisions)?;
    let mut commit = None;
    if config.git {
        let git = Git::new(project.root());
        git.preflight()?;
        store.ensure_gitignore().map_err(store_error)?;
        let head_before = git.head()?;
        if request.action == Action::Start {
            plan.status.start_commit = head_before.clone();
            plan.status.source_branch = git.branch();
        }
        let entry = plan
            .status
            .last()
            .cloned()
            .ok_or_else(|| fail(FlowMsg::NoStatus))?;
        let intent = Intent {
            version: None,
            head_before: head_before.unwrap_or_default(),
            message: request.action.message(&entry.phase, &entry.summary),
            replaces_task_id: plan.replaces.clone(),
            status: plan.status.clone(),
        };
        store.save_intent(&lock, &intent).map_err(store_error)?;
        commit = match git.commit(&intent.message) {
            Ok(commit) => commit,
            Err(error) => {
                let _ = store.remove_intent(&lock);
                return Err(error);
            }
        };
    }
    let entry = recover::finish(&store, &lock, plan.status, plan.replaces.as_ref(), commit)?;
    drop(lock);
    announce(ctx, &request, &entry, plan.replaces.as_ref());
    if request.args.json {
        print_json(&entry)?;
    }
    Ok(())
}

/// Checks the move and builds the status to write.
fn plan(
    ctx: &Ctx,
    request: &Request,
    current: Option<FlowStatus>,
    config: &FlowConfig,
    store: &FlowStore,
    summary: String,
    decisions: Vec<SessionId>,
) -> Result<Plan, CliError> {
    let now = Local::now();
    let action = request.action;
    let named = request.phase.clone().unwrap_or_default();
    let entry = |phase: String, step: u64| HistoryEntry {
        timestamp: session_timestamp(now),
        action,
        phase,
        step,
        summary: summary.clone(),
        git_commit: None,
        decisions: decisions.clone(),
        extra: Map::new(),
    };
    if action == Action::Start {
        if config.index(&named).is_none() {
            return Err(fail(FlowMsg::UnknownPhase { phase: named }));
        }
        let replaces = match &current {
            Some(old) if !request.force && !config.is_last(&old.current_phase) => {
                return Err(fail(FlowMsg::Unfinished {
                    task: old.task_id.to_string(),
                    phase: old.current_phase.clone(),
                }));
            }
            Some(old) if store.archive_exists(&old.task_id) => {
                return Err(fail(FlowMsg::ArchiveExists {
                    path: FlowStore::archive_name(&old.task_id),
                }));
            }
            Some(old) => Some(old.task_id.clone()),
            None => None,
        };
        let task_id = store.new_task_id(now, current.as_ref().map(|c| &c.task_id));
        let first = entry(named.clone(), 1);
        let status = FlowStatus {
            version: None,
            task_id,
            current_phase: named,
            current_step: 1,
            started_at: first.timestamp,
            history: vec![first],
            start_commit: None,
            source_branch: None,
            extra: Map::new(),
        };
        return Ok(Plan { status, replaces });
    }
    let mut status = current.ok_or_else(|| fail(FlowMsg::NoStatus))?;
    let from = status.current_phase.clone();
    let phase = match action {
        Action::NextPart | Action::BackPart => {
            let unknown = |phase: &str| {
                fail(FlowMsg::UnknownPhase {
                    phase: phase.to_owned(),
                })
            };
            let to = config.index(&named).ok_or_else(|| unknown(&named))?;
            let at = config.index(&from).ok_or_else(|| unknown(&from))?;
            let legal = if action == Action::NextPart {
                to == at + 1
            } else {
                to < at
            };
            if !legal {
                let (from, to) = (from.clone(), named.clone());
                return Err(fail(if action == Action::NextPart {
                    FlowMsg::BadNext { from, to }
                } else {
                    FlowMsg::BadBack { from, to }
                }));
            }
            named
        }
        _ => {
            if config.index(&from).is_none() {
                ctx.printer().warn(&Msg::Flow(FlowMsg::PhaseNotConfigured {
                    phase: from.clone(),
                }));
            }
            from
        }
    };
    status.push(entry(phase, status.current_step + 1));
    Ok(Plan {
        status,
        replaces: None,
    })
}

/// `--decision` ids: each a decided session of this project.
fn check_decisions(ctx: &Ctx, ids: &[String]) -> Result<Vec<SessionId>, CliError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let decisions = ctx.store()?;
    ids.iter()
        .map(|id| {
            let missing = || {
                fail(FlowMsg::NoDecision {
                    session: id.clone(),
                })
            };
            let session = id.trim().parse::<SessionId>().map_err(|_| missing())?;
            match decisions.records().load(&session) {
                Ok(Some(_)) => Ok(session),
                Ok(None) => Err(missing()),
                Err(error) => Err(CliError::from(error)),
            }
        })
        .collect()
}

/// The action's success line, if it has one.
fn announce(ctx: &Ctx, request: &Request, entry: &HistoryEntry, replaced: Option<&TaskId>) {
    let printer = ctx.printer();
    let flow = |msg| Msg::Flow(msg);
    let phase = entry.phase.clone();
    match request.action {
        Action::Start => {
            if let Some(task) = replaced {
                printer.info(&flow(FlowMsg::ArchivedPrevious {
                    task: task.to_string(),
                }));
            }
            printer.ok(&flow(FlowMsg::Started { phase }));
        }
        Action::NextPart => {
            printer.ok(&flow(FlowMsg::EnteredPhase { phase }));
            if let Some(session) = waiting_decision(ctx) {
                printer.warn(&flow(FlowMsg::DecisionPending { session }));
            }
        }
        Action::BackPart => printer.warn(&flow(FlowMsg::BackToPhase { phase })),
        Action::Error => printer.line_error(&flow(FlowMsg::ErrorRecorded {
            text: entry.summary.clone(),
        })),
        Action::NextStep | Action::BackStep | Action::Issue => {}
    }
}

/// A decide session the person has not answered yet: the one in
/// `pending.json`, else the newest kept aside beside it.
fn waiting_decision(ctx: &Ctx) -> Option<String> {
    let store = ctx.store().ok()?;
    let current = store
        .pending()
        .load()
        .ok()
        .and_then(|pending| match store.records().result() {
            Err(StoreError::NoResult | StoreError::Stale) => Some(pending.meta.session_id),
            _ => None,
        });
    let aside = || store.pending().kept_aside().ok()?.into_iter().next();
    current.or_else(aside).map(|session| session.to_string())
}
