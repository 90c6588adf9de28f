//! The other questions waiting for the person on this machine, listed on
//! every page so that one open page leads to all of them (the server reads
//! them from the per-user registry of running servers).

use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// Another open question on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub task: String,
    /// The name of its project's folder.
    pub project: String,
    pub items: usize,
    /// Its page's address, with its key.
    pub url: String,
}

/// The list, or nothing when no other question waits.
pub(super) fn also_waiting(list: &[Waiting], lang: Lang) -> Option<AnyView> {
    if list.is_empty() {
        return None;
    }
    let heading = PageText::AlsoWaiting.get(lang);
    let rows = list
        .iter()
        .map(|w| {
            let detail = format!(
                "{} · {}",
                w.project,
                PageText::AlsoWaitingItems(w.items).get(lang)
            );
            view! {
                <li>
                    <a href=w.url.clone() target="_blank" rel="noopener noreferrer">
                        {w.task.clone()}
                    </a>
                    " "
                    <span class="also-waiting-detail">{detail}</span>
                </li>
            }
        })
        .collect_view();
    let label = heading.clone();
    Some(
        view! {
            <nav class="also-waiting" aria-label=label>
                <h2>{heading}</h2>
                <ul>{rows}</ul>
            </nav>
        }
        .into_any(),
    )
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;

    #[test]
    fn each_waiting_question_is_a_link_with_its_project_and_size() {
        let list = [Waiting {
            task: "Cookie <name>?".into(),
            project: "shop".into(),
            items: 1,
            url: "http://localhost:3722/?key=k&lang=en".into(),
        }];
        let html = Owner::new().with(|| also_waiting(&list, Lang::En).unwrap().to_html());
        assert!(html.contains("Also waiting for you"), "{html}");
        assert!(
            html.contains(r#"href="http://localhost:3722/?key=k&amp;lang=en""#),
            "{html}"
        );
        assert!(html.contains("Cookie &lt;name&gt;?"), "{html}");
        assert!(html.contains("shop · 1 question"), "{html}");
        assert!(also_waiting(&[], Lang::En).is_none());
    }
}
