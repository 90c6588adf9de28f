//! `aide decide submit`: parse, validate, store, serve, wait.

use crate::cli::ServerArgs;
use crate::decide::ctx::Ctx;
use crate::decide::serving::{Launch, ToServe, serve_here};
use crate::decide::submit::{parse_input, read_input, store_pending, submit_detached};
use crate::error::CliError;
use app::i18n::Msg;

/// `aide decide submit`: parse, validate, store, serve, wait.
pub fn run(
    ctx: &Ctx,
    arg: &str,
    args: &ServerArgs,
    replace: bool,
    json: bool,
) -> Result<(), CliError> {
    let input = parse_input(&read_input(arg)?, &ctx.input_files())?;
    let mut settings = ctx.server_settings(args)?;
    settings.json = json;
    if settings.detach {
        let started = submit_detached(ctx, input, &settings, replace)?;
        ctx.printer.info(&Msg::WaitWith {
            session: started.session_id.to_string(),
        });
        if json {
            crate::stdout::print_json(&started)?;
        }
        return Ok(());
    }
    let store = ctx.store()?;
    let (lock, pending, listener) = store_pending(ctx, &store, input, replace, &settings)?;
    // Taken under the lock, right after the save: the file just written.
    let stamp = store.pending_stamp()?;
    let to_serve = ToServe {
        pending: &pending,
        stamp,
        listener,
    };
    serve_here(
        store,
        to_serve,
        &settings,
        ctx.printer,
        Launch::Foreground(lock),
    )
}
