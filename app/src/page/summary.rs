//! The check before submitting: what is chosen for each item, and which
//! choices differ from the recommendation.

use super::state::PageState;
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// A live list of every item's choice.
#[component]
pub(crate) fn Summary(state: PageState, lang: Lang) -> impl IntoView {
    let rows = state
        .each(|n, item, choice| {
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
            let differs = move || choice.differs_from(recommend.as_deref());
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
        .collect_view();
    let differing = move || {
        state
            .each(|_, item, choice| choice.differs_from(item.recommend()))
            .into_iter()
            .filter(|differs| *differs)
            .count()
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
