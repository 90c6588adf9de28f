//! Showing an item's state: its cards, its note's label and its row in
//! the summary, worded by the same rules as the server's.

use super::Live;
use super::fields::input_by_id;
use crate::i18n::PageText;
use crate::model::ItemId;
use crate::page::choice::Picked;
use crate::page::protocol::{Class, Data, DomId};
use crate::page::summary::differs_text;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// The item's cards, note label and summary row as its fields are.
pub(super) fn show(
    live: Live,
    id: ItemId,
    fieldset: &Element,
    picked: &Picked,
    recommended: &[usize],
    differs: bool,
) {
    let lang = live.lang;
    if let Ok(cards) = fieldset.query_selector_all(&Class::Option.on("*")) {
        for k in 0..cards.length() {
            let Some(card) = cards.item(k).and_then(|c| c.dyn_into::<Element>().ok()) else {
                continue;
            };
            let checked = card
                .query_selector(&Class::Choice.on("input"))
                .ok()
                .flatten()
                .and_then(|i| i.dyn_into::<HtmlInputElement>().ok())
                .is_some_and(|i| i.checked());
            let _ = card
                .class_list()
                .toggle_with_force(Class::Chosen.name(), checked);
        }
    }
    if let Some(text) = input_by_id(&DomId::OtherText(id).get()) {
        text.set_required(picked.other().is_some());
    }
    if let Ok(Some(label)) = fieldset.query_selector(&Class::NoteLabel.on("*")) {
        let text = if picked.skipped() {
            PageText::WhySkip
        } else {
            PageText::Note
        };
        label.set_text_content(Some(&text.get(lang)));
    }
    let Some(row) = document().get_element_by_id(&DomId::Summary(id).get()) else {
        return;
    };
    let labels = |positions: &[usize]| -> Vec<String> {
        positions
            .iter()
            .filter_map(|k| {
                fieldset
                    .query_selector(&format!(
                        "label[for={}] {}",
                        DomId::Choice(id, &k.to_string()).get(),
                        Class::OptionName.on("*")
                    ))
                    .ok()
                    .flatten()?
                    .text_content()
            })
            .collect()
    };
    let text = picked.text(labels, lang);
    if let Ok(Some(answer)) = row.query_selector(&Class::SummaryAnswer.on("*")) {
        let open = text.is_none();
        let text = text.unwrap_or_else(|| PageText::SummaryOpen.get(lang));
        answer.set_text_content(Some(&text));
        let classes = answer.class_list();
        let _ = classes.toggle_with_force(Class::SummaryChoice.name(), !open);
        let _ = classes.toggle_with_force(Class::SummaryOpen.name(), open);
        let _ = if open {
            row.set_attribute(Data::Open.name(), Data::FLAG)
        } else {
            row.remove_attribute(Data::Open.name())
        };
    }
    let _ = row
        .class_list()
        .toggle_with_force(Class::Differs.name(), differs);
    if let Ok(Some(flag)) = row.query_selector(&Class::SummaryDiffers.on("*")) {
        let text = if differs {
            differs_text(&labels(recommended).join(", "), lang)
        } else {
            String::new()
        };
        flag.set_text_content(Some(&text));
    }
}

/// Enables the precedents' buttons under `root` (rendered disabled, as
/// they do nothing until the island runs; `follow.rs` answers their
/// clicks).
pub(super) fn enable_follow(root: &Element) {
    let Ok(list) = root.query_selector_all(&Class::Follow.on("button")) else {
        return;
    };
    for button in (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()) {
        let _ = button.remove_attribute("disabled");
    }
}
