//! Stopping the page server of another process.

use super::error::DecideError;
use crate::store::{DecisionStore, ServerInfo, StoreError};
use app::i18n::Msg;
use std::time::{Duration, Instant};

/// How long a stopped server may take to let go.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// Stops the live server `info` (SIGTERM, then SIGKILL) and waits until its
/// notice is gone.
pub fn stop_server(store: &DecisionStore, info: &ServerInfo) -> Result<(), DecideError> {
    let gone = |limit: Duration| -> Result<bool, StoreError> {
        let until = Instant::now() + limit;
        loop {
            match store.servers().for_session(&info.session_id)? {
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
