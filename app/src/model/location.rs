//! Where in the project a question arises: a file and its lines.

use serde::Serialize;

/// Where in a file the question comes from (1-based, inclusive lines).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct Location {
    /// A path relative to the project root.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    pub(crate) file: String,
    /// The first line, counting from 1.
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    pub(crate) start: u32,
    /// The last line (inclusive), not before `start`.
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    pub(crate) end: u32,
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
