//! The island in the browser: what it does when it wakes, when a field
//! changes, on accept-all, on submit and on a language link.

use super::draft::{save_draft, schedule_draft, stop_drafts};
use super::fields::{
    As, checked_choices, fieldset_of, input_by_id, item_around, position_of, recommended,
};
use super::tally::{catch_up, recount, refresh, reread_item};
use super::{Live, Phase, ending, focus, follow, keys, more, send};
use crate::i18n::PageText;
use crate::model::ItemId;
use crate::page::protocol::{
    CHOICE_OTHER, CHOICE_SKIP, Class, Data, DomId, LATER, NOT_SAME, NOW, OVERTURN,
};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{
    Element, Event, EventTarget, HtmlInputElement, KeyboardEvent, MouseEvent, SubmitEvent,
};

/// Wakes the island on the page as the server rendered it: its state, the
/// form's and the window's listeners, the long poll of how the session
/// ends, and (once hydrated) what the person did before.
pub(super) fn wake() {
    let super::fields::Woken {
        lang,
        partial,
        items,
        touched,
    } = super::fields::read_start();
    let Some(live) = Live::new(lang, partial, items) else {
        return;
    };
    listen(
        &live.form,
        &["change", "input", "click", "submit"],
        move |event| match event.type_().as_str() {
            "change" => changed(live, &event, true),
            "input" => changed(live, &event, false),
            "click" => clicked(live, &event),
            "submit" => submit(live, &event),
            _ => {}
        },
    );
    listen(&window(), &["keydown", "click"], move |event| {
        if let Some(key) = event.dyn_ref::<KeyboardEvent>() {
            keys::on_key(live, key);
        } else if let Some(click) = event.dyn_ref::<MouseEvent>() {
            lang_switch(live, click);
        }
    });
    once_hydrated(live, touched);
    ending::watch(live);
}

/// A click in the form: on a toolbar button (accept all, next
/// unanswered), or on a precedent's.
fn clicked(live: Live, event: &Event) {
    let on = |class: Class| {
        event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest(&class.on("button")).ok().flatten())
            .is_some()
    };
    let lang = live.lang;
    if on(Class::AcceptAll) {
        let filled = accept_all(live);
        live.set_notice(PageText::AcceptedAll(filled).get(lang));
    } else if on(Class::NextOpen) {
        if !focus::focus_next_open(live) {
            live.set_notice(PageText::AllAnswered.get(lang));
        }
    } else {
        follow::clicked(live, event);
    }
}

/// Calls `handle` with each event of `types` at `target`. The page lives
/// as long as the window, so the listener does too. (The island's view
/// has no handlers of its own: each `on:` would be its own code in the
/// WASM.)
///
/// `Fn`, not `FnMut`: a handler may set off another event that reaches
/// the same listener before it returns (a number key clicks the option,
/// and that click bubbles up to the window whose `keydown` is being
/// handled). wasm-bindgen refuses to enter an `FnMut` closure again while
/// it runs, and throws instead; an `Fn` closure may be entered again. The
/// handlers keep their state in the island's cells, so they need nothing
/// mutable of their own.
fn listen(target: &EventTarget, types: &[&str], handle: impl Fn(Event) + 'static) {
    let listener = Closure::<dyn Fn(Event)>::new(handle);
    for name in types {
        let _ = target.add_event_listener_with_callback(name, listener.as_ref().unchecked_ref());
    }
    listener.forget();
}

/// Once the island is hydrated (against the form as the server rendered
/// it): takes in what the person did before it woke (`touched`), counts
/// it, shows it and saves it as the draft, marks the page interactive and
/// fetches the items the page left out.
fn once_hydrated(live: Live, touched: Vec<usize>) {
    leptos::task::spawn_local(async move {
        catch_up(live, &touched);
        if !touched.is_empty() {
            save_draft(live);
        }
        super::show::enable_follow(&live.form);
        live.set_hydrated();
        // The contract for tests and tools: the page is interactive, and
        // counts the form as it stands.
        if let Ok(Some(main)) = document().query_selector(&Class::Page.on("main")) {
            let _ = main.set_attribute(Data::Hydrated.name(), Data::FLAG);
        }
        more::load_rest(live);
    });
}

/// A field changed (`change`) or is being typed in (`input`): its item is
/// read again, and the draft is saved a moment later.
fn changed(live: Live, event: &Event, settled: bool) {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    if let Some(fieldset) = item_around(&target)
        && let Some(n) = position_of(&fieldset)
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
    for input in checked_choices(fieldset, As::Now) {
        let special = matches!(input.value().as_str(), CHOICE_OTHER | CHOICE_SKIP);
        if input != *changed && (alone || special) {
            input.set_checked(false);
        }
    }
}

/// Chooses the recommended options of every unanswered item that has
/// some; answered items keep their answer, and nothing is skipped or
/// answered in the person's own words. Returns how many were filled.
pub(super) fn accept_all(live: Live) -> usize {
    let open: Vec<(usize, ItemId)> = live
        .items
        .borrow()
        .iter()
        .enumerate()
        .filter(|(_, i)| !i.answered && i.has_recommendation)
        .map(|(n, i)| (n, i.id))
        .collect();
    let mut filled = 0;
    for (n, id) in open {
        let Some(fieldset) = fieldset_of(id) else {
            continue;
        };
        for k in recommended(&fieldset) {
            if let Some(input) = input_by_id(&DomId::Choice(id, &k.to_string()).get()) {
                input.set_checked(true);
            }
        }
        reread_item(live, n, &fieldset);
        filled += 1;
    }
    if filled > 0 {
        // Counted once, not once per item.
        recount(live);
        schedule_draft(live);
    }
    filled
}

/// The form's submit: posts the fields; failures keep every choice. A
/// precedent's "Not the same question", an item's "Decide later" or
/// "Decide now" and a ruled item's "Overturn" post the form as the browser does, to the server, which
/// keeps it as the draft and shows the page again.
fn submit(live: Live, event: &Event) {
    let posts_natively = event
        .dyn_ref::<SubmitEvent>()
        .and_then(SubmitEvent::submitter)
        .and_then(|button| button.get_attribute("name"))
        .is_some_and(|name| [NOT_SAME, LATER, NOW, OVERTURN].contains(&name.as_str()));
    if posts_natively {
        stop_drafts(live);
        return;
    }
    event.prevent_default();
    if live.with_phase(|phase| matches!(phase, Phase::Submitting | Phase::Done)) {
        return;
    }
    live.set_phase(Phase::Submitting);
    leptos::task::spawn_local(async move {
        let phase = match send::decisions(live).await {
            Ok(()) => Phase::Done,
            Err(message) => Phase::Failed(message),
        };
        live.set_phase(phase);
    });
}

/// The language links save the draft before they leave the page, so no
/// choice is lost on the way.
fn lang_switch(live: Live, event: &MouseEvent) {
    let Some(link) = event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| {
            t.closest(&format!("{} a", Class::LangSwitch.on("*")))
                .ok()
                .flatten()
        })
    else {
        return;
    };
    if live.with_phase(|phase| *phase != Phase::Editing) || event.ctrl_key() || event.meta_key() {
        return;
    }
    let Some(href) = link.get_attribute("href") else {
        return;
    };
    event.prevent_default();
    leptos::task::spawn_local(async move {
        send::draft(live).await;
        let _ = window().location().set_href(&href);
    });
}
