//! The decide service: the session operations (submit and start a page,
//! watch, withdraw, serve, the project context) that the command line
//! (`cmd`), `aide mcp` (`mcp`) and the fuzz targets call side by side, as
//! thin front ends over one layer. It returns what happened (`report`:
//! events told as they happen, outcomes returned) and fails with its own
//! error (`error`); nothing here writes to stdout or stderr, imports the
//! command line, or knows which front end called.

mod background;
pub(crate) mod ctx;
pub(crate) mod detach;
pub(crate) mod ended_page;
#[cfg(unix)]
pub(crate) mod ended_pages;
pub(crate) mod error;
pub(crate) mod input;
pub(crate) mod launch;
pub(crate) mod port;
mod publish;
pub(crate) mod report;
pub(crate) mod rulings;
pub(crate) mod search;
pub(crate) mod serving;
pub(crate) mod settings;
pub(crate) mod stop;
pub(crate) mod submit;
pub(crate) mod watch;
pub(crate) mod withdraw;

use error::DecideError;

/// The runtime of a page server (and of `aide mcp`): two workers, and file
/// I/O on at most eight blocking threads, so a burst of requests queues for
/// a few rather than starting hundreds.
pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, DecideError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .enable_all()
        .build()
        .map_err(DecideError::server)
}

#[cfg(test)]
mod quiet_tests;
#[cfg(test)]
mod serving_tests;
