//! One item as server HTML: its question, where it comes from, its options
//! and a note, with the answer saved so far filled in.

use super::attached::{Images, ItemAttached};
use super::choice::{Picked, recommended_positions};
use super::option::{Kind, choice_card, option_card, other_card};
use super::precedent::Precedent;
use super::precedent_card::precedent_card;
use super::protocol::{CHOICE_SKIP, Class, Data, DomId, Field, LATER, NOW};
use super::snippet::{Snippet, snippet_view};
use super::standout::standout;
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideItem, SessionId};
use leptos::prelude::*;

/// Positions as an attribute value: `0,2`.
fn positions_attr(positions: &[usize]) -> Option<String> {
    (!positions.is_empty()).then(|| {
        positions
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// How many items the browser lays out in full with the first frame. The
/// bulk of the others (their code, context and option cards) is laid
/// out as it comes near the screen (`.far`, content-visibility): the
/// first layout stays small however many items the page carries. Their
/// text boxes (the note, an own answer) are laid out with the page: when
/// parsing ends Chromium's form scan asks whether each text box can take
/// focus, and one inside a part not laid out yet made it lay out that
/// item then, one at a time (9 layouts, 35 to 50 ms at 10 items; 19, 40
/// to 110 ms at 100, in a fresh renderer).
const LAID_OUT_AT_ONCE: usize = 2;

/// What the server prepared for an item: its code, its context rendered,
/// and the earlier decision that resembles it.
pub(crate) struct Shown<'a> {
    pub snippet: Option<&'a Snippet>,
    pub context: Option<&'a str>,
    pub precedent: Option<&'a Precedent>,
    /// Whether the precedent offers "Not the same question".
    pub not_same: bool,
    /// What its options show besides their words, with the session they
    /// belong to and how pictures are shown.
    pub attached: Option<(&'a ItemAttached, &'a SessionId, Images)>,
    /// Its rule fired: the agent has its recommended option provisionally.
    pub provisional: bool,
    /// "Decide later" (issue 58): `None` where nothing is posted (the App
    /// view, an ended page); `Some(true)` once the person said so (the
    /// draft's mark, with "Decide now"), else `Some(false)`.
    pub later: Option<bool>,
}

/// One item's fieldset. `data-recommend` names the recommended options by
/// position, for the island's accept-all and summary.
pub(crate) fn item_card(
    item: &DecideItem,
    n: usize,
    picked: Picked,
    Shown {
        snippet,
        context,
        precedent,
        not_same,
        attached,
        provisional,
        later,
    }: Shown<'_>,
    lang: Lang,
) -> AnyView {
    let id = item.id();
    let precedent = precedent.map(|p| precedent_card(id, p, not_same, lang));
    let note_id = DomId::Note(id).get();
    let location = item.location().map(|l| {
        let lines = PageText::Lines {
            start: l.start(),
            end: l.end(),
        }
        .get(lang);
        view! {
            <p class="location">
                <span class="meta-label">{format!("{}: ", PageText::Location.get(lang))}</span>
                <code>{l.file().to_owned()}</code>
                " · "
                {lines}
            </p>
            {snippet.map(|snippet| snippet_view(snippet, lang))}
        }
    });
    let context =
        context.map(|html| view! { <div class="context" inner_html=html.to_owned()></div> });
    let recommended = recommended_positions(item);
    let reason = standout(item);
    let kind = Kind::of(item);
    let options = item
        .options()
        .iter()
        .enumerate()
        .map(|(k, option)| {
            let standout = reason.filter(|_| recommended.contains(&k));
            option_card(
                id,
                k,
                option,
                standout,
                picked.chosen().contains(&k),
                kind,
                lang,
            )
        })
        .collect_view();
    let title = item.title().to_owned();
    let other = item
        .allow_other()
        .then(|| other_card(id, &title, picked.other(), kind, lang));
    let skip = item.allow_skip().then(|| {
        choice_card(
            id,
            CHOICE_SKIP,
            PageText::Skip.get(lang),
            picked.skipped(),
            kind,
        )
    });
    let attached = attached.map(|(shown, session, images)| {
        super::attached::attached_panels(item, shown, session, images, lang)
    });
    let far = n >= LAID_OUT_AT_ONCE;
    let note_label = if picked.skipped() {
        PageText::WhySkip
    } else {
        PageText::Note
    };

    view! {
        <fieldset
            class={Class::Item.name()}
            {Class::Far.when(far)}
            id={DomId::Item(id).get()}
            {Data::N.attr(n)}
            {Data::Recommend.attr(positions_attr(&recommended))}
            {Data::Multiple.flag(kind.multiple)}
            {Data::Other.flag(item.allow_other())}
            {Data::Skip.flag(item.allow_skip())}
        >
            <legend>
                <span class="item-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                <span class="item-title">{title.clone()}</span>
            </legend>
            {provisional.then(|| view! {
                <p class="provisional" role="note">{PageText::TakenProvisionally.get(lang)}</p>
            })}
            {location}
            {context}
            {precedent}
            <div class="options">{options}{other}{skip}</div>
            {attached}
            <div class="note">
                <label for=note_id.clone()>
                    <span class=Class::NoteLabel.name()>{note_label.get(lang)}</span>
                    <span class="visually-hidden">{format!(" — {} {title}", PageText::NoteFor.get(lang))}</span>
                </label>
                <textarea id=note_id name=Field::Note(id).name() rows="2">{textarea_text(&picked.note)}</textarea>
            </div>
            // After the note: Tab goes from the choice to the note, as before.
            {later.map(|later| later_row(id, later, lang))}
        </fieldset>
    }
    .into_any()
}

/// "Decide later", or once said, what it means and "Decide now": buttons
/// that post the form (kept as the draft, not submitted), with or without
/// JavaScript; the mark itself is a hidden field, so every draft the page
/// saves keeps it.
fn later_row(id: crate::model::ItemId, later: bool, lang: Lang) -> AnyView {
    let value = id.to_string();
    if !later {
        return view! {
            <p class="later-row">
                <button type="submit" class="later" name=LATER value=value formnovalidate=true>
                    {PageText::DecideLater.get(lang)}
                </button>
            </p>
        }
        .into_any();
    }
    view! {
        <p class="later-row deciding-later" role="note">
            <input type="hidden" name=Field::Later(id).name() value="1"/>
            {PageText::DecidingLater.get(lang)}
            " "
            <button type="submit" class="later" name=NOW value=value formnovalidate=true>
                {PageText::DecideNow.get(lang)}
            </button>
        </p>
    }
    .into_any()
}

/// An item the page leaves for the island to fetch: its heading, and what
/// the island counts (answered, differing, recommended, its kinds of
/// answer) until the item itself arrives.
pub(crate) fn item_stub(item: &DecideItem, n: usize, picked: &Picked, lang: Lang) -> AnyView {
    let recommended = recommended_positions(item);
    let differs = picked.differs(&recommended);
    view! {
        <fieldset
            class={Class::Item.name()}
            {Class::Far.when(true)}
            {Class::Stub.when(true)}
            id={DomId::Item(item.id()).get()}
            {Data::N.attr(n)}
            {Data::Recommend.attr(positions_attr(&recommended))}
            {Data::Answered.flag(picked.answered())}
            {Data::Differs.flag(differs)}
            {Data::Other.flag(item.allow_other())}
            {Data::Skip.flag(item.allow_skip())}
        >
            <legend>
                <span class="item-number">{PageText::ItemNumber(n + 1).get(lang)}</span>
                <span class="item-title">{item.title().to_owned()}</span>
            </legend>
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
