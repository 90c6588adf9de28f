use crate::cli::ServerArgs;
use crate::decide::ctx::Ctx;
use crate::decide::serving::{Launch, ToServe, serve_here};
use crate::error::CliError;
use crate::output::Printer;
use crate::present::{Terminal, said};
use app::i18n::Msg;

/// `aide decide serve`: serves the pending session again. `detached` is the
/// background server started by `--detach`, which ignores hang-ups.
pub fn run(ctx: &Ctx, args: &ServerArgs, detached: bool) -> Result<(), CliError> {
    let store = ctx.store()?;
    let settings = ctx.server_settings(&args.overrides())?;
    let printer = Printer { lang: ctx.lang };
    let mut terminal = Terminal::new(printer, &settings, false, args.qr);
    // The background server's parent holds the lock for it until it is
    // registered; taking it here would wait on that parent.
    let launch = if detached {
        terminal = terminal.background();
        Launch::Detached
    } else {
        Launch::Foreground(store.lock()?)
    };
    let (pending, stamp) = store.load_pending_stamped()?;
    // Answered is answered: the record is read (and any damage in it
    // reported) by `result`, not here.
    if store.has_record(&pending.meta.session_id)? {
        return Err(Msg::AlreadyDecided.into());
    }
    if let Some(live) = store.server_for(&pending.meta.session_id)? {
        return Err(Msg::AlreadyServing { url: live.url }.into());
    }
    if settings.detach && !detached {
        let root = ctx.project()?.root();
        crate::decide::detach::start(&store, root, &pending, &settings, ctx.lang, &terminal)?;
        terminal.finish()?;
        printer.info(&Msg::WaitWith {
            session: pending.meta.session_id.to_string(),
        });
        Ok(())
    } else {
        let listener = crate::decide::port::bind(&settings, &store)?;
        let to_serve = ToServe {
            pending: &pending,
            stamp,
            listener,
        };
        let ending = serve_here(store, to_serve, &settings, ctx.lang, launch, &terminal)?;
        terminal.finish()?;
        said(ending)
    }
}
