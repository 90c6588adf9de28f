//! Drafts: the answers so far, as the page saves them.
//!
//! The Rust API:
//!
//! ```text
//! pub struct DraftAnswer {          // built by validate_draft / parse_draft
//!     pub id: ItemId,
//!     pub chosen: Vec<String>,      // empty: nothing chosen; ≤ 1 unless `multiple`;
//!                                   // options' order, each an option's value
//!     pub other: Option<String>,    // as typed, never blank (only `allow_other`)
//!     pub skipped: bool,            // only `allow_skip`
//!     pub note: String,             // as typed, possibly empty
//! }
//! ```
//!
//! At most one of `chosen` (non-empty), `other` and `skipped` is set, and
//! an answer has at least one of them or a non-blank note.
//!
//! Written as `{"id":1,"chosen":"jwt"}`: `chosen` is a string when it holds
//! one value and an array when it holds several (the validator reads a
//! string as one value for a `multiple` item too, so this round-trips);
//! `other`, `skipped` (only `true`) and `note` appear only when set.

use super::{ItemId, SessionId, Timestamp};
use crate::validate::WrittenVersion;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One item's answer so far: a choice, an own answer or a skip, a note, or
/// a note with one of the others.
///
/// Built by `crate::validate::validate_draft`, so every value follows the
/// item's flags (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftAnswer {
    pub id: ItemId,
    pub chosen: Vec<String>,
    pub other: Option<String>,
    pub skipped: bool,
    pub note: String,
}

impl DraftAnswer {
    /// Whether the person has answered the item (a note alone is not an
    /// answer).
    pub fn is_answered(&self) -> bool {
        !self.chosen.is_empty() || self.other.is_some() || self.skipped
    }
}

impl Serialize for DraftAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Flat<'a> {
            id: ItemId,
            #[serde(skip_serializing_if = "Option::is_none")]
            chosen: Option<super::output::Chosen<'a>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            other: Option<&'a str>,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            skipped: bool,
            #[serde(skip_serializing_if = "str::is_empty")]
            note: &'a str,
        }
        use super::output::Chosen;
        let chosen = match self.chosen.as_slice() {
            [] => None,
            [one] => Some(Chosen::One(one)),
            many => Some(Chosen::Many(many)),
        };
        Flat {
            id: self.id,
            chosen,
            other: self.other.as_deref(),
            skipped: self.skipped,
            note: &self.note,
        }
        .serialize(serializer)
    }
}

/// Reads the written form back without checking it against an input: for
/// the page data the server renders (trusted). Drafts from outside go
/// through `crate::validate`.
impl<'de> Deserialize<'de> for DraftAnswer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use super::input::Recommend as OneOrMany;
        #[derive(Deserialize)]
        struct Flat {
            id: ItemId,
            #[serde(default)]
            chosen: Option<OneOrMany>,
            #[serde(default)]
            other: Option<String>,
            #[serde(default)]
            skipped: bool,
            #[serde(default)]
            note: String,
        }
        let flat = Flat::deserialize(deserializer)?;
        Ok(DraftAnswer {
            id: flat.id,
            chosen: match flat.chosen {
                None => Vec::new(),
                Some(OneOrMany::One(value)) => vec![value],
                Some(OneOrMany::Many(values)) => values,
            },
            other: flat.other,
            skipped: flat.skipped,
            note: flat.note,
        })
    }
}

/// `{session_id}.draft.json`: what the person has chosen and written so far,
/// saved by the page as they work and removed once the record is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Draft {
    pub version: WrittenVersion,
    pub session_id: SessionId,
    /// When the page last saved it.
    pub saved_at: Timestamp,
    #[serde(rename = "decisions")]
    pub answers: Vec<DraftAnswer>,
}

impl Draft {
    /// How many items the draft answers (a note alone answers nothing).
    pub fn answered(&self) -> usize {
        self.answers.iter().filter(|a| a.is_answered()).count()
    }

    /// A draft of `answers` for `session_id`, saved at `saved_at`.
    pub fn new(session_id: SessionId, saved_at: Timestamp, answers: Vec<DraftAnswer>) -> Self {
        Draft {
            version: WrittenVersion,
            session_id,
            saved_at,
            answers,
        }
    }
}
