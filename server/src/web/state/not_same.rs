//! "Not the same question": the person says the earlier decision shown
//! beside an item asked something else. Said to the ledger (the person's
//! own, which the next page's precedents read), and kept here so this
//! page shows the item without it from now on.

use super::AppState;
use crate::search::Words;
use crate::store::{Event, blocking};
use crate::web::error::SessionError;
use app::ItemId;
use std::sync::Arc;

impl AppState {
    /// The items whose precedent the person said is not the same question,
    /// while this server runs.
    pub fn not_same(&self) -> Arc<Vec<ItemId>> {
        self.inner
            .not_same
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Says that item `id`'s precedent is not the same question. `false`
    /// when the item shows none (no precedent, or already said so): nothing
    /// is written then.
    pub async fn not_the_same(&self, id: ItemId) -> Result<bool, SessionError> {
        let served = &self.inner.served;
        let (Some(item), Some(shown)) = (
            served.pending.input.item(id),
            served.precedents.iter().find(|p| p.id == id),
        ) else {
            return Ok(false);
        };
        if self.not_same().contains(&id) {
            return Ok(false);
        }
        let event = Event::NotSame {
            session_id: served.pending.meta.session_id.clone(),
            item: id.get(),
            question: Words::default().question(item.title()),
            precedent: shown.precedent.session_id.clone(),
            precedent_item: shown.precedent.item.get(),
        };
        let store = self.inner.store.clone();
        blocking(move || store.ledger().log(&event))
            .await
            .map_err(SessionError::Store)?;
        let mut not_same = self
            .inner
            .not_same
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !not_same.contains(&id) {
            Arc::make_mut(&mut not_same).push(id);
        }
        Ok(true)
    }
}
