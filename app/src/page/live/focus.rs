//! Moving the focus between items, for the keyboard and the toolbar.

use super::Live;
use super::fields::{fieldset_of, item_around, position_of};
use crate::model::ItemId;
use crate::page::protocol::{Class, DomId};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// The position of the item that holds the focus.
pub(super) fn focused_item() -> Option<usize> {
    let active = document().active_element()?;
    position_of(&item_around(&active)?)
}

/// The id of the item at position `n`.
pub(super) fn item_id(live: Live, n: usize) -> Option<ItemId> {
    live.items.borrow().get(n).map(|i| i.id)
}

/// Moves focus to the next unanswered item after the focused one (or to
/// the submit button when every item is answered; then `false`).
pub(super) fn focus_next_open(live: Live) -> bool {
    let from = focused_item();
    let next = {
        let items = live.items.borrow();
        let n = items.len();
        let start = from.map_or(0, |i| i + 1);
        (0..n)
            .map(|k| (start + k) % n)
            .find(|&i| !items[i].answered)
            .map(|i| items[i].id)
    };
    let Some(id) = next else {
        if let Some(button) = document()
            .query_selector(&Class::Submit.on("button"))
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
    focus(&DomId::Choice(id, "0").get());
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
