//! Submitting a question: the input read and validated, stored as the
//! pending session (making way for it), and its page started.

use super::ctx::Ctx;
use super::serving::Started;
use super::serving::stop_server;
use super::settings::ServerSettings;
use crate::error::CliError;
use crate::store::{DecisionStore, Event, KnownProjects, StoreLock};
use app::i18n::Msg;
use app::validate::{ProjectFiles, ReadError, validate_input_with};
use app::{DecideInput, Pending, SessionId};
use std::io::Read;
use std::net::TcpListener;
use std::path::Path;

/// The input text read into its types, every error named with its field
/// path; the files its options name are read from `files`.
pub fn parse_input(text: &str, files: &dyn ProjectFiles) -> Result<DecideInput, CliError> {
    app::validate::parse_input_with(text.as_bytes(), files).map_err(|error| match error {
        ReadError::Json(error) => CliError::Json(error),
        ReadError::Invalid(errors) => CliError::Validation(errors),
    })
}

/// Stores `input` as the pending session and starts its page in the
/// background, as `submit --detach` does; returns once the page is
/// reachable.
pub fn submit_detached(
    ctx: &Ctx,
    input: DecideInput,
    settings: &ServerSettings,
    replace: bool,
) -> Result<Started, CliError> {
    let store = ctx.store()?;
    // The lock is held until the background server is registered.
    let (_lock, pending, listener) = store_pending(ctx, &store, input, replace, settings)?;
    // The background server binds the range again (under the lock, so no
    // other aide takes the port meanwhile).
    drop(listener);
    let root = ctx.project()?.root();
    super::detach::start(&store, root, &pending, settings, ctx.printer)
}

/// Makes way for a new session, binds its port and stores it. The lock
/// returned is held until the new server is registered: a second submit
/// waits, then finds it serving, and keeps it aside rather than
/// overwriting it. The port is bound before anything is stored: when none
/// is free, the store is left as it was (the old session, its receipt, no
/// ledger line).
pub(crate) fn store_pending(
    ctx: &Ctx,
    store: &DecisionStore,
    input: DecideInput,
    replace: bool,
    settings: &ServerSettings,
) -> Result<(StoreLock, Pending, TcpListener), CliError> {
    let lock = store.lock()?;
    let way = make_way(store, replace, ctx)?;
    let listener = super::serving::bind(settings, store)?;
    if let Way::KeepAside(old) = &way {
        store.keep_aside(&lock, old)?;
    }
    let (pending, replaced) = store.save_pending(&lock, input, chrono::Local::now())?;
    let printer = ctx.printer;
    let session_id = pending.meta.session_id.clone();
    printer.logged(store.log(&Event::Submitted {
        session_id: session_id.clone(),
        task: pending.input.task().to_owned(),
        items: pending.input.items().len(),
    }));
    // The session in pending.json unless it was kept aside, and those kept
    // aside earlier whose servers are gone: none will be answered now.
    let retired = store.retire_unserved(&lock)?;
    for old in replaced.into_iter().chain(retired) {
        printer.logged(store.log(&Event::Replaced {
            session_id: old,
            by: session_id.clone(),
        }));
    }
    // On the per-user list `search --all-projects` reads; a list that
    // cannot be written costs only that.
    if let Some(known) = KnownProjects::locate(|name| std::env::var(name).ok()) {
        let _ = known.remember(&store.project_root());
    }
    if let Way::KeepAside(old) = way {
        printer.info(&Msg::KeptAside {
            session: old.to_string(),
        });
    }
    Ok((lock, pending, listener))
}

/// What becomes of the session in `pending.json` when a new one arrives.
enum Way {
    /// The new session takes its place: there is none, it is answered or
    /// withdrawn, nobody serves it any more, or `--replace` stopped its
    /// server (it is logged replaced unless answered).
    Take,
    /// Its page still waits for the person: it is kept aside and served on.
    KeepAside(SessionId),
}

/// A live server keeps its unanswered session beside the new one, unless
/// `replace` stops it; a server whose page is answered (finishing its grace
/// period) is simply stopped. An older aide's server cannot follow its
/// session aside: its session is kept in place, as that aide would.
fn make_way(store: &DecisionStore, replace: bool, ctx: &Ctx) -> Result<Way, CliError> {
    let Some(current) = store.pending_head()? else {
        return Ok(Way::Take);
    };
    let Some(live) = store.server_for(&current)? else {
        return Ok(Way::Take);
    };
    let answered = store.has_record(&current)?;
    if !answered && store.withdrawal(&current)?.is_some() {
        // Its server is stopping and tells its pages why.
        return Ok(Way::Take);
    }
    if !answered && !replace {
        if store.served_by_older_aide(&current)? {
            return Err(Msg::AlreadyServing { url: live.url }.into());
        }
        return Ok(Way::KeepAside(current));
    }
    stop_server(store, &live)?;
    if !answered {
        ctx.printer.info(&Msg::StoppedOld { url: live.url });
    }
    Ok(Way::Take)
}

/// The input text: `-` reads stdin, text starting with `{` or `[` is the
/// JSON itself, anything else is a file path.
pub fn read_input(arg: &str) -> Result<String, CliError> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| Msg::ReadInput {
                source: "stdin".into(),
                detail: error.to_string(),
            })?;
        return Ok(text);
    }
    let trimmed = arg.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') || trimmed.is_empty() {
        return Ok(arg.to_owned());
    }
    let path = Path::new(arg);
    if !path.exists() {
        return Err(Msg::NotJsonNorFile {
            arg: arg.to_owned(),
        }
        .into());
    }
    std::fs::read_to_string(path).map_err(|error| {
        Msg::ReadInput {
            source: arg.to_owned(),
            detail: error.to_string(),
        }
        .into()
    })
}

/// Arguments already parsed as JSON (an MCP tool's) read into the input;
/// the files its options name are read from `files`.
pub fn input_from_value(
    value: &serde_json::Value,
    files: &dyn ProjectFiles,
) -> Result<DecideInput, CliError> {
    validate_input_with(value, files).map_err(CliError::Validation)
}
