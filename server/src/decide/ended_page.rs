//! The page of a question that has ended, handed to the one process of
//! this user that serves them all (`aide decide serve-ended`, internal;
//! `ended_pages.rs`), so the port keeps answering late clicks on its link
//! after the command that served it has returned. The port's listening
//! socket itself is handed over, through the door in the per-user folder
//! (`store`'s `port_lease.rs`): the port is never free in between. Unix
//! only; elsewhere the port closes with its server, as after
//! `ENDED_PAGE_FOR`.

use crate::store::Registry;
#[cfg(unix)]
use crate::store::{DoorSays, Knock};
use crate::web::{Access, PageLang};
use app::{Lang, Pending};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::net::TcpListener;
#[cfg(unix)]
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};

/// What the ended pages' process needs to serve one page, as sent through
/// the door. `P` is the session: written from the typed `Pending`, read
/// back as its JSON and validated once, on arrival (`ended_pages.rs`).
#[derive(Serialize, Deserialize)]
pub(super) struct EndedPage<P> {
    pub pending: P,
    pub key: String,
    pub public_url: Option<String>,
    pub lang: PageLangSettings,
    /// The project folder, the one holding `.aide/`.
    pub project: PathBuf,
}

#[derive(Clone, Copy, Serialize, Deserialize)]
pub(super) struct PageLangSettings {
    pub chosen: Option<Lang>,
    pub fallback: Lang,
}

impl From<PageLangSettings> for PageLang {
    fn from(lang: PageLangSettings) -> PageLang {
        PageLang {
            chosen: lang.chosen,
            fallback: lang.fallback,
        }
    }
}

/// A served session's page, ready to be handed over once its server
/// stops, if the session was answered or withdrawn.
pub struct Handover {
    pending: Box<RawValue>,
    key: String,
    public_url: Option<String>,
    lang: PageLangSettings,
    registry: Registry,
}

impl Handover {
    /// What serving `pending` with `access` hands over, if there is a
    /// per-user folder (`registry`) to find the ended pages' process in;
    /// `None` else.
    pub fn new(
        pending: &Pending,
        access: &Access,
        public_url: Option<String>,
        lang: PageLang,
        registry: Option<&Registry>,
    ) -> Option<Self> {
        Some(Handover {
            pending: serde_json::value::to_raw_value(pending).ok()?,
            key: access.key().to_owned(),
            public_url,
            lang: PageLangSettings {
                chosen: lang.chosen,
                fallback: lang.fallback,
            },
            registry: registry?.clone(),
        })
    }

    /// Hands `listener`, still open, to the ended pages' process (started
    /// if there is none) to serve the page of the project at `root` on;
    /// this copy is closed once that process holds it. Best effort:
    /// without it, a late click finds the port closed, as it would after
    /// `ENDED_PAGE_FOR`.
    pub fn start(self, root: &Path, listener: TcpListener) {
        let page = EndedPage {
            pending: &*self.pending,
            key: self.key,
            public_url: self.public_url,
            lang: self.lang,
            project: root.to_path_buf(),
        };
        if let Ok(page) = serde_json::value::to_raw_value(&page) {
            hand_over(&self.registry, page, &listener);
        }
    }
}

/// Elsewhere there is no door to hand a socket through: the port closes
/// with its server.
#[cfg(not(unix))]
fn hand_over(_: &Registry, _: Box<RawValue>, _: &TcpListener) {}

/// How many times a page is offered before it is given up.
#[cfg(unix)]
const OFFERS: usize = 3;

/// Hands `listener` over to serve `page` on: knocks at `registry`'s door,
/// or starts the process that opens it and knocks then. The listener stays
/// open here until that process says it holds it.
#[cfg(unix)]
fn hand_over(registry: &Registry, page: Box<RawValue>, listener: &TcpListener) {
    let knock = Knock::Serve(page);
    for _ in 0..OFFERS {
        match registry.knock() {
            Some(visit) => {
                let sent = visit.send(&knock, Some(listener.as_fd()));
                if sent.is_ok() && matches!(visit.receive(), Ok((DoorSays::Serving, _))) {
                    return;
                }
            }
            // Started, or it found another process holding the door
            // first: either way there is one to knock at now.
            None if start(registry) => {}
            None => return,
        }
    }
}

/// Starts `aide decide serve-ended` for `registry` (its folder on stdin)
/// and waits until it has opened the door, or has stopped because another
/// process holds it. `false` if it could not start.
#[cfg(unix)]
fn start(registry: &Registry) -> bool {
    use std::io::BufRead;
    use std::os::unix::ffi::OsStrExt;
    use std::process::Stdio;
    // No project folder kept busy: it serves every project's pages.
    let Ok(mut child) = super::background::start_aide(
        &["decide", "serve-ended"],
        Path::new("/"),
        Some(registry.dir().as_os_str().as_bytes()),
        Stdio::piped(),
        Stdio::null(),
    ) else {
        return false;
    };
    // One line once the door is open; nothing if it stopped.
    if let Some(stdout) = child.stdout.take() {
        let _ = std::io::BufReader::new(stdout).read_line(&mut String::new());
    }
    true
}
