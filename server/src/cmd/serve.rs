use crate::cli::ServerArgs;
use crate::decide::ctx::Ctx;
use crate::decide::launch::Launch;
use crate::decide::serving::{Serving, ToServe};
use crate::error::CliError;
use crate::output::Printer;
use crate::present::Terminal;
use app::i18n::Msg;

/// `aide decide serve`: serves the pending session again, at the address
/// its page had before where it can (the same key, and the same port when
/// it is free and no `--port` was asked for), so a link the person was
/// given opens again. `json` prints what `submit --json` prints. `detached`
/// is the background server started by `--detach`, which ignores hang-ups.
pub fn run(ctx: &Ctx, args: &ServerArgs, json: bool, detached: bool) -> Result<(), CliError> {
    let store = ctx.store()?;
    let mut settings = ctx.server_settings(&args.overrides())?;
    let printer = Printer { lang: ctx.lang };
    // The background server's parent holds the lock for it until it is
    // registered; taking it here would wait on that parent.
    let launch = if detached {
        Launch::Detached
    } else {
        Launch::Foreground(store.lock()?)
    };
    let (pending, stamp) = store.pending().load_stamped()?;
    // Answered is answered: the record is read (and any damage in it
    // reported) by `result`, not here.
    if store.records().exists(&pending.meta.session_id)? {
        return Err(Msg::AlreadyDecided.into());
    }
    if let Some(live) = store.servers().for_session(&pending.meta.session_id)? {
        return Err(Msg::AlreadyServing { url: live.url }.into());
    }
    if let Some(kept) = store.servers().kept_address(&pending.meta.session_id) {
        // The background server is handed the port its parent chose.
        settings.keep(kept, args.port.is_some() || detached);
    }
    let mut terminal = Terminal::new(printer, &settings, json && !detached, args.qr);
    if detached {
        terminal = terminal.background();
    }
    // What the service tells, presented once each step returns.
    let mut told = Vec::new();
    if settings.detach && !detached {
        let root = ctx.project()?.root();
        let started = crate::decide::detach::start(&store, root, &pending, &settings, &mut told);
        let started = terminal.tell(&mut told, started)?;
        terminal.finish()?;
        printer.info(&Msg::WaitWith {
            session: pending.meta.session_id.to_string(),
        });
        if json {
            crate::stdout::print_json(&started)?;
        }
        Ok(())
    } else {
        let listener = crate::decide::port::bind(&settings, &store)?;
        let to_serve = ToServe {
            pending: &pending,
            stamp,
            listener,
        };
        let serving = Serving::start(store, to_serve, &settings, ctx.lang, launch, &mut told);
        let serving = terminal.tell(&mut told, serving)?;
        let finished = serving.wait(&mut told);
        terminal.ended(&mut told, finished)
    }
}
