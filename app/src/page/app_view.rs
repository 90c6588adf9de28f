//! The decision form as the MCP App view shows it inside the agent's
//! client: the same item cards as the page, without the island. The view
//! runs no WASM, so everything the island would add is left out, and the
//! fragment stays the same size however long the session is: its first
//! items, then batches from [`super::items_html`].

use super::choice::Picks;
use super::live::DoneScreen;
use super::protocol::{Class, DomId, FIRST_ITEMS, Field};
use super::{PageData, item_cards};
use crate::i18n::PageText;
use crate::model::ItemId;
use leptos::prelude::*;

/// How the App view's script acts on the view's markup, named once: which
/// event on which element sends which call (`answer`, `draft`; aide writes
/// in each call's tool, `server/src/mcp/view`) with the form's fields,
/// whether the form is checked first, what a press adds, and where a call
/// that failed on its way says so. The script knows nothing else of the
/// form: aide's answer to each call says what changes ([`view_html`]
/// writes the markup these find, `server/src/mcp/view/update.rs` the
/// changes).
pub fn view_bindings() -> serde_json::Value {
    let form = ViewPart::Form.at();
    // Drafts once every item is in the form (a draft replaces the whole
    // last one): while batches still come, the form is busy.
    let whole = format!("{form}:not([aria-busy])");
    let delay = super::protocol::DRAFT_DEBOUNCE.as_millis() as u64;
    let failed = serde_json::json!({ "at": ViewPart::Error.at(), "text": "sendFailed" });
    serde_json::json!({
        "form": form,
        "on": [
            // Hosts may sandbox the view without `allow-forms`, which
            // stops a form's submission before its submit event: the
            // button's click sends it.
            { "event": "click", "at": ViewPart::Submit.at(), "call": "answer", "check": true, "failed": failed },
            { "event": "submit", "at": form, "call": "answer", "check": true, "failed": failed },
            // A button that posts the form without submitting it (a
            // precedent's "Same as before"): its name and value go
            // with the fields, as a browser posts them.
            { "event": "click", "at": format!("{whole} button[name]"), "call": "draft", "press": true },
            { "event": "input", "at": whole, "call": "draft", "delay": delay },
            { "event": "change", "at": whole, "call": "draft", "delay": delay },
        ],
    })
}

/// The parts of the view's markup that aide's answers name.
#[derive(Clone, Copy, Debug)]
pub enum ViewPart {
    /// The form.
    Form,
    /// Its submit button.
    Submit,
    /// Where the form says why its answers were not taken.
    Error,
    /// The line that says more items are coming, before which they go.
    More,
    /// What waits for every item: the form's drafts, its submit button,
    /// the precedents' buttons.
    Waiting,
    /// The screen shown once the answers are recorded, as a template.
    DoneTemplate,
    /// That screen, shown.
    Done,
    /// An item's card.
    Item(ItemId),
    /// What is chosen in an item's card.
    Chosen(ItemId),
}

impl ViewPart {
    /// The part's CSS selector.
    pub fn at(self) -> String {
        let form = Class::Decisions.on("form");
        match self {
            ViewPart::Form => form,
            ViewPart::Submit => format!("{form} {}", Class::Submit.on("button")),
            ViewPart::Error => format!("{form} .{}", Class::Error.name()),
            ViewPart::More => format!("#{}", DomId::MoreItems.get()),
            ViewPart::Waiting => format!(
                "{form}, {}, {form} {}",
                ViewPart::Submit.at(),
                Class::Follow.on("button")
            ),
            ViewPart::DoneTemplate => Class::DoneScreen.on("template"),
            ViewPart::Done => format!(".{}", Class::Done.name()),
            ViewPart::Item(id) => format!("#{}", DomId::Item(id).get()),
            ViewPart::Chosen(id) => format!("#{} input:checked", DomId::Item(id).get()),
        }
    }
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
    let busy = more.is_some();
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
            <form
                class=Class::Decisions.name()
                autocomplete="off"
                aria-busy=busy.then_some("true")
            >
                <input type="hidden" name=Field::Session.name() value=session />
                {cards}
                {more}
                <div class=Class::SubmitBar.name()>
                    <p class=Class::Error.name() role="alert"></p>
                    <button type="submit" class=Class::Submit.name() disabled=busy>
                        {PageText::Submit.get(lang)}
                    </button>
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

    /// The attribute on the view's `<main>` that says from which position
    /// the items still to fetch start (absent when every item is in the
    /// form; aide's answer says which batch follows).
    const VIEW_NEXT_ATTR: &str = "data-next";
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
        assert!(same.contains("You decided this on 2025-01-14:"), "{same}");
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
    fn every_part_the_views_answers_name_finds_its_element_in_the_view() {
        let html = view_html(&data(FIRST_ITEMS + 1));
        let id = ItemId::new(1).expect("id");
        let parts = [
            ViewPart::Form,
            ViewPart::Submit,
            ViewPart::Error,
            ViewPart::More,
            ViewPart::Waiting,
            ViewPart::DoneTemplate,
            ViewPart::Done,
            ViewPart::Item(id),
            ViewPart::Chosen(id),
        ];
        for part in parts {
            let at = part.at();
            for selector in at.split(", ") {
                // The element itself: the last of a descendant selector,
                // without its state (`:checked`).
                let last = selector.split(' ').next_back().unwrap_or("");
                let element = last.split(':').next().unwrap_or("");
                assert!(
                    finds(&html, element),
                    "{part:?}: {element} finds nothing in {html}"
                );
            }
        }
        let bindings = view_bindings();
        for binding in bindings["on"].as_array().unwrap() {
            let at = binding["at"].as_str().unwrap();
            let element = at
                .split(' ')
                .next_back()
                .unwrap_or("")
                .split(':')
                .next()
                .unwrap_or("");
            let element = element.split('[').next().unwrap_or("");
            assert!(finds(&html, element), "{binding}: {element} finds nothing");
        }
        assert_eq!(bindings["on"][3]["delay"], 400);
    }

    #[test]
    fn a_form_still_waiting_for_items_is_busy_and_cannot_be_submitted_yet() {
        let long = view_html(&data(FIRST_ITEMS + 1));
        assert!(long.contains(r#"aria-busy="true""#));
        assert!(long.contains(r#"<button type="submit" disabled"#));
        let short = view_html(&data(2));
        assert!(!short.contains("aria-busy"), "{short}");
        assert!(short.contains(r#"<button type="submit" class"#), "{short}");
    }
}
