//! Texts of the decision page, and which file of this folder holds each.

mod attached;
mod ended;
mod form;
mod part;
mod precedent;
mod recommend;
mod refused;
mod snippet;
mod summary;

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
    /// "You decided this on DATE:", before that decision's answer.
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
