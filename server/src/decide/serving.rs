//! Serving a pending session in this process, and stopping the server of
//! another one.

use super::settings::ServerSettings;
use crate::error::CliError;
use crate::output::Printer;
use crate::reach::Reach;
use crate::store::{
    DecisionStore, Event, FileStamp, Listed, LiveNotice, RegisterError, Registry, Secret,
    ServerInfo, StoreError, StoreLock,
};
use crate::web::{
    Access, AppState, PageLang, ServeOptions, Signals, StopWhen, Stopped, bind_first_free, serve,
};
use app::i18n::{AgentMsg, Msg, StoreMsg};
use app::{Pending, SessionId};
use std::net::TcpListener;
use std::time::{Duration, Instant};

/// Who started a page server, and so who holds the store lock while it
/// starts.
pub enum Launch {
    /// A command in the terminal, with the lock it took to check that no
    /// other server serves the session: let go once this one is
    /// registered. A hang-up (the terminal closing) stops the server.
    Foreground(StoreLock),
    /// The background server of `--detach`: its parent holds the lock,
    /// and it keeps serving when the terminal hangs up.
    Detached,
}

impl Launch {
    /// Lets go of the store lock, if this launch holds it: the server is
    /// registered, and other commands may look at the store.
    fn let_go(self) {
        if let Launch::Foreground(lock) = self {
            drop(lock);
        }
    }
}

/// The session a server is to serve, and the port held for it (`bind`).
pub struct ToServe<'a> {
    pub pending: &'a Pending,
    /// That of the `pending.json` `pending` was read from, if known.
    pub stamp: Option<FileStamp>,
    pub listener: TcpListener,
}

