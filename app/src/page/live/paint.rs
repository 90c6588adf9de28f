//! The bars in step with the island's state: the elements found once as it
//! wakes (`Bars`), and `paint`, which shows each change as it is made.

use super::{Live, Phase, Rest};
use crate::i18n::PageText;
use crate::page::protocol::{Class, Data};
use leptos::prelude::document;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlTemplateElement};

/// The elements the island keeps in step, found once as it wakes.
pub(super) struct Bars {
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
    pub(super) fn find(form: &Element) -> Self {
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
    pub(super) fn summarise(&self, text: &str) {
        if let Some(summary) = &self.summary {
            set_text(summary, text);
        }
    }
}

/// Shows the island's state: the bars, the screens and the page's
/// title (counting the unanswered items; once the session ended here
/// or elsewhere, the task alone). Called on each change; writes only
/// what differs.
pub(super) fn paint(live: Live) {
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
