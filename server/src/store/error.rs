use app::Lang;
use app::i18n::{Damage, FileOp, Msg, StoreMsg};
use app::validate::FormatVersion;
use app::{SessionId, ValidationErrors};
use std::io;
use std::path::PathBuf;

/// Everything that can go wrong with the files under `.aide/`. It has no
/// `Display`: what a person reads is [`StoreError::message`], from the
/// catalogue, in their language.
#[derive(Debug)]
pub enum StoreError {
    /// No `.aide` folder in this folder or any parent.
    NoAideDir(PathBuf),
    NoPending,
    /// No record for the pending session.
    NoResult,
    /// The record does not match `pending.json`.
    Stale,
    /// A file exists but cannot be read as what it should be.
    Corrupt {
        file: String,
        damage: Damage,
    },
    /// A file is JSON but breaks the format's rules.
    Invalid {
        file: String,
        errors: ValidationErrors,
    },
    /// A newer aide wrote the file in a format this one cannot read.
    TooNew {
        file: String,
        found: FormatVersion,
    },
    /// Another process held the store lock for longer than we wait.
    Busy {
        pid: Option<u32>,
    },
    /// No record of this session exists.
    NoRecord(SessionId),
    /// The store has never heard of this session.
    UnknownSession(SessionId),
    /// The session's answers are recorded: it cannot be withdrawn, nor
    /// answered again (one outcome per session).
    Answered(SessionId),
    /// The agent withdrew the session: its answers can no longer be
    /// recorded (one outcome per session).
    Withdrawn {
        session: SessionId,
        reason: Option<String>,
    },
    /// A later submit replaced this session before it was answered.
    Replaced {
        session: SessionId,
        by: SessionId,
    },
    /// `result` or `cancel` without a session id while several sessions
    /// share the project.
    SeveralPending(Vec<super::OpenSession>),
    /// The system refused to read, write or list something.
    Io {
        op: FileOp,
        path: PathBuf,
        source: io::Error,
    },
    /// The folder of the per-user list of waiting questions cannot be
    /// read (`Registry::list`): said as that folder, not as `.aide`.
    ListFolder {
        path: PathBuf,
        source: io::Error,
    },
    /// A file to read is not a regular file (a FIFO, a device, a folder):
    /// refused without waiting on it ([`super::files::read`]).
    NotRegular(PathBuf),
    /// A file that should be this user's alone is not (a rulings file
    /// others may read or write, or another user's).
    NotOurs(PathBuf),
    /// The rulings changed since the page asking a change was shown.
    RulingsChanged,
    /// A job run off the async threads ([`super::files::blocking`]) panicked: a
    /// bug, not a file.
    Panicked,
}

impl StoreError {
    /// For a file that could not be read.
    pub(crate) fn read(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> StoreError {
        Self::io(FileOp::Read, path)
    }

    /// For a file that could not be written, renamed or removed.
    pub(crate) fn write(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> StoreError {
        Self::io(FileOp::Write, path)
    }

    /// For a folder that could not be created or listed.
    pub(crate) fn folder(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> StoreError {
        Self::io(FileOp::Folder, path)
    }

    fn io(op: FileOp, path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> StoreError {
        let path = path.into();
        move |source| {
            if super::files::read::NotRegular::is(&source) {
                return StoreError::NotRegular(path);
            }
            StoreError::Io { op, path, source }
        }
    }

    /// The error for a stored file that could not be read as its format.
    pub(crate) fn stored(file: &str) -> impl FnOnce(app::validate::StoredError) -> StoreError {
        let file = file.to_owned();
        move |error| match error {
            app::validate::StoredError::Invalid(errors) => StoreError::Invalid { file, errors },
            app::validate::StoredError::Newer(found) => StoreError::TooNew { file, found },
            app::validate::StoredError::Json(error) => StoreError::Corrupt {
                file,
                damage: Damage::Json(error),
            },
        }
    }

    /// The warning for a ledger line this error kept from being written:
    /// the error said in `lang`, inside the catalogue's sentence (the data
    /// the line describes is saved either way).
    pub fn ledger_failed(&self, lang: Lang) -> Msg {
        Msg::Store(app::i18n::StoreMsg::LedgerFailed {
            detail: self.message(lang).text(lang),
        })
    }

    /// The catalogue message that tells a person what went wrong.
    pub fn message(&self, lang: Lang) -> Msg {
        match self {
            StoreError::NoAideDir(_) => Msg::NoAideDir,
            StoreError::NoPending => Msg::NoPending,
            StoreError::NoResult => Msg::NoResult,
            StoreError::Stale => Msg::Stale,
            StoreError::Corrupt { file, damage } => Msg::Corrupt {
                file: file.clone(),
                detail: damage.text(lang),
            },
            StoreError::Invalid { file, errors } => Msg::Corrupt {
                file: file.clone(),
                detail: errors.messages(lang).join("; "),
            },
            StoreError::TooNew { file, found } => Msg::Store(StoreMsg::TooNew {
                file: file.clone(),
                found: found.to_string(),
                reads: format!("{}.x", app::validate::CURRENT_VERSION.major),
            }),
            StoreError::Busy { pid } => Msg::Store(StoreMsg::Busy {
                pid: *pid,
                secs: crate::store::LOCK_WAIT.as_secs(),
            }),
            StoreError::NoRecord(session) => Msg::Store(StoreMsg::NoRecord {
                session: session.to_string(),
            }),
            StoreError::UnknownSession(session) => Msg::Store(StoreMsg::UnknownSession {
                session: session.to_string(),
            }),
            StoreError::Answered(session) => Msg::Store(StoreMsg::CannotWithdrawDecided {
                session: session.to_string(),
            }),
            StoreError::Withdrawn { session, reason } => Msg::Store(StoreMsg::Withdrawn {
                session: session.to_string(),
                reason: reason.clone(),
            }),
            StoreError::Replaced { session, by } => Msg::Store(StoreMsg::Replaced {
                session: session.to_string(),
                by: by.to_string(),
            }),
            StoreError::SeveralPending(open) => Msg::Store(StoreMsg::SeveralPending {
                sessions: open
                    .iter()
                    .map(|o| app::i18n::SessionListed {
                        session: o.session_id.to_string(),
                        task: o.task.clone(),
                        state: o.status.into(),
                    })
                    .collect(),
            }),
            StoreError::Io { op, path, source } => Msg::Io {
                op: *op,
                path: path.display().to_string(),
                detail: source.to_string(),
            },
            StoreError::ListFolder { path, source } => Msg::Store(StoreMsg::ListUnusable {
                folder: path.display().to_string(),
                detail: source.to_string(),
            }),
            StoreError::NotRegular(path) => Msg::Store(StoreMsg::NotRegular {
                path: path.display().to_string(),
            }),
            StoreError::Panicked => Msg::Store(StoreMsg::Panicked),
            StoreError::NotOurs(path) => Msg::Rules(app::i18n::RulesMsg::NotOurs {
                file: path.display().to_string(),
            }),
            StoreError::RulingsChanged => Msg::Rules(app::i18n::RulesMsg::Changed),
        }
    }
}
