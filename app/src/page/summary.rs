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
                    ": " <span class=class>{text}</span> " " <span class=Class::SummaryDiffers.name()>{shown(flag)}</span>
                </li>
            }
        })
        .collect_view();

    view! {
        <section class="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{PageText::SummaryTitle.get(lang)}</h2>
            <ol class="summary-list">{rows}</ol>
            <p class=Class::SummaryTotal.name() role="status">{shown(total_text(answered, differing, lang))}</p>
        </section>
    }
    .into_any()
}

/// A text that may be empty, as the contents of its element: none at all
/// when empty, so the element is `:empty` and the stylesheet hides it (an
/// empty text is rendered as a space, which is not).
fn shown(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use crate::model::DecideInput;
    use crate::validate::validate_draft;
    use serde_json::json;

    #[test]
    fn an_item_that_follows_the_recommendation_has_no_differs_mark_not_even_a_space() {
        let options = json!([{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }]);
        let input = DecideInput::try_from(json!({ "task": "t", "source": "s", "items": [
            { "id": 1, "title": "one", "options": options, "recommend": "b" },
            { "id": 2, "title": "two", "options": options, "recommend": "b" }
        ] }))
        .expect("valid input");
        let draft = validate_draft(
            &input,
            &json!({ "decisions": [{ "id": 2, "chosen": "a" }] }),
        )
        .expect("valid draft");
        let picks = Picks::from_draft(&input, &draft);
        let html = leptos::prelude::Owner::new()
            .with(|| summary(input.items(), &picks, &|_| false, Lang::En).to_html());
        // The open item's mark is empty: `:empty` hides it.
        let empty = format!(r#"<span class="{}"></span>"#, Class::SummaryDiffers.name());
        let marker = format!(
            r#"<span class="{}"><!></span>"#,
            Class::SummaryDiffers.name()
        );
        assert!(html.contains(&empty) || html.contains(&marker), "{html}");
        assert!(
            !html.contains(&format!(
                r#"<span class="{}"> </span>"#,
                Class::SummaryDiffers.name()
            )),
            "{html}"
        );
        // The answered one says it differs, and the total says so too.
        assert!(html.contains("recommended: B"), "{html}");
        assert!(!html.contains(r#"class="summary-total"> </p>"#), "{html}");
    }
}
