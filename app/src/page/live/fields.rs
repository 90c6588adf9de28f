//! Reading the form: each item's fields, as the person left them.

use super::Start;
use crate::Lang;
use crate::model::ItemId;
use crate::page::choice::{Choice, Picked};
use crate::page::protocol::{CHOICE_OTHER, CHOICE_SKIP, DomId, STUB_CLASS};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

/// One item as the island tracks it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub id: ItemId,
    pub answered: bool,
    pub differs: bool,
    pub has_recommendation: bool,
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
        has_other: exists("fieldset.item[data-other]"),
        has_skip: exists("fieldset.item[data-skip]"),
        partial: exists("fieldset.stub"),
    };
    (start, items)
}

/// Every item's state as the form shows it.
pub(super) fn read_items(form: &Element) -> Vec<Item> {
    let Ok(list) = form.query_selector_all("fieldset.item") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        // The server writes every fieldset's id (`DomId::Item`).
        .filter_map(|fieldset| {
            let id = item_id_of(&fieldset)?;
            let recommended = recommended(&fieldset);
            let (answered, differs) = if fieldset.class_list().contains(STUB_CLASS) {
                // Not here yet: the server wrote down what it counts.
                let flag = |name| fieldset.has_attribute(name);
                (flag("data-answered"), flag("data-differs"))
            } else {
                let picked = read_fields(&fieldset, id);
                (picked.answered(), picked.differs(&recommended))
            };
            Some(Item {
                id,
                answered,
                differs,
                has_recommendation: !recommended.is_empty(),
            })
        })
        .collect()
}

pub(super) fn item_id_of(fieldset: &Element) -> Option<ItemId> {
    DomId::item_of(&fieldset.id())
}

pub(super) fn number_attr(element: &Element, name: &str) -> Option<usize> {
    element.get_attribute(name)?.parse().ok()
}

/// The positions of an item's recommended options (`data-recommend`).
pub(super) fn recommended(fieldset: &Element) -> Vec<usize> {
    fieldset
        .get_attribute("data-recommend")
        .map(|list| list.split(',').filter_map(|k| k.parse().ok()).collect())
        .unwrap_or_default()
}

pub(super) fn input_by_id(id: &str) -> Option<HtmlInputElement> {
    document().get_element_by_id(id)?.dyn_into().ok()
}

/// The checked choices of an item's fieldset.
pub(super) fn checked_choices(fieldset: &Element) -> Vec<HtmlInputElement> {
    let Ok(list) = fieldset.query_selector_all("input.choice:checked") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlInputElement>().ok())
        .collect()
}

/// What an item's fields say now. A skip or an own answer stands alone
/// (the island keeps it so); a form checked otherwise before the island
/// woke is read the same way: a skip first, then an own answer.
pub(super) fn read_fields(fieldset: &Element, id: ItemId) -> Picked {
    let mut options = Vec::new();
    let mut other = None;
    let mut skipped = false;
    for input in checked_choices(fieldset) {
        match input.value().as_str() {
            CHOICE_OTHER => {
                let text = input_by_id(&DomId::OtherText(id).get()).map(|t| t.value());
                other = Some(text.unwrap_or_default());
            }
            CHOICE_SKIP => skipped = true,
            k => options.extend(k.parse::<usize>().ok()),
        }
    }
    options.sort_unstable();
    let choice = match (skipped, other) {
        (true, _) => Choice::Skipped,
        (false, Some(text)) => Choice::Other(text),
        (false, None) if options.is_empty() => Choice::Open,
        (false, None) => Choice::Options(options),
    };
    let note = document()
        .get_element_by_id(&DomId::Note(id).get())
        .and_then(|n| n.dyn_into::<HtmlTextAreaElement>().ok())
        .map(|note| note.value())
        .unwrap_or_default();
    Picked { choice, note }
}

pub(super) fn fieldset_of(id: ItemId) -> Option<Element> {
    document().get_element_by_id(&DomId::Item(id).get())
}
