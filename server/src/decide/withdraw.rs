//! Withdrawing a question: marked withdrawn in the store under its lock,
//! then its page stopped.

use super::ctx::Ctx;
use super::error::DecideError;
use super::stop::stop_server;
use crate::store::{DecisionStore, StoreError, Withdrawal};
use app::SessionId;
use app::SessionState;

/// Withdraws `session` (without it, the pending one, unless other
/// sessions are kept aside beside it) and stops its page.
/// A session withdrawn already stays as it was; an answered one cannot be
/// withdrawn (exit 1, "already answered": the store decides that under the
/// lock the page's answers take, so exactly one of the two wins), nor one
/// a later submit replaced.
pub fn withdraw(
    ctx: &Ctx,
    session: Option<SessionId>,
    reason: Option<String>,
) -> Result<Withdrawal, DecideError> {
    let store = ctx.store()?;
    let withdrawal = withdraw_in(&store, session, reason)?;
    // The lock is let go first: a stopping server takes it to log its end.
    if let Some(live) = store.servers().for_session(&withdrawal.session_id)? {
        stop_server(&store, &live)?;
    }
    Ok(withdrawal)
}

/// The withdrawal itself, in the store, under its lock (without stopping
/// the page): the one step `cancel` and MCP's `decide_cancel` share, and
/// what the races against the page's answers test.
pub(crate) fn withdraw_in(
    store: &DecisionStore,
    session: Option<SessionId>,
    reason: Option<String>,
) -> Result<Withdrawal, DecideError> {
    let reason = reason
        .map(|text| text.trim().to_owned())
        .filter(|text| !text.is_empty());
    let lock = store.lock()?;
    let session = match session {
        Some(session) => session,
        // Never a guess: with other sessions kept aside, the agent names
        // its own.
        None => store.pending().sole()?.0.meta.session_id,
    };
    Ok(match store.session_state(&session)? {
        SessionState::Decided(_) => return Err(StoreError::Answered(session).into()),
        SessionState::Replaced(by) => {
            return Err(StoreError::Replaced { session, by }.into());
        }
        SessionState::Withdrawn(earlier) => earlier,
        SessionState::Pending(_) => {
            store
                .pending()
                .withdraw(&lock, &session, reason, chrono::Local::now())?
        }
    })
}
