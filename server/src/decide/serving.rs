//! Serving a pending session in this process, until it ends.

use super::error::DecideError;
use super::report::{Ending, Happened, Listener, Started, logged};
use super::settings::ServerSettings;
use crate::store::{
    DecisionStore, Event, FileStamp, Listed, LiveNotice, RegisterError, Registry, Secret,
    ServerInfo, StoreLock, SubmitUndo,
};
use crate::web::{Access, AppState, PageLang, Signals, StopWhen, Stopped, serve};
use app::i18n::{AgentMsg, Msg};
use app::{Lang, Pending, SessionId};
use std::net::TcpListener;

/// Who started a page server, and so who holds the store lock while it
/// starts.
pub enum Launch {
    /// A command in the terminal, with the lock it took to check that no
    /// other server serves the session: let go once this one is
    /// registered. A hang-up (the terminal closing) stops the server.
    Foreground(StoreLock),
    /// `submit` in the terminal: the lock it stored the session under, and
    /// what it changed, put back if the page never comes up (a full disk
    /// keeping the server from registering), so a failed submit stores
    /// nothing.
    Submitted(StoreLock, SubmitUndo),
    /// The background server of `--detach`: its parent holds the lock,
    /// and it keeps serving when the terminal hangs up.
    Detached,
}

impl Launch {
    /// Lets go of the store lock, if this launch holds it: the server is
    /// registered, and other commands may look at the store. A submit's
    /// changes stay.
    fn let_go(self, store: &DecisionStore) {
        match self {
            Launch::Foreground(lock) => drop(lock),
            Launch::Submitted(lock, undo) => store.keep_submit(&lock, undo),
            Launch::Detached => {}
        }
    }

    /// The page never came up: a submit's changes are put back, under the
    /// lock it still holds.
    fn abandon(self, store: &DecisionStore, session: &SessionId, report: &dyn Listener) {
        if let Launch::Submitted(lock, undo) = self {
            logged(report, store.undo_submit(&lock, undo, Some(session)));
        }
    }

    /// Whether a hang-up (the terminal closing) stops the server.
    fn in_terminal(&self) -> bool {
        !matches!(self, Launch::Detached)
    }
}

/// The session a server is to serve, and the port held for it (`bind`).
pub struct ToServe<'a> {
    pub pending: &'a Pending,
    /// That of the `pending.json` `pending` was read from, if known.
    pub stamp: Option<FileStamp>,
    pub listener: TcpListener,
}

/// Publishes the server notice, says the page is reachable and serves
/// until the session ends: answered, withdrawn, timed out, stopped by a
/// signal or its project gone (pending left intact unless answered or
/// withdrawn). How it ended is said (`Happened::Ended`) while the server
/// is still registered, and returned.
pub fn serve_here(
    store: DecisionStore,
    to_serve: ToServe<'_>,
    settings: &ServerSettings,
    lang: Lang,
    launch: Launch,
    report: &dyn Listener,
) -> Result<Ending, DecideError> {
    let ToServe {
        pending,
        stamp,
        listener,
    } = to_serve;
    let runtime = match super::runtime() {
        Ok(runtime) => runtime,
        Err(error) => {
            launch.abandon(&store, &pending.meta.session_id, report);
            return Err(error);
        }
    };
    runtime.block_on(async {
        // Caught from here on, before the address is told.
        let signals = Signals::listen(launch.in_terminal());
        let registered = (|| {
            let addr = listener.local_addr().map_err(DecideError::server)?;
            let public = settings.public_url(addr.port());
            let access = settings
                .access(addr.port(), public.as_deref())
                .map_err(DecideError::server)?;
            let info = server_info(pending, addr, &access, settings);
            let (listing, notice) = publish(&store, settings, pending, &info, report)?;
            Ok((addr, public, access, info, listing, notice))
        })();
        let (addr, public, access, info, listing, _notice) = match registered {
            Ok(registered) => registered,
            Err(error) => {
                launch.abandon(&store, &pending.meta.session_id, report);
                return Err(error);
            }
        };
        launch.let_go(&store);
        let person = settings.person_lang(pending);
        report.say(Happened::Serving(Started {
            session_id: pending.meta.session_id.clone(),
            message: for_person(
                pending,
                &info.url,
                settings.reach.tunnel(addr.port()),
                person,
            ),
            url: info.url.clone(),
            port: addr.port(),
            pid: info.pid,
            lang: person,
        }));
        if !crate::web::assets_embedded() {
            report.say(Happened::NoBundle);
        }
        let page_lang = PageLang {
            chosen: settings.lang,
            fallback: lang,
        };
        let handover = super::ended_page::Handover::new(
            pending,
            &access,
            public.clone(),
            page_lang,
            settings.registry.as_ref(),
        );
        let state = AppState::new(store.clone(), pending.clone(), stamp, page_lang, access);
        if let Some(registry) = settings.registry.clone() {
            state.list_others_from(registry);
        }
        if let Some(listing) = listing {
            unlist_when_ended(&state, listing);
        }
        let stop = StopWhen {
            timeout: settings.timeout,
            signals,
        };
        let (stopped, listener) = serve(listener, state, stop)
            .await
            .map_err(DecideError::server)?;
        let ended = EndedServing {
            store: &store,
            session_id: pending.meta.session_id.clone(),
            handover: handover.map(|handover| (handover, listener)),
        };
        let ending = ended.ending(stopped, report);
        report.say(Happened::Ended(ending.clone()));
        Ok(ending)
    })
}

