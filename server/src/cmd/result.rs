use crate::decide::ctx::Ctx;
use crate::decide::error::DecideError;
use crate::decide::watch::{Awaiting, LOOK_EVERY, Seen, Target, Watch};
use crate::error::CliError;
use crate::stdout::print_json_text;
use crate::store::{DecisionStore, FileStamp, SessionHead, StoreError};
use app::i18n::{Msg, StoreMsg};
use app::{DecideOutput, SessionId, SessionState};
use std::time::{Duration, Instant};

/// How long `result` looks for the answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    /// Once (no `--wait`).
    Once,
    /// Until they are recorded or the page closes (`--wait`).
    Forever,
    /// As `Forever`, at most `secs` seconds (`--wait --timeout`).
    Until { secs: u64, at: Instant },
}

/// `aide decide result`: the answers as compact JSON on stdout, nothing
/// else. `session` binds it to one session; `wait` is `--wait`, with
/// `--timeout`'s seconds if given.
pub fn run(
    ctx: &Ctx,
    session: Option<SessionId>,
    wait: bool,
    timeout: Option<u64>,
) -> Result<(), CliError> {
    let store = ctx.store()?;
    let wait = match (wait, timeout) {
        (false, _) => Wait::Once,
        (true, None) => Wait::Forever,
        (true, Some(secs)) => Wait::Until {
            secs,
            at: Instant::now() + Duration::from_secs(secs),
        },
    };
    if let Some(session) = session {
        // Answered, and the receipt still speaks for its files: what the
        // full way would print, without reading them.
        if let Some(json) = store.records().receipt_of(&session) {
            return print_json_text(&json);
        }
        let mut watch = Watch::new(store, Target::Session(session));
        // Not the spec's command: "not yet" has its own exit code.
        let output = decided(&mut watch, wait).map_err(|error| match error {
            CliError::Service(DecideError::Store(StoreError::NoResult)) => CliError::NotYet,
            other => other,
        })?;
        return print(&output);
    }
    // Without an id: the session in pending.json, found once and then
    // waited on by its id, so a submit meanwhile cannot change it.
    if wait != Wait::Once {
        let sole = sole_session(&store)?;
        let target = match sole {
            Some(sole) => {
                sole.name(ctx);
                if let Some(json) = store.records().receipt_of(&sole.session) {
                    return print_json_text(&json);
                }
                Target::Session(sole.session)
            }
            None => Target::Pending,
        };
        let mut watch = Watch::new(store, target);
        return print(&decided(&mut watch, wait)?);
    }
    // The spec's `result`: the pending session, from the server's receipt
    // when it still names the files; no answers yet is its error, exit 1. A submit that lands between the look
    // at pending.json and the answers is seen, and the look made again, so
    // the session named is the one answered for.
    let mut tries = 0;
    loop {
        let sole = sole_session(&store)?;
        let outcome = match store.records().result_json() {
            // Not answered: withdrawn says more than "no result yet".
            Err(StoreError::NoResult) => {
                decided(&mut Watch::new(store.clone(), Target::Pending), Wait::Once).map(|output| {
                    let provisional = output.is_provisional();
                    (output.to_compact_json(), provisional)
                })
            }
            other => other.map(|json| (json, false)).map_err(CliError::from),
        };
        tries += 1;
        // An unchanged pending.json is the same session; read again only
        // when it changed (or could not be stamped).
        let unchanged = match sole.as_ref().and_then(|s| s.stamp) {
            Some(stamp) => store.pending().stamp().ok().flatten() == Some(stamp),
            None => false,
        };
        let same = unchanged || {
            let now = store.pending().session_id().ok().flatten();
            now.as_ref() == sole.as_ref().map(|s| &s.session)
        };
        if tries == 3 || same {
            if let Some(sole) = sole {
                sole.name(ctx);
            }
            let (json, provisional) = outcome?;
            print_json_text(&json)?;
            return if provisional {
                Err(CliError::Provisional)
            } else {
                Ok(())
            };
        }
    }
}

