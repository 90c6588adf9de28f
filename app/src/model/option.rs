//! An item's option: what the person may choose, as the agent described
//! it, and the score it gave.

use super::attached::Image;
use super::diff::Diff;
use serde::Serialize;

/// One answer the person can choose. Its `preview`, `diff` and `image`
/// show what choosing it means; every preview, diff and picture of a
/// question together: at most 8,388,608 bytes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct DecideOption {
    /// What `aide decide result` reports as `chosen`; unique in the item.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) value: String,
    /// What the person reads.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) label: String,
    /// How good the agent thinks the option is, 0 to 100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<Score>,
    /// Advantages, one short line each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "schema", schemars(inner(length(min = 1))))]
    pub(crate) pros: Vec<String>,
    /// Drawbacks, one short line each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "schema", schemars(inner(length(min = 1))))]
    pub(crate) cons: Vec<String>,
    /// What choosing the option would look like, in Markdown (raw HTML is
    /// shown as text); the page shows it beside the other options'
    /// previews. At most 65,536 bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(length(min = 1, max = 65536)))]
    pub(crate) preview: Option<String>,
    /// The change the option makes, as a unified diff (what `git diff`
    /// prints); the page shows each file with line numbers, additions and
    /// removals marked, and its code highlighted by its language (the
    /// first 20,000 lines of a question's diffs; any after them plain). At
    /// most 524,288 bytes. Give `diff` or `diff_file`, not both.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) diff: Option<Diff>,
    /// A file inside the project that holds the option's unified diff, as a
    /// path relative to the project root: write it with
    /// `git diff > option-a.diff`, then name it here (and remove it once answered). Read when the
    /// question is submitted; at most 524,288 bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) diff_file: Option<String>,
    /// A picture of the option: `image`, a PNG, JPEG, WebP or GIF file
    /// inside the project (SVG is refused).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) image: Option<Image>,
}

/// A score from 0 to 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Score(#[cfg_attr(feature = "schema", schemars(range(max = 100)))] pub(crate) u8);

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
    /// What choosing it would look like, in Markdown, if given.
    pub fn preview(&self) -> Option<&str> {
        self.preview.as_deref()
    }
    /// The change it makes, if given (read from `diff_file` when named).
    pub fn diff(&self) -> Option<&Diff> {
        self.diff.as_ref()
    }
    /// The file the diff was read from, if it was.
    pub fn diff_file(&self) -> Option<&str> {
        self.diff_file.as_deref()
    }
    /// Its picture, if given.
    pub fn image(&self) -> Option<&Image> {
        self.image.as_ref()
    }
    /// Whether it shows anything besides its words (a preview, a diff, a
    /// picture).
    pub fn has_attached(&self) -> bool {
        self.preview.is_some() || self.diff.is_some() || self.image.is_some()
    }
}

impl Score {
    /// The score as a number from 0 to 100.
    pub fn get(self) -> u8 {
        self.0
    }
}
