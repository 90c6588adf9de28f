//! The page of a question that has ended, handed to a background process
//! (`aide decide serve-ended`, internal) so the port keeps answering late
//! clicks on its link after the command that served it has returned. See
//! `web::serve_ended`.

use super::ctx::Ctx;
use super::error::DecideError;
use crate::store::Registry;
use crate::web::{Access, AppState, ENDED_PAGE_FOR, PageLang, Signals, serve_ended};
use app::Lang;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The most bytes of a hand-over read: a pending session is at most a few
/// MiB (`MAX_INPUT_BYTES`), and its key and settings are small.
const MAX_HANDOVER_BYTES: u64 = 64 * 1024 * 1024;

/// What the ended page's process needs, passed on its stdin (never its
/// command line, which every local user can read).
#[derive(Serialize, Deserialize)]
pub struct Handover {
    /// `pending.json` as served.
    pending: serde_json::Value,
    key: String,
    addr: SocketAddr,
    public_url: Option<String>,
    lang: PageLangSettings,
    registry: PathBuf,
}

#[derive(Clone, Copy, Serialize, Deserialize)]
struct PageLangSettings {
    chosen: Option<Lang>,
    fallback: Lang,
}

impl Handover {
    /// What serving `pending` on `addr` with `access` hands over, if the
    /// page can be asked to let its port go (`registry`); `None` else.
    pub fn new(
        pending: &app::Pending,
        access: &Access,
        addr: SocketAddr,
        public_url: Option<String>,
        lang: PageLang,
        registry: Option<&Registry>,
    ) -> Option<Self> {
        Some(Handover {
            pending: serde_json::to_value(pending).ok()?,
            key: access.key().to_owned(),
            addr,
            public_url,
            lang: PageLangSettings {
                chosen: lang.chosen,
                fallback: lang.fallback,
            },
            registry: registry?.dir().to_path_buf(),
        })
    }

    /// Starts the ended page's process in `root`, once the server has let
    /// the port go. Best effort: without it, a late click finds the port
    /// closed, as it would after `ENDED_PAGE_FOR`.
    pub fn start(&self, root: &Path) {
        let Ok(exe) = std::env::current_exe() else {
            return;
        };
        let Ok(bytes) = serde_json::to_vec(self) else {
            return;
        };
        let mut command = Command::new(exe);
        command
            .args(["decide", "serve-ended"])
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // Its own process group, as `--detach`'s server: a Ctrl-C meant for
        // the next command does not reach it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        if let Ok(mut child) = command.spawn()
            && let Some(mut stdin) = child.stdin.take()
        {
            let _ = stdin.write_all(&bytes);
        }
    }
}

/// `aide decide serve-ended`: serves the ended session handed over on
/// stdin until `ENDED_PAGE_FOR` passes or another server wants the port.
/// Says nothing: nobody reads its output.
pub fn run(ctx: &Ctx) -> Result<(), DecideError> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(MAX_HANDOVER_BYTES)
        .read_to_end(&mut bytes)
        .map_err(DecideError::server)?;
    let handover: Handover =
        serde_json::from_slice(&bytes).map_err(|e| DecideError::server(e.into()))?;
    let pending_bytes =
        serde_json::to_vec(&handover.pending).map_err(|e| DecideError::server(e.into()))?;
    let pending = app::validate::parse_pending(&pending_bytes)
        .map_err(|e| DecideError::server(std::io::Error::other(format!("{e:?}"))))?;
    let store = ctx.store()?;
    // Answered or withdrawn, as the store says, before anything is
    // prepared (and written) for the page: a project being deleted, or a
    // session whose ending is not there, gets no page.
    let id = &pending.meta.session_id;
    if store.is_gone() || !(store.has_record(id)? || store.withdrawal(id)?.is_some()) {
        return Ok(());
    }
    let access = Access::with_key(
        handover.key,
        handover.addr.port(),
        handover.public_url.as_deref(),
    );
    let lang = PageLang {
        chosen: handover.lang.chosen,
        fallback: handover.lang.fallback,
    };
    let registry = Registry::at(handover.registry);
    super::runtime()?.block_on(async move {
        let signals = Signals::listen(false);
        let state = AppState::for_ended(store, pending, lang, access);
        // Only an ending the store confirms is served on.
        if !matches!(state.settle().await, Ok(Some(_))) {
            return Ok(());
        }
        // The server let the port go before this started; taken again
        // since, it belongs to a newer question now.
        let Ok(listener) = std::net::TcpListener::bind(handover.addr) else {
            return Ok(());
        };
        let lease = registry.lease_port(handover.addr.port())?;
        serve_ended(listener, state, lease, signals, ENDED_PAGE_FOR)
            .await
            .map_err(DecideError::server)?;
        Ok(())
    })
}
