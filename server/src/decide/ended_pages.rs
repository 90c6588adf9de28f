//! `aide decide serve-ended` (internal): the one process that serves every
//! ended page of this user, each on the listening socket its question's
//! server handed over (`ended_page.rs`), behind the door in the per-user
//! folder (`store`'s `port_lease.rs`). A server wanting one of those ports
//! gets the same socket back. The process stops once it serves no page
//! (or none came soon after it started), or on a stop signal. Unix only.
//!
//! One task owns what is held (the pages by address); each visitor's
//! exchange and each page run in tasks of their own.

use super::ended_page::EndedPage;
use super::error::DecideError;
use crate::store::{Door, DoorSays, Knock, Project, Registry, Visit};
use crate::web::{Access, AppState, ENDED_PAGE_FOR, HandBack, Signals, serve_ended};
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::os::fd::{AsFd, OwnedFd};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinSet;

/// How long a new process waits for the page it was started for.
const FIRST_PAGE_WITHIN: Duration = Duration::from_secs(10);

/// How long the pages and the exchanges under way may take to finish once
/// the process stops: a page's drain, a visitor's last message.
const FINISH_WITHIN: Duration = Duration::from_secs(10);

/// `aide decide serve-ended`: reads the registry's folder from stdin,
/// opens its door (`opened` is called then: its starter waits for it) and
/// serves the pages handed in. Says nothing else: nobody reads it.
pub fn run(opened: impl FnOnce()) -> Result<(), DecideError> {
    use std::io::Read;
    use std::os::unix::ffi::OsStringExt;
    let mut dir = Vec::new();
    std::io::stdin()
        .take(64 * 1024)
        .read_to_end(&mut dir)
        .map_err(DecideError::server)?;
    let registry = Registry::at(std::ffi::OsString::from_vec(dir).into());
    super::runtime()?.block_on(async move {
        let signals = Signals::listen(false);
        let Some(door) = registry.open_door()? else {
            return Ok(());
        };
        opened();
        serve_pages(door, signals).await;
        Ok(())
    })
}

/// A page being served, as the door knows it: asked for its port through
/// `take`.
struct Held {
    id: u64,
    take: oneshot::Sender<HandBack>,
}

/// A visitor's knock, read, with the descriptor that came with it.
type Knocked = (Knock, Option<OwnedFd>, Visit);

/// Serves the pages handed in at `door` until none is left, or a signal.
async fn serve_pages(door: Door, signals: Signals) {
    let (stop, stopping) = watch::channel(false);
    let mut pages: JoinSet<(SocketAddr, u64)> = JoinSet::new();
    let mut held: HashMap<SocketAddr, Held> = HashMap::new();
    // The exchanges with visitors, each in its own task, waited for before
    // the process ends: a socket being handed back is never dropped.
    let mut visits: JoinSet<()> = JoinSet::new();
    let (knocked, mut knocks) = mpsc::channel::<Knocked>(16);
    let signals = signals.recv();
    tokio::pin!(signals);
    let first_page = tokio::time::sleep(FIRST_PAGE_WITHIN);
    tokio::pin!(first_page);
    let mut served = 0u64;
    loop {
        tokio::select! {
            () = &mut signals => break,
            () = &mut first_page, if served == 0 => break,
            visitor = door.visitor() => {
                if let Ok(visit) = visitor {
                    let knocked = knocked.clone();
                    visits.spawn(async move {
                        let read = tokio::task::spawn_blocking(move || {
                            visit.receive::<Knock>().map(|(knock, fd)| (knock, fd, visit))
                        });
                        if let Ok(Ok(read)) = read.await {
                            let _ = knocked.send(read).await;
                        }
                    });
                }
            }
            Some((knock, fd, visit)) = knocks.recv() => match knock {
                Knock::Serve(page) => {
                    let Some(listener) = fd.map(TcpListener::from) else { continue };
                    let Ok(addr) = listener.local_addr() else { continue };
                    served += 1;
                    let (take, asked) = oneshot::channel();
                    held.insert(addr, Held { id: served, take });
                    let id = served;
                    let stopping = stopping.clone();
                    pages.spawn(async move {
                        serve_page(listener, page, asked, stopping).await;
                        (addr, id)
                    });
                    visits.spawn(say(visit, DoorSays::Serving, None));
                }
                Knock::Take(addr) => {
                    let exact = held.remove(&addr);
                    let mut others = Vec::new();
                    if exact.is_none() {
                        let on_port: Vec<SocketAddr> =
                            held.keys().filter(|a| a.port() == addr.port()).copied().collect();
                        others.extend(on_port.iter().filter_map(|a| held.remove(a)));
                    }
                    visits.spawn(hand_back(visit, exact, others));
                }
            },
            Some(ended) = pages.join_next() => {
                if let Ok((addr, id)) = ended
                    && held.get(&addr).is_some_and(|h| h.id == id)
                {
                    held.remove(&addr);
                }
                if pages.is_empty() {
                    break;
                }
            }
        }
    }
    // Nobody knocks at a process that is leaving; the pages stop, and the
    // exchanges under way finish.
    drop(door);
    drop(knocks);
    let _ = stop.send(true);
    let finishing = async {
        while pages.join_next().await.is_some() {}
        while visits.join_next().await.is_some() {}
    };
    let _ = tokio::time::timeout(FINISH_WITHIN, finishing).await;
}

