//! The output: one decision per item, in the input's order.
//!
//! The Rust API:
//!
//! ```text
//! pub struct DecideOutput                       // built by the rule pass only
//!     fn decisions(&self) -> &[Decision]
//!     fn to_compact_json(&self) -> String
//! pub struct Decision { id, answer, note }      // fields pub(crate)
//!     fn id(&self) -> ItemId
//!     fn answer(&self) -> &Answer
//!     fn chosen(&self) -> Option<&str>          // Answer::Chosen only
//!     fn note(&self) -> Option<&str>            // non-blank when Some
//! pub enum Answer {
//!     Chosen(String),          // {"chosen":"jwt"}: an item without `multiple`
//!     ChosenMany(Vec<String>), // {"chosen":["a","b"]}: `multiple`, ≥ 1, options' order
//!     Other(String),           // {"other":"…"}: `allow_other`, trimmed, ≤ 4,000 chars
//!     Skipped,                 // {"skipped":true}: `allow_skip`
//! }
//! ```
//!
//! A `Decision` serialises flat: `{"id":1,"chosen":…}`, `{"id":2,"other":…}`
//! or `{"id":3,"skipped":true}`, each with `"note"` when there is one.

use super::{ItemId, SessionId};
use serde::{Serialize, Serializer};

/// The longest answer of one's own, in characters (after trimming).
pub const MAX_OTHER_CHARS: usize = 4_000;

/// The person's answers, as `aide decide result` prints them.
// Built only by the rule pass (`crate::validate`) against the input it
// answers, so each item is decided exactly once, in a way its flags allow.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct DecideOutput {
    /// One decision per item, in the order of the input's items.
    pub(crate) decisions: Vec<Decision>,
    /// For a session whose items say `reversible` or `if_unanswered`: who
    /// answered, and what went provisional (`model/later.rs`); `None` for
    /// every other session, whose output stays the spec's.
    #[cfg_attr(
        feature = "schema",
        schemars(flatten, with = "super::beside::LaterShape")
    )]
    pub(crate) later: Option<super::beside::Later>,
}

/// The answer to one item: the one answer type, for results, records,
/// drafts and every way the person answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub(crate) id: ItemId,
    pub(crate) answer: Answer,
    /// Present only when the person wrote something.
    pub(crate) note: Option<String>,
    /// Who or what answered.
    pub(crate) by: By,
}

/// Who or what answered an item.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum By {
    /// The person, on the page, in the view or in their client's form.
    #[default]
    Person,
    /// Nobody yet: the item's rule took its recommended option; the item
    /// stays open for the person.
    Provisional(Provisional),
    /// A standing ruling the person granted, at submit (issue 56).
    Ruling(RuledBy),
    /// The person, who overturned what this ruling had answered at submit
    /// (issue 56): written `"by":"person"` with `"overturned"`.
    Overturned(RuledBy),
}

impl By {
    /// Whether the person gave the answer (overturning a ruling or not).
    pub fn is_person(&self) -> bool {
        matches!(self, By::Person | By::Overturned(_))
    }
}

/// Why an answer is provisional, in the reader's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provisional {
    pub(crate) reason: String,
    /// The person said "Decide later" on an item that takes nothing: no
    /// answer is given (the decision's answer is not written), the agent
    /// works around the item.
    pub(crate) deferred: bool,
}

impl Provisional {
    /// Why the answer is provisional.
    pub fn reason(&self) -> &str {
        &self.reason
    }
    /// Nothing was taken: the item is deferred.
    pub fn deferred(&self) -> bool {
        self.deferred
    }
}

/// The standing ruling that answered an item, and the earlier answer of
/// the person it stands for: `"ruled_by"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RuledBy {
    /// The ruling's id, as `aide decide rules` lists it.
    pub ruling: String,
    /// The session whose answer the person made a ruling of.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub record: SessionId,
    /// Its item.
    pub item: ItemId,
}

/// What the person answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// One option's value (an item without `multiple`).
    Chosen(String),
    /// Option values, at least one, in the options' order (`multiple`).
    ChosenMany(Vec<String>),
    /// An answer of the person's own, trimmed, not blank (`allow_other`).
    Other(String),
    /// Left undecided (`allow_skip`); the note says why, if given.
    Skipped,
}

