//! One small file per subcommand, and what they share.

pub(crate) mod cancel;
mod check;
mod clean;
pub(crate) mod ctx;
pub(crate) mod detach;
mod ended_page;
mod flow;
mod guide;
mod history;
mod init;
pub(crate) mod result;
mod schema;
mod serve;
pub(crate) mod serving;
pub(crate) mod settings;
mod show;
mod status;
pub(crate) mod submit;
mod waiting;
pub(crate) mod watch;

use crate::cli::{Command, DecideCommand};
use crate::error::CliError;
use ctx::Ctx;

/// Runs a parsed command.
pub fn run(command: Command, ctx: &Ctx) -> Result<(), CliError> {
    match command {
        Command::Init => init::run(ctx),
        Command::Decide(DecideCommand::Submit {
            input,
            server,
            replace,
            json,
            check,
        }) => {
            if check {
                check::run(ctx, &input)
            } else {
                submit::run(ctx, &input, &server, replace, json)
            }
        }
        Command::Decide(DecideCommand::Serve { server }) => serve::run(ctx, &server, false),
        Command::Decide(DecideCommand::ServeDetached { server }) => serve::run(ctx, &server, true),
        Command::Decide(DecideCommand::ServeEnded) => ended_page::run(ctx),
        Command::Decide(DecideCommand::Result {
            session,
            wait,
            timeout,
        }) => result::run(ctx, session, wait.then_some(timeout)),
        Command::Decide(DecideCommand::Cancel { session, reason }) => {
            cancel::run(ctx, session, reason)
        }
        Command::Decide(DecideCommand::Status { json }) => status::run(ctx, json),
        Command::Decide(DecideCommand::History { json }) => history::run(ctx, json),
        Command::Decide(DecideCommand::Waiting { json }) => waiting::run(ctx, json),
        Command::Decide(DecideCommand::Show { session_id }) => show::run(ctx, &session_id),
        Command::Decide(DecideCommand::Clean { keep, older_than }) => {
            clean::run(ctx, keep, older_than)
        }
        Command::Decide(DecideCommand::Schema { output }) => schema::run(output),
        Command::Decide(DecideCommand::Guide) => guide::run(ctx),
        Command::Flow(command) => flow::run(ctx, command),
        Command::Mcp {
            project,
            http: None,
        } => crate::mcp::run(project, ctx.lang_flag),
        Command::Mcp {
            project,
            http: Some(addr),
        } => crate::mcp::run_http(project, ctx.lang_flag, addr),
    }
}
