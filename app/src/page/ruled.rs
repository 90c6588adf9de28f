//! The items a standing ruling of the person's answered at submit (issue
//! 56), listed apart from the open items while the session is open: each
//! says the ruling and its answer, links to the ruling, and has a button
//! that overturns it (it posts the form, kept as the draft, as "Not the
//! same question" does; the item is then an open item).

use super::protocol::{OVERTURN, Route};
use crate::Lang;
use crate::i18n::{PageText, RulesText};
use crate::model::{Answer, By, DecideInput, Decision};
use leptos::prelude::*;

/// The list of ruled items, or nothing when no ruling answered any.
pub(crate) fn ruled_list(input: &DecideInput, ruled: &[Decision], lang: Lang) -> Option<AnyView> {
    let rows: Vec<AnyView> = ruled
        .iter()
        .filter_map(|decision| row(input, decision, lang))
        .collect();
    if rows.is_empty() {
        return None;
    }
    Some(
        view! {
            <section class="ruled" aria-labelledby="ruled-title">
                <h2 id="ruled-title">{RulesText::RuledTitle.text(lang)}</h2>
                <ul class="ruled-list">{rows}</ul>
            </section>
        }
        .into_any(),
    )
}

fn row(input: &DecideInput, decision: &Decision, lang: Lang) -> Option<AnyView> {
    let By::Ruling(by) = decision.by() else {
        return None;
    };
    let n = input.position(decision.id())?;
    let item = &input.items()[n];
    let value = match decision.answer() {
        Answer::Chosen(value) => value,
        Answer::ChosenMany(values) => values.first()?,
        Answer::Other(_) | Answer::Skipped => return None,
    };
    let answer = item.option(value).map_or(value.as_str(), |o| o.label());
    let said = RulesText::RuledBy {
        answer: answer.to_owned(),
        ruling: by.ruling.clone(),
    }
    .text(lang);
    let href = format!("{}#ruling-{}", Route::Rulings.path(), by.ruling);
    let id = decision.id();
    Some(
        view! {
            <li id=format!("ruled-{id}") data-ruled=id.to_string()>
                <span class="item-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                " "
                <span class="ruled-title">{item.title().to_owned()}</span>
                " — "
                <a class="ruled-by" href=href>{said}</a>
                " "
                <button type="submit" class="overturn" name=OVERTURN value=id.to_string() formnovalidate=true>
                    {RulesText::Overturn.text(lang)}
                </button>
            </li>
        }
        .into_any(),
    )
}
