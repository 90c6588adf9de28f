//! The decision page.
//!
//! The server renders the whole page as plain HTML: a form that works
//! without JavaScript. One island, [`live::LiveForm`], wraps the form and
//! is all that the browser hydrates: it reads and writes the form itself
//! (progress, summary, drafts, keyboard, accept-all, submit), so the page
//! data goes out once, as markup, and hydration touches only the island's
//! own few nodes however many items there are.

#[cfg(feature = "ssr")]
mod app_view;
mod attached;
mod choice;
mod context;
mod item;
mod lang_switch;
pub mod live;
mod option;
mod outcome;
mod precedent;
mod precedent_card;
pub mod protocol;
mod ruled;
#[cfg(feature = "ssr")]
mod rulings;
mod sheets;
mod shell;
mod snippet;
mod standout;
mod summary;
mod waiting;

#[cfg(feature = "ssr")]
pub use app_view::{ViewPart, view_bindings, view_html};
pub use attached::{Images, ItemAttached, OptionAttached};
pub use context::ItemContext;
#[cfg(feature = "ssr")]
pub use outcome::ended_html;
pub use outcome::{Ended, recorded_lines};
pub use precedent::{Follow, ItemPrecedent, Precedent, Said, Strength, followed};
pub use precedent_card::record_href;
pub use protocol::{
    Class, Data, DomId, FIRST_ITEMS, Field, FormAnswers, ITEMS_PER_REQUEST, ItemsQuery, PageQuery,
    Route, SESSION_HEADER,
};
#[cfg(feature = "ssr")]
pub use rulings::{Grantable, Granted, Notice, RulingsListed, RulingsPage};
pub use sheets::{ATTACHED as ATTACHED_STYLE, OCCASIONAL as OCCASIONAL_STYLE};
pub use shell::{Stylesheet, WASM_EXPORT, shell};
pub use snippet::{ItemSnippet, MAX_SNIPPET_LINES, Snippet};
pub use standout::{Standout, standout};
pub use waiting::Waiting;

use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DraftEntry, Pending};
use leptos::prelude::*;
use live::LiveForm;
use std::ops::Range;
use std::sync::Arc;

/// The session a server serves, validated once, with what the page shows
/// of it that the server prepares (snippets and rendered contexts): never
/// changes while the server runs.
pub struct Served {
    pub pending: Pending,
    /// The code of each item's `location`, or why it is not shown, in the
    /// items' order.
    pub snippets: Vec<ItemSnippet>,
    /// Each item's `context` rendered from Markdown, in the items' order.
    pub contexts: Vec<ItemContext>,
    /// The earlier decision of each item that resembles one, in the
    /// items' order.
    pub precedents: Vec<ItemPrecedent>,
    /// What the options of each item that has any show besides their
    /// words (previews rendered, diffs highlighted), in the items' order.
    pub attached: Vec<ItemAttached>,
}

/// One request's page: the session and what changes between requests.
#[derive(Clone)]
pub struct PageData {
    pub served: Arc<Served>,
    pub lang: Lang,
    /// How the session ended, if it has: the page then shows that instead
    /// of the form.
    pub ended: Option<Ended>,
    /// The answers saved so far, which the page starts from.
    pub draft: Arc<Vec<DraftEntry>>,
    /// Every item in full (`?items=all`), not only the first
    /// [`FIRST_ITEMS`].
    pub all_items: bool,
    /// The other questions waiting for the person on this machine.
    pub also_waiting: Arc<Vec<Waiting>>,
    /// How the options' pictures are shown.
    pub images: Images,
    /// The items whose precedent the person said is not the same
    /// question, while this page is served: shown without it.
    pub not_same: Arc<Vec<crate::model::ItemId>>,
    /// The items whose `if_unanswered` rule has fired (the agent has their
    /// recommended option, provisionally): each says so, and stays open.
    pub provisional: Arc<Vec<crate::model::ItemId>>,
    /// The items a standing ruling of the person's answered at submit
    /// (issue 56), until the person overturns them: listed apart from
    /// the open items, each with its "Overturn" button.
    pub ruled: Arc<Vec<crate::model::Decision>>,
}

