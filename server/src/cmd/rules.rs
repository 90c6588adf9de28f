//! `aide decide rules`: the person's standing rulings listed (text or
//! `--json`), paused, resumed, or one revoked with `--yes`. Granting is
//! the page's alone (issue 56): a command an agent can run never grants.
//! Revoking only makes aide ask more, so the person may do it at their
//! terminal, but not by a slip: without `--yes` nothing changes and the
//! page is named as the other way.

use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::rulings::{revoke, set_paused, shown};
use crate::stdout::{print_json, print_lines};
use app::i18n::{Msg, RulesMsg};

pub fn run(
    ctx: &Ctx,
    json: bool,
    pause: bool,
    resume: bool,
    revoke_id: Option<&str>,
    yes: bool,
) -> Result<(), CliError> {
    let store = ctx.store()?;
    let printer = ctx.printer();
    if pause || resume {
        set_paused(&store, pause).map_err(crate::decide::error::DecideError::from)?;
        printer.ok(&Msg::Rules(if pause {
            RulesMsg::Paused
        } else {
            RulesMsg::Resumed
        }));
        return Ok(());
    }
    if let Some(id) = revoke_id {
        if !yes {
            return Err(Msg::Rules(RulesMsg::ConfirmRevoke {
                id: app::i18n::echo(id),
            })
            .into());
        }
        revoke(&store, id, None).map_err(crate::decide::error::DecideError::from)?;
        printer.ok(&Msg::Rules(RulesMsg::Revoked {
            id: app::i18n::echo(id),
        }));
        return Ok(());
    }
    let shown = shown(&store).map_err(crate::decide::error::DecideError::from)?;
    if json {
        #[derive(serde::Serialize)]
        struct RulesJson<'a> {
            paused: bool,
            rulings: &'a [crate::store::Ruling],
        }
        return print_json(&RulesJson {
            paused: shown.paused,
            rulings: &shown.rulings,
        });
    }
    if shown.rulings.is_empty() {
        printer.info(&Msg::Rules(RulesMsg::NoRulings {
            paused: shown.paused,
        }));
        return Ok(());
    }
    if shown.paused {
        printer.warn(&Msg::Rules(RulesMsg::PausedNote));
    }
    let lang = printer.lang;
    let lines = shown
        .rulings
        .iter()
        .map(|r| Msg::Rules(crate::rulings::line(r)).text(lang));
    print_lines(lines)
}
