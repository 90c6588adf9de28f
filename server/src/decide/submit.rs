//! Submitting a question: the input read and validated, stored as the
//! pending session (making way for it), and its page started.

use super::ctx::Ctx;
use super::error::DecideError;
use super::report::{Happened, Started};
use super::settings::ServerSettings;
use super::stop::stop_server;
use crate::store::{DecisionStore, Event, KnownProjects, StoreLock, SubmitUndo};
use app::i18n::Msg;
use app::{DecideInput, Decision, Pending, SessionId};
use std::net::TcpListener;

/// Stores `input` as the pending session and starts its page in the
/// background, as `submit --detach` does; returns once the page is
/// reachable.
pub fn submit_detached(
    ctx: &Ctx,
    input: DecideInput,
    settings: &ServerSettings,
    replace: bool,
    ruled: &[Decision],
    told: &mut Vec<Happened>,
) -> Result<Started, DecideError> {
    let store = ctx.store()?;
    // The lock is held until the background server is registered.
    let stored = store_pending(&store, input, replace, settings, ruled, told)?;
    // The background server binds the range again (under the lock, so no
    // other aide takes the port meanwhile).
    drop(stored.listener);
    let root = ctx.project()?.root();
    let session = &stored.pending.meta.session_id;
    match super::detach::start(&store, root, &stored.pending, settings, told) {
        Ok(started) => {
            store.pending().keep_submit(&stored.lock, stored.undo);
            Ok(started)
        }
        // Its server never came up (a full disk): nothing of it is kept.
        Err(error) => {
            put_back(&store, &stored.lock, stored.undo, Some(session), told);
            match error {
                // It could not even write why to its log.
                DecideError::Background { said, code }
                    if said.as_deref().is_none_or(|text| text.trim().is_empty()) =>
                {
                    Err(Msg::DetachSilent { code }.into())
                }
                error => Err(error),
            }
        }
    }
}

/// Puts back what a failed submit changed (`undo`), and tells what of
/// that failed: the submit's own failure is what it returns.
pub(super) fn put_back(
    store: &DecisionStore,
    lock: &StoreLock,
    undo: SubmitUndo,
    session: Option<&SessionId>,
    told: &mut Vec<Happened>,
) {
    told.extend(
        store
            .pending()
            .undo_submit(lock, undo, session)
            .err()
            .map(Happened::NotLogged),
    );
}

/// A submit stored under the store lock, its port held: the lock is held
/// until the new server is registered, and what it changed is put back
/// (`undo`) if that never happens.
pub(crate) struct Stored {
    pub lock: StoreLock,
    pub pending: Pending,
    pub listener: TcpListener,
    pub undo: SubmitUndo,
}

/// Makes way for a new session, binds its port and stores it. The lock
/// returned is held until the new server is registered: a second submit
/// waits, then finds it serving, and keeps it aside rather than
/// overwriting it. The port is bound before anything is stored: when none
/// is free, the store is left as it was (the old session, its receipt, no
/// ledger line). `ruled`: the items the person's rulings answered (not
/// all), kept beside the session for its page and `result`.
pub(crate) fn store_pending(
    store: &DecisionStore,
    input: DecideInput,
    replace: bool,
    settings: &ServerSettings,
    ruled: &[Decision],
    told: &mut Vec<Happened>,
) -> Result<Stored, DecideError> {
    let lock = store.lock()?;
    let way = make_way(store, replace, told)?;
    let listener = super::port::bind(settings, store)?;
    let mut undo = store.pending().begin_submit(&lock)?;
    let saved = (|| {
        if let Way::KeepAside(old) = &way {
            store.pending().keep_aside(&lock, old)?;
            undo.kept_aside(old);
        }
        store.pending().save(&lock, input, chrono::Local::now())
    })();
    let (pending, replaced) = match saved {
        Ok(saved) => saved,
        // A full disk: the session kept aside goes back, nothing is stored.
        Err(error) => {
            put_back(store, &lock, undo, None, told);
            return Err(error.into());
        }
    };
    let session_id = pending.meta.session_id.clone();
    if !ruled.is_empty()
        && let Err(error) = store.pending().save_ruled(&lock, &session_id, ruled)
    {
        put_back(store, &lock, undo, Some(&session_id), told);
        return Err(error.into());
    }
    told.extend(
        store
            .ledger()
            .log(&Event::Submitted {
                session_id: session_id.clone(),
                task: pending.input.task().to_owned(),
                items: pending.input.items().len(),
            })
            .err()
            .map(Happened::NotLogged),
    );
    if !ruled.is_empty() {
        told.extend(
            store
                .ledger()
                .log(&ruled_event(&session_id, ruled))
                .err()
                .map(Happened::NotLogged),
        );
    }
    // The session in pending.json unless it was kept aside, and those kept
    // aside earlier whose servers are gone: none will be answered now.
    let retired = store.pending().retire_unserved(&lock)?;
    for old in replaced.into_iter().chain(retired) {
        told.extend(
            store
                .ledger()
                .log(&Event::Replaced {
                    session_id: old,
                    by: session_id.clone(),
                })
                .err()
                .map(Happened::NotLogged),
        );
    }
    // On the per-user list `search --all-projects` reads; a list that
    // cannot be written costs only that.
    if let Some(known) = KnownProjects::locate(|name| std::env::var(name).ok()) {
        let _ = known.remember(&store.project_root());
    }
    if let Way::KeepAside(session) = way {
        told.push(Happened::KeptAside { session });
    }
    Ok(Stored {
        lock,
        pending,
        listener,
        undo,
    })
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
fn make_way(
    store: &DecisionStore,
    replace: bool,
    told: &mut Vec<Happened>,
) -> Result<Way, DecideError> {
    let Some(current) = store.pending().head()? else {
        return Ok(Way::Take);
    };
    let Some(live) = store.servers().for_session(&current)? else {
        return Ok(Way::Take);
    };
    let answered = store.records().exists(&current)?;
    if !answered && store.pending().withdrawal(&current)?.is_some() {
        // Its server is stopping and tells its pages why.
        return Ok(Way::Take);
    }
    if !answered && !replace {
        if store.servers().served_by_older_aide(&current)? {
            return Err(Msg::AlreadyServing { url: live.url }.into());
        }
        return Ok(Way::KeepAside(current));
    }
    stop_server(store, &live)?;
    if !answered {
        told.push(Happened::StoppedOld { url: live.url });
    }
    Ok(Way::Take)
}

/// The ledger's line for the rulings that answered `decisions` of
/// `session_id`.
pub(crate) fn ruled_event(session_id: &SessionId, decisions: &[Decision]) -> Event {
    let rulings = decisions
        .iter()
        .filter_map(|d| match d.by() {
            app::By::Ruling(by) => Some(by.ruling.clone()),
            app::By::Person | app::By::Provisional(_) | app::By::Overturned(_) => None,
        })
        .collect();
    Event::Ruled {
        session_id: session_id.clone(),
        rulings,
    }
}
