//! Why a session operation failed, in the catalogue's terms. The front
//! ends say it their own way: the command line as lines with an exit
//! code (`error.rs`, `CliError`), `aide mcp` as a tool error. Like every
//! error a person reads, it has no `Display`.

use crate::store::StoreError;
use app::ValidationErrors;
use app::i18n::Msg;

/// Why a session operation failed.
#[derive(Debug)]
pub enum DecideError {
    /// A failure that is one catalogue message.
    Msg(Msg),
    Store(StoreError),
    /// The input is not JSON (where it stops).
    Json(app::validate::JsonError),
    /// Every error of the input, each with its field path.
    Validation(ValidationErrors),
    Config(crate::config::ConfigError),
    /// The background server stopped before its page was reachable: what
    /// it said (its own lines, already in the reader's language) and its
    /// exit code.
    Background {
        said: Option<String>,
        code: u8,
    },
}

impl DecideError {
    /// The page server could not start or serve (an OS error).
    pub fn server(error: std::io::Error) -> Self {
        DecideError::Msg(Msg::ServerFailed {
            detail: error.to_string(),
        })
    }
}

impl From<crate::rulings::RulingError> for DecideError {
    fn from(error: crate::rulings::RulingError) -> Self {
        match error {
            crate::rulings::RulingError::Msg(msg) => DecideError::Msg(msg),
            crate::rulings::RulingError::Store(error) => DecideError::Store(error),
        }
    }
}

impl From<Msg> for DecideError {
    fn from(msg: Msg) -> Self {
        DecideError::Msg(msg)
    }
}

impl From<StoreError> for DecideError {
    fn from(error: StoreError) -> Self {
        DecideError::Store(error)
    }
}

impl From<crate::config::ConfigError> for DecideError {
    fn from(error: crate::config::ConfigError) -> Self {
        DecideError::Config(error)
    }
}

impl From<app::validate::JsonError> for DecideError {
    fn from(error: app::validate::JsonError) -> Self {
        DecideError::Json(error)
    }
}

impl From<ValidationErrors> for DecideError {
    fn from(errors: ValidationErrors) -> Self {
        DecideError::Validation(errors)
    }
}

impl DecideError {
    /// The catalogue message, in `lang` where its details depend on it
    /// (a store error's, a JSON position, the first validation error).
    pub fn message(&self, lang: app::Lang) -> Msg {
        match self {
            DecideError::Msg(msg) => msg.clone(),
            DecideError::Store(e) => e.message(lang),
            DecideError::Json(e) => Msg::JsonParse {
                detail: app::i18n::json_error_text(e, lang),
            },
            DecideError::Validation(errors) => Msg::Validation {
                detail: errors.first().message(lang),
            },
            DecideError::Config(e) => e.message(lang),
            DecideError::Background { said, .. } => Msg::DetachFailed {
                detail: said.clone().unwrap_or_default(),
            },
        }
    }
}
