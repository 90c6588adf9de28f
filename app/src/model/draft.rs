//! Drafts: the answers so far, as the page saves them.
//!
//! A draft holds, per item it mentions, an answer with its note (the one
//! answer type, [`Decision`]) or a note alone. Written as
//! `{"id":1,"chosen":"jwt","note":"…"}` or `{"id":2,"note":"…"}`, the
//! answers exactly as `result` writes them; an item the person said to
//! decide later is `{"id":3,"later":true}`, and `"said_later"` lists
//! every item said so, answered since or not (issue 58; never in a draft
//! of a session where nobody pressed "Decide later").

use super::WrittenVersion;
use super::{Answer, Decision, ItemId, SessionId, Timestamp};
use serde::{Serialize, Serializer};

/// One item of a draft: an answer (with its note), or a note alone.
///
/// Built by the rule pass only (`crate::validate`), so an answer is one
/// its item allows and a note is never blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftEntry {
    /// Answered, maybe with a note.
    Answered(Decision),
    /// Not answered yet, but the person wrote a note.
    Noted { id: ItemId, note: String },
    /// Not answered: the person said "Decide later" (issue 58), maybe
    /// with a note. Answering the item takes it back.
    Later { id: ItemId, note: Option<String> },
}

impl DraftEntry {
    /// The item.
    pub fn id(&self) -> ItemId {
        match self {
            DraftEntry::Answered(decision) => decision.id(),
            DraftEntry::Noted { id, .. } | DraftEntry::Later { id, .. } => *id,
        }
    }

    /// The answer, once there is one (a note alone answers nothing).
    pub fn answer(&self) -> Option<&Answer> {
        match self {
            DraftEntry::Answered(decision) => Some(decision.answer()),
            DraftEntry::Noted { .. } | DraftEntry::Later { .. } => None,
        }
    }

    /// The person's note, if any.
    pub fn note(&self) -> Option<&str> {
        match self {
            DraftEntry::Answered(decision) => decision.note(),
            DraftEntry::Noted { note, .. } => Some(note),
            DraftEntry::Later { note, .. } => note.as_deref(),
        }
    }
}

impl Serialize for DraftEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Noted<'a> {
            id: ItemId,
            note: &'a str,
        }
        #[derive(Serialize)]
        struct SaidLater<'a> {
            id: ItemId,
            later: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            note: Option<&'a str>,
        }
        match self {
            DraftEntry::Answered(decision) => decision.serialize(serializer),
            DraftEntry::Noted { id, note } => Noted { id: *id, note }.serialize(serializer),
            DraftEntry::Later { id, note } => SaidLater {
                id: *id,
                later: true,
                note: note.as_deref(),
            }
            .serialize(serializer),
        }
    }
}

/// `{session_id}.draft.json`: what the person has chosen and written so far,
/// saved by the page as they work and removed once the record is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Draft {
    version: WrittenVersion,
    session_id: SessionId,
    /// When the page last saved it.
    saved_at: Timestamp,
    /// In the order of the input's items.
    #[serde(rename = "decisions")]
    entries: Vec<DraftEntry>,
    /// Every item the person has said to decide later, still so or not
    /// (answered since, or "Decide now"): the agent may have gone on with
    /// its provisional or deferred answer, so the record says so
    /// (`DecisionRecord::said_later`). Absent when nobody pressed it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    said_later: Vec<ItemId>,
}

impl Draft {
    /// A draft of `entries` (validated against the session's input) for
    /// `session_id`, saved at `saved_at`.
    /// Its `said_later` is the items `entries` says to decide later.
    pub fn new(session_id: SessionId, saved_at: Timestamp, entries: Vec<DraftEntry>) -> Self {
        let mut draft = Draft {
            version: WrittenVersion,
            session_id,
            saved_at,
            entries,
            said_later: Vec::new(),
        };
        draft.said_later = draft.later();
        draft
    }

    /// The same draft, its `said_later` also holding `earlier` (those of
    /// the draft it replaces), in the order they were said.
    pub fn said_before(mut self, earlier: &[ItemId]) -> Self {
        let now = std::mem::replace(&mut self.said_later, earlier.to_vec());
        for id in now {
            if !self.said_later.contains(&id) {
                self.said_later.push(id);
            }
        }
        self
    }

    /// Every item the person has said to decide later, still so or not.
    pub fn said_later(&self) -> &[ItemId] {
        &self.said_later
    }

    /// The session it belongs to.
    pub fn session_id(&self) -> &SessionId {
        &self.session_id
    }

    /// When it was saved.
    pub fn saved_at(&self) -> Timestamp {
        self.saved_at
    }

    /// The entries, in the order of the input's items.
    pub fn entries(&self) -> &[DraftEntry] {
        &self.entries
    }

    /// The entries, taken.
    pub fn into_entries(self) -> Vec<DraftEntry> {
        self.entries
    }

    /// The items the person said to decide later, in the input's order.
    pub fn later(&self) -> Vec<ItemId> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                DraftEntry::Later { id, .. } => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// How many items the draft answers (a note alone answers nothing).
    pub fn answered(&self) -> usize {
        self.entries.iter().filter(|e| e.answer().is_some()).count()
    }
}
