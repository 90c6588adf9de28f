use super::Standout;
use super::state::Choice;
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideOption, ItemId};
use leptos::prelude::*;

/// One option as a radio card; the whole card selects it.
#[component]
pub(crate) fn OptionCard(
    item_id: ItemId,
    option: DecideOption,
    /// Set on the recommended option: why it stands out.
    standout: Option<Standout>,
    choice: Choice,
    lang: Lang,
) -> impl IntoView {
    let value = option.value().to_owned();
    let dom_id = format!("option-{item_id}-{}", dom_safe(&value));
    let label_id = format!("{dom_id}-label");
    let details_id = format!("{dom_id}-details");
    let reason_id = format!("{dom_id}-reason");
    let recommended = standout.is_some();
    let described_by = if recommended {
        format!("{reason_id} {details_id}")
    } else {
        details_id.clone()
    };
    let is_chosen = {
        let value = value.clone();
        move || choice.chosen.with(|c| c.as_deref() == Some(value.as_str()))
    };
    let is_chosen_class = is_chosen.clone();
    // The attribute carries a draft's choice into the server-rendered HTML
    // (and a page without JavaScript); the property follows later changes.
    let is_chosen_attr = is_chosen.clone();
    let select = {
        let value = value.clone();
        move |_| choice.chosen.set(Some(value.clone()))
    };
    // The badge sits inside the label, so it is part of the radio's name.
    let badge =
        recommended.then(|| view! { <span class="badge">{PageText::Recommended.get(lang)}</span> });
    let reason = standout.map(|reason| {
        view! { <span class="standout" id=reason_id>{PageText::Standout(reason).get(lang)}</span> }
    });
    let score = option.score().map(|s| {
        let label = format!("{} {}", PageText::Score.get(lang), s.get());
        view! {
            <span class="score">
                <meter min="0" max="100" low="50" high="80" optimum="100" value=s.get().to_string() aria-label=label></meter>
                <span class="score-number" aria-hidden="true">{s.get()}</span>
            </span>
        }
    });
    let list = |class: &'static str, heading: PageText, entries: &[String]| {
        (!entries.is_empty()).then(|| {
            let entries = entries
                .iter()
                .map(|e| view! { <li>{e.clone()}</li> })
                .collect_view();
            view! {
                <div class=class>
                    <span class="list-heading">{heading.get(lang)}</span>
                    <ul>{entries}</ul>
                </div>
            }
        })
    };
    let pros = list("pros", PageText::Pros, option.pros());
    let cons = list("cons", PageText::Cons, option.cons());

    view! {
        <div class="option" class:recommended=recommended class:chosen=is_chosen_class>
            <div class="option-head">
                <input
                    type="radio"
                    id=dom_id.clone()
                    name=format!("item-{item_id}")
                    value=value
                    required=true
                    aria-labelledby=label_id.clone()
                    aria-describedby=described_by
                    checked=is_chosen_attr
                    prop:checked=is_chosen
                    on:change=select
                />
                <label for=dom_id class="option-label" id=label_id>
                    {option.label().to_owned()}
                    " "
                    {badge}
                </label>
                {score}
                {reason}
            </div>
            <div class="option-details" id=details_id>{pros}{cons}</div>
        </div>
    }
}

/// An option value turned into characters that are safe in an HTML id.
fn dom_safe(value: &str) -> String {
    value
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect::<String>()
        + &format!("-{:x}", fnv(value))
}

/// A short stable hash, so values that differ only in unsafe characters
/// still get distinct ids.
fn fnv(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}
