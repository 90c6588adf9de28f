//! What an option shows besides its words (issue 57): a Markdown preview,
//! a unified diff (`diff.rs`), a picture. Built only by the rule pass
//! (`crate::validate`), so an `Image` always has the bytes its name says.

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
    fn a_name_says_its_format_in_any_case() {
        assert_eq!(ImageFormat::of_name("a/B.PNG"), Some(ImageFormat::Png));
        assert_eq!(ImageFormat::of_name("shot.jpeg"), Some(ImageFormat::Jpeg));
        assert_eq!(ImageFormat::of_name("x.Jpg"), Some(ImageFormat::Jpeg));
        assert_eq!(ImageFormat::of_name("logo.svg"), None);
        assert_eq!(ImageFormat::of_name("png"), None);
    }
}
