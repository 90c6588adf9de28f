//! Texts of the decision page, and which file of this folder holds each.

mod attached;
mod ended;
mod form;
mod precedent;
mod recommend;
mod refused;
mod snippet;
mod summary;

use crate::Lang;
pub use recommend::Standout;

/// Texts of the decision page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageText {
    AppName,
    Source,
    ItemNumber(usize),
    Location,
    Lines {
        start: u32,
        end: u32,
    },
    Recommended,
    Score,
    Pros,
    Cons,
    Note,
    NoteFor,
    Progress {
        chosen: usize,
        total: usize,
    },
    Submit,
    Submitting,
    ChooseAll,
    DoneTitle,
    DoneBody,
    /// Above the answers recorded, on a page that did not send them (or
    /// opened after).
    RecordedAnswers,
    /// Under them: nothing is left to do here.
    CanClose,
    /// Before a recorded answer's note.
    RecordedNote,
    WithdrawnTitle,
    WithdrawnBody,
    WithdrawnReason,
    ReplacedTitle,
    ConnectionLost,
    NoSession,
    Replaced,
    /// The project folder of the served question was deleted.
    ProjectGone,
    AlreadyDecided,
    SaveFailed,
    /// A fault of the server (its files could not be read or written); the
    /// details go to the server's log, not to the page.
    ServerFault,
    BadRequest,
    /// A request's body stopped arriving before it was whole (408).
    BodyTimedOut,
    /// A request's body is over the limit (413); `mib` is the limit.
    BodyTooLarge {
        mib: usize,
    },
    /// A request's body broke off before it was whole.
    BodyBroken,
    /// A body whose form fields cannot be read.
    BadForm,
    /// A body that is neither JSON nor the page's form.
    WrongMediaType,
    Back,
    ForbiddenKey,
    ForbiddenHost,
    ForbiddenOrigin,
    DraftSaved,
    DraftFailed,
    SnippetShort {
        last: u32,
    },
    SnippetCapped {
        shown: usize,
    },
    SnippetNotFound,
    SnippetAbsolute,
    SnippetOutside,
    SnippetUnreadable,
    SnippetNoLines {
        last: u32,
    },
    SnippetTooLarge,
    Standout(Standout),
    AcceptAll,
    AcceptAllCount(usize),
    AcceptedAll(usize),
    SummaryTitle,
    SummaryOpen,
    SummaryDiffers {
        recommended: usize,
    },
    SummaryDiffer,
    SummaryRecommendWas,
    SummaryNoneDiffer,
    Shortcuts,
    ShortcutChoose,
    ShortcutNext,
    ShortcutMove,
    NextUnanswered,
    AllAnswered,
    Language,
    /// The radio for an answer of the person's own.
    Other,
    /// The name of the text box for that answer.
    OwnAnswer,
    /// The radio for leaving an item undecided.
    Skip,
    /// The note's label once an item is skipped.
    WhySkip,
    /// On an item whose `if_unanswered` rule fired: the agent went on
    /// with the recommended option; the person's answer still counts.
    TakenProvisionally,
    /// An item's button: the person decides it later (issue 58).
    DecideLater,
    /// Beside an item the person said to decide later.
    DecidingLater,
    /// The button that takes "Decide later" back.
    DecideNow,
    /// In the summary: "own answer: …".
    SummaryOther,
    /// In the summary: "skipped".
    SummarySkipped,
    ShortcutOther,
    ShortcutSkip,
    /// The items after the first ones (from item `first`) are on their way.
    MoreItems {
        first: usize,
        total: usize,
    },
    /// The link to the page with every item in full.
    ShowAllItems,
    /// Some items could not be fetched, so nothing can be saved or sent.
    ItemsFailed,
    /// The heading of the list of other questions waiting on this machine.
    AlsoWaiting,
    /// One of them: its number of items.
    AlsoWaitingItems(usize),
    /// The name of an earlier decision shown beside an item.
    PrecedentName,
    /// "Decided on DATE:", before that decision's answer.
    PrecedentDecided {
        year: i32,
        month: u32,
        day: u32,
    },
    /// The summary of a related earlier decision, shown collapsed: a
    /// question like this one, decided on DATE.
    PrecedentRelated {
        year: i32,
        month: u32,
        day: u32,
    },
    /// The button that answers the item the same way.
    PrecedentFollow,
    /// The link to the earlier record.
    PrecedentRecord,
    /// The button that says the earlier decision asked something else:
    /// it is not offered for this question again.
    PrecedentNotSame,
    /// An earlier record the page server cannot find.
    RecordNotFound,
    /// The name of the group of the options' previews, diffs and pictures.
    AttachedGroup,
    /// A file of a diff that is binary: only that it changed.
    BinaryChanged,
    /// Before a diff's file name, naming its scrolling region.
    DiffOf,
    /// Before the old name of a file the diff renames.
    RenamedFrom,
    /// A diff's columns, for screen readers.
    DiffOldLine,
    DiffNewLine,
    DiffChange,
    DiffCode,
    /// Before an option's label, describing its picture.
    ImageOf,
}

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
