use serde::{Deserialize, Serialize};
use std::fmt;

/// What an agent submits: a task, where it came from, and the open items.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "serde_json::Value")]
pub struct DecideInput {
    pub(crate) task: String,
    pub(crate) source: String,
    pub(crate) items: Vec<DecideItem>,
}

/// One question for the person, with at least two options.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecideItem {
    pub(crate) id: ItemId,
    pub(crate) title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) location: Option<Location>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) context: Option<String>,
    pub(crate) options: Vec<DecideOption>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) recommend: Option<String>,
}

/// Where in a file the question comes from (1-based, inclusive lines).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    pub(crate) file: String,
    pub(crate) start: u32,
    pub(crate) end: u32,
}

/// One answer the person can choose.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecideOption {
    pub(crate) value: String,
    pub(crate) label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<Score>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) pros: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) cons: Vec<String>,
}

/// A positive item id, unique within one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ItemId(pub(crate) u32);

/// A score from 0 to 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Score(pub(crate) u8);

impl DecideInput {
    /// The short task description.
    pub fn task(&self) -> &str {
        &self.task
    }
    /// The document the items come from.
    pub fn source(&self) -> &str {
        &self.source
    }
    /// The items, in the order the agent gave them.
    pub fn items(&self) -> &[DecideItem] {
        &self.items
    }
    /// The item with this id.
    pub fn item(&self, id: ItemId) -> Option<&DecideItem> {
        self.items.iter().find(|item| item.id == id)
    }
}

impl DecideItem {
    /// The item's id.
    pub fn id(&self) -> ItemId {
        self.id
    }
    /// The question.
    pub fn title(&self) -> &str {
        &self.title
    }
    /// Where the question comes from, if given.
    pub fn location(&self) -> Option<&Location> {
        self.location.as_ref()
    }
    /// Longer explanation, if given.
    pub fn context(&self) -> Option<&str> {
        self.context.as_deref()
    }
    /// The options (at least two, with unique values).
    pub fn options(&self) -> &[DecideOption] {
        &self.options
    }
    /// The value of the recommended option; always one of `options`.
    pub fn recommend(&self) -> Option<&str> {
        self.recommend.as_deref()
    }
    /// The option with this value.
    pub fn option(&self, value: &str) -> Option<&DecideOption> {
        self.options.iter().find(|option| option.value == value)
    }
}

impl Location {
    /// Path of the file, as the agent wrote it.
    pub fn file(&self) -> &str {
        &self.file
    }
    /// First line (1-based).
    pub fn start(&self) -> u32 {
        self.start
    }
    /// Last line (1-based, never before `start`).
    pub fn end(&self) -> u32 {
        self.end
    }
}

impl DecideOption {
    /// The identifier returned in `chosen`.
    pub fn value(&self) -> &str {
        &self.value
    }
    /// What the person reads.
    pub fn label(&self) -> &str {
        &self.label
    }
    /// The agent's score, if given.
    pub fn score(&self) -> Option<Score> {
        self.score
    }
    /// Advantages (possibly none).
    pub fn pros(&self) -> &[String] {
        &self.pros
    }
    /// Drawbacks (possibly none).
    pub fn cons(&self) -> &[String] {
        &self.cons
    }
}

impl ItemId {
    /// The id as a number.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Score {
    /// The score as a number from 0 to 100.
    pub fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<serde_json::Value> for DecideInput {
    type Error = crate::ValidationErrors;
    fn try_from(value: serde_json::Value) -> Result<Self, Self::Error> {
        crate::validate_input(&value)
    }
}
