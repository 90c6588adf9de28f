use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::stdout::print_json_text;
use crate::store::StoreError;
use app::SessionId;
use app::i18n::{Msg, StoreMsg};

/// `aide decide show <session_id>`: the stored record, as it is on disk;
/// for a withdrawn session, its withdrawal (exit 3).
pub fn run(ctx: &Ctx, arg: &str) -> Result<(), CliError> {
    let Some(session) = arg.trim().parse::<SessionId>().ok() else {
        return Err(CliError::from(Msg::Store(StoreMsg::BadSessionId {
            arg: app::i18n::echo(arg),
        })));
    };
    let store = ctx.store()?;
    match store.records().json(&session)? {
        Some(record) => {
            let text = serde_json::to_string_pretty(&record)
                .map_err(|e| CliError::stdout(std::io::Error::other(e)))?;
            print_json_text(&text)
        }
        None => {
            if let Some(withdrawal) = store.pending().withdrawal(&session)? {
                // Its record is the withdrawal: shown as data, like an
                // answered session's, and the exit code says withdrawn.
                let text = serde_json::to_string_pretty(&withdrawal)
                    .map_err(|e| CliError::stdout(std::io::Error::other(e)))?;
                print_json_text(&text)?;
                return Err(CliError::Withdrawn {
                    session,
                    reason: withdrawal.reason,
                });
            }
            // Pending, in pending.json or kept aside beside it.
            let pending = match store.pending().find(&session) {
                Ok(found) => found.is_some(),
                Err(StoreError::NoPending) => false,
                Err(e) => return Err(e.into()),
            };
            if pending {
                Err(CliError::from(Msg::Store(StoreMsg::NotDecidedYet {
                    session: session.to_string(),
                })))
            } else {
                Err(StoreError::NoRecord(session).into())
            }
        }
    }
}
