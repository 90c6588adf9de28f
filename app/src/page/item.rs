use super::context::ContextView;
use super::option::OptionCard;
use super::snippet::{Snippet, SnippetView};
use super::standout::standout;
use super::state::Choice;
use crate::Lang;
use crate::i18n::PageText;
use crate::model::DecideItem;
use leptos::prelude::*;

/// One item: its question, where it comes from, its options and a note.
#[component]
pub(crate) fn ItemCard(
    item: DecideItem,
    choice: Choice,
    snippet: Option<Snippet>,
    context: Option<String>,
    number: usize,
    lang: Lang,
) -> impl IntoView {
    let id = item.id();
    let note_id = format!("note-{id}");
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
            {snippet.map(|snippet| view! { <SnippetView snippet lang /> })}
        }
    });
    let context = context.map(|html| view! { <ContextView html /> });
    let recommend = item.recommend().map(str::to_owned);
    let reason = standout(&item);
    let options = item
        .options()
        .iter()
        .map(|option| {
            let standout = reason.filter(|_| recommend.as_deref() == Some(option.value()));
            view! { <OptionCard item_id=id option=option.clone() standout choice lang /> }
        })
        .collect_view();

    view! {
        <fieldset class="item" id=format!("item-{id}")>
            <legend>
                <span class="item-number">{PageText::ItemNumber(number).get(lang)}</span>
                <span class="item-title">{item.title().to_owned()}</span>
            </legend>
            {location}
            {context}
            <div class="options">{options}</div>
            <div class="note">
                <label for=note_id.clone()>
                    {PageText::Note.get(lang)}
                    <span class="visually-hidden">
                        " — " {PageText::NoteFor.get(lang)} " " {item.title().to_owned()}
                    </span>
                </label>
                <textarea
                    id=note_id
                    name=format!("note-{id}")
                    rows="2"
                    prop:value=move || choice.note.get()
                    on:input=move |ev| choice.note.set(event_target_value(&ev))
                >
                    {textarea_text(&choice.note.get_untracked())}
                </textarea>
            </div>
        </fieldset>
    }
}

/// The initial text of a `<textarea>`. Leptos writes textarea children into
/// the server's HTML unescaped, so a note holding `</textarea><script>`
/// would end the element; the server escapes it here (the browser decodes
/// entities inside a textarea). In the browser the text is set as a DOM
/// node and needs no escaping.
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
