//! The decision page: rendered on the server, hydrated in the browser.

mod context;
mod draft;
mod item;
mod keys;
mod lang_switch;
mod option;
mod shell;
mod snippet;
mod standout;
mod state;
mod submit;
mod summary;
mod toolbar;

pub use context::ItemContext;
pub use shell::{DATA_ELEMENT_ID, shell};
pub use snippet::{ItemSnippet, MAX_SNIPPET_LINES, Snippet};
pub use standout::{Standout, standout};
pub use state::PageData;
pub use submit::{DECISIONS_API, DRAFT_API, FORM_ACTION, SESSION_FIELD, SESSION_HEADER};

use crate::i18n::PageText;
use item::ItemCard;
use lang_switch::LangSwitch;
use leptos::prelude::*;
use state::{PageState, Phase};
use submit::{DoneScreen, SubmitBar};
use summary::Summary;
use toolbar::Toolbar;

/// The whole page body for one session.
#[component]
pub fn App(data: PageData) -> impl IntoView {
    let lang = data.lang;
    let state = PageState::new(data.input.clone(), data.decided, &data.draft);
    let hydrated = RwSignal::new(false);
    // Effects run only in the browser: this marks the page as interactive.
    Effect::new(move |_| hydrated.set(true));
    let input = data.input;
    let snippets = data.snippets;
    let contexts = data.contexts;
    let session_id = data.session_id.to_string();
    let session = StoredValue::new(data.session_id);
    let draft_status = draft::autosave(state, session);
    keys::install(state);
    let items = move || {
        state
            .each(|n, item, choice| {
                let snippet = snippets
                    .iter()
                    .find(|s| s.id == item.id())
                    .map(|s| s.snippet.clone());
                let context = contexts
                    .iter()
                    .find(|c| c.id == item.id())
                    .map(|c| c.html.clone());
                view! { <ItemCard item=item.clone() choice snippet context number=n + 1 lang /> }
            })
            .collect_view()
    };

    view! {
        <main class="page" data-hydrated=move || hydrated.get().then_some("true")>
            <header class="page-header">
                <div class="header-top">
                    <p class="app-name">{PageText::AppName.get(lang)}</p>
                    <LangSwitch state session lang />
                </div>
                <h1>{input.task().to_owned()}</h1>
                <p class="source">
                    {PageText::Source.get(lang)} ": " <code>{input.source().to_owned()}</code>
                </p>
            </header>
            <Show
                when=move || state.phase().get() != Phase::Done
                fallback=move || view! { <DoneScreen lang /> }
            >
                <form class="decisions" method="post" action=FORM_ACTION on:submit=state.on_submit(session, lang)>
                    <input type="hidden" name=SESSION_FIELD value=session_id.clone() />
                    <Toolbar state hydrated lang />
                    {items()}
                    <Summary state lang />
                    <SubmitBar state hydrated draft_status lang />
                </form>
            </Show>
        </main>
    }
}
