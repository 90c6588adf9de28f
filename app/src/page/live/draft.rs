//! Drafts: a moment after the last change the form is saved, one request
//! at a time; changes made meanwhile follow in the next.

use super::{DraftStatus, Live, Phase, send};
use leptos::prelude::*;
use std::time::Duration;

/// How long the person may pause before the draft is saved.
const DEBOUNCE: Duration = crate::page::protocol::DRAFT_DEBOUNCE;

/// The draft timer and the one request in flight.
#[derive(Clone, Copy)]
pub(super) struct Saver {
    timer: StoredValue<Option<TimeoutHandle>, LocalStorage>,
    in_flight: StoredValue<bool, LocalStorage>,
    again: StoredValue<bool, LocalStorage>,
}

impl Saver {
    pub(super) fn new() -> Self {
        Saver {
            timer: StoredValue::new_local(None),
            in_flight: StoredValue::new_local(false),
            again: StoredValue::new_local(false),
        }
    }
}

/// Saves the draft a moment after the last change.
pub(super) fn schedule_draft(live: Live) {
    let t = live.saver;
    if let Some(handle) = t.timer.get_value() {
        handle.clear();
    }
    t.timer
        .set_value(set_timeout_with_handle(move || save_draft(live), DEBOUNCE).ok());
}

/// Sends the form as the draft now, one request at a time.
pub(super) fn save_draft(live: Live) {
    let t = live.saver;
    if t.in_flight.get_value() {
        t.again.set_value(true);
        return;
    }
    t.in_flight.set_value(true);
    leptos::task::spawn_local(async move {
        loop {
            t.again.set_value(false);
            // Once the answers are being submitted the draft is moot.
            if matches!(live.phase.get_untracked(), Phase::Submitting | Phase::Done) {
                break;
            }
            let saved = send::draft(live).await;
            live.draft.set(if saved {
                DraftStatus::Saved
            } else {
                DraftStatus::Failed
            });
            if !t.again.get_value() {
                break;
            }
        }
        t.in_flight.set_value(false);
    });
}
