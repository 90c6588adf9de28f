//! What aide prints as data, on stdout: one owner, so every command says
//! the same when stdout cannot take it.

use crate::error::CliError;
use crate::output::terminal;
use std::io::{self, Write};

/// Writes one line to stdout, its control characters escaped (line
/// breaks too: text from an agent can neither drive the terminal nor
/// forge a line). A reader that went away (broken pipe) is not an error.
pub fn print_data(line: &str) -> Result<(), CliError> {
    write_out(&terminal::line(line))
}

/// Writes `lines` to stdout, each as `print_data` writes it.
pub fn print_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> Result<(), CliError> {
    let lines: Vec<String> = lines
        .into_iter()
        .map(|line| terminal::line(line.as_ref()).into_owned())
        .collect();
    write_out(&lines.join("\n"))
}

/// Prints `value` as one line of compact JSON on stdout.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    let line = serde_json::to_string(value).map_err(|e| CliError::stdout(e.into()))?;
    print_json_text(&line)
}

/// Prints JSON text (compact or pretty) on stdout: the same JSON, with
/// the characters that could drive a terminal written as `\uXXXX`.
pub fn print_json_text(text: &str) -> Result<(), CliError> {
    write_out(&terminal::json(text))
}

fn write_out(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(CliError::stdout),
    }
}
