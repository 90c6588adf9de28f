//! Binding a port and serving until the person has answered.

use super::{AppState, app};
use std::future::IntoFuture;
use std::io;
use std::net::IpAddr;
use std::time::Duration;
use tokio::net::TcpListener;

/// How long open connections may finish after the answers are recorded.
const GRACE: Duration = Duration::from_secs(3);

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
pub enum Served {
    /// The answers are recorded.
    Decided,
    /// `timeout` passed without answers.
    TimedOut,
    /// Ctrl-C, SIGTERM or SIGHUP.
    Interrupted,
}

/// What ends serving besides the answers.
#[derive(Clone, Copy, Debug)]
pub struct StopWhen {
    pub timeout: Option<Duration>,
    /// Whether a hang-up (the terminal closing) stops the server; a
    /// detached server ignores it.
    pub on_hangup: bool,
}

/// Binds the first free port of the range; `Ok(None)` when all are taken.
pub async fn bind_first_free(options: ServeOptions) -> io::Result<Option<TcpListener>> {
    for port in options.first_port..=options.last_port {
        match TcpListener::bind((options.bind, port)).await {
            Ok(listener) => return Ok(Some(listener)),
            Err(e) if e.kind() == io::ErrorKind::AddrInUse => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// Serves until the answers are recorded, the timeout passes or a signal
/// arrives; then stops taking connections, lets open ones finish (at most
/// `GRACE`) and says why it stopped. The pending session is never touched.
pub async fn serve(listener: TcpListener, state: AppState, stop: StopWhen) -> io::Result<Served> {
    let mut decided = state.decided();
    let (shutdown, shutdown_rx) = tokio::sync::oneshot::channel::<()>();
    let server = axum::serve(listener, app(state)).with_graceful_shutdown(async move {
        let _ = shutdown_rx.await;
    });
    let mut server = tokio::spawn(server.into_future());
    let outcome = tokio::select! {
        biased;
        _ = decided.wait_for(|d| *d) => Served::Decided,
        () = after(stop.timeout) => Served::TimedOut,
        () = signalled(stop.on_hangup) => Served::Interrupted,
        finished = &mut server => {
            // The server stopped by itself: an accept loop failure.
            finished.map_err(io::Error::other)??;
            return Err(io::Error::other("the server stopped unexpectedly"));
        }
    };
    // An answer recorded at the last moment still counts.
    let outcome = if *decided.borrow() {
        Served::Decided
    } else {
        outcome
    };
    let _ = shutdown.send(());
    if let Ok(finished) = tokio::time::timeout(GRACE, &mut server).await {
        finished.map_err(io::Error::other)??;
    } else {
        server.abort();
    }
    Ok(outcome)
}

async fn after(timeout: Option<Duration>) {
    match timeout {
        Some(duration) if !duration.is_zero() => tokio::time::sleep(duration).await,
        _ => std::future::pending().await,
    }
}

/// Resolves on Ctrl-C, SIGTERM, or SIGHUP when `on_hangup`.
async fn signalled(on_hangup: bool) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut hangup)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::hangup()),
        ) else {
            return std::future::pending().await;
        };
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
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
            () = hangup => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = on_hangup;
        let _ = tokio::signal::ctrl_c().await;
    }
}
