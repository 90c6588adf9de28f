//! Finishing an action: the status write after its commit (`finish`), and
//! the repair of an action interrupted between the two (flow.md §3.1),
//! using the intent it left.

use super::git::Git;
use super::{Ctx, LOCK_WAIT, fail, store_error};
use crate::config::flow::FlowConfig;
use crate::error::CliError;
use crate::store::flow::{FlowLock, FlowStatus, FlowStore, HistoryEntry, Intent, TaskId};
use app::i18n::{FlowMsg, Msg};

/// How long recovery waits for a git left running by a killed action.
const SETTLE: std::time::Duration = std::time::Duration::from_secs(2);

/// Under the lock: finishes or drops a left intent.
pub fn run(
    ctx: &Ctx,
    store: &FlowStore,
    lock: &FlowLock,
    config: &FlowConfig,
) -> Result<(), CliError> {
    let Some(intent) = store.load_intent().map_err(store_error)? else {
        return Ok(());
    };
    let active = store.load().map_err(store_error)?;
    let written = active.is_some_and(|a| {
        a.task_id == intent.status.task_id && a.current_step == intent.status.current_step
    });
    if written {
        return store.remove_intent(lock).map_err(store_error);
    }
    let (action, summary) = intent
        .status
        .last()
        .map(|e| (e.action.name().to_owned(), e.summary.clone()))
        .unwrap_or_default();
    let root = store_root(ctx)?;
    let commit = if config.git {
        committed(&Git::new(root), &intent)
    } else {
        None
    };
    match commit {
        Some(hash) => {
            let replaces = intent.replaces_task_id.clone();
            finish(store, lock, intent.status, replaces.as_ref(), Some(hash))?;
            ctx.printer()
                .warn(&Msg::Flow(FlowMsg::Recovered { action, summary }));
        }
        None => {
            store.remove_intent(lock).map_err(store_error)?;
            ctx.printer()
                .warn(&Msg::Flow(FlowMsg::Dropped { action, summary }));
        }
    }
    Ok(())
}

/// For read-only commands: recovers only if an intent was left.
pub fn if_needed(ctx: &Ctx, store: &FlowStore, config: &FlowConfig) -> Result<(), CliError> {
    if !store.has_intent() {
        return Ok(());
    }
    let lock = store.lock(LOCK_WAIT).map_err(store_error)?;
    run(ctx, store, &lock, config)
}

fn store_root(ctx: &Ctx) -> Result<&std::path::Path, CliError> {
    Ok(ctx.project()?.root())
}

/// HEAD, if it is the intent's commit: its subject, right on top of the
/// HEAD the action started from.
fn committed(git: &Git, intent: &Intent) -> Option<String> {
    git.settle(SETTLE);
    let head = git.head().ok()??;
    if head == intent.head_before {
        return None;
    }
    let parent = git.parent().ok()?.unwrap_or_default();
    let subject = git.subject().ok()??;
    (parent == intent.head_before && subject == intent.message).then_some(head)
}

/// Archives the replaced task, writes the status with the commit's hash and
/// removes the intent; returns the new entry.
pub fn finish(
    store: &FlowStore,
    lock: &FlowLock,
    mut status: FlowStatus,
    replaces: Option<&TaskId>,
    commit: Option<String>,
) -> Result<HistoryEntry, CliError> {
    if let Some(old) = replaces {
        let active = store.load().map_err(store_error)?;
        if active.is_some_and(|a| a.task_id == *old) {
            store.archive(lock, old).map_err(store_error)?;
        }
    }
    if let Some(last) = status.history.last_mut() {
        last.git_commit = commit;
    }
    store.save(lock, &status).map_err(store_error)?;
    store.remove_intent(lock).map_err(store_error)?;
    status.history.pop().ok_or_else(|| fail(FlowMsg::NoStatus))
}
