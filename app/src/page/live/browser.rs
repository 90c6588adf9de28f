//! The island in the browser: it reads the form's fields, keeps each item's
//! option cards and summary row in step with them, and counts what is
//! answered. Only the item that changed is read again, so a page of
//! thousands of items stays quick.

use super::{DraftStatus, Live, Phase, send};
use crate::i18n::PageText;
use crate::page::lang_switch::LANG_SWITCH_CLASS;
use crate::page::summary::{differs_text, total_text};
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

/// How long the person may pause before the draft is saved.
const DEBOUNCE: Duration = Duration::from_millis(400);

/// One item as the island tracks it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    id: u32,
    chosen: Option<usize>,
    recommended: Option<usize>,
}

/// The per-item state and the draft timer, kept in the browser only.
#[derive(Clone, Copy)]
pub(super) struct Tracked {
    items: StoredValue<Vec<Item>, LocalStorage>,
    timer: StoredValue<Option<TimeoutHandle>, LocalStorage>,
    /// One draft request at a time; changes made meanwhile follow it.
    in_flight: StoredValue<bool, LocalStorage>,
    again: StoredValue<bool, LocalStorage>,
}

impl Tracked {
    pub(super) fn new() -> Self {
        Tracked {
            items: StoredValue::new_local(Vec::new()),
            timer: StoredValue::new_local(None),
            in_flight: StoredValue::new_local(false),
            again: StoredValue::new_local(false),
        }
    }
}

/// Reads the form once the island is hydrated and starts listening.
pub(super) fn start(live: Live) {
    Effect::new(move |_| {
        let Some(form) = live.form.get_untracked() else {
            return;
        };
        live.tracked.items.set_value(read_items(&form));
        recount(live);
        super::keys::install(live);
        install_lang_switch(live);
        live.hydrated.set(true);
        // The contract for tests and tools: the page is interactive.
        if let Ok(Some(main)) = document().query_selector("main.page") {
            let _ = main.set_attribute("data-hydrated", "true");
        }
    });
}

/// Every item's state as the form shows it.
fn read_items(form: &Element) -> Vec<Item> {
    let Ok(list) = form.query_selector_all("fieldset.item") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .map(|fieldset| Item {
            id: fieldset
                .id()
                .strip_prefix("item-")
                .and_then(|n| n.parse().ok())
                .unwrap_or_default(),
            chosen: checked(&fieldset),
            recommended: number_attr(&fieldset, "data-recommend"),
        })
        .collect()
}

fn number_attr(element: &Element, name: &str) -> Option<usize> {
    element.get_attribute(name)?.parse().ok()
}

/// The position of the checked option in an item's fieldset.
fn checked(fieldset: &Element) -> Option<usize> {
    let input = fieldset
        .query_selector("input[type=radio]:checked")
        .ok()??;
    input
        .dyn_into::<HtmlInputElement>()
        .ok()?
        .value()
        .parse()
        .ok()
}

/// Counts what is answered and what accept-all would fill.
fn recount(live: Live) {
    let t = live.tracked;
    let (answered, open, differing) = t.items.with_value(|items| {
        items.iter().fold((0, 0, 0), |(a, o, d), item| {
            let differs = matches!((item.chosen, item.recommended), (Some(c), Some(r)) if c != r);
            (
                a + usize::from(item.chosen.is_some()),
                o + usize::from(item.chosen.is_none() && item.recommended.is_some()),
                d + usize::from(differs),
            )
        })
    });
    live.answered.set(answered);
    live.open_recommended.set(open);
    if let Ok(Some(total)) = document().query_selector(".summary-total") {
        total.set_text_content(Some(&total_text(answered, differing, live.lang)));
    }
}

/// A field changed (`change`) or is being typed in (`input`): the item it
/// belongs to is read again, and the draft is saved a moment later.
pub(super) fn changed(live: Live, event: &leptos::ev::Event, settled: bool) {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    if settled
        && let Ok(Some(fieldset)) = target.closest("fieldset.item")
        && let Some(n) = number_attr(&fieldset, "data-n")
    {
        refresh(live, n, &fieldset);
    }
    schedule_draft(live);
}

/// Reads item `n` again from its fieldset and shows the result.
fn refresh(live: Live, n: usize, fieldset: &Element) {
    let t = live.tracked;
    let chosen = checked(fieldset);
    let Some(item) = t
        .items
        .try_update_value(|items| {
            let item = items.get_mut(n)?;
            item.chosen = chosen;
            Some(*item)
        })
        .flatten()
    else {
        return;
    };
    show(live, item, fieldset);
    recount(live);
}

/// The option cards' and the summary row's look for `item`.
fn show(live: Live, item: Item, fieldset: &Element) {
    let lang = live.lang;
    if let Ok(cards) = fieldset.query_selector_all(".option") {
        for k in 0..cards.length() {
            if let Some(card) = cards.item(k).and_then(|c| c.dyn_into::<Element>().ok()) {
                let _ = card
                    .class_list()
                    .toggle_with_force("chosen", item.chosen == Some(k as usize));
            }
        }
    }
    let Some(row) = document().get_element_by_id(&format!("sum-{}", item.id)) else {
        return;
    };
    let label = |k: usize| {
        fieldset
            .query_selector(&format!("#o{}-{k}-l .option-name", item.id))
            .ok()
            .flatten()
            .and_then(|l| l.text_content())
            .unwrap_or_default()
    };
    if let Ok(Some(answer)) = row.query_selector(".summary-answer") {
        let (text, chosen) = match item.chosen {
            Some(k) => (label(k), true),
            None => (PageText::SummaryOpen.get(lang), false),
        };
        answer.set_text_content(Some(&text));
        let classes = answer.class_list();
        let _ = classes.toggle_with_force("summary-choice", chosen);
        let _ = classes.toggle_with_force("summary-open", !chosen);
    }
    let differs = matches!((item.chosen, item.recommended), (Some(c), Some(r)) if c != r);
    let _ = row.class_list().toggle_with_force("differs", differs);
    let _ = if item.chosen.is_none() {
        row.set_attribute("data-open", "true")
    } else {
        row.remove_attribute("data-open")
    };
    if let Ok(Some(flag)) = row.query_selector(".summary-differs") {
        let text = match (differs, item.recommended) {
            (true, Some(r)) => differs_text(&label(r), lang),
            _ => String::new(),
        };
        flag.set_text_content(Some(&text));
    }
}

