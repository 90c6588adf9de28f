//! Serving a pending session in this process, until it ends: `Serving::start`
//! registers the page and returns once it is reachable, `Serving::wait`
//! serves it until its session ends; between the two the front end
//! presents what `start` told.

use super::error::DecideError;
use super::launch::Launch;
use super::publish::{publish, server_info, unlist_when_ended};
use super::report::{Ending, Happened, Started, Unanswered};
use super::settings::ServerSettings;
use crate::store::{DecisionStore, Event, FileStamp, LiveNotice};
use crate::web::{Access, AppState, PageLang, Signals, StopWhen, Stopped, serve};
use app::{Lang, Pending, SessionId};
use std::net::TcpListener;

/// The session a server is to serve, and the port held for it (`bind`).
pub struct ToServe<'a> {
    pub pending: &'a Pending,
    /// That of the `pending.json` `pending` was read from, if known.
    pub stamp: Option<FileStamp>,
    pub listener: TcpListener,
}

/// A page server registered and reachable, not serving yet: `start`
/// returns it, `wait` serves until its session ends.
pub struct Serving<'a> {
    store: DecisionStore,
    pending: &'a Pending,
    stamp: Option<FileStamp>,
    listener: TcpListener,
    settings: &'a ServerSettings,
    lang: Lang,
    runtime: tokio::runtime::Runtime,
    signals: Signals,
    access: Access,
    public: Option<String>,
    listing: Option<LiveNotice>,
    notice: LiveNotice,
}

/// A session whose page stopped serving it, its server still registered
/// until this is dropped: whoever sees the server gone finds its ending
/// told already.
pub struct Finished {
    pub ending: Ending,
    /// Dropped before the runtime: the notice goes first, as the server
    /// stops.
    _notice: LiveNotice,
    _runtime: tokio::runtime::Runtime,
}

impl<'a> Serving<'a> {
    /// Publishes the server notice and lets go of the launch's lock: the page
    /// is reachable (`told`: `Happened::Serving`, and whatever went wrong
    /// beside it). If it never comes up, a submit's changes are put back.
    pub fn start(
        store: DecisionStore,
        to_serve: ToServe<'a>,
        settings: &'a ServerSettings,
        lang: Lang,
        launch: Launch,
        told: &mut Vec<Happened>,
    ) -> Result<Self, DecideError> {
        let ToServe {
            pending,
            stamp,
            listener,
        } = to_serve;
        let registered = (|| {
            let runtime = super::runtime()?;
            // Caught from here on, before the address is told.
            let signals = {
                let _inside = runtime.enter();
                Signals::listen(launch.in_terminal())
            };
            let addr = listener.local_addr().map_err(DecideError::server)?;
            let public = settings.public_url(addr.port());
            let access = settings
                .access(addr.port(), public.as_deref())
                .map_err(DecideError::server)?;
            let info = server_info(pending, addr, &access, settings);
            let (listing, notice) = publish(&store, settings, pending, &info, told)?;
            Ok((runtime, signals, public, access, info, listing, notice))
        })();
        let (runtime, signals, public, access, info, listing, notice) = match registered {
            Ok(registered) => registered,
            Err(error) => {
                launch.abandon(&store, &pending.meta.session_id, told);
                return Err(error);
            }
        };
        launch.let_go(&store);
        told.push(Happened::Serving(Started::new(
            pending, info.url, info.addr, info.pid, settings,
        )));
        if !crate::web::assets_embedded() {
            told.push(Happened::NoBundle);
        }
        Ok(Serving {
            store,
            pending,
            stamp,
            listener,
            settings,
            lang,
            runtime,
            signals,
            access,
            public,
            listing,
            notice,
        })
    }

    /// Serves until the session ends: answered, withdrawn, timed out,
    /// stopped by a signal or its project gone (pending left intact unless
    /// answered or withdrawn). How it ended is told (`Happened::Ended`)
    /// and returned with the server still registered.
    pub fn wait(self, told: &mut Vec<Happened>) -> Result<Finished, DecideError> {
        // What the page's state spawns runs on this server's runtime.
        let inside = self.runtime.enter();
        let page_lang = PageLang {
            chosen: self.settings.lang,
            fallback: self.lang,
        };
        let handover = super::ended_page::Handover::new(
            self.pending,
            &self.access,
            self.public,
            page_lang,
            self.settings.registry.as_ref(),
        );
        let state = AppState::new(
            self.store.clone(),
            self.pending.clone(),
            self.stamp,
            page_lang,
            self.access,
        );
        if let Some(registry) = self.settings.registry.clone() {
            state.list_others_from(registry);
        }
        if let Some(listing) = self.listing {
            unlist_when_ended(&state, listing);
        }
        let stop = StopWhen {
            timeout: self.settings.timeout,
            signals: self.signals,
        };
        let (stopped, listener) = self
            .runtime
            .block_on(serve(self.listener, state, stop))
            .map_err(DecideError::server)?;
        let ended = EndedServing {
            store: &self.store,
            session_id: self.pending.meta.session_id.clone(),
            handover: handover.map(|handover| (handover, listener)),
        };
        let ending = ended.ending(stopped, told);
        drop(inside);
        told.push(Happened::Ended(ending.clone()));
        Ok(Finished {
            ending,
            _notice: self.notice,
            _runtime: self.runtime,
        })
    }
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
    fn ending(self, stopped: Stopped, told: &mut Vec<Happened>) -> Ending {
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
                Ending::Decided(())
            }
            Stopped::TimedOut => {
                told.extend(
                    store
                        .ledger()
                        .log(&Event::TimedOut { session_id })
                        .err()
                        .map(Happened::NotLogged),
                );
                Ending::Pending(Unanswered::TimedOut)
            }
            // Nothing to log to: the ledger went with the folder.
            Stopped::ProjectGone => Ending::Pending(Unanswered::ProjectGone {
                folder: store.project_root(),
            }),
            Stopped::Interrupted => {
                // `aide decide cancel` marks the session withdrawn, then
                // stops its page: the wait ends as every wait on a
                // withdrawn session does (exit 3), not as interrupted.
                let withdrawn = store.pending().withdrawal(&session_id).ok().flatten();
                told.extend(
                    store
                        .ledger()
                        .log(&Event::Stopped {
                            session_id: session_id.clone(),
                        })
                        .err()
                        .map(Happened::NotLogged),
                );
                match withdrawn {
                    Some(withdrawal) => {
                        hand_over();
                        Ending::Withdrawn((session_id, withdrawal.reason))
                    }
                    None => Ending::Pending(Unanswered::Interrupted),
                }
            }
        }
    }
}
