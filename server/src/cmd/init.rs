use super::current_dir;
use crate::error::CliError;
use crate::output::Printer;
use crate::store::{InitOutcome, Project};
use app::i18n::Msg;

/// `aide init`: creates `.aide/` in the current folder.
pub fn run(printer: Printer) -> Result<(), CliError> {
    match Project::init(&current_dir()?)? {
        InitOutcome::Created(path) => printer.ok(&Msg::InitCreated {
            path: path.display().to_string(),
        }),
        InitOutcome::AlreadyThere(path) => printer.ok(&Msg::InitExists {
            path: path.display().to_string(),
        }),
    }
    Ok(())
}
