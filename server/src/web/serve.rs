//! Binding a port and serving until the person has answered.

use super::{AppState, app};
use crate::store::Registry;
use ::app::page::Ended;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::io;
use std::net::IpAddr;
use std::time::Duration;
use tokio::net::TcpListener;

/// How long open connections may finish after the answers are recorded.
pub(crate) const GRACE: Duration = Duration::from_secs(3);

/// Where to listen.
#[derive(Clone, Copy, Debug)]
pub struct ServeOptions {
    pub bind: IpAddr,
    pub first_port: u16,
    /// Ports `first_port..=last_port` are tried in order.
    pub last_port: u16,
}

/// How serving ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The answers are recorded.
    Decided,
    /// `timeout` passed without answers.
    TimedOut,
    /// Ctrl-C, SIGTERM or SIGHUP.
    Interrupted,
    /// The project's folder was deleted or moved: nothing can be recorded
    /// there any more.
    ProjectGone,
}

/// How often a server looks whether its project folder is still there.
pub(crate) const PROJECT_CHECK: Duration = Duration::from_secs(1);

/// What ends serving besides the answers.
#[derive(Debug)]
pub struct StopWhen {
    pub timeout: Option<Duration>,
    pub signals: Signals,
}

/// Ctrl-C, SIGTERM and, unless detached, SIGHUP, caught from the moment
/// `listen` returns: a signal that arrives while the address is still being
/// printed stops the server gracefully instead of killing the process.
#[derive(Debug)]
pub struct Signals {
    #[cfg(unix)]
    streams: Option<[tokio::signal::unix::Signal; 3]>,
    /// Whether a hang-up (the terminal closing) stops the server; a
    /// detached server ignores it.
    on_hangup: bool,
}

