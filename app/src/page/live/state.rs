//! The island's state in the browser: what the form alone does not say.

use super::{draft, fields, paint};
use crate::Lang;
use crate::i18n::PageText;
use crate::page::protocol::Class;
use leptos::prelude::document;
use std::cell::{Cell, RefCell};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlFormElement;

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

/// The island's state: a reference to what [`State`] holds for the
/// page's life. `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
pub(crate) struct Live(&'static State);

impl std::ops::Deref for Live {
    type Target = State;

    fn deref(&self) -> &State {
        self.0
    }
}

/// What the island knows beyond the form's fields. Plain cells, not
/// signals: each change goes through a method here that shows it
/// ([`paint::paint`]), so the WASM carries no reactive graph of the
/// island's own.
pub(crate) struct State {
    pub lang: Lang,
    pub total: usize,
    /// The form, as the server rendered it.
    pub form: HtmlFormElement,
    answered: Cell<usize>,
    /// Unanswered items that have a recommendation.
    open_recommended: Cell<usize>,
    phase: RefCell<Phase>,
    draft: Cell<DraftStatus>,
    /// The items the page left out.
    rest: Cell<Rest>,
    /// Who waits for every item to be in the form ([`Live::all_in`]).
    waiting: RefCell<Vec<js_sys::Function>>,
    /// The answer to the last toolbar action.
    notice: RefCell<Option<String>>,
    /// How the session ended, when this page did not end it: the screen
    /// the server sent (`ending`), shown in place of the form.
    ended: RefCell<Option<String>>,
    /// True once the island runs in the browser.
    hydrated: Cell<bool>,
    /// Each item's state, in the items' order.
    pub(super) items: RefCell<Vec<fields::Tracked>>,
    pub(super) saver: draft::Saver,
    bars: paint::Bars,
}

impl Live {
    /// The island's state for the page as it woke (its language, whether
    /// it left items out, each item's state); `None` on a page without the
    /// form. It lives as long as the page.
    pub(super) fn new(lang: Lang, partial: bool, items: Vec<fields::Tracked>) -> Option<Self> {
        let form = document()
            .query_selector(&Class::Decisions.on("form"))
            .ok()
            .flatten()?
            .dyn_into::<HtmlFormElement>()
            .ok()?;
        let state = State {
            lang,
            total: items.len(),
            answered: Cell::new(items.iter().filter(|i| i.answered).count()),
            open_recommended: Cell::new(
                items
                    .iter()
                    .filter(|i| i.has_recommendation && !i.answered)
                    .count(),
            ),
            phase: RefCell::new(Phase::Editing),
            draft: Cell::new(DraftStatus::Unchanged),
            rest: Cell::new(if partial { Rest::Loading } else { Rest::Loaded }),
            waiting: RefCell::new(Vec::new()),
            notice: RefCell::new(None),
            ended: RefCell::new(None),
            hydrated: Cell::new(false),
            items: RefCell::new(items),
            saver: draft::Saver::default(),
            bars: paint::Bars::find(&form),
            form,
        };
        Some(Live(Box::leak(Box::new(state))))
    }

    pub fn answered(self) -> usize {
        self.answered.get()
    }

    pub fn open_recommended(self) -> usize {
        self.open_recommended.get()
    }

    pub fn hydrated(self) -> bool {
        self.hydrated.get()
    }

    pub fn rest(self) -> Rest {
        self.rest.get()
    }

    pub fn draft(self) -> DraftStatus {
        self.draft.get()
    }

    /// Reads the submission's phase.
    pub fn with_phase<T>(self, read: impl FnOnce(&Phase) -> T) -> T {
        read(&self.phase.borrow())
    }

    pub fn notice(self) -> Option<String> {
        self.notice.borrow().clone()
    }

    pub fn ended(self) -> Option<String> {
        self.ended.borrow().clone()
    }

    /// The counts of the form as it stands, and the summary's last line
    /// that says them.
    pub fn set_counts(self, answered: usize, open_recommended: usize, summary: &str) {
        self.answered.set(answered);
        self.open_recommended.set(open_recommended);
        self.bars.summarise(summary);
        paint::paint(self);
    }

    pub fn set_phase(self, phase: Phase) {
        *self.phase.borrow_mut() = phase;
        paint::paint(self);
    }

    pub fn set_draft(self, draft: DraftStatus) {
        self.draft.set(draft);
        paint::paint(self);
    }

    pub fn set_notice(self, notice: String) {
        *self.notice.borrow_mut() = Some(notice);
        paint::paint(self);
    }

    pub fn set_ended(self, screen: String) {
        *self.ended.borrow_mut() = Some(screen);
        paint::paint(self);
    }

    pub fn set_hydrated(self) {
        self.hydrated.set(true);
        paint::paint(self);
    }

    /// The items the page left out are all in, or could not be fetched:
    /// shown, and whoever waits for them told.
    pub fn set_rest(self, rest: Rest) {
        self.rest.set(rest);
        paint::paint(self);
        if rest != Rest::Loading {
            for resolve in self.waiting.take() {
                let _ = resolve.call0(&JsValue::UNDEFINED);
            }
        }
    }

    /// Waits until no item is on its way; `true` if every item is in the
    /// form, `false` if some never came.
    pub async fn all_in(self) -> bool {
        if self.rest() == Rest::Loading {
            let settled = js_sys::Promise::new(&mut |resolve, _| {
                self.waiting.borrow_mut().push(resolve);
            });
            let _ = JsFuture::from(settled).await;
        }
        self.rest() == Rest::Loaded
    }

    /// The bars' elements, for painting.
    pub(super) fn bars(self) -> &'static paint::Bars {
        &self.0.bars
    }
}
