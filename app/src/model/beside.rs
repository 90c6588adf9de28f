//! What the output of a session that uses rules says beside its
//! decisions (`final`, `waiting`, `was_provisional`, `differs`): part of
//! the output type; `later.rs` works it out.

use super::ItemId;

/// What a session that uses rules says beside its decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Later {
    /// The person has answered every item (a record); else the decisions
    /// are the provisional ones so far.
    pub(crate) done: bool,
    /// Not yet final: the items nobody has answered, provisionally or not.
    pub(crate) waiting: Vec<ItemId>,
    /// Final: the items whose rule fired before the person answered them.
    pub(crate) was_provisional: Vec<ItemId>,
    /// Final: of those, the items the person answered otherwise than the
    /// rule took.
    pub(crate) differs: Vec<ItemId>,
}

/// What a session that uses rules adds to the output, for the schema only
/// (written by hand below); absent for every other session.
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[allow(dead_code, reason = "describes a type serialised by hand")]
pub(crate) struct LaterShape {
    /// Only in a session whose items say `reversible` or `if_unanswered`:
    /// `true` once the person answered every item (each decision then says
    /// `"by":"person"`); `false` while the decisions are only the
    /// provisional ones its rules took (`aide decide result` exits 6).
    #[schemars(rename = "final", skip_serializing_if = "Clone::clone")]
    done: bool,
    /// Not final: the items nobody has answered yet.
    #[schemars(skip_serializing_if = "Vec::is_empty")]
    waiting: Vec<ItemId>,
    /// Final: the items whose rule fired before the person answered.
    #[schemars(skip_serializing_if = "Vec::is_empty")]
    was_provisional: Vec<ItemId>,
    /// Final: of those, the items the person answered otherwise than the
    /// rule took.
    #[schemars(skip_serializing_if = "Vec::is_empty")]
    differs: Vec<ItemId>,
}

impl Later {
    /// Whether the person has answered every item.
    pub fn done(&self) -> bool {
        self.done
    }
    /// Items nobody has answered yet (not final only).
    pub fn waiting(&self) -> &[ItemId] {
        &self.waiting
    }
    /// Items the person answered otherwise than provisionally taken.
    pub fn differs(&self) -> &[ItemId] {
        &self.differs
    }
}
