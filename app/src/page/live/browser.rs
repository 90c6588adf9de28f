//! The island in the browser: it reads the form's fields, keeps each item's
//! option cards and summary row in step with them, and counts what is
//! answered. Only the item that changed is read again, so a page of
//! thousands of items stays quick.

use super::{DraftStatus, Live, Phase, Start, send};
use crate::Lang;
use crate::i18n::PageText;
use crate::page::lang_switch::LANG_SWITCH_CLASS;
use crate::page::protocol::{CHOICE_OTHER, CHOICE_SKIP};
use crate::page::summary::{answer_text, differs, differs_text, total_text};
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

/// How long the person may pause before the draft is saved.
const DEBOUNCE: Duration = Duration::from_millis(400);

/// One item as the island tracks it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    id: u32,
    answered: bool,
    differs: bool,
    has_recommendation: bool,
}

/// One item's answer as its fields hold it.
struct Fields {
    chosen: Vec<usize>,
    /// The own answer's text, when that choice is made.
    other: Option<String>,
    skipped: bool,
    note: String,
}

impl Fields {
    /// The own answer, once it has some text.
    fn other_given(&self) -> Option<&str> {
        self.other.as_deref().filter(|t| !t.trim().is_empty())
    }

    fn answered(&self) -> bool {
        !self.chosen.is_empty() || self.skipped || self.other_given().is_some()
    }

