//! Keyboard shortcuts: `1`–`9` choose the nth option of the item that has
//! focus (or toggle it, where several may be chosen), `O` chooses an answer
//! of one's own and goes to its text box, `S` skips the item and goes to
//! the note for the reason, `N` moves to the next unanswered item. Typing
//! is never taken over.

use super::Live;
use super::focus::{focus, focus_next_open, focused_item, item_id};
use crate::page::protocol::{CHOICE_OTHER, CHOICE_SKIP, DomId};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, KeyboardEvent};

/// A key pressed anywhere on the page.
pub(super) fn on_key(live: Live, event: &KeyboardEvent) {
    if event.ctrl_key() || event.meta_key() || event.alt_key() || event.default_prevented() {
        return;
    }
    if typing(event) {
        return;
    }
    let key = event.key();
    if key.eq_ignore_ascii_case("n") {
        event.prevent_default();
        focus_next_open(live);
        return;
    }
    let Some(id) = focused_item().and_then(|n| item_id(live, n)) else {
        return;
    };
    let (choice, then_focus) = if key.eq_ignore_ascii_case("o") {
        (
            DomId::Choice(id, CHOICE_OTHER).get(),
            DomId::OtherText(id).get(),
        )
    } else if key.eq_ignore_ascii_case("s") {
        (DomId::Choice(id, CHOICE_SKIP).get(), DomId::Note(id).get())
    } else if let Some(nth) = key.parse::<usize>().ok().filter(|n| (1..=9).contains(n)) {
        let choice = DomId::Choice(id, &(nth - 1).to_string()).get();
        (choice.clone(), choice)
    } else {
        return;
    };
    let Some(input) = document()
        .get_element_by_id(&choice)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    else {
        return;
    };
    event.prevent_default();
    // A click checks it and fires the events a person's click would; an
    // own answer or a skip already chosen stays chosen.
    if !(input.checked() && then_focus != choice) {
        input.click();
    }
    focus(&then_focus);
}

/// True while the person types into a text field.
fn typing(event: &KeyboardEvent) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return false;
    };
    match target.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => !matches!(
            target.get_attribute("type").as_deref(),
            Some("radio" | "checkbox")
        ),
        _ => target
            .dyn_ref::<HtmlElement>()
            .is_some_and(HtmlElement::is_content_editable),
    }
}
