//! The check before submitting, as server HTML: what is chosen for each
//! item, and which choices differ from the recommendation. The island keeps
//! each row up to date as the person answers.

use super::item::{Answers, recommended_position};
use super::protocol::{item_dom_id, summary_dom_id};
use crate::Lang;
use crate::i18n::PageText;
use crate::model::DecideItem;
use leptos::prelude::*;

/// Where the recommended option was not chosen: "differs · recommended: X".
pub(crate) fn differs_text(recommended_label: &str, lang: Lang) -> String {
    format!(
        "{} · {}: {recommended_label}",
        PageText::SummaryDiffer.get(lang),
        PageText::SummaryRecommendWas.get(lang)
    )
}

/// The last line: how many choices differ from the recommendation.
pub(crate) fn total_text(chosen: usize, differing: usize, lang: Lang) -> String {
    match differing {
        _ if chosen == 0 => String::new(),
        0 => PageText::SummaryNoneDiffer.get(lang),
        n => PageText::SummaryDiffers { recommended: n }.get(lang),
    }
}

pub(crate) fn summary(
    items: &[DecideItem],
    answers: &Answers<'_>,
    lang: Lang,
) -> AnyView {
    let mut chosen_count = 0;
    let mut differing = 0;
    let rows = items
        .iter()
        .enumerate()
        .map(|(n, item)| {
            let chosen = answers.of(n).chosen;
            let recommended = recommended_position(item);
            let differs = matches!((chosen, recommended), (Some(c), Some(r)) if c != r);
            chosen_count += usize::from(chosen.is_some());
            differing += usize::from(differs);
            let label = |k: usize| item.options().get(k).map(|o| o.label().to_owned());
            let (class, text) = match chosen.and_then(label) {
                Some(label) => ("summary-answer summary-choice", label),
                None => ("summary-answer summary-open", PageText::SummaryOpen.get(lang)),
            };
            let flag = differs
                .then(|| recommended.and_then(label))
                .flatten()
                .map(|was| differs_text(&was, lang))
                .unwrap_or_default();
            view! {
                <li id=summary_dom_id(item.id()) class:differs=differs data-open=chosen.is_none().then_some("true")>
                    <a href=format!("#{}", item_dom_id(item.id()))>
                        <span class="summary-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                        " "
                        <span class="summary-title">{item.title().to_owned()}</span>
                    </a>
                    ": " <span class=class>{text}</span> " " <span class="summary-differs">{flag}</span>
                </li>
            }
        })
        .collect_view();

    view! {
        <section class="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{PageText::SummaryTitle.get(lang)}</h2>
            <ol class="summary-list">{rows}</ol>
            <p class="summary-total" role="status">{total_text(chosen_count, differing, lang)}</p>
        </section>
    }
    .into_any()
}
