//! What the service says happened, for the front ends to present: the
//! command line prints it (`cmd/present.rs`: lines, QR code, browser,
//! notification, `--json`), `aide mcp` maps it to its results and logs.
//! Nothing under `decide/` writes to stdout or stderr: MCP's stdio
//! transport owns stdout, and a service knows nothing of its printer.

use super::settings::ServerSettings;
use crate::store::StoreError;
use app::i18n::{AgentMsg, Msg, StoreMsg};
use app::{Lang, Pending, SessionId, SessionState};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Something that happened while a session was submitted, started or
/// served: each operation adds what happened, in order, to the `told`
/// its caller hands it, and the caller presents them when it returns (a
/// page server returns once it is reachable, and again once it ended).
#[derive(Debug)]
pub enum Happened {
    /// A ledger line could not be written; what it records happened all
    /// the same (told as `told.extend(result.err().map(NotLogged))`).
    NotLogged(StoreError),
    /// The session in `pending.json` still waits for the person: kept
    /// aside beside the new one, its page serving on.
    KeptAside { session: SessionId },
    /// `--replace` stopped the server of the unanswered session at `url`.
    StoppedOld { url: String },
    /// The per-user list of open questions could not be written: this
    /// question is served, but not listed.
    NotListed { folder: PathBuf, error: StoreError },
    /// This process serves the page, registered and reachable.
    Serving(Started),
    /// A background process serves the page, registered and reachable.
    Detached(Started),
    /// This build carries no page bundle: the page works without its
    /// scripts.
    NoBundle,
    /// The page stopped serving the session, said while its server is
    /// still registered (whoever sees it gone finds why already).
    Ended(Ending),
    /// A rulings file cannot be read: no ruling applied.
    RulingsOff { file: String, error: StoreError },
    /// Something of the person's rulings to tell them (one found stale).
    Rulings(app::i18n::RulesMsg),
}

impl Happened {
    /// The warning a person is given for this, if it is one: something
    /// went wrong beside what the operation did.
    pub fn warning(&self, lang: Lang) -> Option<Msg> {
        Some(match self {
            Happened::NotLogged(error) => error.ledger_failed(lang),
            Happened::NotListed { folder, error } => Msg::Store(StoreMsg::NotListed {
                folder: folder.display().to_string(),
                detail: error.message(lang).text(lang),
            }),
            Happened::NoBundle => Msg::NoBundle,
            Happened::RulingsOff { file, error } => Msg::Rules(rulings_off(error, file, lang)),
            Happened::Rulings(msg) => Msg::Rules(msg.clone()),
            _ => return None,
        })
    }
}

/// A page serving a session: what `submit --json` prints and what the MCP
/// tools answer with.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Started {
    pub session_id: SessionId,
    pub url: String,
    /// One line to paste to the person: what to answer, and where.
    pub message: String,
    pub port: u16,
    pub pid: u32,
    /// The person's language, which `message` is in.
    #[serde(skip)]
    pub lang: Lang,
}

impl Started {
    /// The page of `pending` at `url`, served from `addr` by process `pid`,
    /// with the line an agent pastes to the person, in the person's
    /// language.
    pub(super) fn new(
        pending: &Pending,
        url: String,
        addr: SocketAddr,
        pid: u32,
        settings: &ServerSettings,
    ) -> Self {
        let lang = settings.person_lang(pending);
        let message = Msg::Agent(AgentMsg::ForPerson {
            task: pending.input.task().to_owned(),
            items: pending.input.items().len(),
            url: url.clone(),
            tunnel: settings.reach.tunnel(addr.port()),
        })
        .text(lang);
        Started {
            session_id: pending.meta.session_id.clone(),
            url,
            message,
            port: addr.port(),
            pid,
            lang,
        }
    }
}

/// How a page stopped serving its session: where the session stands then
/// (`app::SessionState`, the one list of its states). Still pending, with
/// why the page stopped unanswered; decided (the person's answers are
/// recorded); withdrawn by the agent, with the session and the reason. A
/// session is never replaced under its page (a later submit keeps it
/// aside and it serves on), so that state is empty.
pub type Ending = SessionState<Unanswered, (), Infallible, (SessionId, Option<String>)>;

/// Why a page stopped with its session unanswered: it stays pending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// The server's timeout passed without answers.
    TimedOut,
    /// A signal stopped the server without answers.
    Interrupted,
    /// The project folder went away under the server.
    ProjectGone { folder: PathBuf },
}

/// What a person is told of a rulings file that cannot be read.
fn rulings_off(error: &StoreError, file: &str, lang: app::Lang) -> app::i18n::RulesMsg {
    match error {
        StoreError::NotOurs(path) => app::i18n::RulesMsg::NotOurs {
            file: path.display().to_string(),
        },
        error => app::i18n::RulesMsg::Off {
            file: file.to_owned(),
            detail: match error.message(lang) {
                // The file's name is said once, by the message itself.
                Msg::Corrupt { detail, .. } => detail,
                msg => msg.text(lang),
            },
        },
    }
}
