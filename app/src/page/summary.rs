//! The check before submitting: what is chosen for each item, and which
//! choices differ from the recommendation.

use super::state::PageState;
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// A live list of every item's choice.
#[component]
pub(crate) fn Summary(state: PageState, lang: Lang) -> impl IntoView {
    let rows = state.input().with_value(|input| {
        input
            .items()
            .iter()
            .zip(state.items())
            .enumerate()
            .map(|(n, (item, choice))| {
                let labels: Vec<(String, String)> = item
                    .options()
                    .iter()
                    .map(|o| (o.value().to_owned(), o.label().to_owned()))
                    .collect();
                let label_of = move |value: &str| {
                    labels
                        .iter()
                        .find(|(v, _)| v == value)
                        .map(|(_, l)| l.clone())
                        .unwrap_or_default()
                };
                let recommend = item.recommend().map(str::to_owned);
                let recommend_label = recommend.as_deref().map(&label_of);
                let differs = {
                    let recommend = recommend.clone();
                    move || {
                        choice.chosen.with(|c| match (c, &recommend) {
                            (Some(c), Some(r)) => c != r,
                            _ => false,
                        })
                    }
                };
                let chosen = move || match choice.chosen.get() {
                    Some(value) => view! { <span class="summary-choice">{label_of(&value)}</span> }.into_any(),
                    None => view! { <span class="summary-open">{PageText::SummaryOpen.get(lang)}</span> }.into_any(),
                };
                let differs_class = differs.clone();
                let flag = move || {
                    differs().then(|| {
                        let was = recommend_label.clone().unwrap_or_default();
                        view! {
                            <span class="summary-differs">
                                {PageText::SummaryDiffer.get(lang)} " · "
                                {PageText::SummaryRecommendWas.get(lang)} ": " {was}
                            </span>
                        }
                    })
                };
                view! {
                    <li class:differs=differs_class data-open=move || choice.chosen.with(Option::is_none).then_some("true")>
                        <a href=format!("#item-{}", item.id())>
                            <span class="summary-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                            " "
                            <span class="summary-title">{item.title().to_owned()}</span>
                        </a>
                        ": " {chosen} {flag}
                    </li>
                }
            })
            .collect_view()
    });
    let differing = move || {
        state.input().with_value(|input| {
            input
                .items()
                .iter()
                .zip(state.items())
                .filter(|(item, c)| {
                    c.chosen
                        .with(|c| matches!((c, item.recommend()), (Some(c), Some(r)) if c != r))
                })
                .count()
        })
    };
    let chosen = state.chosen_count();
    let total_line = move || match differing() {
        _ if chosen.get() == 0 => None,
        0 => Some(PageText::SummaryNoneDiffer.get(lang)),
        n => Some(PageText::SummaryDiffers { recommended: n }.get(lang)),
    };

    view! {
        <section class="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{PageText::SummaryTitle.get(lang)}</h2>
            <ol class="summary-list">{rows}</ol>
            <p class="summary-total" role="status">{total_line}</p>
        </section>
    }
}
