use super::ctx::Ctx;
use crate::error::CliError;
use crate::stdout::print_data;
use crate::store::{DecisionStore, FileStamp, StoreError};
use app::i18n::Msg;
use app::{DecideOutput, Pending};
use std::time::{Duration, Instant};

/// How often `--wait` looks at the files.
const POLL: Duration = Duration::from_millis(100);

/// `aide decide result`: the answers as compact JSON on stdout, nothing
/// else. `wait` is `Some(timeout)` with `--wait`.
pub fn run(ctx: &Ctx, wait: Option<Option<u64>>) -> Result<(), CliError> {
    let store = ctx.store()?;
    let json = match wait {
        None => store.result_json()?,
        Some(timeout) => wait_for(&store, timeout)?.to_compact_json(),
    };
    print_data(&json)
}

/// Blocks until the pending session's answers exist, its server is gone
/// without them, or `timeout` seconds pass.
fn wait_for(store: &DecisionStore, timeout: Option<u64>) -> Result<DecideOutput, CliError> {
    let until = timeout.map(|secs| (secs, Instant::now() + Duration::from_secs(secs)));
    // Read again only when a submit replaced it: a poll is two `stat`s.
    let mut known: Option<(FileStamp, Pending)> = None;
    loop {
        let stamp = store.pending_stamp()?.ok_or(StoreError::NoPending)?;
        let pending = match known {
            Some((at, pending)) if at == stamp => pending,
            _ => store.load_pending()?,
        };
        if let Some(output) = answers(store, &pending)? {
            return Ok(output);
        }
        let served = store
            .running_server()?
            .is_some_and(|live| live.session_id == pending.meta.session_id);
        if !served {
            // The server may have recorded the answers just before leaving.
            return answers(store, &pending)?.ok_or(Msg::ServerClosed.into());
        }
        if let Some((secs, until)) = until
            && Instant::now() >= until
        {
            return Err(CliError::WaitTimeout { secs });
        }
        known = Some((stamp, pending));
        std::thread::sleep(POLL);
    }
}

/// The answers if recorded for the pending session; a record of an older
/// session is never returned.
pub(crate) fn answers(
    store: &DecisionStore,
    pending: &Pending,
) -> Result<Option<DecideOutput>, CliError> {
    match store.result_for(pending) {
        Ok(output) => Ok(Some(output)),
        Err(StoreError::NoResult | StoreError::Stale) => Ok(None),
        Err(other) => Err(other.into()),
    }
}
