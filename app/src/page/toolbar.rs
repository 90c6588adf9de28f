//! Actions above the items: accept every recommendation, jump to the next
//! unanswered item, and the list of keyboard shortcuts. They need the WASM,
//! so they appear once the page is hydrated.

use super::state::PageState;
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

#[component]
pub(crate) fn Toolbar(state: PageState, hydrated: RwSignal<bool>, lang: Lang) -> impl IntoView {
    let notice = RwSignal::new(None::<String>);
    let open = move || state.open_recommended();
    let total = state.total();
    let chosen = state.chosen_count();
    let accept = move |_| {
        let filled = state.accept_all();
        notice.set(Some(PageText::AcceptedAll(filled).get(lang)));
    };
    let next = move |_| {
        #[cfg(feature = "hydrate")]
        if !super::keys::focus_next_open(state) {
            notice.set(Some(PageText::AllAnswered.get(lang)));
        }
    };
    let has_recommendations = state
        .input()
        .with_value(|input| input.items().iter().any(|i| i.recommend().is_some()));

    view! {
        <Show when=move || hydrated.get()>
            <div class="toolbar">
                <div class="toolbar-actions">
                    {has_recommendations.then(|| view! {
                        <button
                            type="button"
                            class="accept-all"
                            disabled=move || open() == 0
                            aria-describedby="accept-all-count"
                            on:click=accept
                        >
                            {PageText::AcceptAll.get(lang)}
                        </button>
                        <span class="accept-all-count" id="accept-all-count">
                            {move || PageText::AcceptAllCount(open()).get(lang)}
                        </span>
                    })}
                    <button
                        type="button"
                        class="next-open"
                        disabled=move || chosen.get() == total
                        aria-keyshortcuts="N"
                        on:click=next
                    >
                        {PageText::NextUnanswered.get(lang)} " " <kbd aria-hidden="true">"N"</kbd>
                    </button>
                </div>
                <p class="notice" role="status" aria-live="polite">{move || notice.get()}</p>
                <details class="shortcuts">
                    <summary>{PageText::Shortcuts.get(lang)}</summary>
                    <dl>
                        <dt><kbd>"1"</kbd> "–" <kbd>"9"</kbd></dt>
                        <dd>{PageText::ShortcutChoose.get(lang)}</dd>
                        <dt><kbd>"N"</kbd></dt>
                        <dd>{PageText::ShortcutNext.get(lang)}</dd>
                        <dt><kbd>"Tab"</kbd> " / " <kbd>"↑ ↓"</kbd></dt>
                        <dd>{PageText::ShortcutMove.get(lang)}</dd>
                    </dl>
                </details>
            </div>
        </Show>
    }
}
