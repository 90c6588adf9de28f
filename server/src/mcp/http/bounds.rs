//! What holds the HTTP sessions within their bounds: how many may be open
//! ([`SessionBounds`], refused with [`SessionsError::Full`]) and when one
//! is idle ([`Activity`]: a request in flight, [`Busy`], keeps it busy).

use futures_core::Stream;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManagerError;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

/// How many sessions, and for how long an idle one is kept.
#[derive(Clone, Copy, Debug)]
pub struct SessionBounds {
    pub sessions: usize,
    pub idle: Duration,
}

/// When a session last heard from its client or answered it, and how many
/// of its requests are still being answered.
pub(super) struct Activity {
    pub(super) seen: Mutex<Instant>,
    pub(super) busy: AtomicUsize,
}

impl Activity {
    pub(super) fn touch(&self) {
        *self.seen.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
    }

    pub(super) fn idle_since(&self, now: Instant, idle: Duration) -> bool {
        let seen = *self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        self.busy.load(Ordering::Acquire) == 0 && now.duration_since(seen) >= idle
    }
}

/// Why a session was not made.
#[derive(Debug)]
pub enum SessionsError {
    /// `SessionBounds::sessions` are open.
    Full,
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // Seen only in rmcp's log: the guard refuses in the person's
            // words before a full table is reached (`guard.rs`).
            SessionsError::Full => f.write_str("session limit reached"),
            SessionsError::Local(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SessionsError {}

impl From<LocalSessionManagerError> for SessionsError {
    fn from(e: LocalSessionManagerError) -> Self {
        SessionsError::Local(e)
    }
}

/// A request's response stream; while it lives, its session is busy.
pub(super) struct Busy<S> {
    stream: Pin<Box<S>>,
    activity: Option<Arc<Activity>>,
}

impl<S> Busy<S> {
    pub(super) fn new(stream: S, activity: Option<Arc<Activity>>) -> Self {
        if let Some(activity) = &activity {
            activity.busy.fetch_add(1, Ordering::AcqRel);
        }
        Busy {
            stream: Box::pin(stream),
            activity,
        }
    }
}

impl<S> Drop for Busy<S> {
    fn drop(&mut self) {
        if let Some(activity) = &self.activity {
            activity.touch();
            activity.busy.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

impl<S: Stream> Stream for Busy<S> {
    type Item = S::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.stream.as_mut().poll_next(cx)
    }
}
