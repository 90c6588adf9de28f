use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::store::CleanRule;
use app::i18n::{Msg, StoreMsg};

/// `aide decide clean --keep N / --older-than DAYS`: removes old sessions
/// and says which.
pub fn run(ctx: &Ctx, keep: Option<usize>, older_than_days: Option<u32>) -> Result<(), CliError> {
    let store = ctx.store()?;
    let lock = store.lock()?;
    let rule = CleanRule {
        keep,
        older_than_days,
    };
    let removed = store.records().clean(&lock, rule, chrono::Local::now())?;
    let printer = ctx.printer();
    if removed.is_empty() {
        printer.info(&Msg::Store(StoreMsg::NothingToClean));
        return Ok(());
    }
    let sessions: Vec<String> = removed.iter().map(|s| s.session_id.to_string()).collect();
    printer.ok(&Msg::Store(StoreMsg::Cleaned {
        count: removed.len(),
        sessions: sessions.join(", "),
    }));
    Ok(())
}
