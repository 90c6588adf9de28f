//! `aide decide waiting`: every question waiting for the person on this
//! machine, in every project, from the per-user registry.

use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::stdout::{print_json, print_lines};
use crate::store::{Listed, Registry};
use app::i18n::{HistoryWord, Msg, StoreMsg};

/// Lists the open questions, the longest waiting first: two lines each
/// (the task, its size and project; the address), or `{"waiting":[...]}`
/// with `--json`.
pub fn run(ctx: &Ctx, as_json: bool) -> Result<(), CliError> {
    let listed = match Registry::locate(|name| std::env::var(name).ok()) {
        Some(registry) => registry.list()?,
        // No home folder: no server could have listed itself either.
        None => Vec::new(),
    };
    if as_json {
        #[derive(serde::Serialize)]
        struct WaitingJson<'a> {
            waiting: &'a [Listed],
        }
        return print_json(&WaitingJson { waiting: &listed });
    }
    let printer = ctx.printer();
    if listed.is_empty() {
        printer.info(&Msg::Store(StoreMsg::NothingWaiting));
        return Ok(());
    }
    let lang = printer.lang;
    let lines = listed.iter().flat_map(|l| {
        [
            format!(
                "{} · {} · {}",
                l.task,
                HistoryWord::Items(l.items).text(lang),
                l.project.display()
            ),
            format!("  {}", l.url),
        ]
    });
    print_lines(lines)
}
