//! An option's diff (issue 57): the text the agent gave, with its files,
//! hunks and lines as the rule pass read them (`crate::validate`'s
//! `diff.rs`, by `diffy`), so a `Diff` always parsed.

#[cfg(feature = "schema")]
use super::attached::MAX_DIFF_BYTES;
use serde::{Serialize, Serializer};

/// A unified diff as the agent gave it, with its files parsed.
#[derive(Clone, Debug)]
pub struct Diff {
    pub(crate) text: String,
    pub(crate) files: Vec<DiffFile>,
}

/// One file of a diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffFile {
    /// The path before the change (`None` for a new file).
    pub(crate) old: Option<String>,
    /// The path after it (`None` for a deleted file).
    pub(crate) new: Option<String>,
    /// A binary file: the diff says it changed and shows nothing more.
    pub(crate) binary: bool,
    pub(crate) hunks: Vec<Hunk>,
}

/// One `@@` block of a file's diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    /// The first line of the block in the old and the new file (from 1).
    pub(crate) old_start: u32,
    pub(crate) new_start: u32,
    pub(crate) lines: Vec<DiffLine>,
}

/// One line of a hunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffLine {
    pub(crate) change: Change,
    /// Its text, without the `+`, `-` or space in front and without its
    /// line ending.
    pub(crate) text: String,
}

/// What a diff's line does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// In both files.
    Same,
    /// Only in the new file.
    Added,
    /// Only in the old file.
    Removed,
}

impl Diff {
    /// The diff as the agent gave it.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// Its files, in its order.
    pub fn files(&self) -> &[DiffFile] {
        &self.files
    }
}

/// A diff is its text: the files are read from it.
impl PartialEq for Diff {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Serialize for Diff {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl DiffFile {
    /// The path before the change, if the file was there.
    pub fn old_path(&self) -> Option<&str> {
        self.old.as_deref()
    }
    /// The path after it, if the file is still there.
    pub fn new_path(&self) -> Option<&str> {
        self.new.as_deref()
    }
    /// The path to show: the new one, or the old one of a deleted file.
    pub fn path(&self) -> &str {
        self.new.as_deref().or(self.old.as_deref()).unwrap_or("")
    }
    /// Whether it is a binary file, shown only as changed.
    pub fn binary(&self) -> bool {
        self.binary
    }
    /// Its blocks of changed lines (none for a binary file).
    pub fn hunks(&self) -> &[Hunk] {
        &self.hunks
    }
}

impl Hunk {
    /// Its first line in the old file (from 1; 0 when it had none).
    pub fn old_start(&self) -> u32 {
        self.old_start
    }
    /// Its first line in the new file.
    pub fn new_start(&self) -> u32 {
        self.new_start
    }
    /// Its lines, in order.
    pub fn lines(&self) -> &[DiffLine] {
        &self.lines
    }
    /// Each line with its number in the old file and in the new one (the
    /// side it is not on has none).
    pub fn numbered(&self) -> impl Iterator<Item = (Option<u32>, Option<u32>, &DiffLine)> {
        let (mut old, mut new) = (self.old_start, self.new_start);
        self.lines.iter().map(move |line| {
            let numbers = match line.change {
                Change::Same => (Some(old), Some(new)),
                Change::Removed => (Some(old), None),
                Change::Added => (None, Some(new)),
            };
            if numbers.0.is_some() {
                old += 1;
            }
            if numbers.1.is_some() {
                new += 1;
            }
            (numbers.0, numbers.1, line)
        })
    }
}

impl DiffLine {
    /// Whether it is added, removed or in both.
    pub fn change(&self) -> Change {
        self.change
    }
    /// Its text, without the marker and the line ending.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// In the schema a diff is its text.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Diff {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Diff".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "minLength": 1, "maxLength": MAX_DIFF_BYTES })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hunk_numbers_each_side_on_its_own() {
        let line = |change, text: &str| DiffLine {
            change,
            text: text.into(),
        };
        let hunk = Hunk {
            old_start: 10,
            new_start: 12,
            lines: vec![
                line(Change::Same, "a"),
                line(Change::Removed, "b"),
                line(Change::Added, "c"),
                line(Change::Added, "d"),
                line(Change::Same, "e"),
            ],
        };
        let numbers: Vec<_> = hunk.numbered().map(|(o, n, _)| (o, n)).collect();
        assert_eq!(
            numbers,
            [
                (Some(10), Some(12)),
                (Some(11), None),
                (None, Some(13)),
                (None, Some(14)),
                (Some(12), Some(15)),
            ]
        );
    }
}