/// Answers a `Take`: the page bound to the very address hands its socket
/// back, which goes to the visitor and is closed here only once sent;
/// else the pages on that port (bound to other addresses) close theirs.
async fn hand_back(visit: Visit, exact: Option<Held>, others: Vec<Held>) {
    let (says, listener) = match exact {
        Some(page) => match ask(page).await {
            Some(listener) => (DoorSays::Handed, Some(listener)),
            // It stopped meanwhile, its socket closed.
            None => (DoorSays::LetGo, None),
        },
        None if others.is_empty() => (DoorSays::NotHeld, None),
        None => {
            for page in others {
                drop(ask(page).await);
            }
            (DoorSays::LetGo, None)
        }
    };
    say(visit, says, listener).await;
}

/// The listening socket of `page`, once it has stopped accepting on it.
async fn ask(page: Held) -> Option<TcpListener> {
    let (hand_back, handed) = oneshot::channel();
    page.take.send(hand_back).ok()?;
    handed.await.ok()
}

/// Says `says` to `visit`, with `listener` if any; this copy of it is
/// closed once sent.
async fn say(visit: Visit, says: DoorSays, listener: Option<TcpListener>) {
    let _ =
        tokio::task::spawn_blocking(move || visit.send(&says, listener.as_ref().map(AsFd::as_fd)))
            .await;
}

/// Serves one ended page on `listener`, once its session is read and its
/// ending confirmed by the store; a page whose project or ending is gone
/// is not served (its socket closes). Asked for its port meanwhile, it
/// hands the socket back at once.
async fn serve_page(
    listener: TcpListener,
    page: Box<RawValue>,
    mut take: oneshot::Receiver<HandBack>,
    mut stopping: watch::Receiver<bool>,
) {
    let Ok(port) = listener.local_addr().map(|addr| addr.port()) else {
        return;
    };
    let prepared = tokio::task::spawn_blocking(move || prepare(&page, port));
    let state = tokio::select! {
        asked = &mut take => {
            if let Ok(hand_back) = asked {
                let _ = hand_back.send(listener);
            }
            return;
        }
        prepared = prepared => match prepared {
            Ok(Some(state)) => state,
            _ => return,
        },
    };
    // Only an ending the store confirms is served on.
    if !matches!(state.settle().await, Ok(Some(_))) {
        return;
    }
    let stop = async move {
        let _ = stopping.wait_for(|stop| *stop).await;
    };
    let _ = serve_ended(listener, state, take, stop, ENDED_PAGE_FOR).await;
}

/// The state of `page` on `port`: its session validated (once, here), its
/// project's store, and its ending there (answered or withdrawn); `None`
/// for a page that is not to be served.
fn prepare(page: &RawValue, port: u16) -> Option<AppState> {
    let page: EndedPage<Box<RawValue>> = serde_json::from_str(page.get()).ok()?;
    let pending = app::validate::parse_pending(page.pending.get().as_bytes()).ok()?;
    // That very folder, not one above it.
    let project = Project::find(&page.project)
        .ok()
        .filter(|project| project.root() == page.project)?;
    let store = project.decisions().ok()?;
    let id = &pending.meta.session_id;
    let ended = store.records().exists(id).ok()? || store.pending().withdrawal(id).ok()?.is_some();
    if store.is_gone() || !ended {
        return None;
    }
    let access = Access::with_key(page.key, port, page.public_url.as_deref());
    Some(AppState::for_ended(
        store,
        pending,
        page.lang.into(),
        access,
    ))
}