impl DecideOutput {
    /// The answers, in the order of the input's items.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }
    /// Compact JSON, as `result` prints it.
    pub fn to_compact_json(&self) -> String {
        // Serialising strings and numbers into a String cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Decision {
    /// The item answered.
    pub fn id(&self) -> ItemId {
        self.id
    }
    /// What the person answered.
    pub fn answer(&self) -> &Answer {
        &self.answer
    }
    /// The chosen option's value, when one option was chosen.
    pub fn chosen(&self) -> Option<&str> {
        match &self.answer {
            Answer::Chosen(value) => Some(value),
            _ => None,
        }
    }
    /// The person's note, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }
    /// Who or what answered.
    pub fn by(&self) -> &By {
        &self.by
    }
    /// The ruling's answer overturned by the person (issue 56): the item
    /// is theirs to answer; a decision that is not a ruling's is as it is.
    pub fn overturned(self) -> Decision {
        match self.by {
            By::Ruling(by) => Decision {
                by: By::Overturned(by),
                ..self
            },
            _ => self,
        }
    }
    /// `item` answered with its option `value` by a ruling: `None` when
    /// `value` is none of its options (the ruling is stale for it).
    pub fn ruled(item: &super::DecideItem, value: &str, ruled_by: RuledBy) -> Option<Decision> {
        let value = item.option(value)?.value().to_owned();
        let answer = if item.multiple() {
            Answer::ChosenMany(vec![value])
        } else {
            Answer::Chosen(value)
        };
        Some(Decision {
            id: item.id(),
            answer,
            note: None,
            by: By::Ruling(ruled_by),
        })
    }
}

impl DecideOutput {
    /// Whether any item was answered by something other than the person:
    /// only then does each decision say who gave it (`"by"`), so a
    /// session of the spec's alone prints as the spec writes it.
    pub(crate) fn says_by(&self) -> bool {
        self.decisions.iter().any(|d| d.by != By::Person)
    }
    /// The answers from a standing ruling each, for an input every item
    /// of which one answers (`decisions` in the items' order).
    pub fn ruled(input: &super::DecideInput, decisions: Vec<Decision>) -> Option<DecideOutput> {
        let fits = decisions.len() == input.items().len()
            && decisions
                .iter()
                .zip(input.items())
                .all(|(d, item)| d.id == item.id() && matches!(d.by, By::Ruling(_)));
        fits.then_some(DecideOutput {
            decisions,
            later: None,
        })
    }
}

/// One value or several, as `chosen` is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) enum Chosen<'a> {
    /// The value of the one option chosen (an item without `multiple`).
    One(&'a str),
    /// The values of the options chosen, at least one, in the options'
    /// order, none twice (an item with `multiple`).
    Many(&'a [String]),
}

/// One item's answer: exactly one of `chosen`, `other` and `skipped`, and
/// a `note` when the person wrote one.
// A decision as it is written, flat; also the source of the output's JSON
// Schema.
#[derive(Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Decision", deny_unknown_fields))]
struct Flat<'a> {
    /// The id of the item answered.
    id: ItemId,
    /// The option(s) chosen. Exactly one of `chosen`, `other` and
    /// `skipped` is present.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "Chosen<'static>"))]
    chosen: Option<Chosen<'a>>,
    /// The person's own answer (only for items with `allow_other`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "String", length(min = 1, max = 4000))
    )]
    other: Option<&'a str>,
    /// Always `true` when present: the person left the item undecided
    /// (only for items with `allow_skip`). No option was chosen for them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "bool"))]
    skipped: Option<bool>,
    /// What the person wrote about it; present only when not blank.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    note: Option<&'a str>,
    /// Who answered: `person`, `provisional` (the item's rule took its
    /// recommended option, or the person chose to decide it later; also
    /// for a deferred item) or `ruling` (a standing ruling of the
    /// person's, at submit; see `ruled_by`). Written only in a session
    /// whose items say `reversible` or `if_unanswered`, while the person
    /// has said "Decide later", or in one a ruling answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    by: Option<&'static str>,
    /// Always `true` when present: nobody has answered the item yet; the
    /// item's rule took its recommended option.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "bool"))]
    provisional: Option<bool>,
    /// Always `true` when present: the person chose to decide the item
    /// later and it takes no answer (not reversible, or no
    /// recommendation); none of `chosen`, `other` and `skipped` is
    /// written: work around the item.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "bool"))]
    deferred: Option<bool>,
    /// Why the answer is provisional or the item deferred.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    reason: Option<&'a str>,
    /// With `"by":"ruling"`: the ruling, and the earlier answer of the
    /// person it stands for (its session and item).
    #[serde(skip_serializing_if = "Option::is_none")]
    ruled_by: Option<&'a RuledBy>,
    /// With `"by":"person"`: the standing ruling that had answered the
    /// item at submit, which the person overturned to answer it.
    #[serde(skip_serializing_if = "Option::is_none")]
    overturned: Option<&'a RuledBy>,
}

impl Decision {
    /// Written flat; `marked` writes `by` for the person too (a session
    /// that uses a rule), else only a provisional answer says who.
    pub(crate) fn write<S: Serializer>(
        &self,
        marked: bool,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let (by, provisional, reason, ruled_by) = match &self.by {
            By::Person => (marked.then_some("person"), None, None, None),
            By::Provisional(p) => (
                Some("provisional"),
                Some(!p.deferred),
                Some(p.reason.as_str()),
                None,
            ),
            By::Ruling(ruled_by) => (Some("ruling"), None, None, Some(ruled_by)),
            By::Overturned(_) => (Some("person"), None, None, None),
        };
        let overturned = match &self.by {
            By::Overturned(by) => Some(by),
            _ => None,
        };
        let deferred = provisional == Some(false);
        let mut flat = Flat {
            id: self.id,
            chosen: None,
            other: None,
            skipped: None,
            note: self.note.as_deref(),
            by,
            provisional: provisional.filter(|p| *p),
            deferred: deferred.then_some(true),
            reason,
            ruled_by,
            overturned,
        };
        match &self.answer {
            // A deferred item has no answer to write.
            _ if deferred => {}
            Answer::Chosen(value) => flat.chosen = Some(Chosen::One(value)),
            Answer::ChosenMany(values) => flat.chosen = Some(Chosen::Many(values)),
            Answer::Other(text) => flat.other = Some(text),
            Answer::Skipped => flat.skipped = Some(true),
        }
        flat.serialize(serializer)
    }
}

impl Serialize for Decision {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.write(false, serializer)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Decision {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Decision".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = Flat::json_schema(generator);
        // Exactly one kind of answer: a rule of the struct, not a field's.
        let one_of: Vec<serde_json::Value> = ["chosen", "other", "skipped", "deferred"]
            .iter()
            .map(|key| {
                let mut rule = serde_json::Map::new();
                rule.insert("required".into(), vec![*key].into());
                rule.into()
            })
            .collect();
        schema.insert("oneOf".into(), one_of.into());
        for flag in ["skipped", "deferred"] {
            if let Some(field) = schema
                .get_mut("properties")
                .and_then(|p| p.get_mut(flag))
                .and_then(serde_json::Value::as_object_mut)
            {
                field.insert("const".into(), true.into());
            }
        }
        schema
    }
}
