//! `--detach`: the server runs on as a background process; this command
//! returns once the page is reachable.

use super::error::DecideError;
use super::report::{Happened, Started};
use super::settings::ServerSettings;
use crate::store::DecisionStore;
use app::Pending;
use app::i18n::Msg;
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// How long the background server may take to accept connections.
const READY_WITHIN: Duration = Duration::from_secs(15);

/// Starts `aide decide serve-detached` for `pending` and waits until its
/// page accepts connections (told: `Happened::Detached`). If it fails first, the
/// error carries what it said and its exit code.
pub fn start(
    store: &DecisionStore,
    root: &Path,
    pending: &Pending,
    settings: &ServerSettings,
    told: &mut Vec<Happened>,
) -> Result<Started, DecideError> {
    let session = &pending.meta.session_id;
    let log = store.servers().create_log(session)?;
    let mut args = vec!["decide", "serve-detached"];
    let settings_args = settings.to_args();
    args.extend(settings_args.iter().map(String::as_str));
    let mut child = super::background::start_aide(&args, root, None, Stdio::null(), log.into())
        .map_err(DecideError::server)?;
    let pid = child.id();
    let until = Instant::now() + READY_WITHIN;
    loop {
        if let Some(status) = child.try_wait().map_err(DecideError::server)? {
            let code = status.code().and_then(|c| u8::try_from(c).ok());
            return Err(DecideError::Background {
                said: store.servers().log_text(session),
                code: code.filter(|c| *c != 0).unwrap_or(1),
            });
        }
        let live = store.servers().for_session(&pending.meta.session_id)?;
        if let Some(info) = live.filter(|i| i.pid == pid)
            && accepts(info.addr)
        {
            let started = Started::new(pending, info.url, info.addr, pid, settings);
            told.push(Happened::Detached(started.clone()));
            return Ok(started);
        }
        if Instant::now() >= until {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Msg::DetachFailed {
                detail: format!("{} s", READY_WITHIN.as_secs()),
            }
            .into());
        }
        // A stat and, once registered, a connect: cheap enough to ask often.
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether the page accepts connections, where this machine reaches it.
fn accepts(addr: SocketAddr) -> bool {
    let addr = crate::reach::reached_at(addr);
    TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_ok()
}
