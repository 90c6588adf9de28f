//! Serving a pending session in this process, until it ends.

use super::error::DecideError;
use super::publish::{publish, server_info, unlist_when_ended};
use super::report::{Ending, Happened, Listener, Started, logged};
use super::settings::ServerSettings;
use crate::store::{DecisionStore, Event, FileStamp, StoreLock, SubmitUndo};
use crate::web::{AppState, PageLang, Signals, StopWhen, Stopped, serve};
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
            Launch::Submitted(lock, undo) => store.pending().keep_submit(&lock, undo),
            Launch::Detached => {}
        }
    }

    /// The page never came up: a submit's changes are put back, under the
    /// lock it still holds.
    fn abandon(self, store: &DecisionStore, session: &SessionId, report: &dyn Listener) {
        if let Launch::Submitted(lock, undo) = self {
            logged(
                report,
                store.pending().undo_submit(&lock, undo, Some(session)),
            );
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
                logged(report, store.ledger().log(&Event::TimedOut { session_id }));
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
                let withdrawn = store.pending().withdrawal(&session_id).ok().flatten();
                logged(
                    report,
                    store.ledger().log(&Event::Stopped {
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
