//! What an item says about silence (issue 58): whether its answer can be
//! undone, and what the agent may take when nobody answers in time. By
//! default an item waits for the person however long; only a reversible
//! item with a recommendation may carry a rule, and the validator checks
//! that once.

use serde::{Serialize, Serializer};
use std::time::Duration;

/// The shortest `after`: a rule that fires at once would answer for the
/// person before they could read the question.
pub const MIN_AFTER: Duration = Duration::from_secs(60);
/// The longest `after`: a week.
pub const MAX_AFTER: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// What to do when nobody answers the item within `after`: the agent gets
/// the option taken, marked provisional; the item stays open for the
/// person. Only on an item with `"reversible": true`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct IfUnanswered {
    /// How long the item waits for the person after the question is
    /// submitted, as `15m`, `2h` or `1h 30m`: at least a minute, at most a
    /// week.
    pub(crate) after: After,
    /// What the agent takes then: `recommended`, the item's recommended
    /// option (the item must have `recommend`).
    pub(crate) take: Take,
}

/// A duration as the agent wrote it (`15m`), kept so an input serialises
/// to itself, with what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct After {
    pub(crate) written: String,
    pub(crate) span: Duration,
}

/// What a rule takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Take {
    /// The item's recommended option(s).
    Recommended,
}

impl Take {
    /// The names `take` accepts, as written.
    pub const NAMES: [&'static str; 1] = ["recommended"];
}

impl IfUnanswered {
    /// How long the item waits for the person.
    pub fn after(&self) -> &After {
        &self.after
    }
    /// What the agent takes then.
    pub fn take(&self) -> Take {
        self.take
    }
}

impl After {
    /// As the agent wrote it.
    pub fn written(&self) -> &str {
        &self.written
    }
    /// The time it stands for.
    pub fn span(&self) -> Duration {
        self.span
    }
}

impl Serialize for After {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.written)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for After {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "After".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "minLength": 1,
            "description": "A duration such as 15m, 2h or 1h 30m (units: s, m, h, d), from 1 minute to 7 days."
        })
    }
}
