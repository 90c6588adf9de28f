//! Binding a port and serving until the person has answered.

use super::{AppState, app};
use ::app::page::Ended;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::io;
use std::time::Duration;
use tokio::net::TcpListener;

/// How long open connections may finish after the answers are recorded.
pub(crate) const GRACE: Duration = Duration::from_secs(3);

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
        // Each response goes out as soon as it is written: with Nagle's
        // algorithm a response written in parts (the headers, then a body
        // or an event stream's first event) waited for the client's delayed
        // ACK, 40 ms on Linux, before its last part left. A failure to set
        // it leaves the connection as it was.
        let _ = stream.set_nodelay(true);
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