    fn differs(&self, recommended: &[usize]) -> bool {
        differs(
            &self.chosen,
            self.other_given().is_some(),
            self.skipped,
            recommended,
        )
    }
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

/// Where the island starts, read from the page as the server rendered it,
/// and every item's state.
pub(super) fn read_start() -> (Start, Vec<Item>) {
    let doc = document();
    let lang = doc
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .map_or(Lang::En, |tag| Lang::from_html_tag(&tag));
    let items = doc
        .query_selector("form.decisions")
        .ok()
        .flatten()
        .map(|form| read_items(&form))
        .unwrap_or_default();
    let exists = |selector: &str| doc.query_selector(selector).ok().flatten().is_some();
    let start = Start {
        lang,
        total: items.len(),
        answered: items.iter().filter(|i| i.answered).count(),
        has_recommendations: items.iter().any(|i| i.has_recommendation),
        has_other: exists(&format!("input.choice[value={CHOICE_OTHER}]")),
        has_skip: exists(&format!("input.choice[value={CHOICE_SKIP}]")),
    };
    (start, items)
}

/// Keeps `items` and starts listening once the island is hydrated.
pub(super) fn start(live: Live, items: Vec<Item>) {
    live.tracked.items.set_value(items);
    Effect::new(move |_| {
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
        .map(|fieldset| {
            let id = item_id_of(&fieldset);
            let fields = read_fields(&fieldset, id);
            let recommended = recommended(&fieldset);
            Item {
                id,
                answered: fields.answered(),
                differs: fields.differs(&recommended),
                has_recommendation: !recommended.is_empty(),
            }
        })
        .collect()
}

fn item_id_of(fieldset: &Element) -> u32 {
    fieldset
        .id()
        .strip_prefix("item-")
        .and_then(|n| n.parse().ok())
        .unwrap_or_default()
}

fn number_attr(element: &Element, name: &str) -> Option<usize> {
    element.get_attribute(name)?.parse().ok()
}

/// The positions of an item's recommended options (`data-recommend`).
fn recommended(fieldset: &Element) -> Vec<usize> {
    fieldset
        .get_attribute("data-recommend")
        .map(|list| list.split(',').filter_map(|k| k.parse().ok()).collect())
        .unwrap_or_default()
}

fn input_by_id(id: &str) -> Option<HtmlInputElement> {
    document().get_element_by_id(id)?.dyn_into().ok()
}

/// The checked choices of an item's fieldset.
fn checked_choices(fieldset: &Element) -> Vec<HtmlInputElement> {
    let Ok(list) = fieldset.query_selector_all("input.choice:checked") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlInputElement>().ok())
        .collect()
}

/// What an item's fields say now.
fn read_fields(fieldset: &Element, id: u32) -> Fields {
    let mut fields = Fields {
        chosen: Vec::new(),
        other: None,
        skipped: false,
        note: String::new(),
    };
    for input in checked_choices(fieldset) {
        match input.value().as_str() {
            CHOICE_OTHER => {
                fields.other = Some(
                    input_by_id(&format!("o{id}-other-text"))
                        .map(|t| t.value())
                        .unwrap_or_default(),
                );
            }
            CHOICE_SKIP => fields.skipped = true,
            k => fields.chosen.extend(k.parse::<usize>().ok()),
        }
    }
    if let Some(note) = document()
        .get_element_by_id(&format!("note-{id}"))
        .and_then(|n| n.dyn_into::<HtmlTextAreaElement>().ok())
    {
        fields.note = note.value();
    }
    fields
}

/// Counts what is answered and what accept-all would fill.
fn recount(live: Live) {
    let t = live.tracked;
    let (answered, open, differing) = t.items.with_value(|items| {
        items.iter().fold((0, 0, 0), |(a, o, d), item| {
            (
                a + usize::from(item.answered),
                o + usize::from(!item.answered && item.has_recommendation),
                d + usize::from(item.differs),
            )
        })
    });
    live.answered.set(answered);
    live.open_recommended.set(open);
    if let Ok(Some(total)) = document().query_selector(".summary-total") {
        total.set_text_content(Some(&total_text(answered, differing, live.lang)));
    }
}

/// A field changed (`change`) or is being typed in (`input`): its item is
/// read again, and the draft is saved a moment later.
pub(super) fn changed(live: Live, event: &leptos::ev::Event, settled: bool) {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    if let Ok(Some(fieldset)) = target.closest("fieldset.item")
        && let Some(n) = number_attr(&fieldset, "data-n")
    {
        if settled && let Some(input) = target.dyn_ref::<HtmlInputElement>() {
            keep_exclusive(&fieldset, input);
        }
        refresh(live, n, &fieldset);
    }
    schedule_draft(live);
}

/// Several options may be checked together, but an own answer or a skip
/// stands alone: checking one clears the rest (radios do this by
/// themselves).
fn keep_exclusive(fieldset: &Element, changed: &HtmlInputElement) {
    if changed.type_() != "checkbox" || !changed.checked() {
        return;
    }
    let alone = matches!(changed.value().as_str(), CHOICE_OTHER | CHOICE_SKIP);
    for input in checked_choices(fieldset) {
        let special = matches!(input.value().as_str(), CHOICE_OTHER | CHOICE_SKIP);
        if input != *changed && (alone || special) {
            input.set_checked(false);
        }
    }
}

/// Reads item `n` again from its fieldset and shows the result.
fn refresh(live: Live, n: usize, fieldset: &Element) {
    let t = live.tracked;
    let Some(id) = t.items.with_value(|items| items.get(n).map(|i| i.id)) else {
        return;
    };
    let fields = read_fields(fieldset, id);
    let recommended = recommended(fieldset);
    let differs = fields.differs(&recommended);
    t.items.update_value(|items| {
        if let Some(item) = items.get_mut(n) {
            item.answered = fields.answered();
            item.differs = differs;
        }
    });
    show(live, id, fieldset, &fields, &recommended, differs);
    recount(live);
}

/// The item's cards, note label and summary row as its fields are.
fn show(
    live: Live,
    id: u32,
    fieldset: &Element,
    fields: &Fields,
    recommended: &[usize],
    differs: bool,
) {
    let lang = live.lang;
    if let Ok(cards) = fieldset.query_selector_all(".option") {
        for k in 0..cards.length() {
            let Some(card) = cards.item(k).and_then(|c| c.dyn_into::<Element>().ok()) else {
                continue;
            };
            let checked = card
                .query_selector("input.choice")
                .ok()
                .flatten()
                .and_then(|i| i.dyn_into::<HtmlInputElement>().ok())
                .is_some_and(|i| i.checked());
            let _ = card.class_list().toggle_with_force("chosen", checked);
        }
    }
    if let Some(text) = input_by_id(&format!("o{id}-other-text")) {
        text.set_required(fields.other.is_some());
    }
    if let Ok(Some(label)) = fieldset.query_selector(".note-label") {
        let text = if fields.skipped {
            PageText::WhySkip
        } else {
            PageText::Note
        };
        label.set_text_content(Some(&text.get(lang)));
    }
    let Some(row) = document().get_element_by_id(&format!("sum-{id}")) else {
        return;
    };
    let labels = |positions: &[usize]| -> Vec<String> {
        positions
            .iter()
            .filter_map(|k| {
                fieldset
                    .query_selector(&format!("label[for=o{id}-{k}] .option-name"))
                    .ok()
                    .flatten()?
                    .text_content()
            })
            .collect()
    };
    let text = answer_text(
        &labels(&fields.chosen),
        fields.other_given(),
        fields.skipped,
        &fields.note,
        lang,
    );
    if let Ok(Some(answer)) = row.query_selector(".summary-answer") {
        let open = text.is_none();
        let text = text.unwrap_or_else(|| PageText::SummaryOpen.get(lang));
        answer.set_text_content(Some(&text));
        let classes = answer.class_list();
        let _ = classes.toggle_with_force("summary-choice", !open);
        let _ = classes.toggle_with_force("summary-open", open);
        let _ = if open {
            row.set_attribute("data-open", "true")
        } else {
            row.remove_attribute("data-open")
        };
    }
    let _ = row.class_list().toggle_with_force("differs", differs);
    if let Ok(Some(flag)) = row.query_selector(".summary-differs") {
        let text = if differs {
            differs_text(&labels(recommended).join(", "), lang)
        } else {
            String::new()
        };
        flag.set_text_content(Some(&text));
    }
}

fn fieldset_of(id: u32) -> Option<Element> {
    document().get_element_by_id(&format!("item-{id}"))
}

/// Chooses the recommended options of every unanswered item that has
/// some; answered items keep their answer, and nothing is skipped or
/// answered in the person's own words. Returns how many were filled.
pub(super) fn accept_all(live: Live) -> usize {
    let open: Vec<(usize, u32)> = live.tracked.items.with_value(|items| {
        items
            .iter()
            .enumerate()
            .filter(|(_, i)| !i.answered && i.has_recommendation)
            .map(|(n, i)| (n, i.id))
            .collect()
    });
    let mut filled = 0;
    for (n, id) in open {
        let Some(fieldset) = fieldset_of(id) else {
            continue;
        };
        for k in recommended(&fieldset) {
            if let Some(input) = input_by_id(&format!("o{id}-{k}")) {
                input.set_checked(true);
            }
        }
        refresh(live, n, &fieldset);
        filled += 1;
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
            .find(|&i| !items[i].answered)
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
