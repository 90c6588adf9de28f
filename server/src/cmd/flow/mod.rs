//! `aide flow`: one file per group of subcommands, and what they share.

mod archive;
mod git;
mod record;
mod recover;
mod view;

use crate::cli::FlowCommand;
use crate::config::flow::{FlowConfig, parse_flow};
use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::store::flow::{Action, FlowStore};
use crate::store::{Project, StoreError};
use app::i18n::{FlowMsg, Msg};
use record::Request;
use std::time::Duration;

/// How long a command waits for another flow command to finish.
const LOCK_WAIT: Duration = Duration::from_secs(5);
/// The longest summary, in characters.
const MAX_CHARS: usize = 200;

/// Runs one `aide flow` subcommand.
pub fn run(ctx: &Ctx, command: FlowCommand) -> Result<(), CliError> {
    let (action, phase, text, force, args) = match command {
        FlowCommand::Status { json } => return view::status(ctx, json),
        FlowCommand::List { json } => return view::list(ctx, json),
        FlowCommand::Show { task_id, json } => return view::show(ctx, task_id.as_deref(), json),
        FlowCommand::Archive { force } => return archive::run(ctx, force),
        FlowCommand::Start {
            phase,
            summary,
            force,
            record,
        } => (Action::Start, Some(phase), summary, force, record),
        FlowCommand::NextStep { summary, record } => {
            (Action::NextStep, None, summary, false, record)
        }
        FlowCommand::BackStep { reason, record } => (Action::BackStep, None, reason, false, record),
        FlowCommand::NextPart {
            phase,
            summary,
            record,
        } => (Action::NextPart, Some(phase), summary, false, record),
        FlowCommand::BackPart {
            phase,
            reason,
            record,
        } => (Action::BackPart, Some(phase), reason, false, record),
        FlowCommand::Issue { text, record } => (Action::Issue, None, text, false, record),
        FlowCommand::Error { text, record } => (Action::Error, None, text, false, record),
    };
    record::run(
        ctx,
        Request {
            action,
            phase,
            text,
            force,
            args,
        },
    )
}

/// A failure that is one flow message.
fn fail(msg: FlowMsg) -> CliError {
    CliError::from(Msg::Flow(msg))
}

/// Store errors of the flow files, in flow's words where it has its own.
fn store_error(error: StoreError) -> CliError {
    match error {
        StoreError::Busy { pid } => fail(FlowMsg::Busy { pid }),
        StoreError::Corrupt { file, damage } => fail(FlowMsg::Corrupt { file, damage }),
        other => CliError::from(other),
    }
}

/// The `[flow]` settings of the project.
fn flow_config(project: &Project) -> Result<FlowConfig, CliError> {
    let name = Project::config_name();
    match project.read_config()? {
        Some(text) => Ok(parse_flow(&text, &name)?),
        None => Ok(FlowConfig::default()),
    }
}

/// The project and its flow store and settings.
fn open(ctx: &Ctx) -> Result<(&Project, FlowStore, FlowConfig), CliError> {
    let project = ctx.project()?;
    let config = flow_config(project)?;
    Ok((project, project.flow(), config))
}

/// A summary or reason: trimmed, one line, 1 to 200 characters.
fn check_text(text: &str) -> Result<String, CliError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(fail(FlowMsg::EmptyText));
    }
    if text.chars().any(char::is_control) {
        return Err(fail(FlowMsg::MultiLine));
    }
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return Err(fail(FlowMsg::TooLong { chars }));
    }
    Ok(text.to_owned())
}

/// The first 7 characters of a commit hash.
fn short(hash: &str) -> &str {
    hash.get(..7).unwrap_or(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_one_trimmed_line_of_at_most_200_characters() {
        assert_eq!(check_text("  完成 ").unwrap(), "完成");
        assert!(check_text("   ").is_err());
        assert!(check_text("a\nb").is_err());
        assert!(check_text("a\tb").is_err());
        assert!(check_text(&"字".repeat(200)).is_ok());
        assert!(check_text(&"字".repeat(201)).is_err());
        assert_eq!(short("0123456789"), "0123456");
    }
}
