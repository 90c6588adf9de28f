use super::location::Location;
use super::option::DecideOption;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU32;

/// The decisions to hand to the person: a task, where it came from, and
/// the open items.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "serde_json::Value")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct DecideInput {
    /// A short description of the task the decisions belong to.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) task: String,
    /// Where the items come from: the document they were found in, relative
    /// to the project (for example `task-now.md`); for questions that arise
    /// in the conversation rather than in a file, write `chat`.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) source: String,
    /// The open questions, at least one; ids are unique.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) items: Vec<DecideItem>,
    /// Each item's id with its position, sorted by id: finding an item by
    /// id takes O(log n), so answers to thousands of items check in linear
    /// time. Built by the validator with `items`, never serialised.
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub(crate) by_id: ById,
}

/// Item ids with their positions, sorted by id.
pub(crate) type ById = Vec<(ItemId, u32)>;

/// One question for the person, with at least two options.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct DecideItem {
    /// A positive integer, unique among the items.
    pub(crate) id: ItemId,
    /// The question, in one line.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) title: String,
    /// Where in the project the question comes from; the page shows those
    /// lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) location: Option<Location>,
    /// Background the person needs to decide, in Markdown (shown below the
    /// question).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) context: Option<String>,
    /// At least two options; their values are unique within the item.
    #[cfg_attr(feature = "schema", schemars(length(min = 2)))]
    pub(crate) options: Vec<DecideOption>,
    /// The value of the option you recommend (one of the options' values);
    /// the page marks it. With `multiple`, it may be an array of values
    /// (at least one, each an option's value, none twice).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) recommend: Option<Recommend>,
    /// The person may choose one or more options; the decision's `chosen`
    /// is then an array of values, in the options' order.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) multiple: bool,
    /// The person may write an answer of their own instead of choosing an
    /// option; the decision then has `other` (the text) and no `chosen`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) allow_other: bool,
    /// The person may leave the item undecided, saying why in the note; the
    /// decision then has `"skipped": true` and no `chosen`. aide never
    /// picks an option for a skipped item.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) allow_skip: bool,
    /// Choosing differently later costs little (a setting, a name, a
    /// default that is easy to change). Only a reversible item may carry
    /// `if_unanswered`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) reversible: bool,
    /// When nobody answers within `after`, the agent gets the recommended
    /// option marked provisional and goes on; the item stays open for the
    /// person. Only with `"reversible": true` and `recommend`. Without it
    /// the item waits for the person however long.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) if_unanswered: Option<super::rule::IfUnanswered>,
    /// `"always"`: ask the person even where a standing ruling of theirs
    /// would answer (anything irreversible, or unlike the earlier case).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) ask: Option<Ask>,
}

/// When the person is asked an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Ask {
    /// Always, whatever rulings they granted.
    Always,
}

/// The recommended option's value, or (with `multiple`) an array of the
/// recommended options' values.
// Kept in the shape the agent wrote, so an input serialises to itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) enum Recommend {
    /// One option's value.
    One(#[cfg_attr(feature = "schema", schemars(length(min = 1)))] String),
    /// Several options' values (only with `multiple`): at least one, unique.
    Many(
        #[cfg_attr(feature = "schema", schemars(length(min = 1), inner(length(min = 1))))]
        Vec<String>,
    ),
}

impl Recommend {
    /// The recommended values, in the order the agent gave them.
    pub(crate) fn values(&self) -> &[String] {
        match self {
            Recommend::One(value) => std::slice::from_ref(value),
            Recommend::Many(values) => values,
        }
    }
}

/// For `skip_serializing_if`: flags are written only when set.
fn is_false(flag: &bool) -> bool {
    !*flag
}

/// A positive item id, unique within one input.
// (Doc comments here are the schema's descriptions, read by users and
// models.) Zero cannot be one: serde refuses it as `ItemId::new` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ItemId(pub(crate) NonZeroU32);

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
        self.position(id).map(|at| &self.items[at])
    }
    /// Where the item with this id stands in `items`.
    pub fn position(&self, id: ItemId) -> Option<usize> {
        let at = self.by_id.binary_search_by_key(&id, |(id, _)| *id).ok()?;
        Some(self.by_id[at].1 as usize)
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
    /// The value of the recommended option (the first one, when several
    /// are recommended); always one of `options`.
    pub fn recommend(&self) -> Option<&str> {
        self.recommended().first().map(String::as_str)
    }
    /// Every recommended value (empty when none; several only with
    /// `multiple`), each one of `options`, none twice.
    pub fn recommended(&self) -> &[String] {
        self.recommend.as_ref().map_or(&[], Recommend::values)
    }
    /// Whether the person may choose several options.
    pub fn multiple(&self) -> bool {
        self.multiple
    }
    /// Whether the person may write an answer of their own.
    pub fn allow_other(&self) -> bool {
        self.allow_other
    }
    /// Whether the person may leave the item undecided.
    pub fn allow_skip(&self) -> bool {
        self.allow_skip
    }
    /// Whether a different answer later costs little.
    pub fn reversible(&self) -> bool {
        self.reversible
    }
    /// What the agent may take when nobody answers in time, if anything.
    pub fn if_unanswered(&self) -> Option<&super::rule::IfUnanswered> {
        self.if_unanswered.as_ref()
    }
    /// Whether the person is asked whatever rulings they granted.
    pub fn ask_always(&self) -> bool {
        self.ask == Some(Ask::Always)
    }
    /// The option with this value.
    pub fn option(&self, value: &str) -> Option<&DecideOption> {
        self.options.iter().find(|option| option.value == value)
    }
}

impl ItemId {
    /// The id `n`, if it is one (ids count from 1).
    pub fn new(n: u32) -> Option<ItemId> {
        NonZeroU32::new(n).map(ItemId)
    }
    /// The id as a number.
    pub fn get(self) -> u32 {
        self.0.get()
    }
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
