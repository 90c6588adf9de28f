//! The check before submitting, as server HTML: each item's answer, and
//! which answers differ from the recommendation. The island keeps each row
//! up to date as the person answers, with the same wording rules.

use super::choice::{Picks, labels, recommended_positions};
use super::protocol::{Class, Data, DomId};
use crate::Lang;
use crate::i18n::PageText;
use crate::model::DecideItem;
use leptos::prelude::*;

/// Where the recommendation was not followed: "differs · recommended: X".
pub(crate) fn differs_text(recommended_labels: &str, lang: Lang) -> String {
    format!(
        "{} · {}: {recommended_labels}",
        PageText::SummaryDiffer.get(lang),
        PageText::SummaryRecommendWas.get(lang)
    )
}

/// The last line: how many answers differ from the recommendation.
pub(crate) fn total_text(answered: usize, differing: usize, lang: Lang) -> String {
    match differing {
        _ if answered == 0 => String::new(),
        0 => PageText::SummaryNoneDiffer.get(lang),
        n => PageText::SummaryDiffers { recommended: n }.get(lang),
    }
}

/// The summary of the items asked: those `ruled` says a standing ruling
/// answered are listed apart (`ruled.rs`).
pub(crate) fn summary(
    items: &[DecideItem],
    picks: &Picks,
    ruled: &dyn Fn(crate::model::ItemId) -> bool,
    lang: Lang,
) -> AnyView {
    let mut answered = 0;
    let mut differing = 0;
    let rows = items
        .iter()
        .enumerate()
        .filter(|(_, item)| !ruled(item.id()))
        .map(|(n, item)| {
            let picked = picks.of(n);
            let recommended = recommended_positions(item);
            let text = picked.text(|positions| labels(item, positions), lang);
            let differs = picked.differs(&recommended);
            answered += usize::from(text.is_some());
            differing += usize::from(differs);
            let flag = if differs {
                differs_text(&labels(item, &recommended).join(", "), lang)
            } else {
                String::new()
            };
            let open = text.is_none();
            let (state, text) = match text {
                Some(text) => (Class::SummaryChoice, text),
                None => (Class::SummaryOpen, PageText::SummaryOpen.get(lang)),
            };
            let class = format!("{} {}", Class::SummaryAnswer.name(), state.name());
            view! {
                <li id={DomId::Summary(item.id()).get()} {Class::Differs.when(differs)} {Data::Open.flag(open)}>
                    <a href=format!("#{}", DomId::Item(item.id()).get())>
                        <span class="summary-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                        " "
                        <span class="summary-title">{item.title().to_owned()}</span>
                    </a>
                    ": " <span class=class>{text}</span> " " <span class=Class::SummaryDiffers.name()>{flag}</span>
                </li>
            }
        })
        .collect_view();

    view! {
        <section class="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{PageText::SummaryTitle.get(lang)}</h2>
            <ol class="summary-list">{rows}</ol>
            <p class=Class::SummaryTotal.name() role="status">{total_text(answered, differing, lang)}</p>
        </section>
    }
    .into_any()
}
