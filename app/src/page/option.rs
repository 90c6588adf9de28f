//! One option as a radio card, as server HTML; the whole card selects it.

use super::Standout;
use super::protocol::Field;
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideOption, ItemId};
use leptos::prelude::*;

/// The card of option `k` (from 0) of item `item_id`; `standout`, set on
/// the recommended option, says why it stands out. The radio's value is
/// `k`: the form names options by position, so no value the agent wrote
/// needs to survive an HTML attribute or an id.
pub(crate) fn option_card(
    item_id: ItemId,
    k: usize,
    option: &DecideOption,
    standout: Option<Standout>,
    checked: bool,
    lang: Lang,
) -> AnyView {
    let dom_id = format!("o{item_id}-{k}");
    let label_id = format!("{dom_id}-l");
    let details_id = format!("{dom_id}-d");
    let reason_id = format!("{dom_id}-r");
    let recommended = standout.is_some();
    let described_by = if recommended {
        format!("{reason_id} {details_id}")
    } else {
        details_id.clone()
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
                <meter min="0" max="100" low="50" high="80" optimum="100" value=s.get() aria-label=label></meter>
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
        <div class="option" class:recommended=recommended class:chosen=checked>
            <div class="option-head">
                <input
                    type="radio"
                    id=dom_id.clone()
                    name=Field::Choice(item_id).name()
                    value=k
                    required=true
                    aria-labelledby=label_id.clone()
                    aria-describedby=described_by
                    checked=checked
                />
                <label for=dom_id class="option-label" id=label_id>
                    <span class="option-name">{option.label().to_owned()}</span>
                    " "
                    {badge}
                </label>
                {score}
                {reason}
            </div>
            <div class="option-details" id=details_id>{pros}{cons}</div>
        </div>
    }
    .into_any()
}
