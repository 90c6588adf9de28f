//! One item as server HTML: its question, where it comes from, its options
//! and a note, with the answer saved so far filled in.

use super::option::option_card;
use super::protocol::{Field, item_dom_id};
use super::snippet::{Snippet, snippet_view};
use super::standout::standout;
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideItem, DraftAnswer};
use leptos::prelude::*;

/// One item's answer so far.
#[derive(Clone, Copy, Default)]
pub(crate) struct Answer<'a> {
    /// The position of the chosen option.
    pub chosen: Option<usize>,
    pub note: &'a str,
}

/// The answers saved so far, by item position.
pub(crate) struct Answers<'a> {
    by_position: Vec<Answer<'a>>,
}

impl<'a> Answers<'a> {
    /// The draft's answers laid out in the order of `items`.
    pub fn new(items: &[DecideItem], draft: &'a [DraftAnswer]) -> Self {
        let mut by_position = vec![Answer::default(); items.len()];
        if !draft.is_empty() {
            let mut positions: Vec<(u32, usize)> = items
                .iter()
                .enumerate()
                .map(|(n, item)| (item.id().get(), n))
                .collect();
            positions.sort_unstable();
            for saved in draft {
                let Ok(at) = positions.binary_search_by_key(&saved.id.get(), |(id, _)| *id) else {
                    continue;
                };
                let n = positions[at].1;
                let options = items[n].options();
                by_position[n] = Answer {
                    chosen: saved
                        .chosen
                        .as_deref()
                        .and_then(|c| options.iter().position(|o| o.value() == c)),
                    note: &saved.note,
                };
            }
        }
        Answers { by_position }
    }

    pub fn of(&self, n: usize) -> Answer<'a> {
        self.by_position.get(n).copied().unwrap_or_default()
    }

    /// How many items have a choice.
    pub fn answered(&self) -> usize {
        self.by_position
            .iter()
            .filter(|a| a.chosen.is_some())
            .count()
    }
}

/// The position of `item`'s recommended option.
pub(crate) fn recommended_position(item: &DecideItem) -> Option<usize> {
    let recommend = item.recommend()?;
    item.options().iter().position(|o| o.value() == recommend)
}

/// One item's fieldset. `data-recommend` names the recommended option by
/// position, for the island's accept-all and summary.
pub(crate) fn item_card(
    item: &DecideItem,
    n: usize,
    answer: Answer<'_>,
    snippet: Option<&Snippet>,
    context: Option<&str>,
    lang: Lang,
) -> AnyView {
    let id = item.id();
    let note_id = Field::Note(id).name();
    let location = item.location().map(|l| {
        let lines = PageText::Lines {
            start: l.start(),
            end: l.end(),
        }
        .get(lang);
        view! {
            <p class="location">
                <span class="meta-label">{PageText::Location.get(lang)} ": "</span>
                <code>{l.file().to_owned()}</code>
                " · "
                {lines}
            </p>
            {snippet.map(|snippet| snippet_view(snippet, lang))}
        }
    });
    let context =
        context.map(|html| view! { <div class="context" inner_html=html.to_owned()></div> });
    let recommended = recommended_position(item);
    let reason = standout(item);
    let options = item
        .options()
        .iter()
        .enumerate()
        .map(|(k, option)| {
            let standout = reason.filter(|_| recommended == Some(k));
            option_card(id, k, option, standout, answer.chosen == Some(k), lang)
        })
        .collect_view();
    let title = item.title().to_owned();

    view! {
        <fieldset class="item" id=item_dom_id(id) data-n=n data-recommend=recommended>
            <legend>
                <span class="item-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                <span class="item-title">{title.clone()}</span>
            </legend>
            {location}
            {context}
            <div class="options">{options}</div>
            <div class="note">
                <label for=note_id.clone()>
                    {PageText::Note.get(lang)}
                    <span class="visually-hidden">" — " {PageText::NoteFor.get(lang)} " " {title}</span>
                </label>
                <textarea id=note_id.clone() name=note_id rows="2">{textarea_text(answer.note)}</textarea>
            </div>
        </fieldset>
    }
    .into_any()
}

/// The initial text of a `<textarea>`. Leptos writes textarea children into
/// the server's HTML unescaped, so a note holding `</textarea><script>`
/// would end the element; it is escaped here (the browser decodes entities
/// inside a textarea).
fn textarea_text(text: &str) -> String {
    #[cfg(feature = "ssr")]
    {
        let mut escaped = String::with_capacity(text.len());
        // Writing to a String cannot fail.
        let _ = pulldown_cmark_escape::escape_html_body_text(&mut escaped, text);
        escaped
    }
    #[cfg(not(feature = "ssr"))]
    text.to_owned()
}
