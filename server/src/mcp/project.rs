//! Which project the tools serve: the nearest `.aide/` at or above the
//! folder the client started the server in, or `--project DIR`.

use crate::error::CliError;
use std::path::PathBuf;

/// The folder the project is looked up from.
pub fn start_dir(project: Option<PathBuf>) -> Result<PathBuf, CliError> {
    let cwd = crate::store::current_dir()?;
    Ok(match project {
        Some(dir) => cwd.join(dir),
        None => cwd,
    })
}
