use super::ItemId;
use serde::Serialize;

/// The person's answers, as `aide decide result` prints them.
///
/// Built only by `crate::validate_output` against the input it answers, so
/// each item is decided exactly once and `chosen` is one of its values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecideOutput {
    pub(crate) decisions: Vec<Decision>,
}

/// The answer to one item.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    pub(crate) id: ItemId,
    pub(crate) chosen: String,
    /// Present only when the person wrote something.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) note: Option<String>,
}

impl DecideOutput {
    /// The answers, in the order of the input's items.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }
    /// Compact JSON, as `result` prints it.
    pub fn to_compact_json(&self) -> String {
        serde_json::json!(self).to_string()
    }
}

impl Decision {
    /// The item answered.
    pub fn id(&self) -> ItemId {
        self.id
    }
    /// The chosen option's value.
    pub fn chosen(&self) -> &str {
        &self.chosen
    }
    /// The person's note, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }
}
