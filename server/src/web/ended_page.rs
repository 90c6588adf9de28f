//! The page of a question that has ended, served on its port for a while
//! after: a late click on its link (the person comes back to the terminal
//! or the chat after the agent moved on) hears "answered" with the
//! answers, or "withdrawn", instead of "connection refused". Same router,
//! same key: only the link's holder sees anything; answers and drafts are
//! refused as on any ended session. The port is let go the moment another
//! aide server of this user asks for it (`PortLease`), so the next
//! question still gets the first port of the range.

use super::serve::{GRACE, HEADER_TIMEOUT, PROJECT_CHECK, Signals, accept};
use super::{AppState, app};
use crate::store::PortLease;
use hyper_util::server::graceful::GracefulShutdown;
use std::io;
use std::time::Duration;
use tokio::net::TcpListener;

/// How long an ended question's page is served.
pub const ENDED_PAGE_FOR: Duration = Duration::from_secs(30 * 60);

/// How often the page looks whether another server asked for its port.
const LEASE_CHECK: Duration = Duration::from_millis(10);

/// Why the ended question's page stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Faded {
    /// `for_how_long` passed.
    Expired,
    /// Another server of this user asked for the port.
    PortWanted,
    /// The store no longer holds how the question ended: the project was
    /// deleted or moved, or its record cleaned.
    EndingGone,
    /// A stop signal.
    Interrupted,
}

/// Serves `state`'s page (a session that has ended) on `listener` until
/// `for_how_long` passes, the port is asked for, the store loses the
/// session's ending or a signal arrives.
pub async fn serve_ended(
    listener: std::net::TcpListener,
    state: AppState,
    lease: PortLease,
    signals: Signals,
    for_how_long: Duration,
) -> io::Result<Faded> {
    listener.set_nonblocking(true)?;
    let listener = TcpListener::from_std(listener)?;
    let graceful = GracefulShutdown::new();
    let router = app(state.clone());
    let faded = {
        let accepting = accept(&listener, router, &graceful, HEADER_TIMEOUT);
        tokio::select! {
            biased;
            () = wanted(&lease) => Faded::PortWanted,
            () = signals.recv() => Faded::Interrupted,
            () = state.ending_lost(PROJECT_CHECK) => Faded::EndingGone,
            () = tokio::time::sleep(for_how_long) => Faded::Expired,
            () = accepting => Faded::Interrupted,
        }
    };
    // The port first, so whoever asked for it binds it at once.
    drop(listener);
    drop(lease);
    let grace = if faded == Faded::PortWanted {
        Duration::from_millis(500)
    } else {
        GRACE
    };
    let _ = tokio::time::timeout(grace, graceful.shutdown()).await;
    Ok(faded)
}

async fn wanted(lease: &PortLease) {
    while !lease.is_wanted() {
        tokio::time::sleep(LEASE_CHECK).await;
    }
}
