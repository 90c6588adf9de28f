use app::ValidationErrors;
use std::io;
use std::path::PathBuf;

/// Everything that can go wrong with the files under `.aide/`.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no .aide folder in {0} or any parent")]
    NoAideDir(PathBuf),
    #[error("no pending.json")]
    NoPending,
    #[error("no decision record for the pending session")]
    NoResult,
    #[error("the decision record does not match pending.json")]
    Stale,
    /// A file exists but is not valid JSON.
    #[error("cannot parse {file}: {detail}")]
    Corrupt { file: String, detail: String },
    /// A file is JSON but breaks the format's rules.
    #[error("invalid {file}: {errors}")]
    Invalid {
        file: String,
        errors: ValidationErrors,
    },
    #[error("cannot access {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

impl StoreError {
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> StoreError {
        let path = path.into();
        move |source| StoreError::Io { path, source }
    }
}
