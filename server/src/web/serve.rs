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
#[derive(Debug, PartialEq, Eq)]
pub enum Served {
    Decided,
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

/// Serves until the answers are recorded, then lets open connections finish
/// (at most `GRACE`) and returns.
pub async fn serve_until_decided(listener: TcpListener, state: AppState) -> io::Result<Served> {
    let mut decided = state.decided();
    let mut decided_again = state.decided();
    let server = axum::serve(listener, app(state)).with_graceful_shutdown(async move {
        let _ = decided.wait_for(|d| *d).await;
    });
    tokio::select! {
        result = server.into_future() => result?,
        () = async {
            let _ = decided_again.wait_for(|d| *d).await;
            tokio::time::sleep(GRACE).await;
        } => {}
    }
    Ok(Served::Decided)
}
