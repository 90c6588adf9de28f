//! Shared by the `aide` binary and the hydrated page: the validated decision
//! types, the one validation module, the message catalogue and the page.
// The island's view type is deep: the server's rendering of it needs more
// than the default limit of the type layout queries.
#![recursion_limit = "256"]

#[cfg(any(test, feature = "proptest"))]
pub mod arbitrary;
pub mod i18n;
pub mod model;
pub mod page;
pub mod validate;

pub use model::{
    Answer, By, Change, DecideInput, DecideItem, DecideOption, DecideOutput, Decision,
    DecisionRecord, Diff, DiffFile, DiffLine, Draft, DraftEntry, Followed, Given, Hunk, Image,
    ImageFormat, ItemId, Lang, Location, Meta, Pending, RecordInput, RuledBy, Score, SessionId,
    SessionIdError, SessionState, Timestamp, Via,
};
pub use validate::{
    ValidationError, ValidationErrors, validate_draft, validate_input, validate_output,
};
