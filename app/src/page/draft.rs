//! Drafts: a moment after each change, the hydrated page saves the answers
//! so far to the server, so a reload, a closed tab or a restarted server
//! brings every choice and note back (the server renders the page from the
//! draft).

use super::state::PageState;
use crate::Lang;
use crate::i18n::PageText;
use crate::model::SessionId;
use leptos::prelude::*;

/// Where the draft stands, shown under the submit button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DraftStatus {
    /// Nothing changed since the page loaded.
    Unchanged,
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Saved,
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Failed,
}

impl DraftStatus {
    pub fn text(self, lang: Lang) -> Option<String> {
        match self {
            DraftStatus::Unchanged => None,
            DraftStatus::Saved => Some(PageText::DraftSaved.get(lang)),
            DraftStatus::Failed => Some(PageText::DraftFailed.get(lang)),
        }
    }

    /// For tests and styles: `data-draft` on the status line.
    pub fn code(self) -> &'static str {
        match self {
            DraftStatus::Unchanged => "unchanged",
            DraftStatus::Saved => "saved",
            DraftStatus::Failed => "failed",
        }
    }
}

/// Starts saving drafts (in the browser; the server only renders) and
/// returns the status to show.
pub(crate) fn autosave(state: PageState, session: StoredValue<SessionId>) -> RwSignal<DraftStatus> {
    let status = RwSignal::new(DraftStatus::Unchanged);
    #[cfg(feature = "hydrate")]
    browser::start(state, session, status);
    #[cfg(not(feature = "hydrate"))]
    let _ = (state, session);
    status
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::DraftStatus;
    use crate::model::SessionId;
    use crate::page::state::{PageState, Phase};
    use leptos::prelude::*;
    use std::time::Duration;

    /// How long the person may pause before the draft is saved.
    const DEBOUNCE: Duration = Duration::from_millis(400);

    pub fn start(state: PageState, session: StoredValue<SessionId>, status: RwSignal<DraftStatus>) {
        let timer: StoredValue<Option<TimeoutHandle>, LocalStorage> = StoredValue::new_local(None);
        // One request at a time; changes made meanwhile are sent after it.
        let in_flight = StoredValue::new(false);
        let again = StoredValue::new(false);
        Effect::new(move |previous: Option<()>| {
            state.track_answers();
            // The first run is the page as the server rendered it.
            if previous.is_none() {
                return;
            }
            if let Some(handle) = timer.get_value() {
                handle.clear();
            }
            let save = move || send(state, session, status, in_flight, again);
            timer.set_value(set_timeout_with_handle(save, DEBOUNCE).ok());
        });
    }

    fn send(
        state: PageState,
        session: StoredValue<SessionId>,
        status: RwSignal<DraftStatus>,
        in_flight: StoredValue<bool>,
        again: StoredValue<bool>,
    ) {
        if in_flight.get_value() {
            again.set_value(true);
            return;
        }
        in_flight.set_value(true);
        leptos::task::spawn_local(async move {
            loop {
                again.set_value(false);
                // Once the answers are being submitted the draft is moot.
                if matches!(
                    state.phase().get_untracked(),
                    Phase::Submitting | Phase::Done
                ) {
                    break;
                }
                let session = session.get_value().to_string();
                let saved = crate::page::submit::put_draft(state.draft_json(), session).await;
                status.set(if saved {
                    DraftStatus::Saved
                } else {
                    DraftStatus::Failed
                });
                if !again.get_value() {
                    break;
                }
            }
            in_flight.set_value(false);
        });
    }
}
