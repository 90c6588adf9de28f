//! `aide decide cancel`: the agent withdraws its question (it became moot,
//! or the person answered in the chat). The session is marked withdrawn,
//! its page stops, and every wait on it ends with the withdrawn status
//! (exit 3); history, `show` and `status` say withdrawn.

use crate::decide::ctx::Ctx;
use crate::decide::withdraw::withdraw;
use crate::error::CliError;
use app::SessionId;
use app::i18n::{Msg, StoreMsg};

pub fn run(ctx: &Ctx, session: Option<SessionId>, reason: Option<String>) -> Result<(), CliError> {
    let withdrawal = withdraw(ctx, session, reason)?;
    ctx.printer().ok(&Msg::Store(StoreMsg::WithdrewSession {
        session: withdrawal.session_id.to_string(),
        reason: withdrawal.reason,
    }));
    Ok(())
}
