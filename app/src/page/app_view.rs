//! The decision form as the MCP App view shows it inside the agent's
//! client: the same item cards as the page, without the island. The view
//! runs no WASM, so everything the island would add is left out, and the
//! fragment stays the same size however long the session is: its first
//! items, then batches from [`super::items_html`].

use super::choice::Picks;
use super::live::DoneScreen;
use super::protocol::{Class, Data, DomId, FIRST_ITEMS, Field};
use super::{PageData, item_cards};
use crate::i18n::PageText;
use leptos::prelude::*;

/// The attribute on the view's `<main>` that says from which position the
/// items still to fetch start (absent when every item is in the form).
const VIEW_NEXT_ATTR: &str = "data-next";

/// What the App view's script finds in the view's markup, and how long it
/// waits before it saves a draft, named once: [`view_html`] writes the
/// markup with them, and aide writes them into the script
/// (`server/src/mcp/view`), so the two cannot drift apart.
pub fn view_names() -> serde_json::Value {
    serde_json::json!({
        "main": Class::AppView.on("main"),
        "form": Class::Decisions.on("form"),
        "submit": Class::Submit.on("button"),
        "bar": format!(".{}", Class::SubmitBar.name()),
        "error": format!(".{}", Class::Error.name()),
        "doneTemplate": Class::DoneScreen.on("template"),
        "done": format!(".{}", Class::Done.name()),
        "more": format!("#{}", DomId::MoreItems.get()),
        "item": "fieldset",
        "choice": Class::Choice.on("input"),
        "choiceOther": super::protocol::CHOICE_OTHER,
        "otherText": Class::OtherText.on("input"),
        "follow": Class::Follow.on("button"),
        "followAttr": Data::Follow.name(),
        "followOtherAttr": Data::FollowOther.name(),
        "precedentLink": Class::PrecedentLink.on("a"),
        "nextAttr": VIEW_NEXT_ATTR,
        "draftDelayMs": super::protocol::DRAFT_DEBOUNCE.as_millis() as u64,
    })
}

/// The view's body for one session: the heading, the form with its first
/// [`FIRST_ITEMS`] items, the submit button, and (as a `<template>`) the
/// screen to show once the answers are recorded.
pub fn view_html(data: &PageData) -> String {
    Owner::new().with(|| view_body(data).to_html())
}

