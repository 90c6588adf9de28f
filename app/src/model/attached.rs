//! What an option shows besides its words (issue 57): a Markdown preview,
//! a unified diff, a picture. Built only by the rule pass
//! (`crate::validate`), so a `Diff` always parsed and an `Image` always has
//! the bytes its name says.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::sync::Arc;

/// The most bytes of one option's `preview`.
pub const MAX_PREVIEW_BYTES: usize = 64 * 1024;
/// The most bytes of one option's diff (`diff`, or the file `diff_file`
/// names).
pub const MAX_DIFF_BYTES: usize = 512 * 1024;
/// The most bytes of one option's image file.
pub const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;
/// The most bytes of every preview, diff and image of one session
/// together: they are kept in its pending file and its record.
pub const MAX_SESSION_ATTACHED_BYTES: usize = 8 * 1024 * 1024;

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

/// A picture of an option: a PNG, JPEG, WebP or GIF file of the project,
/// with its bytes (what the person was shown, kept in the session's files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The path the agent gave, relative to the project root.
    pub(crate) file: String,
    pub(crate) format: ImageFormat,
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) bytes: Arc<[u8]>,
}

/// The kinds of picture aide shows. SVG is not one: it can carry script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Webp,
    Gif,
}

impl ImageFormat {
    /// Every one, in the order the format lists them.
    pub const ALL: [ImageFormat; 4] = [
        ImageFormat::Png,
        ImageFormat::Jpeg,
        ImageFormat::Webp,
        ImageFormat::Gif,
    ];

    /// Its name, as messages say it.
    pub fn name(self) -> &'static str {
        match self {
            ImageFormat::Png => "PNG",
            ImageFormat::Jpeg => "JPEG",
            ImageFormat::Webp => "WebP",
            ImageFormat::Gif => "GIF",
        }
    }

    /// Its media type, as the page serves it.
    pub fn media_type(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Webp => "image/webp",
            ImageFormat::Gif => "image/gif",
        }
    }

    /// The one a file name's extension says, in any letter case.
    pub fn of_name(name: &str) -> Option<ImageFormat> {
        let (_, extension) = name.rsplit_once('.')?;
        match extension.to_ascii_lowercase().as_str() {
            "png" => Some(ImageFormat::Png),
            "jpg" | "jpeg" => Some(ImageFormat::Jpeg),
            "webp" => Some(ImageFormat::Webp),
            "gif" => Some(ImageFormat::Gif),
            _ => None,
        }
    }
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

impl Image {
    /// The path the agent gave.
    pub fn file(&self) -> &str {
        &self.file
    }
    /// Which kind of picture it is.
    pub fn format(&self) -> ImageFormat {
        self.format
    }
    /// Its size in pixels, for the page to keep its place before it loads.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }
    /// Its bytes.
    pub fn bytes(&self) -> &Arc<[u8]> {
        &self.bytes
    }
}

/// Written beside the option's other fields: `image` (the path) and
/// `image_data` (the bytes in base64), so the session's files keep what
/// the person saw.
impl Serialize for Image {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use base64::Engine;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("image", &self.file)?;
        let data = base64::engine::general_purpose::STANDARD.encode(&self.bytes);
        map.serialize_entry("image_data", &data)?;
        map.end()
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

/// In the schema a picture is the path an agent gives (`image_data` is
/// written by aide, never read from an agent).
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Image {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Image".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "properties": {
                "image": {
                    "description": "A picture of the option: a PNG, JPEG, WebP or GIF file inside the project, as a path relative to the project root (SVG is refused). Read when the question is submitted; at most 2,097,152 bytes, and every preview, diff and picture of a question together at most 8,388,608.",
                    "type": "string",
                    "minLength": 1
                }
            }
        })
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

    #[test]
    fn a_name_says_its_format_in_any_case() {
        assert_eq!(ImageFormat::of_name("a/B.PNG"), Some(ImageFormat::Png));
        assert_eq!(ImageFormat::of_name("shot.jpeg"), Some(ImageFormat::Jpeg));
        assert_eq!(ImageFormat::of_name("x.Jpg"), Some(ImageFormat::Jpeg));
        assert_eq!(ImageFormat::of_name("logo.svg"), None);
        assert_eq!(ImageFormat::of_name("png"), None);
    }
}
