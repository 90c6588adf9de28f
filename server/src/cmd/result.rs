use super::ctx::Ctx;
use super::watch::{Seen, Target, Watch};
use crate::error::CliError;
use crate::stdout::print_json_text;
use crate::store::{DecisionStore, StoreError};
use app::i18n::{Msg, StoreMsg};
use app::{DecideOutput, SessionId};
use std::time::{Duration, Instant};

/// How often `--wait` looks at the files.
const POLL: Duration = Duration::from_millis(100);

/// `aide decide result`: the answers as compact JSON on stdout, nothing
/// else. `session` binds it to one session; `wait` is `Some(timeout)` with
/// `--wait`.
pub fn run(
    ctx: &Ctx,
    session: Option<SessionId>,
    wait: Option<Option<u64>>,
) -> Result<(), CliError> {
    let store = ctx.store()?;
    if session.is_none() {
        sole_session(ctx, &store)?;
    }
    let json = match (session, wait) {
        // The spec's `result`: the pending session, from the server's
        // receipt when it still names the files.
        (None, None) => match store.result_json() {
            // Not answered: withdrawn says more than "no result yet".
            Err(StoreError::NoResult) => {
                decided(&mut Watch::new(store, Target::Pending), None)?.to_compact_json()
            }
            other => other?,
        },
        (session, wait) => {
            let target = session.map_or(Target::Pending, Target::Session);
            let mut watch = Watch::new(store, target);
            let deadline = wait.map(|timeout| {
                timeout.map(|secs| (secs, Instant::now() + Duration::from_secs(secs)))
            });
            decided(&mut watch, deadline)?.to_compact_json()
        }
    };
    print_json_text(&json)
}

/// Without a session id, `result` speaks for the session in
/// `pending.json`: refused while another session is kept aside beside it,
/// or was open at the same time (another agent's answers would pass for
/// the caller's); named on stderr when the project has had other sessions.
fn sole_session(ctx: &Ctx, store: &DecisionStore) -> Result<(), CliError> {
    store.check_alone()?;
    let Some(session) = store.pending_session_id()? else {
        return Ok(());
    };
    let beside = store.open_beside(&session)?;
    if !beside.open.is_empty() {
        return Err(StoreError::SeveralPending(beside.open).into());
    }
    if beside.others {
        let task = store
            .load_pending()
            .map(|pending| pending.input.task().to_owned())
            .unwrap_or_default();
        ctx.printer.info(&Msg::Store(StoreMsg::SessionNamed {
            session: session.to_string(),
            task,
        }));
    }
    Ok(())
}

/// The answers once recorded. Without `wait` it looks once; with it, it
/// looks until they are recorded, the server is gone without them, or the
/// deadline passes.
fn decided(
    watch: &mut Watch,
    wait: Option<Option<(u64, Instant)>>,
) -> Result<DecideOutput, CliError> {
    loop {
        match watch.look(false)? {
            Seen::Decided { output, .. } => return Ok(output),
            Seen::Replaced { session_id, by } => {
                return Err(StoreError::Replaced {
                    session: session_id,
                    by,
                }
                .into());
            }
            Seen::Withdrawn { session_id, reason } => {
                return Err(CliError::Withdrawn {
                    session: session_id,
                    reason,
                });
            }
            Seen::Closed { .. } if wait.is_some() => return Err(Msg::ServerClosed.into()),
            Seen::Closed { .. } | Seen::Pending { .. } => {}
        }
        let Some(deadline) = wait else {
            return Err(StoreError::NoResult.into());
        };
        if let Some((secs, until)) = deadline
            && Instant::now() >= until
        {
            return Err(CliError::WaitTimeout { secs });
        }
        std::thread::sleep(POLL);
    }
}
