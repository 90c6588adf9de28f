//! One option as a card, as server HTML: a radio, or a checkbox for an item
//! that takes several; the whole card selects it. An item may add a card
//! for an answer of one's own and one for skipping.

use super::Standout;
use super::protocol::{CHOICE_OTHER, Class, DomId, Field};
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideItem, DecideOption, ItemId, MAX_OTHER_CHARS};
use leptos::prelude::*;

/// How an item's choices are made.
#[derive(Clone, Copy)]
pub(crate) struct Kind {
    /// Checkboxes: one or more options.
    pub multiple: bool,
}

impl Kind {
    pub fn of(item: &DecideItem) -> Self {
        Kind {
            multiple: item.multiple(),
        }
    }

    fn input_type(self) -> &'static str {
        if self.multiple { "checkbox" } else { "radio" }
    }

    /// Radios are `required`, so a form posted without JavaScript must
    /// answer every item that takes one option; a set of checkboxes has no
    /// such attribute and the server names an item left open.
    fn required(self) -> bool {
        !self.multiple
    }
}

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
    kind: Kind,
    lang: Lang,
) -> AnyView {
    let dom_id = DomId::Choice(item_id, &k.to_string()).get();
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
    let score = option
        .score()
        .map(|s| score_bar(s.get(), PageText::Score.get(lang)));
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
        <div class={Class::Option.name()} class:recommended={recommended} {Class::Chosen.when(checked)}>
            <div class="option-head">
                {choice_input(item_id, &dom_id, k.to_string(), Some(described_by), checked, kind)}
                <label for=dom_id class="option-label">
                    <span class=Class::OptionName.name()>{option.label().to_owned()}</span>
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

/// How wide the score bar is drawn, in CSS pixels.
const BAR_WIDTH: u32 = 72;

/// An option's score (0–100) as a bar and its number. The bar reads as a
/// meter (`role="meter"`, named "Score N") and is drawn as SVG: a
/// `<meter>` element costs the browser a shadow tree of its own to style
/// and lay out, 40 of them on a page of 10 items, in the layout that the
/// island's hydration waits behind. Its colour says what `<meter low="50"
/// high="80" optimum="100">` said: 80 and above good, from 50 fair, below
/// that poor. The fill's width is an SVG attribute, not a style: the
/// page's CSP allows no inline style. The track is the SVG's own
/// background and the range the meter's default (0 to 100): drawn with a
/// track rectangle, a `viewBox` and the range spelt out, the 40 bars of a
/// 10-item page made its HTML 5.6 KB larger (70.7 KB, not 65.1), 95 B of
/// it on the wire with gzip.
fn score_bar(score: u8, name: String) -> impl IntoView + use<> {
    let level = match score {
        80.. => "score-good",
        50..80 => "score-fair",
        _ => "score-poor",
    };
    let fill = f64::from(BAR_WIDTH) * f64::from(score.min(100)) / 100.0;
    view! {
        <span class="score">
            <svg
                class=format!("score-bar {level}")
                role="meter"
                aria-valuenow=score
                aria-label=format!("{name} {score}")
                width=BAR_WIDTH
                height="8"
            >
                <rect width=format!("{fill:.1}") height="8" rx="4" />
            </svg>
            <span class="score-number" aria-hidden="true">{score}</span>
        </span>
    }
}

/// The radio or checkbox of one choice of item `item_id`.
fn choice_input(
    item_id: ItemId,
    dom_id: &str,
    value: String,
    described_by: Option<String>,
    checked: bool,
    kind: Kind,
) -> impl IntoView + use<> {
    view! {
        <input
            type=kind.input_type()
            class=Class::Choice.name()
            id=dom_id.to_owned()
            name=Field::Choice(item_id).name()
            value=value
            required=kind.required()
            aria-describedby=described_by
            checked=checked
        />
    }
}

/// A card with no details: skipping the item (`value` is the choice).
pub(crate) fn choice_card(
    item_id: ItemId,
    value: &'static str,
    label: String,
    checked: bool,
    kind: Kind,
) -> AnyView {
    let dom_id = DomId::Choice(item_id, value).get();
    view! {
        <div class={Class::Option.name()} class:option-extra={true} {Class::Chosen.when(checked)}>
            <div class="option-head">
                {choice_input(item_id, &dom_id, value.to_owned(), None, checked, kind)}
                <label for=dom_id class="option-label"><span class=Class::OptionName.name()>{label}</span></label>
            </div>
        </div>
    }
    .into_any()
}

/// The card for an answer of one's own: its choice and a text box, which
/// the island makes required while the choice is made.
pub(crate) fn other_card(
    item_id: ItemId,
    title: &str,
    text: Option<&str>,
    kind: Kind,
    lang: Lang,
) -> AnyView {
    let choice = choice_card(
        item_id,
        CHOICE_OTHER,
        PageText::Other.get(lang),
        text.is_some(),
        kind,
    );
    let own = PageText::OwnAnswer.get(lang);
    let name = format!("{own} — {title}");
    view! {
        <div class="other-answer">
            {choice}
            <input
                type="text"
                class=Class::OtherText.name()
                id=DomId::OtherText(item_id).get()
                name=Field::Other(item_id).name()
                maxlength=MAX_OTHER_CHARS
                aria-label=name
                placeholder=own
                value=text.unwrap_or_default().to_owned()
            />
        </div>
    }
    .into_any()
}
