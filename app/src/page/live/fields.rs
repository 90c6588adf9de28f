//! Reading the form: each item's fields, as the person left them.

use crate::Lang;
use crate::model::ItemId;
use crate::page::choice::{Choice, Picked};
use crate::page::protocol::{CHOICE_OTHER, CHOICE_SKIP, Class, Data, DomId};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

/// One item as the island tracks it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tracked {
    pub id: ItemId,
    pub answered: bool,
    pub differs: bool,
    pub has_recommendation: bool,
}

/// Which state of the form to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum As {
    /// As the server rendered it: the fields' default state (`checked`
    /// and `value` attributes, a textarea's text), whatever the person
    /// did since.
    Rendered,
    /// As it stands now.
    Now,
}

/// The page as the island finds it when it wakes. (The server renders the
/// bars from a [`Start`](super::Start); the island needs only what its
/// state starts from, and counts the rest from `items`.)
pub(super) struct Woken {
    pub lang: Lang,
    /// Whether the page left items for the island to fetch.
    pub partial: bool,
    /// Every item's state as rendered, in the items' order.
    pub items: Vec<Tracked>,
    /// The positions of the items the person changed before the island
    /// woke (the plain form takes a choice without any script): counted,
    /// shown and saved once the island runs.
    pub touched: Vec<usize>,
}

/// Reads the page as the island finds it.
pub(super) fn read_start() -> Woken {
    let doc = document();
    let lang = doc
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .map_or(Lang::En, |tag| Lang::from_html_tag(&tag));
    let (items, touched) = doc
        .query_selector(&Class::Decisions.on("form"))
        .ok()
        .flatten()
        .map(|form| read_items(&form))
        .unwrap_or_default();
    let partial = doc
        .query_selector(&Class::Stub.on("fieldset"))
        .ok()
        .flatten()
        .is_some();
    Woken {
        lang,
        partial,
        items,
        touched,
    }
}

/// Every item's state as the server rendered it, and the positions of the
/// items whose fields stand otherwise now.
fn read_items(form: &Element) -> (Vec<Tracked>, Vec<usize>) {
    let mut items = Vec::new();
    let mut touched = Vec::new();
    let Ok(list) = form.query_selector_all(&Class::Item.on("fieldset")) else {
        return (items, touched);
    };
    let fieldsets = (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok());
    for fieldset in fieldsets {
        // The server writes every fieldset's id (`DomId::Item`).
        let Some(id) = item_id_of(&fieldset) else {
            continue;
        };
        let recommended = recommended(&fieldset);
        let (answered, differs) = if fieldset.class_list().contains(Class::Stub.name()) {
            // Not here yet: the server wrote down what it counts.
            let flag = |flag: Data| fieldset.has_attribute(flag.name());
            (flag(Data::Answered), flag(Data::Differs))
        } else {
            let rendered = read_fields(&fieldset, id, As::Rendered);
            if read_fields(&fieldset, id, As::Now) != rendered {
                touched.push(items.len());
            }
            (rendered.answered(), rendered.differs(&recommended))
        };
        items.push(Tracked {
            id,
            answered,
            differs,
            has_recommendation: !recommended.is_empty(),
        });
    }
    (items, touched)
}

pub(super) fn item_id_of(fieldset: &Element) -> Option<ItemId> {
    DomId::item_of(&fieldset.id())
}

/// An item's position (`data-n`) from its fieldset.
pub(super) fn position_of(fieldset: &Element) -> Option<usize> {
    fieldset.get_attribute(Data::N.name())?.parse().ok()
}

/// The item (its fieldset) that holds `element`.
pub(super) fn item_around(element: &Element) -> Option<Element> {
    element.closest(&Class::Item.on("fieldset")).ok()?
}

/// The positions of an item's recommended options (`data-recommend`).
pub(super) fn recommended(fieldset: &Element) -> Vec<usize> {
    fieldset
        .get_attribute(Data::Recommend.name())
        .map(|list| list.split(',').filter_map(|k| k.parse().ok()).collect())
        .unwrap_or_default()
}

pub(super) fn input_by_id(id: &str) -> Option<HtmlInputElement> {
    document().get_element_by_id(id)?.dyn_into().ok()
}

/// The checked choices of an item's fieldset, as rendered or now.
pub(super) fn checked_choices(fieldset: &Element, at: As) -> Vec<HtmlInputElement> {
    let state = match at {
        As::Rendered => "[checked]",
        As::Now => ":checked",
    };
    let selector = format!("{}{state}", Class::Choice.on("input"));
    let Ok(list) = fieldset.query_selector_all(&selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlInputElement>().ok())
        .collect()
}

/// What an item's fields say, as rendered or now. A skip or an own answer
/// stands alone (the island keeps it so); a form checked otherwise before
/// the island woke is read the same way: a skip first, then an own answer.
pub(super) fn read_fields(fieldset: &Element, id: ItemId, at: As) -> Picked {
    let mut options = Vec::new();
    let mut other = None;
    let mut skipped = false;
    for input in checked_choices(fieldset, at) {
        match input.value().as_str() {
            CHOICE_OTHER => {
                let text = input_by_id(&DomId::OtherText(id).get()).map(|t| match at {
                    As::Rendered => t.default_value(),
                    As::Now => t.value(),
                });
                other = Some(text.unwrap_or_default());
            }
            CHOICE_SKIP => skipped = true,
            k => options.extend(k.parse::<usize>().ok()),
        }
    }
    // The server writes an item's options in their order, and the query
    // returns them in the document's: the positions come sorted, as
    // `Choice::Options` keeps them (no sort, so none in the WASM).
    debug_assert!(options.is_sorted(), "{options:?}");
    let choice = match (skipped, other) {
        (true, _) => Choice::Skipped,
        (false, Some(text)) => Choice::Other(text),
        (false, None) if options.is_empty() => Choice::Open,
        (false, None) => Choice::Options(options),
    };
    let note = document()
        .get_element_by_id(&DomId::Note(id).get())
        .and_then(|n| n.dyn_into::<HtmlTextAreaElement>().ok())
        .and_then(|note| match at {
            As::Rendered => note.default_value().ok(),
            As::Now => Some(note.value()),
        })
        .unwrap_or_default();
    Picked { choice, note }
}

pub(super) fn fieldset_of(id: ItemId) -> Option<Element> {
    document().get_element_by_id(&DomId::Item(id).get())
}