impl Signals {
    /// Starts catching the signals; call it inside the runtime, before
    /// anything tells people (or tests) that the server is up.
    pub fn listen(on_hangup: bool) -> Self {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let streams = [
                SignalKind::interrupt(),
                SignalKind::terminate(),
                SignalKind::hangup(),
            ]
            .map(signal);
            let streams = match streams {
                [Ok(interrupt), Ok(terminate), Ok(hangup)] => Some([interrupt, terminate, hangup]),
                _ => None,
            };
            Signals { streams, on_hangup }
        }
        #[cfg(not(unix))]
        Signals { on_hangup }
    }

    /// Resolves when a stop signal arrives (`aide mcp --http` stops on it
    /// too).
    pub(crate) async fn recv(self) {
        #[cfg(unix)]
        {
            let Some([mut interrupt, mut terminate, mut hangup]) = self.streams else {
                return std::future::pending().await;
            };
            let on_hangup = self.on_hangup;
            let hangup = async move {
                loop {
                    match hangup.recv().await {
                        Some(()) if on_hangup => break,
                        Some(()) => continue,
                        None => std::future::pending::<()>().await,
                    }
                }
            };
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
                () = hangup => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = self.on_hangup;
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Binds the first free port of the range; `Ok(None)` when all are taken.
/// Outside the runtime, so a command can hold its port before it stores
/// anything: a submit that finds no free port leaves the store as it was.
///
/// A port held by the page of one of this user's ended questions
/// (`registry`'s door, see `serve_ended`) is asked for, and its listening
/// socket taken over, so the range is used as if it were free. A port
/// browsers refuse to load a page from ([`BAD_PORTS`]) is passed over as if
/// it were taken: the page's address would not open.
pub fn bind_first_free(
    options: ServeOptions,
    registry: Option<&Registry>,
) -> io::Result<Option<std::net::TcpListener>> {
    let open = (options.first_port..=options.last_port).filter(|&port| !browsers_refuse(port));
    for port in open {
        let addr = std::net::SocketAddr::from((options.bind, port));
        match std::net::TcpListener::bind(addr) {
            Ok(listener) => return Ok(Some(listener)),
            Err(e) if e.kind() == io::ErrorKind::AddrInUse => {
                if let Some(registry) = registry
                    && let Some(listener) = take_from_ended_page(addr, registry)?
                {
                    return Ok(Some(listener));
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// The ports the Fetch standard blocks ("bad ports", which Chromium,
/// Firefox and Safari refuse with an error page such as
/// `ERR_UNSAFE_PORT`), in order.
const BAD_PORTS: [u16; 82] = [
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
    103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
    512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
    995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
    6669, 6679, 6697, 10080,
];

/// Whether browsers refuse to open a page on `port` ([`BAD_PORTS`]).
pub fn browsers_refuse(port: u16) -> bool {
    BAD_PORTS.binary_search(&port).is_ok()
}

/// The listening socket of `addr` from the ended question's page holding
/// it (this user's, behind `registry`'s door): the same socket, so the
/// port is never free in between. A page that bound the port to another
/// address closes its socket instead, and the port is bound here again;
/// `Ok(None)` if no such page holds it.
#[cfg(unix)]
fn take_from_ended_page(
    addr: std::net::SocketAddr,
    registry: &Registry,
) -> io::Result<Option<std::net::TcpListener>> {
    use crate::store::Taken;
    // A door that does not answer as it should holds nothing to take.
    match registry.take_port(addr) {
        Ok(Taken::Listener(listener)) => Ok(Some(listener)),
        Ok(Taken::LetGo) => match std::net::TcpListener::bind(addr) {
            Ok(listener) => Ok(Some(listener)),
            Err(e) if e.kind() == io::ErrorKind::AddrInUse => Ok(None),
            Err(e) => Err(e),
        },
        Ok(Taken::NotHeld) | Err(_) => Ok(None),
    }
}

/// Elsewhere no ended page holds a port.
#[cfg(not(unix))]
fn take_from_ended_page(
    _addr: std::net::SocketAddr,
    _registry: &Registry,
) -> io::Result<Option<std::net::TcpListener>> {
    Ok(None)
}

/// How long a client may take to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the server keeps answering after the answers are recorded,
/// while a page that showed the form has not learned so (`Audience`): a
/// second page that submits then hears "already answered", not "could not
/// reach the server". Most sessions have one page, told at once, and the
/// server stops as soon as the answers are in.
pub const LINGER: Duration = Duration::from_secs(10);

/// How long the server keeps answering after every page has learned the
/// outcome, when one learned it by its wait rather than by the reply to its
/// own submit: its person may have pressed submit as the news came, and
/// that request must hear "already answered", not find the port closed.
pub const LATE: Duration = Duration::from_secs(3);

/// How long a server stopped because its question was withdrawn or
/// replaced keeps answering, so each open page can say so. Well within the
/// wait of whoever stopped it (`aide decide cancel`); open pages wait on
/// the outcome already and learn it at once.
pub const ENDED_LINGER: Duration = Duration::from_secs(3);

/// Serves until the answers are recorded, the timeout passes or a signal
/// arrives; after the answers, until every page that showed the form has
/// learned the outcome (at most `LINGER`), and `LATE` more when a page
/// learned it by its wait; then stops taking connections,
/// lets open ones finish (at most `GRACE`) and says why it stopped. The
/// pending session is never touched. The listening socket comes back
/// open: the ended question's page is served on it next (`serve_ended`),
/// and a click meanwhile waits to be accepted there rather than finding
/// the port closed, or taken by someone else.
///
/// Its own accept loop rather than `axum::serve`, so slow clients time out:
/// headers within `HEADER_TIMEOUT`, bodies and handlers per `app`'s layers.
pub async fn serve(
    listener: std::net::TcpListener,
    state: AppState,
    stop: StopWhen,
) -> io::Result<(Stopped, std::net::TcpListener)> {
    listener.set_nonblocking(true)?;
    let listener = TcpListener::from_std(listener)?;
    let mut ended = state.ended();
    let audience = state.audience().clone();
    let router = app(state.clone());
    let graceful = GracefulShutdown::new();
    // Boxed, so it can be dropped (and the listener given back) before
    // the drain.
    let mut accepting = Box::pin(accept(&listener, router, &graceful, HEADER_TIMEOUT));
    let signals = stop.signals.recv();
    tokio::pin!(signals);
    let outcome = tokio::select! {
        biased;
        _ = ended.wait_for(|e| matches!(e, Some(Ended::Decided(_)))) => Stopped::Decided,
        () = after(stop.timeout) => Stopped::TimedOut,
        () = state.project_gone(PROJECT_CHECK) => Stopped::ProjectGone,
        () = &mut signals => Stopped::Interrupted,
        () = &mut accepting => Stopped::Interrupted,
    };
    // An answer recorded at the last moment still counts.
    let decided = matches!(*ended.borrow(), Some(Ended::Decided(_)));
    let outcome = if decided { Stopped::Decided } else { outcome };
    match outcome {
        Stopped::Decided => {
            let stopped = tokio::select! {
                () = audience.all_told() => false,
                () = tokio::time::sleep(LINGER) => false,
                () = &mut signals => true,
                () = &mut accepting => true,
            };
            if !stopped && audience.heard_waiting() {
                tokio::select! {
                    () = tokio::time::sleep(LATE) => {}
                    () = &mut signals => {}
                    () = &mut accepting => {}
                }
            }
        }
        // Stopped: if it is because the agent withdrew the question or a
        // newer one replaced it, the open pages are told so first.
        Stopped::Interrupted => {
            if let Ok(Some(_)) = state.settle().await {
                tokio::select! {
                    () = audience.all_told() => {}
                    () = tokio::time::sleep(ENDED_LINGER) => {}
                    () = &mut accepting => {}
                }
            }
        }
        Stopped::TimedOut | Stopped::ProjectGone => {}
    }
    drop(accepting);
    let listener = listener.into_std()?;
    let _ = tokio::time::timeout(GRACE, graceful.shutdown()).await;
    Ok((outcome, listener))
}

/// Accepts connections on `listener` for as long as it is polled, and
/// serves `router` on each: a client that has not sent a request's headers
/// within `header_timeout` is disconnected; `graceful` watches every
/// connection for the drain. `aide mcp --http` accepts through it too.
pub(crate) async fn accept(
    listener: &TcpListener,
    router: axum::Router,
    graceful: &GracefulShutdown,
    header_timeout: Duration,
) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors and the like: try again soon.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        let connection = builder.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
        });
    }
}

async fn after(timeout: Option<Duration>) {
    match timeout {
        Some(duration) if !duration.is_zero() => tokio::time::sleep(duration).await,
        _ => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(first_port: u16, last_port: u16) -> ServeOptions {
        ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            first_port,
            last_port,
        }
    }

    #[test]
    fn the_bad_ports_are_in_order_for_their_search() {
        assert!(BAD_PORTS.windows(2).all(|w| w[0] < w[1]));
    }

    /// X11's 6000 (Chromium: `ERR_UNSAFE_PORT`) is passed over; a range of
    /// IRC's blocked ports alone has no port a page could be opened on.
    #[test]
    fn a_port_browsers_refuse_is_passed_over_like_a_taken_one() {
        assert!(bind_first_free(range(6665, 6669), None).unwrap().is_none());
        if let Some(listener) = bind_first_free(range(6000, 6001), None).unwrap() {
            assert_eq!(listener.local_addr().unwrap().port(), 6001);
        }
    }
}
