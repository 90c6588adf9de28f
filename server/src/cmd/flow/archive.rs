//! `aide flow archive`: moves the active task to `.aide/logs/`.

use super::{Ctx, LOCK_WAIT, fail, open, recover, store_error};
use crate::error::CliError;
use crate::store::flow::FlowStore;
use app::i18n::{FlowMsg, Msg};

pub fn run(ctx: &Ctx, force: bool) -> Result<(), CliError> {
    let (_, store, config) = open(ctx)?;
    let lock = store.lock(LOCK_WAIT).map_err(store_error)?;
    recover::run(ctx, &store, &lock, &config)?;
    let status = store
        .load()
        .map_err(store_error)?
        .ok_or_else(|| fail(FlowMsg::NothingToArchive))?;
    if !force && !config.is_last(&status.current_phase) {
        return Err(fail(FlowMsg::Unfinished {
            task: status.task_id.to_string(),
            phase: status.current_phase,
        }));
    }
    if store.archive_exists(&status.task_id) {
        return Err(fail(FlowMsg::ArchiveExists {
            path: FlowStore::archive_name(&status.task_id),
        }));
    }
    store.archive(&lock, &status.task_id).map_err(store_error)?;
    ctx.printer().ok(&Msg::Flow(FlowMsg::TaskArchived {
        task: status.task_id.to_string(),
    }));
    Ok(())
}
