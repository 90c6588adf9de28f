//! One small file per subcommand.

mod init;
mod result;
mod submit;

use crate::cli::{Command, DecideCommand};
use crate::error::CliError;
use crate::output::Printer;

/// Runs a parsed command.
pub fn run(command: Command, printer: Printer) -> Result<(), CliError> {
    match command {
        Command::Init => init::run(printer),
        Command::Decide(DecideCommand::Submit { input, port }) => {
            submit::run(&input, port, printer)
        }
        Command::Decide(DecideCommand::Result) => result::run(),
    }
}

/// The folder the command runs in.
fn current_dir() -> Result<std::path::PathBuf, CliError> {
    std::env::current_dir().map_err(|error| CliError::ReadInput {
        source_name: ".".into(),
        error,
    })
}
