//! `aide decide submit`: parse, validate, store, serve, wait.

use crate::cli::ServerArgs;
use crate::decide::ctx::Ctx;
use crate::decide::serving::{Launch, ToServe, serve_here};
use crate::decide::submit::{parse_input, read_input, store_pending, submit_detached};
use crate::error::CliError;
use crate::output::Printer;
use crate::present::{Terminal, said};
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
    let settings = ctx.server_settings(&args.overrides())?;
    let printer = Printer { lang: ctx.lang };
    let terminal = Terminal::new(printer, &settings, json, args.qr);
    if settings.detach {
        let started = submit_detached(ctx, input, &settings, replace, &terminal)?;
        terminal.finish()?;
        printer.info(&Msg::WaitWith {
            session: started.session_id.to_string(),
        });
        if json {
            crate::stdout::print_json(&started)?;
        }
        return Ok(());
    }
    let store = ctx.store()?;
    let stored = store_pending(&store, input, replace, &settings, &terminal)?;
    // Taken under the lock, right after the save: the file just written.
    let stamp = store.pending_stamp()?;
    let to_serve = ToServe {
        pending: &stored.pending,
        stamp,
        listener: stored.listener,
    };
    // Put back if the page never comes up.
    let launch = Launch::Submitted(stored.lock, stored.undo);
    let ending = serve_here(store, to_serve, &settings, ctx.lang, launch, &terminal)?;
    terminal.finish()?;
    said(ending)
}