impl PageData {
    /// Whether a standing ruling answers item `id` (it is not asked).
    pub fn is_ruled(&self, id: crate::model::ItemId) -> bool {
        self.ended.is_none()
            && self
                .ruled
                .iter()
                .any(|d| d.id() == id && matches!(d.by(), crate::model::By::Ruling(_)))
    }

    /// Whether the page leaves items for the island to fetch.
    pub fn partial(&self) -> bool {
        self.ended.is_none()
            && !self.all_items
            && self.served.pending.input.items().len() > FIRST_ITEMS
    }
}

/// The page body for one session.
fn page_body(data: &PageData) -> impl IntoView + use<> {
    let lang = data.lang;
    let input = &data.served.pending.input;
    let body = match &data.ended {
        Some(ended) => {
            outcome::ended_screen(input, &data.served.pending.meta.session_id, ended, lang)
        }
        None => decisions_form(data).into_any(),
    };
    view! {
        <main class=Class::Page.name()>
            <header class="page-header">
                <div class="header-top">
                    <p class="app-name">{PageText::AppName.get(lang)}</p>
                    {lang_switch::lang_switch(lang)}
                </div>
                <h1>{input.task().to_owned()}</h1>
                <p class="source">
                    {PageText::Source.get(lang)} ": " <code>{input.source().to_owned()}</code>
                </p>
            </header>
            {waiting::also_waiting(&data.also_waiting, lang)}
            {body}
        </main>
    }
}

/// The items at the positions `full` in full, and those at the positions
/// `stubs` as stubs (their heading only).
fn item_cards(
    data: &PageData,
    picks: &choice::Picks,
    full: Range<usize>,
    stubs: Range<usize>,
) -> AnyView {
    let lang = data.lang;
    let served = &data.served;
    let mut snippets = served.snippets.iter().peekable();
    let mut contexts = served.contexts.iter().peekable();
    let mut precedents = served.precedents.iter().peekable();
    let mut attached = served.attached.iter().peekable();
    let session = &served.pending.meta.session_id;
    // The form posts only on the page (not the App view) while it is open.
    let posts = data.images == Images::Linked && data.ended.is_none();
    let later: Vec<crate::model::ItemId> = data
        .draft
        .iter()
        .filter_map(|entry| match entry {
            DraftEntry::Later { id, .. } => Some(*id),
            _ => None,
        })
        .collect();
    served
        .pending
        .input
        .items()
        .iter()
        .enumerate()
        .filter_map(|(n, it)| {
            // Walked in step with the items: each list holds only the items
            // that have one.
            let snippet = snippets.next_if(|s| s.id == it.id()).map(|s| &s.snippet);
            let context = contexts
                .next_if(|c| c.id == it.id())
                .map(|c| c.html.as_str());
            let precedent = precedents
                .next_if(|p| p.id == it.id())
                .filter(|p| !data.not_same.contains(&p.id))
                .map(|p| &p.precedent);
            let attached = attached.next_if(|a| a.id == it.id());
            // A ruled item is listed apart (`ruled.rs`), not asked.
            if data.is_ruled(it.id()) {
                return None;
            }
            if full.contains(&n) {
                let shown = item::Shown {
                    snippet,
                    context,
                    precedent,
                    // The page posts its form; the App view has no route
                    // to post it to (its pictures are inline).
                    not_same: data.images == Images::Linked,
                    attached: attached.map(|a| (a, session, data.images)),
                    provisional: data.provisional.contains(&it.id()),
                    later: posts.then(|| later.contains(&it.id())),
                };
                Some(item::item_card(it, n, picks.of(n), shown, lang))
            } else if stubs.contains(&n) {
                Some(item::item_stub(it, n, &picks.of(n), lang))
            } else {
                None
            }
        })
        .collect_view()
        .into_any()
}

