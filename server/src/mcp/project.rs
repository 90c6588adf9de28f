//! Which project the tools serve: the nearest `.aide/` at or above the
//! folder the client started the server in, or `--project DIR`.

use crate::error::CliError;
use crate::store::StoreError;
use app::i18n::FileOp;
use std::path::PathBuf;

/// The folder the project is looked up from.
pub fn start_dir(project: Option<PathBuf>) -> Result<PathBuf, CliError> {
    let cwd = std::env::current_dir().map_err(|source| {
        CliError::Store(StoreError::Io {
            op: FileOp::Folder,
            path: ".".into(),
            source,
        })
    })?;
    Ok(match project {
        Some(dir) => cwd.join(dir),
        None => cwd,
    })
}
