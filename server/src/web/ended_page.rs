//! The page of a question that has ended, served on its port for a while
//! after: a late click on its link (the person comes back to the terminal
//! or the chat after the agent moved on) hears "answered" with the
//! answers, or "withdrawn", instead of "connection refused". Same router,
//! same key: only the link's holder sees anything; answers and drafts are
//! refused as on any ended session. The port's listening socket is the one
//! the question's server listened on, and it goes to whichever server of
//! this user asks for the port next (`Faded::Taken`), so the next question
//! still gets the first port of the range and the port is never free in
//! between.

use super::serve::{GRACE, HEADER_TIMEOUT, PROJECT_CHECK, accept};
use super::{AppState, app};
use hyper_util::server::graceful::GracefulShutdown;
use std::future::Future;
use std::io;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

/// How long an ended question's page is served.
pub const ENDED_PAGE_FOR: Duration = Duration::from_secs(30 * 60);

/// How long the connections of a page whose port was taken may finish.
const TAKEN_GRACE: Duration = Duration::from_millis(500);

/// Where a page that is asked for its port sends its listening socket,
/// still open.
pub type HandBack = oneshot::Sender<std::net::TcpListener>;

/// Why the ended question's page stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Faded {
    /// `for_how_long` passed.
    Expired,
    /// Another server of this user asked for the port: the listening
    /// socket went to it.
    Taken,
    /// The store no longer holds how the question ended: the project was
    /// deleted or moved, or its record cleaned.
    EndingGone,
    /// A stop signal.
    Interrupted,
}

/// Serves `state`'s page (a session that has ended) on `listener` until
/// `for_how_long` passes, the store loses the session's ending or `stop`
/// resolves; or until `take` asks for the port, and then the listening
/// socket goes back through the request, never closed.
pub async fn serve_ended(
    listener: std::net::TcpListener,
    state: AppState,
    take: oneshot::Receiver<HandBack>,
    stop: impl Future<Output = ()>,
    for_how_long: Duration,
) -> io::Result<Faded> {
    listener.set_nonblocking(true)?;
    let listener = TcpListener::from_std(listener)?;
    let graceful = GracefulShutdown::new();
    let router = app(state.clone());
    let (faded, hand_back) = {
        let accepting = accept(&listener, router, &graceful, HEADER_TIMEOUT);
        tokio::select! {
            biased;
            asked = take => match asked {
                Ok(hand_back) => (Faded::Taken, Some(hand_back)),
                // Nobody can ask any more: the process is stopping.
                Err(_) => (Faded::Interrupted, None),
            },
            () = stop => (Faded::Interrupted, None),
            () = state.ending_lost(PROJECT_CHECK) => (Faded::EndingGone, None),
            () = tokio::time::sleep(for_how_long) => (Faded::Expired, None),
            () = accepting => (Faded::Interrupted, None),
        }
    };
    // The socket first, so whoever asked for it listens at once; a
    // requester gone meanwhile drops it.
    if let Some(hand_back) = hand_back {
        let _ = hand_back.send(listener.into_std()?);
    } else {
        drop(listener);
    }
    let grace = if faded == Faded::Taken {
        TAKEN_GRACE
    } else {
        GRACE
    };
    let _ = tokio::time::timeout(grace, graceful.shutdown()).await;
    Ok(faded)
}
