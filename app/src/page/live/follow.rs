//! A precedent's button: it answers its item as the earlier decision did
//! (`data-follow`: the options' positions; `data-follow-other`: the own
//! answer), clearing whatever else was chosen there, and leaves the focus
//! on what it chose. The person still submits; nothing else changes.

use super::draft::schedule_draft;
use super::fields::{As, checked_choices, input_by_id, item_around, item_id_of, position_of};
use super::{Live, tally::refresh};
use crate::page::protocol::{CHOICE_OTHER, Class, Data, DomId};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A click in the form: if on a precedent's button, answers its item.
pub(super) fn clicked(live: Live, event: &web_sys::Event) {
    let Some(button) = event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| t.closest(&Class::Follow.on("button")).ok().flatten())
    else {
        return;
    };
    let Some(fieldset) = item_around(&button) else {
        return;
    };
    let (Some(id), Some(n)) = (item_id_of(&fieldset), position_of(&fieldset)) else {
        return;
    };
    // Answered here: the button's own post is for a page without the
    // island.
    event.prevent_default();
    for input in checked_choices(&fieldset, As::Now) {
        input.set_checked(false);
    }
    let mut first = None;
    if let Some(text) = button.get_attribute(Data::FollowOther.name()) {
        if let Some(own) = input_by_id(&DomId::OtherText(id).get()) {
            own.set_value(&text);
        }
        first = input_by_id(&DomId::Choice(id, CHOICE_OTHER).get());
        if let Some(choice) = &first {
            choice.set_checked(true);
        }
    } else {
        let positions = button
            .get_attribute(Data::Follow.name())
            .unwrap_or_default();
        for k in positions.split(',').filter(|k| !k.is_empty()) {
            if let Some(input) = input_by_id(&DomId::Choice(id, k).get()) {
                input.set_checked(true);
                first.get_or_insert(input);
            }
        }
    }
    if let Some(input) = first {
        let _ = input.unchecked_ref::<HtmlElement>().focus();
    }
    refresh(live, n, &fieldset);
    schedule_draft(live);
}