/// The items from position `from` on, at most [`ITEMS_PER_REQUEST`] of
/// them, in full: what the island fetches for a partial page.
#[cfg(feature = "ssr")]
pub fn items_html(data: &PageData, from: usize) -> String {
    let served = &data.served;
    if from >= served.pending.input.items().len() {
        return String::new();
    }
    let picks = choice::Picks::from_draft(&served.pending.input, &data.draft);
    let to = from.saturating_add(ITEMS_PER_REQUEST);
    Owner::new().with(|| item_cards(data, &picks, from..to, 0..0).to_html())
}

/// Item `id`'s card as it is now (its answer from the draft), as server
/// HTML: what a button that posts the form changed; empty for an id the
/// session does not have.
#[cfg(feature = "ssr")]
pub fn item_html(data: &PageData, id: crate::model::ItemId) -> String {
    let items = data.served.pending.input.items();
    let Some(at) = items.iter().position(|item| item.id() == id) else {
        return String::new();
    };
    let picks = choice::Picks::from_draft(&data.served.pending.input, &data.draft);
    Owner::new().with(|| item_cards(data, &picks, at..at + 1, 0..0).to_html())
}

/// The form: the items, the summary, and the island that makes it live.
/// A long session carries only its first items in full, and stubs for the
/// rest, which the island fetches.
fn decisions_form(data: &PageData) -> impl IntoView + use<> {
    let lang = data.lang;
    let served = &data.served;
    let items = served.pending.input.items();
    let picks = choice::Picks::from_draft(&served.pending.input, &data.draft);
    let (cards, more) = if data.partial() {
        let total = items.len();
        let first = item_cards(data, &picks, 0..FIRST_ITEMS, 0..0);
        let stubs = item_cards(data, &picks, 0..0, FIRST_ITEMS..total);
        (first, Some(view! { {more_items(total, lang)} {stubs} }))
    } else {
        (item_cards(data, &picks, 0..items.len(), 0..0), None)
    };
    // The items asked: those no standing ruling answered.
    let asked = || {
        items
            .iter()
            .enumerate()
            .filter(|(_, i)| !data.is_ruled(i.id()))
    };
    let start = live::Start {
        lang,
        total: asked().count(),
        answered: picks.answered(),
        has_recommendations: asked().any(|(_, i)| !i.recommended().is_empty()),
        open_recommended: asked()
            .filter(|(n, i)| !i.recommended().is_empty() && !picks.of(*n).answered())
            .count(),
        has_other: asked().any(|(_, i)| i.allow_other()),
        has_skip: asked().any(|(_, i)| i.allow_skip()),
        partial: data.partial(),
        rulings: Some(format!(
            "{}?session={}",
            Route::Rulings.path(),
            served.pending.meta.session_id
        )),
    };
    let session = served.pending.meta.session_id.to_string();
    let summary = summary::summary(items, &picks, &|id| data.is_ruled(id), lang);
    let ruled = ruled::ruled_list(&served.pending.input, &data.ruled, lang);
    view! {
        <LiveForm>
            {live::toolbar(&start)}
            <input type="hidden" name=Field::Session.name() value=session />
            {ruled}
            {cards}
            {more}
            {summary}
            {live::submit_bar(&start)}
        </LiveForm>
    }
}

/// The line above the items that are on their way, with the way to have
/// them all at once (also the way for a browser whose JavaScript fails).
fn more_items(total: usize, lang: Lang) -> impl IntoView + use<> {
    let first = FIRST_ITEMS + 1;
    view! {
        <p class="more-items" id=DomId::MoreItems.get() role="status">
            <span class=Class::MoreItemsText.name()>{PageText::MoreItems { first, total }.get(lang)}</span>
            " "
            <a href=protocol::ALL_ITEMS_QUERY>{PageText::ShowAllItems.get(lang)}</a>
        </p>
    }
}
