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
            <DoneScreen lang />
        </template>
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

#[cfg(feature = "hydrate")]
pub(super) use browser::{Bars, paint};

#[cfg(feature = "hydrate")]
mod browser {
    use super::super::{Live, Phase, Rest};
    use crate::i18n::PageText;
    use crate::page::protocol::{Class, Data};
    use leptos::prelude::document;
    use std::cell::{Cell, RefCell};
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlElement, HtmlTemplateElement};

    /// The elements the island keeps in step, found once as it wakes.
    pub(in super::super) struct Bars {
        accept: Option<Element>,
        count: Option<Element>,
        next: Option<Element>,
        notice: Option<Element>,
        progress: Option<Element>,
        error: Option<Element>,
        hint: Option<Element>,
        draft: Option<Element>,
        submit: Option<Element>,
        /// The summary's last line: how many answers differ.
        summary: Option<Element>,
        /// The page's title without the count of open items.
        title: String,
        /// The screens shown in place of the form, once shown (looking
        /// them up would walk the whole page on every change).
        done: Cell<bool>,
        ended: RefCell<Option<Element>>,
    }

    impl Bars {
        pub(in super::super) fn find(form: &Element) -> Self {
            let find = |class: Class| form.query_selector(&class.on("*")).ok().flatten();
            Bars {
                accept: find(Class::AcceptAll),
                count: find(Class::AcceptAllCount),
                next: find(Class::NextOpen),
                notice: find(Class::Notice),
                progress: find(Class::Progress),
                error: find(Class::Error),
                hint: find(Class::SubmitHint),
                draft: find(Class::DraftStatus),
                submit: find(Class::Submit),
                summary: find(Class::SummaryTotal),
                title: crate::page::shell::title_base(&document().title()).to_owned(),
                done: Cell::new(false),
                ended: RefCell::new(None),
            }
        }

        /// Writes the summary's last line.
        pub(in super::super) fn summarise(&self, text: &str) {
            if let Some(summary) = &self.summary {
                set_text(summary, text);
            }
        }
    }

    /// Shows the island's state: the bars, the screens and the page's
    /// title (counting the unanswered items; once the session ended here
    /// or elsewhere, the task alone). Called on each change; writes only
    /// what differs.
    pub(in super::super) fn paint(live: Live) {
        let bars = live.bars();
        toolbar(live, bars);
        submit_bar(live, bars);
        screens(live, bars);
        let open = live.with_phase(|phase| *phase != Phase::Done) && live.ended().is_none();
        let left = if open {
            live.total.saturating_sub(live.answered())
        } else {
            0
        };
        let title = crate::page::shell::page_title(&bars.title, left);
        if document().title() != title {
            document().set_title(&title);
        }
    }

    fn toolbar(live: Live, bars: &Bars) {
        let lang = live.lang;
        let asleep = !live.hydrated();
        let open = live.open_recommended();
        if let Some(accept) = &bars.accept {
            let waiting = live.rest() != Rest::Loaded;
            set_flag(accept, "disabled", asleep || open == 0 || waiting);
        }
        if let Some(count) = &bars.count {
            set_text(count, &PageText::AcceptAllCount(open).get(lang));
        }
        if let Some(next) = &bars.next {
            set_flag(next, "disabled", asleep || live.answered() == live.total);
        }
        if let Some(notice) = &bars.notice {
            set_text(notice, &live.notice().unwrap_or_default());
        }
    }

    fn submit_bar(live: Live, bars: &Bars) {
        let (lang, total) = (live.lang, live.total);
        let answered = live.answered();
        let open = answered < total;
        if let Some(progress) = &bars.progress {
            let text = PageText::Progress {
                chosen: answered,
                total,
            }
            .get(lang);
            set_text(progress, &text);
        }
        if let Some(hint) = &bars.hint {
            let text = if open {
                PageText::ChooseAll.get(lang)
            } else {
                String::new()
            };
            set_text(hint, &text);
        }
        let status = live.draft();
        if let Some(draft) = &bars.draft {
            set_attr(draft, Data::Draft.name(), status.code());
            set_text(draft, &status.text(lang).unwrap_or_default());
        }
        live.with_phase(|phase| {
            if let Some(error) = &bars.error {
                let message = match phase {
                    Phase::Failed(message) => message.as_str(),
                    _ => "",
                };
                set_text(error, message);
            }
            if let Some(submit) = &bars.submit {
                let submitting = *phase == Phase::Submitting;
                set_flag(submit, "disabled", live.hydrated() && (open || submitting));
                set_attr(
                    submit,
                    "aria-busy",
                    if submitting { "true" } else { "false" },
                );
                let text = if submitting {
                    PageText::Submitting
                } else {
                    PageText::Submit
                };
                set_text(submit, &text.get(lang));
            }
        });
    }

    /// The form, or in its place the final screen once this page's answers
    /// are recorded, or the screen the server sent when the session ended
    /// elsewhere. What another page or the agent did shows unless this
    /// page's own submit is under way or went through: then its answer
    /// stands.
    fn screens(live: Live, bars: &Bars) {
        let form: &Element = &live.form;
        let (done, ended) = live.with_phase(|phase| {
            let done = *phase == Phase::Done;
            let ended = live
                .ended()
                .filter(|_| !matches!(phase, Phase::Submitting | Phase::Done));
            (done, ended)
        });
        if let Some(form) = form.dyn_ref::<HtmlElement>() {
            let hidden = done || ended.is_some();
            if form.hidden() != hidden {
                form.set_hidden(hidden);
            }
        }
        if done
            && !bars.done.replace(true)
            && let Some(template) = form
                .query_selector(&Class::DoneScreen.on("template"))
                .ok()
                .flatten()
                .and_then(|t| t.dyn_into::<HtmlTemplateElement>().ok())
            && let Ok(screen) = document().import_node_with_deep(&template.content(), true)
        {
            let _ = form.before_with_node_1(&screen);
        }
        let mut shown = bars.ended.borrow_mut();
        match (ended, shown.take()) {
            // Shown already: the screen the server sent does not change.
            (Some(_), Some(screen)) => *shown = Some(screen),
            (Some(html), None) => {
                if let Ok(screen) = document().create_element("div") {
                    screen.set_class_name(Class::EndedScreen.name());
                    screen.set_inner_html(&html);
                    let _ = form.before_with_node_1(&screen);
                    *shown = Some(screen);
                }
            }
            (None, Some(screen)) => screen.remove(),
            (None, None) => {}
        }
    }

    /// Writes `text` as the element's text, unless it says that already.
    fn set_text(element: &Element, text: &str) {
        if element.text_content().as_deref() != Some(text) {
            element.set_text_content(Some(text));
        }
    }

    /// Writes an attribute, unless it has that value already (a write,
    /// even of the same value, is a change the browser styles again).
    fn set_attr(element: &Element, name: &str, value: &str) {
        if element.get_attribute(name).as_deref() != Some(value) {
            let _ = element.set_attribute(name, value);
        }
    }

    /// Sets or clears a boolean attribute.
    fn set_flag(element: &Element, name: &str, on: bool) {
        let _ = element.toggle_attribute_with_force(name, on);
    }
}
