//! The page's one island: it wraps the server-rendered form and makes it
//! live. The form is the state: the island reads and writes its fields and
//! keeps progress, the summary and drafts in step with them. What only the
//! island shows (the actions above the items, progress, the submit bar and
//! the final screen) it renders itself, on the server as in the browser.

mod bars;
#[cfg(feature = "hydrate")]
mod browser;
#[cfg(feature = "hydrate")]
pub(crate) mod draft;
#[cfg(feature = "hydrate")]
mod ending;
#[cfg(feature = "hydrate")]
mod fields;
#[cfg(feature = "hydrate")]
mod focus;
#[cfg(feature = "hydrate")]
mod follow;
#[cfg(feature = "hydrate")]
mod keys;
#[cfg(feature = "hydrate")]
mod more;
#[cfg(feature = "hydrate")]
mod request;
#[cfg(feature = "hydrate")]
mod send;
#[cfg(feature = "hydrate")]
mod show;
#[cfg(feature = "hydrate")]
mod tally;

pub use bars::DoneScreen;

use super::protocol::{Class, Route};
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// Where the island starts. The server provides it as context while it
/// renders the page; in the browser the island reads the same from the
/// page itself. So the island has no props: no JSON, and no JSON reader in
/// the WASM.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    pub lang: Lang,
    /// How many items the page has.
    pub total: usize,
    /// How many are answered in the form as rendered (from the draft).
    pub answered: usize,
    /// Whether any item has a recommendation (for accept-all).
    pub has_recommendations: bool,
    /// How many unanswered items have one (what accept-all would fill).
    pub open_recommended: usize,
    /// Whether any item takes an answer of one's own, or a skip (for the
    /// list of shortcuts).
    pub has_other: bool,
    pub has_skip: bool,
    /// Whether the page left items for the island to fetch.
    pub partial: bool,
}

/// The items a long session's page left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rest {
    /// Being fetched: nothing is saved or sent until every item is in the
    /// form, or an answer of an item not yet here would be lost.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Loading,
    /// Every item is in the form.
    Loaded,
    /// They could not be fetched; the page says so.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Failed,
}

/// Where the submission stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    Editing,
    Submitting,
    /// The last attempt failed with this message; every choice is kept.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Failed(String),
    Done,
}

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
    fn text(self, lang: Lang) -> Option<String> {
        match self {
            DraftStatus::Unchanged => None,
            DraftStatus::Saved => Some(PageText::DraftSaved.get(lang)),
            DraftStatus::Failed => Some(PageText::DraftFailed.get(lang)),
        }
    }

    /// For tests and styles: `data-draft` on the status line.
    fn code(self) -> &'static str {
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
    #[cfg(feature = "hydrate")]
    items: StoredValue<Vec<fields::Item>, LocalStorage>,
    #[cfg(feature = "hydrate")]
    saver: draft::Saver,
}

impl Live {
    fn new(start: &Start) -> Self {
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
            #[cfg(feature = "hydrate")]
            items: StoredValue::new_local(Vec::new()),
            #[cfg(feature = "hydrate")]
            saver: draft::Saver::new(),
        }
    }
}

/// The form and everything live around it. `children` are the form's
/// fields and the summary, as the server rendered them. The browser does
/// not restore fields on a reload (`autocomplete="off"`): the server
/// renders them from the draft, which is the truth.
#[island]
pub fn LiveForm(children: Children) -> impl IntoView {
    #[cfg(feature = "hydrate")]
    let woken = fields::read_start();
    #[cfg(feature = "hydrate")]
    let start = woken.start.clone();
    #[cfg(not(feature = "hydrate"))]
    let start = use_context::<Start>().unwrap_or_default();
    let live = Live::new(&start);
    #[cfg(feature = "hydrate")]
    {
        browser::start(live, woken);
        keys::install(live);
        ending::watch(live);
    }
    let done = move || live.phase.get() == Phase::Done;
    // What another page or the agent did shows unless this page's own
    // submit is under way or went through: then its answer stands.
    let ended = move || {
        let phase = live.phase.get();
        live.ended
            .get()
            .filter(|_| !matches!(phase, Phase::Submitting | Phase::Done))
    };
    let lang = live.lang;
    let on_change = move |event: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        browser::changed(live, &event, true);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };
    let on_input = move |event: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        browser::changed(live, &event, false);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };
    let on_click = move |event: leptos::ev::MouseEvent| {
        #[cfg(feature = "hydrate")]
        follow::clicked(live, &event);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };
    let on_submit = move |event: leptos::ev::SubmitEvent| {
        #[cfg(feature = "hydrate")]
        browser::submit(live, &event);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };

    view! {
        <Show when=done>
            <DoneScreen lang />
        </Show>
        <Show when=move || ended().is_some()>
            <div class="ended-screen" inner_html=move || ended().unwrap_or_default()></div>
        </Show>
        <form
            class=Class::Decisions.name()
            method="post"
            action=Route::Form.path()
            autocomplete="off"
            node_ref=live.form
            hidden=move || done() || ended().is_some()
            on:change=on_change
            on:input=on_input
            on:click=on_click
            on:submit=on_submit
        >
            {bars::toolbar(live, &start)}
            {children()}
            {bars::submit_bar(live)}
        </form>
    }
}
