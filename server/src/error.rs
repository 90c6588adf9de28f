//! The command's failures, each turned into catalogue messages at the edge.

use crate::decide::error::DecideError;
use crate::output::Printer;
use crate::store::StoreError;
use app::ValidationErrors;
use app::i18n::{Msg, StoreMsg};

/// Why a command failed: one catalogue message (printed with its hint) and
/// an exit code. Most failures are a [`Msg`] made where they happen; the
/// few kept apart need the reader's language to be said (a store error's
/// details, a JSON position, every validation error) or end differently.
/// It has no `Display`: people read [`CliError::lines`] or
/// [`CliError::message`], in their language.
#[derive(Debug)]
pub enum CliError {
    /// What the service, or anything under it, refused or failed at: the
    /// same error, said the same way, on every front end.
    Service(DecideError),
    /// The server timed out without answers (a warning; exit 1).
    TimedOut,
    /// A signal stopped the server without answers (a warning; exit 1).
    Interrupted,
    /// `result --wait --timeout` ran out: exit 124, as `timeout(1)`.
    WaitTimeout { secs: u64 },
    /// `result` printed provisional answers only (items' rules fired; the
    /// person has not answered): exit 6.
    Provisional,
    /// `result --session ID` found no answers yet: said as the spec's
    /// `✗ 尚无决策结果`, with exit 124 (the spec's own `result`, without
    /// `--session`, exits 1 with it: `StoreError::NoResult`).
    NotYet,
    /// The session was withdrawn by the agent: exit 3.
    Withdrawn {
        session: app::SessionId,
        reason: Option<String>,
    },
    /// Said already (a page's ending, told while its server was still
    /// registered); exit with this code.
    Reported(u8),
}

impl From<DecideError> for CliError {
    fn from(error: DecideError) -> Self {
        CliError::Service(error)
    }
}

/// What the service's error is made from is the command line's too.
macro_rules! through_the_service {
    ($($from:ty),*) => {$(
        impl From<$from> for CliError {
            fn from(error: $from) -> Self {
                CliError::Service(error.into())
            }
        }
    )*};
}
through_the_service!(
    Msg,
    StoreError,
    crate::config::ConfigError,
    app::validate::JsonError,
    ValidationErrors
);

// What people read of an error comes from the catalogue, in their
// language (`CliError::lines`, `message`). These errors have no `Display`,
// so none of them can be turned into text beside it (`to_string`,
// `format!("{e}")`): this does not compile once one of them has one.
const _: fn() = || {
    trait NoDisplay<A> {
        fn check() {}
    }
    impl<T: ?Sized> NoDisplay<()> for T {}
    impl<T: ?Sized + std::fmt::Display> NoDisplay<u8> for T {}
    let _ = <CliError as NoDisplay<_>>::check;
    let _ = <StoreError as NoDisplay<_>>::check;
    let _ = <crate::config::ConfigError as NoDisplay<_>>::check;
};

// One outcome an agent branches on, one exit code (docs/cli.md, "Exit
// codes"); 0 is the answers, 1 any failure.

/// Which session is meant cannot be told: pass `--session` (a usage
/// error, as clap's own are).
pub const EXIT_NAME_SESSION: u8 = 2;

/// The question was withdrawn (`aide decide cancel`): no answers will come.
pub const EXIT_WITHDRAWN: u8 = 3;

/// The page closed without answers (timed out, stopped): `aide decide
/// serve` serves it again.
pub const EXIT_CLOSED: u8 = 4;

/// A later submit replaced the session before it was answered.
pub const EXIT_REPLACED: u8 = 5;

/// The answers printed are provisional: items' rules fired while nobody
/// answered them (issue 58); the person may still answer.
pub const EXIT_PROVISIONAL: u8 = 6;

/// Not answered yet, the person is still deciding: `--wait --timeout` ran
/// out, or `result --session ID` looked once. The exit code of
/// `timeout(1)`. Only for what the spec does not have: its own `result`
/// (no `--session`, no `--wait`) exits 1, as its section 6.2 shows.
pub const EXIT_WAIT_TIMEOUT: u8 = 124;