/// Publishes the server notice, prints the address and serves until the
/// answers are recorded (`Ok`), the timeout passes or a signal arrives
/// (`TimedOut` / `Interrupted`, pending left intact).
pub fn serve_here(
    store: DecisionStore,
    to_serve: ToServe<'_>,
    settings: &ServerSettings,
    printer: Printer,
    launch: Launch,
) -> Result<(), CliError> {
    let ToServe {
        pending,
        stamp,
        listener,
    } = to_serve;
    super::runtime()?.block_on(async {
        // Caught from here on, before the address is printed.
        let signals = Signals::listen(matches!(launch, Launch::Foreground(_)));
        let addr = listener.local_addr().map_err(CliError::server)?;
        let public = settings.public_url(addr.port());
        let access = Access::generate(addr.port(), public.as_deref()).map_err(CliError::server)?;
        let info = server_info(pending, addr, &access, settings);
        let (listing, _notice) = publish(&store, settings, pending, &info, printer)?;
        let detached = matches!(launch, Launch::Detached);
        launch.let_go();
        tell_started(settings, pending, &info, detached, printer)?;
        let page_lang = PageLang {
            chosen: settings.lang,
            fallback: printer.lang,
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
            .map_err(CliError::server)?;
        let ended = Ended {
            store: &store,
            session_id: pending.meta.session_id.clone(),
            handover: handover.map(|handover| (handover, listener)),
            printer,
        };
        ended.say(stopped)
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
    printer: Printer,
) -> Result<(Option<LiveNotice>, LiveNotice), CliError> {
    let listing = settings
        .registry
        .as_ref()
        .and_then(|registry| list(registry, store, pending, info, printer));
    // Logged before the notice can be seen: once `--detach` returns (it
    // waits for the notice), the ledger says the session is served.
    let served = || {
        printer.logged(store.log(&Event::Served {
            session_id: pending.meta.session_id.clone(),
            pid: info.pid,
            addr: info.addr.to_string(),
        }));
    };
    let notice = store
        .register_server_then(info, served)
        .map_err(|e| match e {
            RegisterError::Busy(other) => CliError::Msg(Msg::AlreadyServing {
                url: other.map(|o| o.url).unwrap_or_default(),
            }),
            RegisterError::Store(e) => CliError::Store(e),
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

/// What the person and the agent are told once the server is up: the
/// address, how to reach it, the JSON line of `--json`, the note a build
/// without the page's scripts gets.
fn tell_started(
    settings: &ServerSettings,
    pending: &Pending,
    info: &ServerInfo,
    detached: bool,
    printer: Printer,
) -> Result<(), CliError> {
    let (url, port) = (&info.url, info.addr.port());
    printer.info(&Msg::ServerStarted);
    printer.info(&Msg::Visit { url: url.clone() });
    if !detached {
        announce(settings, pending, port, url, printer);
    }
    if settings.json {
        crate::stdout::print_json(&Started {
            session_id: pending.meta.session_id.clone(),
            message: for_person(pending, url, settings.reach.tunnel(port), printer.lang),
            url: url.clone(),
            port,
            pid: info.pid,
        })?;
    }
    printer.info(&Msg::Waiting);
    if settings.notify {
        // A desktop here: no tunnel to run.
        crate::notify::question_arrived(for_person(pending, url, None, printer.lang), printer.lang);
    }
    if !crate::web::assets_embedded() {
        printer.warn(&Msg::NoBundle);
    }
    Ok(())
}

/// A served session whose server has stopped.
struct Ended<'a> {
    store: &'a DecisionStore,
    session_id: SessionId,
    /// Its page, to be served on if the session was answered or withdrawn,
    /// and the port's listening socket, still open, to serve it on.
    handover: Option<(super::ended_page::Handover, TcpListener)>,
    printer: Printer,
}

impl Ended<'_> {
    /// Says why the server stopped, logs it, and hands an answered or
    /// withdrawn session's page on for late clicks.
    fn say(self, stopped: Stopped) -> Result<(), CliError> {
        let Ended {
            store,
            session_id,
            handover,
            printer,
        } = self;
        let hand_over = || {
            if let Some((handover, listener)) = handover {
                handover.start(&store.project_root(), listener);
            }
        };
        match stopped {
            Stopped::Decided => {
                hand_over();
                printer.ok(&Msg::Completed);
                Ok(())
            }
            // Said while the server is still registered, so whoever sees it
            // gone (`result --wait`) finds the reason in its log already.
            Stopped::TimedOut => {
                printer.logged(store.log(&Event::TimedOut { session_id }));
                Err(CliError::TimedOut.reported(&printer))
            }
            // Nothing to log to: the ledger went with the folder. Said
            // while still listed; the listing goes as the server ends.
            Stopped::ProjectGone => {
                let folder = store.project_root().display().to_string();
                let gone = Msg::Store(StoreMsg::ProjectGone { folder });
                Err(CliError::Msg(gone).reported(&printer))
            }
            Stopped::Interrupted => {
                // `aide decide cancel` marks the session withdrawn, then
                // stops its page: the wait ends as every wait on a
                // withdrawn session does (exit 3), not as interrupted.
                let withdrawn = store.withdrawal(&session_id).ok().flatten();
                printer.logged(store.log(&Event::Stopped {
                    session_id: session_id.clone(),
                }));
                let error = match withdrawn {
                    Some(withdrawal) => {
                        hand_over();
                        CliError::Withdrawn {
                            session: session_id,
                            reason: withdrawal.reason,
                        }
                    }
                    None => CliError::Interrupted,
                };
                Err(error.reported(&printer))
            }
        }
    }
}

/// Lists the served question in the per-user registry; a registry that
/// cannot be written costs only the listing, with a warning.
fn list(
    registry: &Registry,
    store: &DecisionStore,
    pending: &Pending,
    info: &ServerInfo,
    printer: Printer,
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
            printer.warn_hinted(&Msg::Store(StoreMsg::NotListed {
                folder: registry.dir().display().to_string(),
                detail: error.message(printer.lang).text(printer.lang),
            }));
        })
        .ok()
}

/// Binds the first free port of the settings' range, or says that all
/// are taken: by pages of aide questions still waiting (this project's, or
/// any project's in the per-user registry), the range is full; by other
/// programs, the spec's message.
pub fn bind(settings: &ServerSettings, store: &DecisionStore) -> Result<TcpListener, CliError> {
    let options = ServeOptions {
        bind: settings.bind,
        first_port: settings.port,
        last_port: settings.last_port(),
    };
    if let Some(listener) =
        bind_first_free(options, settings.registry.as_ref()).map_err(CliError::server)?
    {
        return Ok(listener);
    }
    let (first, last) = (options.first_port, options.last_port);
    let sessions = questions_on(store, settings, first..=last);
    Err(if sessions == 0 {
        Msg::PortsTaken { first, last }
    } else {
        Msg::RangeFull {
            first,
            last,
            sessions,
        }
    }
    .into())
}

/// How many ports of `range` serve pages of aide questions still waiting:
/// this project's servers, and the other projects' pages on this machine.
fn questions_on(
    store: &DecisionStore,
    settings: &ServerSettings,
    range: std::ops::RangeInclusive<u16>,
) -> usize {
    let mut ports: std::collections::BTreeSet<u16> = store
        .servers()
        .unwrap_or_default()
        .iter()
        .map(|server| server.addr.port())
        .filter(|port| range.contains(port))
        .collect();
    let listed = settings
        .registry
        .as_ref()
        .and_then(|registry| registry.list().ok())
        .unwrap_or_default();
    ports.extend(
        listed
            .iter()
            .filter_map(|l| Some(l.addr?.port()))
            .filter(|port| range.contains(port)),
    );
    ports.len()
}

/// A background server that serves a session's page: what `submit --json`
/// prints and what the MCP tools answer with.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Started {
    pub session_id: app::SessionId,
    pub url: String,
    /// One line to paste to the person: what to answer, and where.
    pub message: String,
    pub port: u16,
    pub pid: u32,
}

/// After the address: the port actually used if the configured one was
/// taken, the exposure warning, and the browser (or, without one, that the
/// address must reach the person).
pub fn announce(
    settings: &ServerSettings,
    pending: &Pending,
    port: u16,
    url: &str,
    printer: Printer,
) {
    if port != settings.port {
        let (wanted, used) = (settings.port, port);
        printer.warn(&Msg::Agent(if crate::web::browsers_refuse(wanted) {
            AgentMsg::PortRefused { wanted, used }
        } else {
            AgentMsg::PortMoved { wanted, used }
        }));
    }
    if !settings.bind.is_loopback() {
        printer.warn(&Msg::ExposedBind {
            bind: settings.bind.to_string(),
        });
    }
    let mut for_phone = url.to_owned();
    if settings.bind.is_unspecified() && settings.public_url(port).is_none() {
        // Bound to every interface (a container, a phone on the LAN): the
        // addresses other machines use, with the same key.
        let v6 = settings.bind.is_ipv6();
        for (n, ip) in crate::reach::network_addresses(v6).into_iter().enumerate() {
            let Some(there) = crate::reach::at_host(url, ip) else {
                continue;
            };
            if n == 0 {
                for_phone = there.clone();
            }
            printer.info(&Msg::Agent(AgentMsg::FromNetwork { url: there }));
        }
    }
    if settings.qr {
        match crate::reach::qr(&for_phone) {
            Some(code) => printer.block(&code),
            None => printer.warn(&Msg::Agent(AgentMsg::NoQr)),
        }
    }
    if let Some(tunnel) = settings.reach.tunnel(port) {
        printer.info(&Msg::Agent(AgentMsg::Tunnel { command: tunnel }));
    }
    let opened = settings.reach == Reach::Browser
        && match crate::reach::open(url) {
            Ok(()) => {
                printer.info(&Msg::OpenBrowser { url: url.into() });
                true
            }
            Err(e) => {
                printer.warn(&Msg::OpenFailed {
                    detail: e.to_string(),
                });
                false
            }
        };
    if !opened {
        printer.info(&Msg::Agent(AgentMsg::GiveAddress));
    }
    // For agents (the spec's blocking submit keeps its own lines).
    if settings.detach || settings.json {
        printer.info(&Msg::Agent(AgentMsg::RelayLine {
            message: for_person(pending, url, settings.reach.tunnel(port), printer.lang),
        }));
    }
}

/// The line an agent pastes to the person, in the person's language.
pub fn for_person(pending: &Pending, url: &str, tunnel: Option<String>, lang: app::Lang) -> String {
    Msg::Agent(AgentMsg::ForPerson {
        task: pending.input.task().to_owned(),
        items: pending.input.items().len(),
        url: url.to_owned(),
        tunnel,
    })
    .text(lang)
}

/// How long a stopped server may take to let go.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// Stops the live server `info` (SIGTERM, then SIGKILL) and waits until its
/// notice is gone.
pub fn stop_server(store: &DecisionStore, info: &ServerInfo) -> Result<(), CliError> {
    let gone = |limit: Duration| -> Result<bool, StoreError> {
        let until = Instant::now() + limit;
        loop {
            match store.server_for(&info.session_id)? {
                Some(live) if live.pid == info.pid => {}
                _ => return Ok(true),
            }
            if Instant::now() >= until {
                return Ok(false);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    if info.pid == std::process::id() {
        return Err(Msg::CannotStopOld { pid: info.pid }.into());
    }
    signal(info.pid, false);
    if gone(STOP_WAIT)? {
        return Ok(());
    }
    signal(info.pid, true);
    if gone(Duration::from_secs(2))? {
        return Ok(());
    }
    Err(Msg::CannotStopOld { pid: info.pid }.into())
}

#[cfg(unix)]
fn signal(pid: u32, kill: bool) {
    use nix::sys::signal::{Signal, kill as send};
    use nix::unistd::Pid;
    let Ok(raw) = i32::try_from(pid) else { return };
    let signal = if kill {
        Signal::SIGKILL
    } else {
        Signal::SIGTERM
    };
    // The process may have exited already; waiting tells what happened.
    let _ = send(Pid::from_raw(raw), signal);
}

#[cfg(not(unix))]
fn signal(_pid: u32, _kill: bool) {}
