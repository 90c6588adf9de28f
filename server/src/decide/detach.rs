//! `--detach`: the server runs on as a background process; this command
//! returns once the page is reachable.

use super::serving::Started;
use super::settings::ServerSettings;
use crate::error::CliError;
use crate::output::Printer;
use crate::store::DecisionStore;
use app::Pending;
use app::i18n::Msg;
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long the background server may take to accept connections.
const READY_WITHIN: Duration = Duration::from_secs(15);

/// Starts `aide decide serve-detached` for `pending` and waits until its
/// page accepts connections, then opens the browser if the settings say
/// so. If it fails first, its own messages are printed and its exit code
/// returned.
pub fn start(
    store: &DecisionStore,
    root: &Path,
    pending: &Pending,
    settings: &ServerSettings,
    printer: Printer,
) -> Result<Started, CliError> {
    let exe = std::env::current_exe().map_err(CliError::server)?;
    let session = &pending.meta.session_id;
    let log = store.create_server_log(session)?;
    let mut command = Command::new(exe);
    command
        .args(["decide", "serve-detached"])
        .args(settings.to_args())
        .current_dir(root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log);
    // Its own process group: Ctrl-C in this terminal, or a tool killing
    // this command's group, does not reach the server.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(CliError::server)?;
    let pid = child.id();
    let until = Instant::now() + READY_WITHIN;
    loop {
        if let Some(status) = child.try_wait().map_err(CliError::server)? {
            relay_log(store.server_log_text(session));
            let code = status.code().and_then(|c| u8::try_from(c).ok());
            return Err(CliError::Reported(code.filter(|c| *c != 0).unwrap_or(1)));
        }
        let live = store.server_for(&pending.meta.session_id)?;
        if let Some(info) = live.filter(|i| i.pid == pid)
            && accepts(info.addr)
        {
            printer.info(&Msg::Detached { pid });
            printer.info(&Msg::Visit {
                url: info.url.clone(),
            });
            super::serving::announce(settings, pending, info.addr.port(), &info.url, printer);
            return Ok(Started {
                session_id: info.session_id,
                message: super::serving::for_person(
                    pending,
                    &info.url,
                    settings.reach.tunnel(info.addr.port()),
                    settings.person_lang(pending),
                ),
                url: info.url,
                port: info.addr.port(),
                pid,
            });
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

/// Prints what the background server said before it stopped.
#[allow(
    clippy::print_stderr,
    reason = "the server's own lines, relayed as written"
)]
fn relay_log(text: Option<String>) {
    if let Some(text) = text {
        eprint!("{text}");
    }
}

/// Whether the page accepts connections (a wildcard bind is reached over
/// loopback).
fn accepts(addr: SocketAddr) -> bool {
    let mut addr = addr;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_ok()
}
