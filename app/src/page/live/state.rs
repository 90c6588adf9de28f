//! The island's state in the browser: what the form alone does not say.

use super::Start;
use super::{draft, fields};
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// The items a long session's page left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rest {
    /// Being fetched: nothing is saved or sent until every item is in the
    /// form, or an answer of an item not yet here would be lost.
    Loading,
    /// Every item is in the form.
    Loaded,
    /// They could not be fetched; the page says so.
    Failed,
}

/// Where the submission stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    Editing,
    Submitting,
    /// The last attempt failed with this message; every choice is kept.
    Failed(String),
    Done,
}

/// Where the draft stands, shown under the submit button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DraftStatus {
    /// Nothing changed since the page loaded.
    Unchanged,
    Saved,
    Failed,
}

impl DraftStatus {
    pub(super) fn text(self, lang: Lang) -> Option<String> {
        match self {
            DraftStatus::Unchanged => None,
            DraftStatus::Saved => Some(PageText::DraftSaved.get(lang)),
            DraftStatus::Failed => Some(PageText::DraftFailed.get(lang)),
        }
    }

    /// For tests and styles: `data-draft` on the status line.
    pub(super) fn code(self) -> &'static str {
        match self {
            DraftStatus::Unchanged => "unchanged",
            DraftStatus::Saved => "saved",
            DraftStatus::Failed => "failed",
        }
    }
}

/// The island's state; `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
pub(crate) struct Live {
    pub lang: Lang,
    pub total: usize,
    pub answered: RwSignal<usize>,
    /// Unanswered items that have a recommendation.
    pub open_recommended: RwSignal<usize>,
    pub phase: RwSignal<Phase>,
    pub draft: RwSignal<DraftStatus>,
    /// The items the page left out.
    pub rest: RwSignal<Rest>,
    /// The answer to the last toolbar action.
    pub notice: RwSignal<Option<String>>,
    /// How the session ended, when this page did not end it: the screen
    /// the server sent (`ending`), shown in place of the form.
    pub ended: RwSignal<Option<String>>,
    /// True once the island runs in the browser.
    pub hydrated: RwSignal<bool>,
    pub form: NodeRef<leptos::html::Form>,
    /// Each item's state, in the items' order.
    pub(super) items: StoredValue<Vec<fields::Item>, LocalStorage>,
    pub(super) saver: draft::Saver,
}

impl Live {
    pub(super) fn new(start: &Start) -> Self {
        Live {
            lang: start.lang,
            total: start.total,
            answered: RwSignal::new(start.answered),
            open_recommended: RwSignal::new(start.open_recommended),
            phase: RwSignal::new(Phase::Editing),
            draft: RwSignal::new(DraftStatus::Unchanged),
            notice: RwSignal::new(None),
            ended: RwSignal::new(None),
            rest: RwSignal::new(if start.partial {
                Rest::Loading
            } else {
                Rest::Loaded
            }),
            hydrated: RwSignal::new(false),
            form: NodeRef::new(),
            items: StoredValue::new_local(Vec::new()),
            saver: draft::Saver::new(),
        }
    }
}
