//! The command's failures, each turned into catalogue messages at the edge.

use crate::output::Printer;
use crate::store::StoreError;
use app::ValidationErrors;
use app::i18n::Msg;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("invalid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("validation failed: {0}")]
    Validation(ValidationErrors),
    #[error("cannot read {source_name}: {error}")]
    ReadInput {
        source_name: String,
        error: std::io::Error,
    },
    #[error("neither JSON nor a file: {0}")]
    NotJsonNorFile(String),
    #[error("ports {first}-{last} are all in use")]
    PortsTaken { first: u16, last: u16 },
    #[error("server failed: {0}")]
    Server(std::io::Error),
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error("the server timed out")]
    TimedOut,
    #[error("the server was interrupted")]
    Interrupted,
    #[error("a page is still waiting at {url}")]
    AlreadyServing { url: String },
    #[error("cannot stop the old server (process {pid})")]
    CannotStopOld { pid: u32 },
    #[error("the background server did not start: {0}")]
    DetachFailed(String),
    /// The background server printed its own messages; exit with its code.
    #[error("the background server failed (exit code {0})")]
    Reported(u8),
    #[error("the server closed without a decision result")]
    ServerClosed,
    #[error("no decision result after {secs} s")]
    WaitTimeout { secs: u64 },
    #[error("the pending session is already decided")]
    AlreadyDecided,
    /// A failure that is just one catalogue message.
    #[error("{0:?}")]
    Message(Msg),
    #[error("cannot write to stdout: {0}")]
    Stdout(std::io::Error),
}

/// `result --wait --timeout` ran out: the exit code of `timeout(1)`.
pub const EXIT_WAIT_TIMEOUT: u8 = 124;

impl CliError {
    /// Prints the error and its hint(s) in the printer's language.
    pub fn print(&self, printer: &Printer) {
        let lang = printer.lang;
        match self {
            CliError::Validation(errors) => {
                for line in errors.messages(lang) {
                    printer.line_error(&Msg::Validation { detail: line });
                }
                for hint in errors.hints(lang) {
                    printer.hint(hint);
                }
            }
            CliError::TimedOut => printer.warn(&Msg::ServerTimeout),
            CliError::Interrupted => printer.warn(&Msg::Interrupted),
            CliError::Reported(_) => {}
            other => printer.error(&other.message(printer)),
        }
    }

    /// 124 when waiting ran out, the background server's code when it
    /// reported its own failure, else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::WaitTimeout { .. } => EXIT_WAIT_TIMEOUT,
            CliError::Reported(code) => *code,
            _ => 1,
        }
    }

    fn message(&self, printer: &Printer) -> Msg {
        let lang = printer.lang;
        match self {
            CliError::Store(e) => e.message(lang),
            CliError::Json(e) => Msg::JsonParse {
                detail: json_detail(e, lang),
            },
            CliError::Validation(errors) => Msg::Validation {
                detail: errors.first().message(lang),
            },
            CliError::ReadInput { source_name, error } => Msg::ReadInput {
                source: source_name.clone(),
                detail: error.to_string(),
            },
            CliError::NotJsonNorFile(arg) => Msg::NotJsonNorFile { arg: arg.clone() },
            CliError::PortsTaken { first, last } => Msg::PortsTaken {
                first: *first,
                last: *last,
            },
            CliError::Server(e) => Msg::ServerFailed {
                detail: e.to_string(),
            },
            CliError::Config(e) => e.0.clone(),
            CliError::TimedOut => Msg::ServerTimeout,
            CliError::Interrupted => Msg::Interrupted,
            CliError::AlreadyServing { url } => Msg::AlreadyServing { url: url.clone() },
            CliError::CannotStopOld { pid } => Msg::CannotStopOld { pid: *pid },
            CliError::DetachFailed(detail) => Msg::DetachFailed {
                detail: detail.clone(),
            },
            CliError::Reported(_) => Msg::DetachFailed {
                detail: String::new(),
            },
            CliError::ServerClosed => Msg::ServerClosed,
            CliError::WaitTimeout { secs } => Msg::WaitTimeout { secs: *secs },
            CliError::AlreadyDecided => Msg::AlreadyDecided,
            CliError::Message(msg) => msg.clone(),
            CliError::Stdout(e) => Msg::Stdout {
                detail: e.to_string(),
            },
        }
    }
}

/// serde_json's message with its position, the position in the reader's
/// language.
fn json_detail(error: &serde_json::Error, lang: app::Lang) -> String {
    let text = error.to_string();
    let reason = text.split(" at line ").next().unwrap_or(&text);
    match lang {
        app::Lang::Zh => format!("第 {} 行第 {} 列: {reason}", error.line(), error.column()),
        app::Lang::En => format!("line {}, column {}: {reason}", error.line(), error.column()),
    }
}
