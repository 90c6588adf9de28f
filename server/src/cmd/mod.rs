//! One small file per subcommand, and what they share.

mod cancel;
mod check;
mod clean;
mod export;
mod flow;
mod guide;
mod history;
mod init;
mod result;
mod rules;
mod schema;
mod search;
mod serve;
mod setup;
mod show;
mod status;
mod submit;
mod waiting;

use crate::cli::{CliCommand as Command, DecideCommand};
use crate::decide::ctx::Ctx;
use crate::error::CliError;

/// Runs a parsed command.
pub fn run(command: Command, ctx: &Ctx) -> Result<(), CliError> {
    match command {
        Command::Init => init::run(ctx),
        Command::Setup {
            client: Some(client),
            print,
            ..
        } => setup::run(ctx, client, print),
        Command::Setup { client: None, .. } => setup::list(ctx),
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
        Command::Decide(DecideCommand::Serve { server, json }) => {
            serve::run(ctx, &server, json, false)
        }
        Command::Decide(DecideCommand::ServeDetached { server }) => {
            serve::run(ctx, &server, false, true)
        }
        Command::Decide(DecideCommand::ServeEnded) => serve_ended(),
        Command::Decide(DecideCommand::Result {
            session,
            wait,
            timeout,
        }) => result::run(ctx, session, wait, timeout),
        Command::Decide(DecideCommand::Cancel { session, reason }) => {
            cancel::run(ctx, session, reason)
        }
        Command::Decide(DecideCommand::Status { json }) => status::run(ctx, json),
        Command::Decide(DecideCommand::History { json }) => history::run(ctx, json),
        Command::Decide(DecideCommand::Waiting { json }) => waiting::run(ctx, json),
        Command::Decide(DecideCommand::Export {
            adr,
            sessions,
            since,
        }) => {
            let filter = crate::adr::Filter {
                sessions,
                since,
                lang: ctx.lang_chosen(),
            };
            export::run(ctx, &adr, filter)
        }
        Command::Decide(DecideCommand::Search {
            query,
            json,
            all_projects,
            limit,
        }) => search::run(ctx, &query, json, all_projects, limit.into()),
        Command::Decide(DecideCommand::Show { session_id }) => show::run(ctx, &session_id),
        Command::Decide(DecideCommand::Rules {
            json,
            pause,
            resume,
            revoke,
            yes,
        }) => rules::run(ctx, json, pause, resume, revoke.as_deref(), yes),
        Command::Decide(DecideCommand::Clean { keep, older_than }) => {
            clean::run(ctx, keep, older_than)
        }
        Command::Decide(DecideCommand::Schema { output }) => schema::run(output),
        Command::Decide(DecideCommand::Guide) => guide::run(ctx),
        Command::Flow(command) => flow::run(ctx, command),
    }
}

/// `aide decide serve-ended`: the one process serving the ended pages of
/// this user (`decide/ended_pages.rs`), which says one line, the door is
/// open, to the process that started it. Unix only: elsewhere a port
/// closes with its server.
fn serve_ended() -> Result<(), CliError> {
    #[cfg(unix)]
    crate::decide::ended_pages::run(|| drop(crate::stdout::print_data("open")))?;
    Ok(())
}
