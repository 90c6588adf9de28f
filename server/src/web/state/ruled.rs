//! The items a standing ruling answered at submit (issue 56): listed apart
//! from the open items while the session is open, each with a way to
//! overturn it. Read once when the server starts (the submit wrote them
//! before the server was started) and kept here as the person overturns
//! them (this server alone changes them while it serves the session).

use super::AppState;
use crate::store::blocking;
use crate::web::error::SessionError;
use app::{Decision, ItemId};
use std::sync::Arc;

impl AppState {
    /// The items a ruling answered, in the items' order: `By::Ruling`
    /// while it stands, `By::Overturned` once the person overturned it.
    pub fn ruled(&self) -> Arc<Vec<Decision>> {
        self.inner
            .ruled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The person overturns what a ruling answered of item `id`: it is an
    /// open item from now on (the store keeps that and the ledger says
    /// it). `false` when no ruling answers it (overturned already).
    pub async fn overturn(&self, id: ItemId) -> Result<bool, SessionError> {
        let _guard = self.inner.writing.lock().await;
        let standing = |d: &Decision| d.id() == id && matches!(d.by(), app::By::Ruling(_));
        if !self.ruled().iter().any(standing) {
            return Ok(false);
        }
        let state = self.clone();
        let overturned = blocking(move || {
            let lock = state.lock()?;
            state.still_served()?;
            if state.is_decided()? {
                return Err(SessionError::AlreadyDecided);
            }
            let pending = &state.inner.served.pending;
            Ok(state.inner.store.pending().overturn(&lock, pending, id)?)
        })
        .await?;
        let mut ruled = self
            .inner
            .ruled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for decision in Arc::make_mut(&mut ruled).iter_mut() {
            if standing(decision) {
                *decision = decision.clone().overturned();
            }
        }
        Ok(overturned.is_some())
    }
}

/// What a ruling answered of the served session when the server starts;
/// a file that cannot be read is said on the server's log and lists
/// none, so the person is asked every item.
pub(super) fn first_ruled(
    store: &crate::store::DecisionStore,
    pending: &app::Pending,
    printer: crate::output::Printer,
) -> Vec<Decision> {
    match store.pending().load_ruled(pending) {
        Ok(ruled) => ruled,
        Err(error) => {
            printer.warn(&error.message(printer.lang));
            Vec::new()
        }
    }
}
