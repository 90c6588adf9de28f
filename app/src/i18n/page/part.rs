//! Which file holds the texts of each page text, and the text in one
//! language.

use super::{PageText, attached, ended, form, precedent, recommend, refused, snippet, summary};
use crate::Lang;

/// Where the texts of a `PageText` are.
#[derive(Clone, Copy)]
enum PagePart {
    Form,
    Recommend,
    Summary,
    Ended,
    Refused,
    Snippet,
    Precedent,
    Attached,
}

impl PageText {
    /// The text in one language.
    ///
    /// In the WASM it is inlined, with the part it dispatches to, so each
    /// call (always of one kind of text) folds to that text: the island
    /// carries the few texts it shows, not the whole catalogue.
    #[cfg_attr(feature = "hydrate", inline(always))]
    pub fn get(self, lang: Lang) -> String {
        match self.part() {
            PagePart::Form => form::get(self, lang),
            PagePart::Recommend => recommend::get(self, lang),
            PagePart::Summary => summary::get(self, lang),
            PagePart::Ended => ended::get(self, lang),
            PagePart::Refused => refused::get(self, lang),
            PagePart::Snippet => snippet::get(self, lang),
            PagePart::Precedent => precedent::get(self, lang),
            PagePart::Attached => attached::get(self, lang),
        }
    }

    /// The file of this folder that holds the text.
    #[cfg_attr(feature = "hydrate", inline(always))]
    fn part(&self) -> PagePart {
        match self {
            PageText::AppName
            | PageText::Source
            | PageText::ItemNumber(_)
            | PageText::Location
            | PageText::Lines { .. }
            | PageText::Recommended
            | PageText::Score
            | PageText::Pros
            | PageText::Cons
            | PageText::Note
            | PageText::NoteFor
            | PageText::Progress { .. }
            | PageText::Submit
            | PageText::Submitting
            | PageText::ChooseAll
            | PageText::Other
            | PageText::OwnAnswer
            | PageText::Skip
            | PageText::WhySkip
            | PageText::TakenProvisionally
            | PageText::DecideLater
            | PageText::DecidingLater
            | PageText::DecideNow
            | PageText::Language
            | PageText::DraftSaved
            | PageText::DraftFailed
            | PageText::MoreItems { .. }
            | PageText::ShowAllItems
            | PageText::ItemsFailed
            | PageText::AlsoWaiting
            | PageText::AlsoWaitingItems(_) => PagePart::Form,
            PageText::Standout(_)
            | PageText::AcceptAll
            | PageText::AcceptAllCount(_)
            | PageText::AcceptedAll(_) => PagePart::Recommend,
            PageText::SummaryTitle
            | PageText::SummaryOpen
            | PageText::SummaryDiffers { .. }
            | PageText::SummaryDiffer
            | PageText::SummaryRecommendWas
            | PageText::SummaryNoneDiffer
            | PageText::SummaryOther
            | PageText::SummarySkipped
            | PageText::Shortcuts
            | PageText::ShortcutChoose
            | PageText::ShortcutNext
            | PageText::ShortcutMove
            | PageText::ShortcutOther
            | PageText::ShortcutSkip
            | PageText::NextUnanswered
            | PageText::AllAnswered => PagePart::Summary,
            PageText::DoneTitle
            | PageText::DoneBody
            | PageText::RecordedAnswers
            | PageText::CanClose
            | PageText::RecordedNote
            | PageText::WithdrawnTitle
            | PageText::WithdrawnBody
            | PageText::WithdrawnReason
            | PageText::ReplacedTitle
            | PageText::ConnectionLost => PagePart::Ended,
            PageText::NoSession
            | PageText::Replaced
            | PageText::ProjectGone
            | PageText::AlreadyDecided
            | PageText::SaveFailed
            | PageText::ServerFault
            | PageText::BadRequest
            | PageText::BodyTimedOut
            | PageText::BodyTooLarge { .. }
            | PageText::BodyBroken
            | PageText::BadForm
            | PageText::WrongMediaType
            | PageText::Back
            | PageText::ForbiddenKey
            | PageText::ForbiddenHost
            | PageText::ForbiddenOrigin => PagePart::Refused,
            PageText::PrecedentName
            | PageText::PrecedentDecided { .. }
            | PageText::PrecedentRelated { .. }
            | PageText::PrecedentFollow
            | PageText::PrecedentRecord
            | PageText::PrecedentNotSame
            | PageText::RecordNotFound => PagePart::Precedent,
            PageText::SnippetShort { .. }
            | PageText::SnippetCapped { .. }
            | PageText::SnippetNotFound
            | PageText::SnippetAbsolute
            | PageText::SnippetOutside
            | PageText::SnippetUnreadable
            | PageText::SnippetNoLines { .. }
            | PageText::SnippetTooLarge => PagePart::Snippet,
            PageText::AttachedGroup
            | PageText::BinaryChanged
            | PageText::DiffOf
            | PageText::RenamedFrom
            | PageText::DiffOldLine
            | PageText::DiffNewLine
            | PageText::DiffChange
            | PageText::DiffCode
            | PageText::ImageOf => PagePart::Attached,
        }
    }
}
