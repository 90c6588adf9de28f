//! Drafts: a moment after the last change the form is saved, one request
//! at a time; changes made meanwhile follow in the next.

use super::{DraftStatus, Live, Phase, send};
use leptos::prelude::{TimeoutHandle, set_timeout_with_handle};
use std::cell::Cell;
use std::time::Duration;

/// How long the person may pause before the draft is saved.
const DEBOUNCE: Duration = crate::page::protocol::DRAFT_DEBOUNCE;

/// The draft timer and the one request in flight.
#[derive(Default)]
pub(super) struct Saver {
    timer: Cell<Option<TimeoutHandle>>,
    in_flight: Cell<bool>,
    again: Cell<bool>,
    /// The form is being posted as the browser does (a button the server
    /// keeps as the draft): no save of this page may follow it.
    stopped: Cell<bool>,
}

/// No draft is saved from this page any more: the one scheduled is
/// dropped. For a form the browser posts itself, whose draft the server
/// keeps: a save sent after it would put back the form as it was before.
pub(super) fn stop_drafts(live: Live) {
    let t = &live.saver;
    t.stopped.set(true);
    if let Some(handle) = t.timer.take() {
        handle.clear();
    }
}

/// Saves the draft a moment after the last change.
pub(super) fn schedule_draft(live: Live) {
    let t = &live.saver;
    if let Some(handle) = t.timer.get() {
        handle.clear();
    }
    t.timer
        .set(set_timeout_with_handle(move || save_draft(live), DEBOUNCE).ok());
}

/// Sends the form as the draft now, one request at a time.
pub(super) fn save_draft(live: Live) {
    let t = &live.saver;
    if t.stopped.get() {
        return;
    }
    if t.in_flight.get() {
        t.again.set(true);
        return;
    }
    t.in_flight.set(true);
    leptos::task::spawn_local(async move {
        let t = &live.saver;
        loop {
            t.again.set(false);
            // Once the answers are being submitted the draft is moot.
            if t.stopped.get()
                || live.with_phase(|phase| matches!(phase, Phase::Submitting | Phase::Done))
            {
                break;
            }
            let saved = send::draft(live).await;
            live.set_draft(if saved {
                DraftStatus::Saved
            } else {
                DraftStatus::Failed
            });
            if !t.again.get() {
                break;
            }
        }
        t.in_flight.set(false);
    });
}
