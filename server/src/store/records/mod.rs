//! What a session leaves once answered: its record `{id}.json` and the
//! person's draft while answering (`answers`), the receipt the server
//! leaves for `result` (`receipt`), the list and clean-up of past
//! sessions (`history`), the words a search compares (`search_cache`),
//! and the questions a page's precedents compare (`precedent_cache`).

pub(in crate::store) mod answers;
pub(in crate::store) mod draft_seen;
pub(in crate::store) mod history;
pub(in crate::store) mod precedent_cache;
pub(in crate::store) mod provenance;
pub(in crate::store) mod receipt;
#[cfg(test)]
mod receipt_tests;
pub(in crate::store) mod search_cache;

/// The answered sessions of one store: records, drafts, the receipt,
/// history and clean (`DecisionStore::records`).
#[derive(Clone, Copy, Debug)]
pub struct Records<'a>(pub(in crate::store) &'a crate::store::DecisionStore);