fn fieldset_of(id: u32) -> Option<Element> {
    document().get_element_by_id(&format!("item-{id}"))
}

/// Chooses the recommended option of every unanswered item that has one;
/// answered items keep their choice. Returns how many were filled.
pub(super) fn accept_all(live: Live) -> usize {
    let t = live.tracked;
    let open: Vec<(usize, Item)> = t.items.with_value(|items| {
        items
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, i)| i.chosen.is_none() && i.recommended.is_some())
            .collect()
    });
    let mut filled = 0;
    for (n, item) in open {
        let (Some(r), Some(fieldset)) = (item.recommended, fieldset_of(item.id)) else {
            continue;
        };
        let radio = document()
            .get_element_by_id(&format!("o{}-{r}", item.id))
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok());
        if let Some(radio) = radio {
            radio.set_checked(true);
            refresh(live, n, &fieldset);
            filled += 1;
        }
    }
    if filled > 0 {
        schedule_draft(live);
    }
    filled
}

/// The position of the item that holds the focus.
pub(super) fn focused_item() -> Option<usize> {
    let active = document().active_element()?;
    let fieldset = active.closest("fieldset.item").ok()??;
    number_attr(&fieldset, "data-n")
}

/// The id of the item at position `n`.
pub(super) fn item_id(live: Live, n: usize) -> Option<u32> {
    live.tracked
        .items
        .with_value(|items| items.get(n).map(|i| i.id))
}

/// Moves focus to the next unanswered item after the focused one (or to
/// the submit button when every item is answered; then `false`).
pub(super) fn focus_next_open(live: Live) -> bool {
    let from = focused_item();
    let next = live.tracked.items.with_value(|items| {
        let n = items.len();
        let start = from.map_or(0, |i| i + 1);
        (0..n)
            .map(|k| (start + k) % n)
            .find(|&i| items[i].chosen.is_none())
            .map(|i| items[i].id)
    });
    let Some(id) = next else {
        if let Some(button) = document()
            .query_selector("button.submit")
            .ok()
            .flatten()
            .and_then(|b| b.dyn_into::<HtmlElement>().ok())
        {
            let _ = button.focus();
        }
        return false;
    };
    if let Some(fieldset) = fieldset_of(id) {
        fieldset.scroll_into_view();
    }
    focus(&format!("o{id}-0"));
    true
}

/// Focuses the element with `id`.
pub(super) fn focus(id: &str) {
    if let Some(element) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

/// Saves the draft a moment after the last change.
fn schedule_draft(live: Live) {
    let t = live.tracked;
    if let Some(handle) = t.timer.get_value() {
        handle.clear();
    }
    t.timer
        .set_value(set_timeout_with_handle(move || save_draft(live), DEBOUNCE).ok());
}

/// Sends the form as the draft, one request at a time.
fn save_draft(live: Live) {
    let t = live.tracked;
    if t.in_flight.get_value() {
        t.again.set_value(true);
        return;
    }
    t.in_flight.set_value(true);
    leptos::task::spawn_local(async move {
        loop {
            t.again.set_value(false);
            // Once the answers are being submitted the draft is moot.
            if matches!(live.phase.get_untracked(), Phase::Submitting | Phase::Done) {
                break;
            }
            let saved = match live.form.get_untracked() {
                Some(form) => send::draft(&form).await,
                None => false,
            };
            live.draft.set(if saved {
                DraftStatus::Saved
            } else {
                DraftStatus::Failed
            });
            if !t.again.get_value() {
                break;
            }
        }
        t.in_flight.set_value(false);
    });
}

/// The form's submit: posts the fields; failures keep every choice.
pub(super) fn submit(live: Live, event: &leptos::ev::SubmitEvent) {
    event.prevent_default();
    if matches!(live.phase.get_untracked(), Phase::Submitting | Phase::Done) {
        return;
    }
    let Some(form) = live.form.get_untracked() else {
        return;
    };
    live.phase.set(Phase::Submitting);
    leptos::task::spawn_local(async move {
        let phase = match send::decisions(&form, live.lang).await {
            Ok(()) => Phase::Done,
            Err(message) => Phase::Failed(message),
        };
        live.phase.set(phase);
    });
}

/// The language links save the draft before they leave the page, so no
/// choice is lost on the way.
fn install_lang_switch(live: Live) {
    let handle = window_event_listener(leptos::ev::click, move |event| {
        let Some(link) = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest(&format!(".{LANG_SWITCH_CLASS} a")).ok().flatten())
        else {
            return;
        };
        if live.phase.get_untracked() != Phase::Editing || event.ctrl_key() || event.meta_key() {
            return;
        }
        let (Some(href), Some(form)) = (link.get_attribute("href"), live.form.get_untracked())
        else {
            return;
        };
        event.prevent_default();
        leptos::task::spawn_local(async move {
            send::draft(&form).await;
            let _ = window().location().set_href(&href);
        });
    });
    // The page lives as long as the window, so the listener does too.
    std::mem::forget(handle);
}
