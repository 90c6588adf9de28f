//! The page's DOM contract: the ids, classes and `data-` attributes that
//! the server writes and the island finds, reads or changes, each spelled
//! once here for both sides (and for the islands script in `shell.rs`).
//! The stylesheet and the browser tests spell some of them too; they
//! cannot import Rust names.

use super::field::Field;
use crate::model::ItemId;
use leptos::attr::Attribute;

/// The `id` of an element of the page that the island looks up: one
/// spelling for the server's markup and the browser's look-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DomId<'a> {
    /// An item's fieldset (also its summary row's link target).
    Item(ItemId),
    /// An item's row in the summary.
    Summary(ItemId),
    /// The input of one choice: an option's position,
    /// [`super::CHOICE_OTHER`] or [`super::CHOICE_SKIP`].
    Choice(ItemId, &'a str),
    /// The text box of an answer of one's own.
    OtherText(ItemId),
    /// The note (its id is its field's name).
    Note(ItemId),
    /// The line that says the items after the first ones are on their way.
    MoreItems,
    /// The islands script, which holds the first frame back for a moment.
    IslandScript,
}

impl DomId<'_> {
    pub fn get(self) -> String {
        match self {
            DomId::Item(id) => format!("item-{id}"),
            DomId::Summary(id) => format!("sum-{id}"),
            DomId::Choice(id, choice) => format!("o{id}-{choice}"),
            DomId::OtherText(id) => format!("o{id}-other-text"),
            DomId::Note(id) => Field::Note(id).name(),
            DomId::MoreItems => "more-items".to_owned(),
            DomId::IslandScript => "island-script".to_owned(),
        }
    }

    /// The item whose fieldset has the id `dom_id`.
    pub fn item_of(dom_id: &str) -> Option<ItemId> {
        ItemId::new(dom_id.strip_prefix("item-")?.parse().ok()?)
    }
}

/// A class of the page's markup that the island finds elements by or
/// toggles (the stylesheet styles them too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// `<main>`, which carries [`Data::Hydrated`].
    Page,
    /// The form.
    Decisions,
    /// An item's fieldset.
    Item,
    /// An item whose code, context and option cards are laid out only
    /// once near the screen.
    Far,
    /// An item the page left for the island to fetch: its heading only.
    Stub,
    /// The card of a choice: an option, an own answer, a skip.
    Option,
    /// A card whose choice is made.
    Chosen,
    /// The input of a choice (a radio, or a checkbox for `multiple`).
    Choice,
    /// The option's name in its card's label.
    OptionName,
    /// The label of an item's note: "note", or "why skip?" once skipped.
    NoteLabel,
    /// An item's answer in its summary row.
    SummaryAnswer,
    /// A summary answer that is an answer.
    SummaryChoice,
    /// A summary answer that says the item is open.
    SummaryOpen,
    /// A summary row whose answer differs from the recommendation.
    Differs,
    /// A summary row's flag: "differs · recommended: X".
    SummaryDiffers,
    /// The summary's last line: how many answers differ.
    SummaryTotal,
    /// The text of the line about the items on their way.
    MoreItemsText,
    /// The submit button.
    Submit,
    /// The language links.
    LangSwitch,
    /// The App view's `<main>` (besides [`Class::Page`]).
    AppView,
    /// The line under the form with its error and the submit button.
    SubmitBar,
    /// The toolbar's button that accepts every recommendation.
    AcceptAll,
    /// Beside it: how many items it would fill.
    AcceptAllCount,
    /// The toolbar's button to the next unanswered item.
    NextOpen,
    /// The toolbar's line that answers its last action.
    Notice,
    /// The submit bar's count of the answered items.
    Progress,
    /// The submit bar's line that asks for every item.
    SubmitHint,
    /// The submit bar's line that says where the draft stands
    /// ([`Data::Draft`]).
    DraftStatus,
    /// The screen shown in place of the form when the session ended
    /// elsewhere.
    EndedScreen,
    /// Where a refusal of the answers is said.
    Error,
    /// The view's `<template>` of the screen shown once answered.
    DoneScreen,
    /// The screen shown once the answers are recorded.
    Done,
    /// An earlier decision shown beside an item that resembles it.
    Precedent,
    /// Its button that answers the item the same way ([`Data::Follow`]).
    Follow,
    /// Its link to the earlier record.
    PrecedentLink,
    /// A precedent's "Not the same question" button.
    NotSame,
    /// The text box of an answer of one's own.
    OtherText,
}

impl Class {
    pub const fn name(self) -> &'static str {
        match self {
            Class::Page => "page",
            Class::Decisions => "decisions",
            Class::Item => "item",
            Class::Far => "far",
            Class::Stub => "stub",
            Class::Option => "option",
            Class::Chosen => "chosen",
            Class::Choice => "choice",
            Class::OptionName => "option-name",
            Class::NoteLabel => "note-label",
            Class::SummaryAnswer => "summary-answer",
            Class::SummaryChoice => "summary-choice",
            Class::SummaryOpen => "summary-open",
            Class::Differs => "differs",
            Class::SummaryDiffers => "summary-differs",
            Class::SummaryTotal => "summary-total",
            Class::MoreItemsText => "more-items-text",
            Class::Submit => "submit",
            Class::LangSwitch => "lang-switch",
            Class::AppView => "app-view",
            Class::SubmitBar => "submit-bar",
            Class::AcceptAll => "accept-all",
            Class::AcceptAllCount => "accept-all-count",
            Class::NextOpen => "next-open",
            Class::Notice => "notice",
            Class::Progress => "progress",
            Class::SubmitHint => "submit-hint",
            Class::DraftStatus => "draft-status",
            Class::EndedScreen => "ended-screen",
            Class::Error => "error",
            Class::DoneScreen => "done-screen",
            Class::Done => "done",
            Class::Precedent => "precedent",
            Class::Follow => "follow",
            Class::PrecedentLink => "precedent-link",
            Class::NotSame => "not-same",
            Class::OtherText => "other-text",
        }
    }

    /// The selector `tag.class` (`*` for any element).
    pub fn on(self, tag: &str) -> String {
        format!("{tag}.{}", self.name())
    }

    /// The class when `on` is true, as an attribute of a `view!`.
    pub fn when(self, on: bool) -> impl Attribute {
        leptos::tachys::html::class::class((self.name(), on))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Data;
    use super::*;

    #[test]
    fn an_items_dom_id_names_it() {
        let id = ItemId::new(7).unwrap();
        assert_eq!(DomId::item_of(&DomId::Item(id).get()), Some(id));
        assert_eq!(DomId::item_of(&DomId::Summary(id).get()), None);
        assert_eq!(DomId::Note(id).get(), Field::Note(id).name());
    }

    #[cfg(feature = "ssr")]
    #[test]
    fn classes_and_attributes_are_written_as_named() {
        use leptos::prelude::*;
        let html = view! {
            <p class={Class::Item.name()} {Class::Far.when(true)} {Class::Stub.when(false)}
                {Data::N.attr(3)} {Data::Other.flag(true)} {Data::Skip.flag(false)}></p>
        }
        .to_html();
        assert_eq!(
            html,
            r#"<p data-n="3" data-other="true" class="item far"></p>"#
        );
    }
}