impl CliError {
    /// The page server could not start or serve (an OS error).
    pub fn server(error: std::io::Error) -> Self {
        Msg::ServerFailed {
            detail: error.to_string(),
        }
        .into()
    }

    /// Standard output refused what was printed.
    pub fn stdout(error: std::io::Error) -> Self {
        Msg::Stdout {
            detail: error.to_string(),
        }
        .into()
    }

    /// Prints the error and its hint(s) in the printer's language.
    pub fn print(&self, printer: &Printer) {
        if let CliError::Service(DecideError::Background {
            said: Some(said), ..
        }) = self
        {
            printer.block(said);
        }
        for line in self.lines(printer.lang) {
            printer.raw(&line);
        }
    }

    /// The lines `print` writes, with their prefixes: every validation
    /// error with its field path, then the hints. An MCP tool error
    /// carries the same text.
    pub fn lines(&self, lang: app::Lang) -> Vec<String> {
        let hint = |text: &str| format!("{}: {text}", crate::output::hint_label(lang));
        match self {
            CliError::Service(DecideError::Validation(errors)) => {
                let mut lines: Vec<String> = errors
                    .messages(lang)
                    .into_iter()
                    .map(|line| format!("✗ {}", Msg::Validation { detail: line }.text(lang)))
                    .collect();
                lines.extend(errors.hints(lang).into_iter().map(hint));
                lines
            }
            CliError::TimedOut => vec![format!("⚠ {}", Msg::ServerTimeout.text(lang))],
            CliError::Interrupted => vec![format!("⚠ {}", Msg::Interrupted.text(lang))],
            CliError::Withdrawn { .. } => vec![format!("⚠ {}", self.message(lang).text(lang))],
            // Not a failure: the agent goes on with them (exit 6).
            CliError::Provisional => {
                let msg = Msg::ProvisionalOnly;
                let mut lines = vec![format!("→ {}", msg.text(lang))];
                lines.extend(msg.hint(lang).map(hint));
                lines
            }
            // Not a failure: the person is still deciding (exit 124).
            CliError::WaitTimeout { secs } => {
                let msg = Msg::WaitTimeout { secs: *secs };
                let mut lines = vec![format!("→ {}", msg.text(lang))];
                lines.extend(msg.hint(lang).map(hint));
                lines
            }
            CliError::Reported(_) | CliError::Service(DecideError::Background { .. }) => Vec::new(),
            other => {
                let msg = other.message(lang);
                let mut lines = vec![format!("✗ {}", msg.text(lang))];
                lines.extend(msg.hint(lang).map(hint));
                lines
            }
        }
    }

    /// The exit code of the outcome (the constants above), the background
    /// server's code when it reported its own failure, else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::WaitTimeout { .. } | CliError::NotYet => EXIT_WAIT_TIMEOUT,
            CliError::Service(DecideError::Store(StoreError::SeveralPending(_))) => {
                EXIT_NAME_SESSION
            }
            CliError::Service(DecideError::Msg(Msg::ServerClosed)) => EXIT_CLOSED,
            CliError::Service(DecideError::Store(StoreError::Replaced { .. })) => EXIT_REPLACED,
            CliError::Withdrawn { .. } => EXIT_WITHDRAWN,
            CliError::Provisional => EXIT_PROVISIONAL,
            CliError::Reported(code) | CliError::Service(DecideError::Background { code, .. }) => {
                *code
            }
            _ => 1,
        }
    }

    /// The catalogue message, in `lang` where its details depend on it.
    pub fn message(&self, lang: app::Lang) -> Msg {
        match self {
            CliError::Service(e) => e.message(lang),
            CliError::TimedOut => Msg::ServerTimeout,
            CliError::Interrupted => Msg::Interrupted,
            CliError::WaitTimeout { secs } => Msg::WaitTimeout { secs: *secs },
            CliError::NotYet => Msg::NoResult,
            CliError::Provisional => Msg::ProvisionalOnly,
            CliError::Withdrawn { session, reason } => Msg::Store(StoreMsg::Withdrawn {
                session: session.to_string(),
                reason: reason.clone(),
            }),
            CliError::Reported(_) => Msg::DetachFailed {
                detail: String::new(),
            },
        }
    }
}