/// What this server publishes about itself once it listens on `addr`.
fn server_info(
    pending: &Pending,
    addr: std::net::SocketAddr,
    access: &Access,
    settings: &ServerSettings,
) -> ServerInfo {
    ServerInfo {
        pid: std::process::id(),
        session_id: pending.meta.session_id.clone(),
        url: access.page_url(&settings.page_url(addr.port())),
        addr,
        started_at: crate::store::timestamp(chrono::Local::now()),
        key: Some(Secret::new(access.key().to_owned())),
        relay: Some(Secret::new(access.relay().to_owned())),
    }
}

/// Lists the question for the person (while it is open: the entry goes
/// the moment the session ends, or the server does), then publishes the
/// project's server notice, refused while another server serves the
/// session. Listed first, so a `--detach` that returns once it sees the
/// notice finds the question listed too.
fn publish(
    store: &DecisionStore,
    settings: &ServerSettings,
    pending: &Pending,
    info: &ServerInfo,
    report: &dyn Listener,
) -> Result<(Option<LiveNotice>, LiveNotice), DecideError> {
    let listing = settings
        .registry
        .as_ref()
        .and_then(|registry| list(registry, store, pending, info, report));
    // Logged before the notice can be seen: once `--detach` returns (it
    // waits for the notice), the ledger says the session is served.
    let served = || {
        logged(
            report,
            store.log(&Event::Served {
                session_id: pending.meta.session_id.clone(),
                pid: info.pid,
                addr: info.addr.to_string(),
            }),
        );
    };
    let notice = store
        .register_server_then(info, served)
        .map_err(|e| match e {
            RegisterError::Busy(other) => DecideError::Msg(Msg::AlreadyServing {
                url: other.map(|o| o.url).unwrap_or_default(),
            }),
            RegisterError::Store(e) => DecideError::Store(e),
        })?;
    Ok((listing, notice))
}

/// Takes the question off the per-user list once its session ends.
fn unlist_when_ended(state: &AppState, listing: LiveNotice) {
    let mut ended = state.ended();
    tokio::spawn(async move {
        // Either it ended, or the state is gone with the server.
        let _ = ended.wait_for(Option::is_some).await;
        drop(listing);
    });
}

/// A served session whose server has stopped.
struct EndedServing<'a> {
    store: &'a DecisionStore,
    session_id: SessionId,
    /// Its page, to be served on if the session was answered or withdrawn,
    /// and the port's listening socket, still open, to serve it on.
    handover: Option<(super::ended_page::Handover, TcpListener)>,
}

impl EndedServing<'_> {
    /// How the session ended, logged, and an answered or withdrawn
    /// session's page handed on for late clicks.
    fn ending(self, stopped: Stopped, report: &dyn Listener) -> Ending {
        let EndedServing {
            store,
            session_id,
            handover,
        } = self;
        let hand_over = || {
            if let Some((handover, listener)) = handover {
                handover.start(&store.project_root(), listener);
            }
        };
        match stopped {
            Stopped::Decided => {
                hand_over();
                Ending::Decided
            }
            Stopped::TimedOut => {
                logged(report, store.log(&Event::TimedOut { session_id }));
                Ending::TimedOut
            }
            // Nothing to log to: the ledger went with the folder.
            Stopped::ProjectGone => Ending::ProjectGone {
                folder: store.project_root(),
            },
            Stopped::Interrupted => {
                // `aide decide cancel` marks the session withdrawn, then
                // stops its page: the wait ends as every wait on a
                // withdrawn session does (exit 3), not as interrupted.
                let withdrawn = store.withdrawal(&session_id).ok().flatten();
                logged(
                    report,
                    store.log(&Event::Stopped {
                        session_id: session_id.clone(),
                    }),
                );
                match withdrawn {
                    Some(withdrawal) => {
                        hand_over();
                        Ending::Withdrawn {
                            session: session_id,
                            reason: withdrawal.reason,
                        }
                    }
                    None => Ending::Interrupted,
                }
            }
        }
    }
}

/// Lists the served question in the per-user registry; a registry that
/// cannot be written costs only the listing (said).
fn list(
    registry: &Registry,
    store: &DecisionStore,
    pending: &Pending,
    info: &ServerInfo,
    report: &dyn Listener,
) -> Option<LiveNotice> {
    let listed = Listed {
        project: store.project_root(),
        session_id: pending.meta.session_id.clone(),
        task: pending.input.task().to_owned(),
        items: pending.input.items().len(),
        url: info.url.clone(),
        addr: Some(info.addr),
        pid: info.pid,
        started_at: info.started_at,
    };
    registry
        .enter(&listed)
        .map_err(|error| {
            report.say(Happened::NotListed {
                folder: registry.dir().to_path_buf(),
                error,
            });
        })
        .ok()
}

/// The line an agent pastes to the person, in the person's language.
pub fn for_person(pending: &Pending, url: &str, tunnel: Option<String>, lang: Lang) -> String {
    Msg::Agent(AgentMsg::ForPerson {
        task: pending.input.task().to_owned(),
        items: pending.input.items().len(),
        url: url.to_owned(),
        tunnel,
    })
    .text(lang)
}
