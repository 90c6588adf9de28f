//! What aide prints as data, on stdout: one owner, so every command says
//! the same when stdout cannot take it.

use crate::error::CliError;
use std::io::{self, Write};

/// Writes the result line to stdout. A reader that went away (broken pipe)
/// is not an error.
pub fn print_data(line: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    match writeln!(out, "{line}").and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(CliError::stdout),
    }
}

/// Prints `value` as one line of compact JSON on stdout.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    let line = serde_json::to_string(value).map_err(|e| CliError::stdout(e.into()))?;
    print_data(&line)
}
