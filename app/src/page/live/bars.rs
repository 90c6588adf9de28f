//! What only the island works: the actions above the items, progress and
//! the submit bar, and the final screen. The server renders them in place
//! as plain markup, so nothing moves when the island wakes and the island
//! carries no view of its own to hydrate; in the browser the island keeps
//! them in step with its state (`paint`) and answers their buttons
//! (`clicked`).

use super::Start;
use crate::Lang;
use crate::i18n::PageText;
use crate::page::protocol::{Class, Data};
use leptos::prelude::*;

/// Actions above the items: accept every recommendation, jump to the next
/// unanswered item, and the list of keyboard shortcuts. Their buttons need
/// the WASM, so they stay disabled until it runs. Without JavaScript the
/// style leaves the bar out (`@media (scripting: none)`).
pub fn toolbar(start: &Start) -> impl IntoView + use<> {
    let lang = start.lang;
    let (has_other, has_skip) = (start.has_other, start.has_skip);
    let open = start.open_recommended;
    view! {
        <div class="toolbar">
            <div class="toolbar-actions">
                {start.has_recommendations.then(|| view! {
                    <button
                        type="button"
                        class=Class::AcceptAll.name()
                        disabled
                        aria-describedby="accept-all-count"
                    >
                        {PageText::AcceptAll.get(lang)}
                    </button>
                    <span class=Class::AcceptAllCount.name() id="accept-all-count">
                        {PageText::AcceptAllCount(open).get(lang)}
                    </span>
                })}
                <button type="button" class=Class::NextOpen.name() disabled aria-keyshortcuts="N">
                    {PageText::NextUnanswered.get(lang)} " " <kbd aria-hidden="true">"N"</kbd>
                </button>
            </div>
            <p class=Class::Notice.name() role="status" aria-live="polite"></p>
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

/// Progress, errors, the draft's state and the submit button, as the form
/// stands when it is rendered; and the final screen, kept in a
/// `<template>` for the island to show once the answers are recorded.
/// Before the island wakes the button stays enabled: the radios are
/// `required`, so the browser itself refuses an incomplete plain form
/// POST.
pub fn submit_bar(start: &Start) -> impl IntoView + use<> {
    let lang = start.lang;
    let (answered, total) = (start.answered, start.total);
    view! {
        <div class=Class::SubmitBar.name()>
            <p class=Class::Progress.name() role="status" aria-live="polite">
                {PageText::Progress { chosen: answered, total }.get(lang)}
            </p>
            <p class=Class::Error.name() role="alert"></p>
            <p class=Class::SubmitHint.name()>
                {(answered < total).then(|| PageText::ChooseAll.get(lang))}
            </p>
            <p class=Class::DraftStatus.name() role="status" aria-live="polite" {Data::Draft.attr("unchanged")}></p>
            <button type="submit" class=Class::Submit.name() aria-busy="false">
                {PageText::Submit.get(lang)}
            </button>
        </div>
        <template class=Class::DoneScreen.name()>
            <DoneScreen lang rulings=start.rulings.clone() />
        </template>
    }
}

/// The final screen once the answers are recorded.
#[component]
pub fn DoneScreen(
    lang: Lang,
    /// The rulings page of the session, where each answer of one option
    /// becomes a standing ruling (issue 56); none in the App view.
    rulings: Option<String>,
) -> impl IntoView {
    let rulings = rulings.map(|href| {
        view! {
            <p class="rulings-link">
                <a href=href>{crate::i18n::RulesText::GrantThis.text(lang)}</a>
            </p>
        }
    });
    view! {
        <section class=Class::Done.name() role="status" aria-live="polite">
            <p class="done-mark" aria-hidden="true">"✓"</p>
            <h2>{PageText::DoneTitle.get(lang)}</h2>
            <p>{PageText::DoneBody.get(lang)}</p>
            {rulings}
        </section>
    }
}
