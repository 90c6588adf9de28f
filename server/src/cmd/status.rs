use super::Ctx;
use crate::error::CliError;
use crate::stdout::print_data;
use crate::store::StoreError;
use app::i18n::Msg;
use serde_json::json;

/// `aide decide status`: whether a session is pending, where its page is,
/// and whether it is answered; `--json` prints one object on stdout.
pub fn run(ctx: &Ctx, as_json: bool) -> Result<(), CliError> {
    let store = ctx.store()?;
    let pending = store.load_pending()?;
    let answered = match store.result_for(&pending) {
        Ok(_) => true,
        Err(StoreError::NoResult | StoreError::Stale) => false,
        Err(other) => return Err(other.into()),
    };
    let server = store
        .running_server()?
        .filter(|live| live.session_id == pending.meta.session_id);
    if as_json {
        let status = json!({
            "session_id": pending.meta.session_id.as_str(),
            "task": pending.input.task(),
            "items": pending.input.items().len(),
            "created_at": pending.meta.created_at,
            "answered": answered,
            "served": server.is_some(),
            "url": server.as_ref().map(|s| s.url.as_str()),
            "pid": server.as_ref().map(|s| s.pid),
        });
        return print_data(&status.to_string());
    }
    let printer = ctx.printer;
    printer.info(&Msg::StatusPending {
        session: pending.meta.session_id.to_string(),
        task: pending.input.task().to_owned(),
        items: pending.input.items().len(),
    });
    match &server {
        Some(live) => printer.info(&Msg::StatusServed {
            url: live.url.clone(),
            pid: live.pid,
        }),
        None => printer.info(&Msg::StatusNotServed),
    }
    if answered {
        printer.ok(&Msg::StatusAnswered);
    } else {
        printer.info(&Msg::StatusUnanswered);
    }
    Ok(())
}
