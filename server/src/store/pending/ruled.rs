//! The items of an open session that the person's standing rulings
//! answered at submit (issue 56), when they answered some but not all:
//! `{session_id}.ruled.json`. The page lists them apart from the open
//! items, and the person may overturn each while the session is open (it
//! is then marked `overturned`, an open item, and the ledger says so);
//! `result` gives the ruled ones before the person has answered the rest;
//! the person's submit records them beside the person's own answers (each
//! saying `by`, an overturned one `"overturned"`). Written only when a
//! ruling answered an item, so a spec session never has one.

use crate::store::files::lock::StoreLock;
use crate::store::{DecisionStore, Event, PendingFiles, StoreError};
use app::validate::WrittenVersion;
use app::{By, Decision, ItemId, Pending, RuledBy, SessionId};
use serde::{Deserialize, Serialize};

/// What `{session_id}.ruled.json` holds.
#[derive(Serialize, Deserialize)]
struct RuledFile {
    #[serde(skip_deserializing)]
    version: WrittenVersion,
    session_id: SessionId,
    items: Vec<RuledItem>,
}

/// One item a ruling answered: its option, the ruling, and the earlier
/// answer of the person the ruling stands for.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuledItem {
    id: ItemId,
    chosen: String,
    ruling: String,
    record: SessionId,
    item: ItemId,
    /// The person overturned it: the item is open, theirs to answer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    overturned: bool,
}

impl DecisionStore {
    pub(in crate::store) fn ruled_name(session: &SessionId) -> String {
        format!("{session}.ruled.json")
    }

    /// Removes what a ruling answered of `session` (its record is written,
    /// or the session is cleaned).
    pub(in crate::store) fn remove_ruled(&self, session: &SessionId) -> Result<(), StoreError> {
        self.remove(&Self::ruled_name(session))
    }
}

impl PendingFiles<'_> {
    /// Keeps the ruled answers among `decisions` as those of `session`;
    /// none: nothing is written.
    pub fn save_ruled(
        &self,
        _lock: &StoreLock,
        session: &SessionId,
        decisions: &[Decision],
    ) -> Result<(), StoreError> {
        let items: Vec<RuledItem> = decisions.iter().filter_map(item_of).collect();
        if items.is_empty() {
            return self.0.remove(&DecisionStore::ruled_name(session));
        }
        let file = RuledFile {
            version: WrittenVersion,
            session_id: session.clone(),
            items,
        };
        self.0.write(&DecisionStore::ruled_name(session), &file)
    }

    /// The items of `pending` a ruling answered, in the items' order (each
    /// `By::Ruling`, or `By::Overturned` once the person overturned it):
    /// none when no ruling answered any. An entry the session's item does not
    /// fit (an option it does not offer: a file edited by hand) is left
    /// out, so the person is asked; a file that is not JSON is `Corrupt`.
    pub fn load_ruled(&self, pending: &Pending) -> Result<Vec<Decision>, StoreError> {
        let name = DecisionStore::ruled_name(&pending.meta.session_id);
        let Some(bytes) = self.0.read_bytes(&name)? else {
            return Ok(Vec::new());
        };
        let file: RuledFile = serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt {
            file: name.clone(),
            damage: app::i18n::Damage::Json(app::validate::JsonError::new(&e, &bytes)),
        })?;
        if file.session_id != pending.meta.session_id {
            return Ok(Vec::new());
        }
        let mut decisions: Vec<Decision> = file
            .items
            .into_iter()
            .filter_map(|entry| {
                let item = pending.input.item(entry.id)?;
                let by = RuledBy {
                    ruling: entry.ruling,
                    record: entry.record,
                    item: entry.item,
                };
                let decision = Decision::ruled(item, &entry.chosen, by)?;
                Some(if entry.overturned {
                    decision.overturned()
                } else {
                    decision
                })
            })
            .collect();
        decisions.sort_by_key(|d| pending.input.position(d.id()));
        decisions.dedup_by_key(|d| d.id());
        Ok(decisions)
    }

    /// The person overturns the ruled answer of item `id`: the item is
    /// open again, and the ledger says which ruling was overturned. `None`
    /// when no ruling answers the item (already overturned): nothing is
    /// written.
    pub fn overturn(
        &self,
        lock: &StoreLock,
        pending: &Pending,
        id: ItemId,
    ) -> Result<Option<RuledBy>, StoreError> {
        let mut ruled = self.load_ruled(pending)?;
        let Some(at) = ruled
            .iter()
            .position(|d| d.id() == id && matches!(d.by(), By::Ruling(_)))
        else {
            return Ok(None);
        };
        ruled[at] = ruled[at].clone().overturned();
        let session = &pending.meta.session_id;
        self.save_ruled(lock, session, &ruled)?;
        let By::Overturned(by) = ruled[at].by() else {
            return Ok(None);
        };
        self.0.ledger().log(&Event::RulingOverturned {
            session_id: session.clone(),
            item: id.get(),
            ruling: by.ruling.clone(),
        })?;
        Ok(Some(by.clone()))
    }
}

/// A ruled answer as the file keeps it, overturned or not; any other
/// answer is not kept.
fn item_of(decision: &Decision) -> Option<RuledItem> {
    let (by, overturned) = match decision.by() {
        By::Ruling(by) => (by, false),
        By::Overturned(by) => (by, true),
        By::Person | By::Provisional(_) => return None,
    };
    let chosen = match decision.answer() {
        app::Answer::Chosen(value) => value.clone(),
        app::Answer::ChosenMany(values) if values.len() == 1 => values[0].clone(),
        _ => return None,
    };
    Some(RuledItem {
        id: decision.id(),
        chosen,
        ruling: by.ruling.clone(),
        record: by.record.clone(),
        item: by.item,
        overturned,
    })
}
