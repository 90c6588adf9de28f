//! What only the island shows: the actions above the items, progress and
//! the submit bar, and the final screen.

use super::{Live, Phase, Rest, Start};
#[cfg(feature = "hydrate")]
use super::{browser, focus};
use crate::Lang;
use crate::i18n::PageText;
use crate::page::protocol::{Class, Data};
use leptos::prelude::*;

/// Actions above the items: accept every recommendation, jump to the next
/// unanswered item, and the list of keyboard shortcuts. The server renders
/// them in place, so nothing moves when the island wakes; their buttons
/// need the WASM, so they stay disabled until it runs. Without JavaScript
/// the style leaves the bar out (`@media (scripting: none)`).
pub(super) fn toolbar(live: Live, start: &Start) -> impl IntoView + use<> {
    let has_recommendations = start.has_recommendations;
    let (has_other, has_skip) = (start.has_other, start.has_skip);
    let lang = live.lang;
    let accept = move |_| {
        #[cfg(feature = "hydrate")]
        {
            let filled = browser::accept_all(live);
            live.notice
                .set(Some(PageText::AcceptedAll(filled).get(lang)));
        }
    };
    let next = move |_| {
        #[cfg(feature = "hydrate")]
        if !focus::focus_next_open(live) {
            live.notice.set(Some(PageText::AllAnswered.get(lang)));
        }
    };
    let open = live.open_recommended;
    // Accept-all fills items that are in the form: it waits for them all.
    let rest = live.rest;
    let answered = live.answered;
    let total = live.total;
    let asleep = move || !live.hydrated.get();
    view! {
            <div class="toolbar">
                <div class="toolbar-actions">
                    {has_recommendations.then(|| view! {
                        <button
                            type="button"
                            class="accept-all"
                            disabled=move || asleep() || open.get() == 0 || rest.get() != Rest::Loaded
                            aria-describedby="accept-all-count"
                            on:click=accept
                        >
                            {PageText::AcceptAll.get(lang)}
                        </button>
                        <span class="accept-all-count" id="accept-all-count">
                            {move || PageText::AcceptAllCount(open.get()).get(lang)}
                        </span>
                    })}
                    <button
                        type="button"
                        class="next-open"
                        disabled=move || asleep() || answered.get() == total
                        aria-keyshortcuts="N"
                        on:click=next
                    >
                        {PageText::NextUnanswered.get(lang)} " " <kbd aria-hidden="true">"N"</kbd>
                    </button>
                </div>
                <p class="notice" role="status" aria-live="polite">{move || live.notice.get()}</p>
                <details class="shortcuts">
                    <summary>{PageText::Shortcuts.get(lang)}</summary>
                    <dl>
                        <dt><kbd>"1"</kbd> "–" <kbd>"9"</kbd></dt>
                        <dd>{PageText::ShortcutChoose.get(lang)}</dd>
                        {has_other.then(|| view! {
                            <dt><kbd>"O"</kbd></dt>
                            <dd>{PageText::ShortcutOther.get(lang)}</dd>
                        })}
                        {has_skip.then(|| view! {
                            <dt><kbd>"S"</kbd></dt>
                            <dd>{PageText::ShortcutSkip.get(lang)}</dd>
                        })}
                        <dt><kbd>"N"</kbd></dt>
                        <dd>{PageText::ShortcutNext.get(lang)}</dd>
                        <dt><kbd>"Tab"</kbd> " / " <kbd>"↑ ↓"</kbd></dt>
                        <dd>{PageText::ShortcutMove.get(lang)}</dd>
                    </dl>
                </details>
            </div>
    }
}

/// Progress, errors, the draft's state and the submit button.
pub(super) fn submit_bar(live: Live) -> impl IntoView + use<> {
    let lang = live.lang;
    let total = live.total;
    let answered = live.answered;
    let phase = live.phase;
    let hydrated = live.hydrated;
    let submitting = move || phase.get() == Phase::Submitting;
    // Before hydration the button stays enabled: the radios are `required`,
    // so the browser itself refuses an incomplete plain form POST.
    let disabled = move || hydrated.get() && (answered.get() < total || submitting());
    let error = move || match phase.get() {
        Phase::Failed(message) => Some(message),
        _ => None,
    };
    // Rendered by the server as well: it holds for the plain form too, and
    // appearing on waking it would move what follows.
    let hint = move || (answered.get() < total).then(|| PageText::ChooseAll.get(lang));
    let draft = live.draft;

    view! {
        <div class="submit-bar">
            <p class="progress" role="status" aria-live="polite">
                {move || PageText::Progress { chosen: answered.get(), total }.get(lang)}
            </p>
            <p class="error" role="alert">{error}</p>
            <p class="submit-hint">{hint}</p>
            <p class="draft-status" role="status" aria-live="polite" {Data::Draft.attr(move || draft.get().code())}>
                {move || draft.get().text(lang)}
            </p>
            <button type="submit" class=Class::Submit.name() disabled=disabled aria-busy=move || submitting().to_string()>
                {move || if submitting() { PageText::Submitting.get(lang) } else { PageText::Submit.get(lang) }}
            </button>
        </div>
    }
}

/// The final screen once the answers are recorded.
#[component]
pub fn DoneScreen(lang: Lang) -> impl IntoView {
    view! {
        <section class=Class::Done.name() role="status" aria-live="polite">
            <p class="done-mark" aria-hidden="true">"✓"</p>
            <h2>{PageText::DoneTitle.get(lang)}</h2>
            <p>{PageText::DoneBody.get(lang)}</p>
        </section>
    }
}
