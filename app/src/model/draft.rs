use super::{ItemId, SessionId, Timestamp};
use crate::validate::WrittenVersion;
use serde::{Deserialize, Serialize};

/// One item's answer so far: a choice, a note, or both.
///
/// Built by `crate::validate::validate_draft`, so `chosen` is one of the
/// item's option values and at least one of the two is set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftAnswer {
    pub id: ItemId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
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