fn view_body(data: &PageData) -> impl IntoView + use<> {
    let lang = data.lang;
    let input = &data.served.pending.input;
    let items = input.items();
    let total = items.len();
    let picks = Picks::from_draft(input, &data.draft);
    let shown = total.min(FIRST_ITEMS);
    let cards = item_cards(data, &picks, 0..shown, 0..0);
    let next = (shown < total).then(|| shown.to_string());
    let more = (shown < total).then(|| {
        view! {
            <p class="more-items" id=DomId::MoreItems.get() role="status">
                {PageText::MoreItems { first: shown + 1, total }.get(lang)}
            </p>
        }
    });
    let session = data.served.pending.meta.session_id.to_string();
    view! {
        <main
            class=format!("{} {}", Class::Page.name(), Class::AppView.name())
            lang=lang.html_tag()
            data-next=next
        >
            <header class="page-header">
                <h1>{input.task().to_owned()}</h1>
                <p class="source">
                    {PageText::Source.get(lang)} ": " <code>{input.source().to_owned()}</code>
                </p>
            </header>
            <form class=Class::Decisions.name() autocomplete="off">
                <input type="hidden" name=Field::Session.name() value=session />
                {cards}
                {more}
                <div class=Class::SubmitBar.name()>
                    <p class=Class::Error.name() role="alert"></p>
                    <button type="submit" class=Class::Submit.name()>{PageText::Submit.get(lang)}</button>
                </div>
            </form>
            <template class=Class::DoneScreen.name()>
                <DoneScreen lang rulings=None />
            </template>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ItemId;
    use crate::model::{Meta, Pending, SessionId, Timestamp};
    use crate::page::{Follow, ItemPrecedent, Precedent, Said, Served};
    use crate::{Lang, validate_input};
    use serde_json::json;
    use std::sync::Arc;

    fn data(items: usize) -> PageData {
        data_with(items, crate::page::Strength::Same)
    }

    fn data_with(items: usize, strength: crate::page::Strength) -> PageData {
        let items: Vec<_> = (1..=items)
            .map(|id| {
                json!({ "id": id, "title": format!("Item {id}"), "allow_other": id == 1,
                        "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }] })
            })
            .collect();
        let input = validate_input(&json!({ "task": "T", "source": "s.md", "items": items }))
            .expect("valid");
        let meta = Meta {
            created_at: Timestamp::parse("2025-01-15T10:30:00+08:00").expect("time"),
            session_id: "2025-01-15T10-30-00".parse::<SessionId>().expect("id"),
        };
        let served = Served {
            pending: Pending::new(input, meta),
            snippets: Vec::new(),
            contexts: Vec::new(),
            precedents: vec![ItemPrecedent {
                id: ItemId::new(1).expect("id"),
                precedent: Precedent {
                    session_id: "2025-01-14T09-00-00".parse().expect("id"),
                    item: ItemId::new(3).expect("id"),
                    decided_at: Timestamp::parse("2025-01-14T10:00:00+08:00").expect("time"),
                    answer: Said::Chosen(vec!["A".into()]),
                    note: Some("as before".into()),
                    follow: Some(Follow::Other("own words".into())),
                    strength,
                },
            }],
            attached: Vec::new(),
        };
        PageData {
            ruled: Arc::default(),
            served: Arc::new(served),
            lang: Lang::En,
            ended: None,
            draft: Arc::default(),
            all_items: false,
            also_waiting: Default::default(),
            images: crate::page::Images::Inline,
            not_same: Arc::default(),
            provisional: Arc::default(),
        }
    }

    #[test]
    fn a_short_session_is_whole_and_has_no_next_batch() {
        let html = view_html(&data(3));
        assert_eq!(html.matches("<fieldset").count(), 3, "{html}");
        assert!(!html.contains(VIEW_NEXT_ATTR), "{html}");
        assert!(html.contains("name=\"session\""));
        assert!(html.contains("Submit decisions"));
        assert!(html.contains("<template class=\"done-screen\">"));
        assert!(!html.contains("leptos-island"), "no island in the view");
    }

    #[test]
    fn a_long_session_carries_only_its_first_items_whatever_its_length() {
        let small = view_html(&data(FIRST_ITEMS + 1));
        let large = view_html(&data(1000));
        assert_eq!(large.matches("<fieldset").count(), FIRST_ITEMS);
        assert!(large.contains(&format!("{VIEW_NEXT_ATTR}=\"{FIRST_ITEMS}\"")));
        // Only the counts in "Items 21–N are loading" differ.
        assert!(
            large.len() - small.len() < 8,
            "{} vs {}",
            large.len(),
            small.len()
        );
    }

    #[test]
    fn a_precedent_shows_in_the_view_as_on_the_page_related_collapsed_and_without_not_same() {
        let same = view_html(&data(2));
        assert_eq!(same.matches(r#"class="precedent""#).count(), 1, "{same}");
        assert!(same.contains("Decided on 2025-01-14:"), "{same}");
        // Nothing to post the form to: no "Not the same question".
        assert!(!same.contains("not_same"), "{same}");
        let html = view_html(&data_with(2, crate::page::Strength::Related));
        assert!(html.contains(r#"class="precedent related""#), "{html}");
        assert!(
            html.contains(
                "<details><summary>Related: a similar question, decided on 2025-01-14</summary>"
            ),
            "{html}"
        );
        assert!(!html.contains("not_same"), "{html}");
    }

    /// Whether `html` has an element `selector` finds: `tag`, `tag.class`,
    /// `.class` or `#id`, as the names the view's script uses are written.
    fn finds(html: &str, selector: &str) -> bool {
        let (tag, rest) = match selector.find(['.', '#']) {
            Some(at) => selector.split_at(at),
            None => (selector, ""),
        };
        let tags: Vec<&str> = html
            .split('<')
            .skip(1)
            .map(|t| t.split('>').next().unwrap_or(""))
            .collect();
        tags.iter().any(|element| {
            let name = element.split_whitespace().next().unwrap_or("");
            let attr = |key: &str| {
                element
                    .split(&format!(" {key}=\""))
                    .nth(1)
                    .and_then(|v| v.split('"').next())
                    .map(str::to_owned)
            };
            (tag.is_empty() || name == tag)
                && match rest.split_at(rest.len().min(1)) {
                    (".", class) => attr("class").is_some_and(|c| c.split(' ').any(|t| t == class)),
                    ("#", id) => attr("id").as_deref() == Some(id),
                    _ => true,
                }
        })
    }

    #[test]
    fn every_name_the_views_script_uses_finds_its_element_in_the_view() {
        let html = view_html(&data(FIRST_ITEMS + 1));
        let names = view_names();
        for (key, selector) in names.as_object().unwrap() {
            let Some(selector) = selector.as_str() else {
                continue;
            };
            if key == "choiceOther" {
                continue;
            }
            if key.ends_with("Attr") {
                assert!(html.contains(&format!(" {selector}=")), "{key}: {selector}");
                continue;
            }
            assert!(
                finds(&html, selector),
                "{key}: {selector} finds nothing in {html}"
            );
        }
        assert_eq!(names["draftDelayMs"], 400);
    }
}
