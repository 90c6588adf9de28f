//! Keyboard shortcuts of the hydrated page: `1`–`9` choose the nth option
//! of the item that has focus, `N` moves to the next unanswered item.
//! Typing in a note is never taken over.

use super::state::PageState;

/// Starts listening for the shortcuts (in the browser only).
pub(crate) fn install(state: PageState) {
    #[cfg(feature = "hydrate")]
    browser::install(state);
    #[cfg(not(feature = "hydrate"))]
    let _ = state;
}

/// Moves focus to the next unanswered item after the focused one; `false`
/// when every item is answered.
#[cfg(feature = "hydrate")]
pub(crate) fn focus_next_open(state: PageState) -> bool {
    browser::focus_next_open(state)
}

#[cfg(feature = "hydrate")]
mod browser {
    use crate::page::state::PageState;
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlElement, KeyboardEvent};

    pub fn install(state: PageState) {
        // The page lives as long as the window, so the listener does too.
        let _ = window_event_listener(leptos::ev::keydown, move |event| on_key(state, &event));
    }

    fn on_key(state: PageState, event: &KeyboardEvent) {
        if event.ctrl_key() || event.meta_key() || event.alt_key() || event.default_prevented() {
            return;
        }
        if typing(event) {
            return;
        }
        let key = event.key();
        if key.eq_ignore_ascii_case("n") {
            event.prevent_default();
            focus_next_open(state);
        } else if let Some(nth) = key.parse::<usize>().ok().filter(|n| (1..=9).contains(n)) {
            let Some(index) = focused_item(state) else {
                return;
            };
            let (Some(choice), Some(value)) =
                (state.choice(index), state.option_value(index, nth - 1))
            else {
                return;
            };
            event.prevent_default();
            choice.chosen.set(Some(value));
            if let Some(radio) = radios(choice.id.get()).get(nth - 1) {
                let _ = radio.focus();
            }
        }
    }

    /// True while the person types into a text field.
    fn typing(event: &KeyboardEvent) -> bool {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return false;
        };
        match target.tag_name().as_str() {
            "TEXTAREA" | "SELECT" => true,
            "INPUT" => target.get_attribute("type").as_deref() != Some("radio"),
            _ => target
                .dyn_ref::<HtmlElement>()
                .is_some_and(HtmlElement::is_content_editable),
        }
    }

    /// The index of the item that holds the focus.
    fn focused_item(state: PageState) -> Option<usize> {
        let active = document().active_element()?;
        let fieldset = active.closest("fieldset.item").ok()??;
        let id = fieldset.id();
        state
            .each(|_, _, c| format!("item-{}", c.id.get()) == id)
            .into_iter()
            .position(|focused| focused)
    }

    fn radios(item_id: u32) -> Vec<HtmlElement> {
        let Ok(list) = document().query_selector_all(&format!("#item-{item_id} input[type=radio]"))
        else {
            return Vec::new();
        };
        (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
            .collect()
    }

    pub fn focus_next_open(state: PageState) -> bool {
        let Some(index) = state.next_open(focused_item(state)) else {
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
        let Some(choice) = state.choice(index) else {
            return false;
        };
        let id = choice.id.get();
        if let Some(fieldset) = document().get_element_by_id(&format!("item-{id}")) {
            fieldset.scroll_into_view();
        }
        if let Some(first) = radios(id).first() {
            let _ = first.focus();
        }
        true
    }
}
