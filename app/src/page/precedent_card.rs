//! The precedent's card beside an item: "You decided this on DATE: ANSWER" (or,
//! collapsed, "Related: …"), the earlier note, the buttons that answer the
//! same way and say it is not the same question, and the link to that
//! record.

use super::precedent::{Follow, Precedent, Said, Strength};
use super::protocol::{Class, Data, DomId, FOLLOW, NOT_SAME, Route};
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{ItemId, SessionId};
use chrono::Datelike;
use leptos::prelude::*;

/// The path of the page of an earlier record, at its item.
pub fn record_href(session_id: &SessionId, item: ItemId) -> String {
    format!(
        "{}{session_id}#{}",
        Route::RECORD_PREFIX,
        DomId::Item(item).get()
    )
}

/// The precedent's card, inside item `id`'s fieldset. Its button answers
/// the item as the earlier decision did: the island fills the form in
/// place; without it (no JavaScript, or before it wakes) the button posts
/// the form, which the page server keeps as the draft with that answer
/// (`web/posted.rs`), as the App view's script has it do. With
/// `not_same`, a second button posts the form (kept as the draft) saying
/// the earlier decision asked something else, with or without JavaScript.
pub(crate) fn precedent_card(
    id: ItemId,
    precedent: &Precedent,
    not_same: bool,
    lang: Lang,
) -> AnyView {
    let date = precedent.decided_at.get();
    let when = PageText::PrecedentDecided {
        year: date.year(),
        month: date.month(),
        day: date.day(),
    }
    .get(lang);
    let answer = match &precedent.answer {
        Said::Chosen(labels) => labels.join(", "),
        Said::Other(text) => format!("{}: {text}", PageText::SummaryOther.get(lang)),
    };
    let note = precedent.note.clone().map(|note| {
        view! {
            <p class="precedent-note">
                <span class="meta-label">{format!("{}: ", PageText::RecordedNote.get(lang))}</span>
                {note}
            </p>
        }
    });
    let follow = precedent.follow.as_ref().map(|follow| {
        let (positions, other) = match follow {
            Follow::Choose(positions) => (
                positions
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                None,
            ),
            Follow::Other(text) => (String::new(), Some(text.clone())),
        };
        view! {
            <button
                type="submit"
                class=Class::Follow.name()
                name=FOLLOW
                value=id.to_string()
                formnovalidate=true
                {Data::Follow.attr(positions)}
                {Data::FollowOther.attr(other)}
                aria-describedby=format!("{}-p", DomId::Item(id).get())
            >
                {PageText::PrecedentFollow.get(lang)}
            </button>
        }
    });
    let body = view! {
        <p class="precedent-answer">
            <span class="precedent-when">{when}</span>
            " "
            <strong>{answer}</strong>
        </p>
        {note}
        <p class="precedent-actions">
            {follow}
            <a class=Class::PrecedentLink.name() href=record_href(&precedent.session_id, precedent.item)>
                {PageText::PrecedentRecord.get(lang)}
            </a>
            {not_same.then(|| view! {
                <button
                    type="submit"
                    class=Class::NotSame.name()
                    name=NOT_SAME
                    value=id.to_string()
                    formnovalidate=true
                >
                    {PageText::PrecedentNotSame.get(lang)}
                </button>
            })}
        </p>
    };
    let aside_id = format!("{}-p", DomId::Item(id).get());
    match precedent.strength {
        Strength::Same => view! {
            <aside class=Class::Precedent.name() id=aside_id aria-label=PageText::PrecedentName.get(lang)>
                {body}
            </aside>
        }
        .into_any(),
        // Collapsed, and said to be related: it may be another decision.
        Strength::Related => {
            let related = PageText::PrecedentRelated {
                year: date.year(),
                month: date.month(),
                day: date.day(),
            }
            .get(lang);
            view! {
                <aside
                    class=format!("{} related", Class::Precedent.name())
                    id=aside_id
                    aria-label=PageText::PrecedentName.get(lang)
                >
                    <details>
                        <summary>{related}</summary>
                        {body}
                    </details>
                </aside>
            }
            .into_any()
        }
    }
}
