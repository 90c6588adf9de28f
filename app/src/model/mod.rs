//! The data formats of `docs/formats.md`.
//!
//! Every type here is built only by `crate::validate`, so a value of one of
//! them always satisfies the rules written there. Deserialising goes
//! through the same validation (`try_from = "serde_json::Value"`).

pub(crate) mod attached;
mod beside;
pub(crate) mod diff;
mod draft;
pub(crate) mod input;
mod lang;
mod later;
mod location;
mod option;
mod output;
mod record;
pub(crate) mod rule;
mod session;
mod state;
mod time;
mod version;

pub use attached::{
    Image, ImageFormat, MAX_DIFF_BYTES, MAX_IMAGE_BYTES, MAX_PREVIEW_BYTES,
    MAX_SESSION_ATTACHED_BYTES,
};
pub use beside::Later;
pub use diff::{Change, Diff, DiffFile, DiffLine, Hunk};
pub use draft::{Draft, DraftEntry};
pub use input::{Ask, DecideInput, DecideItem, ItemId};
pub use lang::Lang;
pub use later::{Why, interim, settled};
pub use location::Location;
pub use option::{DecideOption, Score};
pub use output::{Answer, By, DecideOutput, Decision, MAX_OTHER_CHARS, Provisional, RuledBy};
pub use record::{DecisionRecord, Followed, Given, Meta, Pending, RecordInput, Via};
pub use rule::{After, IfUnanswered, MAX_AFTER, MIN_AFTER, Take};
pub use session::{SessionId, SessionIdError};
pub use state::SessionState;
pub use time::{Timestamp, TimestampError};
pub use version::{CURRENT_VERSION, FormatVersion, WrittenVersion};

#[cfg(feature = "schema")]
mod schema;
#[cfg(feature = "schema")]
pub use schema::{
    Contract, compact_input_schema, compact_schema_for, input_schema, output_schema, schema_for,
};
