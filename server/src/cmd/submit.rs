//! `aide decide submit`: parse, validate, store, serve, wait.

use crate::cli::ServerArgs;
use crate::decide::ctx::Ctx;
use crate::decide::input::{parse_input, read_input};
use crate::decide::launch::Launch;
use crate::decide::rulings::{AllRuled, RuledSubmit, submit_ruled};
use crate::decide::serving::{Serving, ToServe};
use crate::decide::submit::{store_pending, submit_detached};
use crate::error::CliError;
use crate::output::Printer;
use crate::present::Terminal;
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
    // What the service tells, presented once each step returns.
    let mut told = Vec::new();
    let ruled = submit_ruled(&ctx.store()?, &input, &settings, replace, &mut told);
    let some = match terminal.tell(&mut told, ruled)? {
        RuledSubmit::All(ruled) => {
            terminal.finish()?;
            return print_ruled(printer, &input, &ruled);
        }
        RuledSubmit::Ask(some) => some,
    };
    if settings.detach {
        let started = submit_detached(ctx, input, &settings, replace, &some, &mut told);
        let started = terminal.tell(&mut told, started)?;
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
    let stored = store_pending(&store, input, replace, &settings, &some, &mut told);
    let stored = terminal.tell(&mut told, stored)?;
    // Taken under the lock, right after the save: the file just written.
    let stamp = store.pending().stamp()?;
    let to_serve = ToServe {
        pending: &stored.pending,
        stamp,
        listener: stored.listener,
    };
    // Put back if the page never comes up.
    let launch = Launch::Submitted(stored.lock, stored.undo);
    let serving = Serving::start(store, to_serve, &settings, ctx.lang, launch, &mut told);
    let serving = terminal.tell(&mut told, serving)?;
    let finished = serving.wait(&mut told);
    terminal.ended(&mut told, finished)
}

/// Every item answered by a ruling: each said on stderr, the answers on
/// stdout as `result` prints them (no page was opened).
fn print_ruled(
    printer: Printer,
    input: &app::DecideInput,
    ruled: &AllRuled,
) -> Result<(), CliError> {
    for (decision, item) in ruled.output.decisions().iter().zip(input.items()) {
        let app::By::Ruling(by) = decision.by() else {
            continue;
        };
        let value = match decision.answer() {
            app::Answer::Chosen(value) => Some(value),
            app::Answer::ChosenMany(values) => values.first(),
            _ => None,
        };
        let answer = value
            .and_then(|value| item.option(value))
            .map_or_else(String::new, |o| o.label().to_owned());
        printer.info(&Msg::Rules(app::i18n::RulesMsg::RuledItem {
            item: item.id().get(),
            title: item.title().to_owned(),
            answer,
            id: by.ruling.clone(),
        }));
    }
    printer.ok(&Msg::Rules(app::i18n::RulesMsg::AllRuled {
        items: input.items().len(),
    }));
    crate::stdout::print_json(&ruled.output)?;
    Ok(())
}