/// Prints the answers; provisional ones only (no record yet, items' rules
/// fired) end with their own exit code, after the JSON.
fn print(output: &DecideOutput) -> Result<(), CliError> {
    print_json_text(&output.to_compact_json())?;
    if output.is_provisional() {
        return Err(CliError::Provisional);
    }
    Ok(())
}

/// The one session `result` without an id speaks for.
struct Sole {
    session: SessionId,
    /// Its task, when the project has had other sessions and the session
    /// must be named.
    named: Option<String>,
    /// pending.json's stamp when it was read, if it held still.
    stamp: Option<FileStamp>,
}

impl Sole {
    /// Says on stderr which session the answers are of, if it must.
    fn name(&self, ctx: &Ctx) {
        if let Some(task) = &self.named {
            ctx.printer().info(&Msg::Store(StoreMsg::SessionNamed {
                session: self.session.to_string(),
                task: task.clone(),
            }));
        }
    }
}

/// Without a session id, `result` speaks for the session in
/// `pending.json`: refused while another session is kept aside beside it,
/// or was open at the same time (another agent's answers would pass for
/// the caller's); to be named on stderr when the project has had others.
/// `None` when pending.json names no session: the spec's path says why.
/// Only its head is read (a pending file of 1,000 items is 1.7 MB, which
/// the spec's path need not build either when the receipt answers).
fn sole_session(store: &DecisionStore) -> Result<Option<Sole>, CliError> {
    store.pending().check_alone()?;
    // The receipt names the session while pending.json is the file it
    // speaks for; else one read, so the id and the task are of one session.
    let SessionHead {
        session,
        task,
        stamp,
    } = match store.records().receipt_session() {
        Some((session, stamp)) => SessionHead {
            session,
            task: None,
            stamp: Some(stamp),
        },
        None => match store.pending().head_stamped() {
            Ok(Some(head)) => head,
            _ => return Ok(None),
        },
    };
    let beside = store.pending().open_beside(&session)?;
    if !beside.open.is_empty() {
        return Err(StoreError::SeveralPending(beside.open).into());
    }
    let named = match (beside.others, task) {
        (false, _) => None,
        (true, Some(task)) => Some(task),
        // Named from the receipt: the task from the file it speaks for.
        (true, None) => Some(
            store
                .pending()
                .head_stamped()
                .ok()
                .flatten()
                .filter(|head| head.session == session)
                .and_then(|head| head.task)
                .unwrap_or_default(),
        ),
    };
    Ok(Some(Sole {
        session,
        named,
        stamp,
    }))
}

/// The answers once recorded. Without `wait` it looks once; with it, it
/// looks until they are recorded, the server is gone without them, or the
/// deadline passes.
fn decided(watch: &mut Watch, wait: Wait) -> Result<DecideOutput, CliError> {
    loop {
        let Seen { session_id, state } = watch.look(false)?;
        match state {
            SessionState::Decided(output) => return Ok(output),
            SessionState::Replaced(by) => {
                return Err(StoreError::Replaced {
                    session: session_id,
                    by,
                }
                .into());
            }
            SessionState::Withdrawn(reason) => {
                return Err(CliError::Withdrawn {
                    session: session_id,
                    reason,
                });
            }
            SessionState::Pending(Awaiting::Closed) if wait != Wait::Once => {
                return Err(Msg::ServerClosed.into());
            }
            // The agent goes on with what the items' rules took.
            SessionState::Pending(Awaiting::Served {
                provisional: Some(output),
                ..
            }) => return Ok(output),
            SessionState::Pending(Awaiting::Closed | Awaiting::Served { .. }) => {}
        }
        match wait {
            Wait::Once => return Err(StoreError::NoResult.into()),
            Wait::Until { secs, at } if Instant::now() >= at => {
                return Err(CliError::WaitTimeout { secs });
            }
            Wait::Forever | Wait::Until { .. } => std::thread::sleep(LOOK_EVERY),
        }
    }
}
