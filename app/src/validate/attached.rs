//! The rules of what an option shows besides its words (issue 57):
//! `preview` (Markdown), `diff` or `diff_file` (a unified diff, as text or
//! in a file of the project), `image` (a picture in the project). An
//! agent's files are read here, through the [`ProjectFiles`] the caller
//! gives: the app crate has no file system, the server reads inside the
//! project. A stored file carries what was read (`diff`, `image_data`), so
//! reading it back reads no other file.

use super::ErrorKind;
use super::fields::{non_blank, optional};
use super::files::Attaching;
use super::path::{Path, Report};
use super::raw::{RawField, Text};
use crate::model::{Diff, Image, ImageFormat, MAX_DIFF_BYTES, MAX_IMAGE_BYTES, MAX_PREVIEW_BYTES};

/// An option's fields of this kind, as written.
pub(crate) struct RawAttached<'a> {
    pub preview: RawField<Text<'a>>,
    pub diff: RawField<Text<'a>>,
    pub diff_file: RawField<Text<'a>>,
    pub image: RawField<Text<'a>>,
    pub image_data: RawField<Text<'a>>,
}

/// An option's fields of this kind, checked.
#[derive(Default)]
pub(crate) struct Attached {
    pub preview: Option<String>,
    pub diff: Option<Diff>,
    pub diff_file: Option<String>,
    pub image: Option<Image>,
}

/// The option's preview, diff and image, each by its rules; `None` when
/// one of them is wrong (each problem is in `report`).
pub(crate) fn attached(
    raw: RawAttached<'_>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<Attached> {
    let preview = preview(raw.preview, at.key("preview"), attaching, report);
    let diff = diff(raw.diff, raw.diff_file, at, attaching, report);
    let image = image(raw.image, raw.image_data, at, attaching, report);
    let (diff, diff_file) = diff?;
    Some(Attached {
        preview: preview?,
        diff,
        diff_file,
        image: image?,
    })
}

/// Non-blank text of at most `max` bytes.
fn limited(text: Text<'_>, max: usize, at: Path<'_>, report: &mut Report<'_>) -> Option<String> {
    let text = non_blank(text, at, report)?;
    if text.len() > max {
        let actual = text.len();
        report.at(at, ErrorKind::TooLarge { max, actual });
        return None;
    }
    Some(text)
}

fn preview(
    field: RawField<Text<'_>>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<Option<String>> {
    let Some(text) = optional(field, at, report).ok()? else {
        return Some(None);
    };
    let text = limited(text, MAX_PREVIEW_BYTES, at, report)?;
    attaching.charge(text.len(), at, report)?;
    Some(Some(text))
}

/// `diff` as text, or read from `diff_file`; a stored file has both (the
/// text that was shown, and the file it was read from).
fn diff(
    text: RawField<Text<'_>>,
    file: RawField<Text<'_>>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<(Option<Diff>, Option<String>)> {
    let (text_at, file_at) = (at.key("diff"), at.key("diff_file"));
    let text = optional(text, text_at, report);
    let file = optional(file, file_at, report);
    let (text, file) = (text.ok()?, file.ok()?);
    let file = match file {
        Some(file) => Some(non_blank(file, file_at, report)?),
        None => None,
    };
    match (attaching.reads_files(), text, file) {
        (_, None, None) => Some((None, None)),
        (Some(_), Some(_), Some(_)) => {
            report.at(file_at, ErrorKind::DiffTwice);
            None
        }
        (Some(files), None, Some(file)) => {
            let bytes = attaching.read(files, &file, MAX_DIFF_BYTES, file_at, report)?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let diff = parsed(text, file_at, report)?;
            attaching.charge(diff.text.len(), file_at, report)?;
            Some((Some(diff), Some(file)))
        }
        (None, None, Some(_)) => {
            report.at(text_at, ErrorKind::Missing);
            None
        }
        (_, Some(text), file) => {
            let text = limited(text, MAX_DIFF_BYTES, text_at, report)?;
            let diff = parsed(text, text_at, report)?;
            attaching.charge(diff.text.len(), text_at, report)?;
            Some((Some(diff), file))
        }
    }
}

/// `text` with its files parsed, or the line where it stops being a
/// unified diff.
fn parsed(text: String, at: Path<'_>, report: &mut Report<'_>) -> Option<Diff> {
    match super::diff::files(&text) {
        Ok(files) => Some(Diff { text, files }),
        Err(line) => {
            report.at(at, ErrorKind::NotADiff { line });
            None
        }
    }
}

/// `image`: a path whose name says PNG, JPEG, WebP or GIF, and whose bytes
/// are that picture: read from the project for an agent, from
/// `image_data` in a stored file.
fn image(
    file: RawField<Text<'_>>,
    data: RawField<Text<'_>>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<Option<Image>> {
    let (file_at, data_at) = (at.key("image"), at.key("image_data"));
    let file = optional(file, file_at, report);
    let data = optional(data, data_at, report);
    let (file, data) = (file.ok()?, data.ok()?);
    if attaching.reads_files().is_some() && data.is_some() {
        // aide writes it; an agent names a file.
        let suggestion = None;
        report.at(data_at, ErrorKind::UnknownField { suggestion });
        return None;
    }
    let Some(file) = file else {
        if data.is_some() {
            report.at(file_at, ErrorKind::Missing);
            return None;
        }
        return Some(None);
    };
    let file = non_blank(file, file_at, report)?;
    let Some(format) = ImageFormat::of_name(&file) else {
        report.at(file_at, ErrorKind::NotAnImageName { file });
        return None;
    };
    let bytes = match (attaching.reads_files(), data) {
        (Some(files), _) => attaching.read(files, &file, MAX_IMAGE_BYTES, file_at, report)?,
        (None, Some(data)) => {
            use base64::Engine;
            let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(data.as_bytes())
            else {
                report.at(data_at, ErrorKind::NotBase64);
                return None;
            };
            bytes
        }
        (None, None) => {
            report.at(data_at, ErrorKind::Missing);
            return None;
        }
    };
    let found = imagesize::image_type(&bytes).ok().and_then(sniffed);
    let size = imagesize::blob_size(&bytes).ok();
    let (Some(size), true) = (size, found == Some(format)) else {
        let expected = format;
        report.at(
            file_at,
            ErrorKind::ImageBytes {
                file,
                expected,
                found,
            },
        );
        return None;
    };
    attaching.charge(bytes.len(), file_at, report)?;
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Some(Some(Image {
        file,
        format,
        width: clamp(size.width),
        height: clamp(size.height),
        bytes: bytes.into(),
    }))
}

/// The kinds of picture aide shows, of those `imagesize` knows.
fn sniffed(kind: imagesize::ImageType) -> Option<ImageFormat> {
    match kind {
        imagesize::ImageType::Png => Some(ImageFormat::Png),
        imagesize::ImageType::Jpeg => Some(ImageFormat::Jpeg),
        imagesize::ImageType::Webp => Some(ImageFormat::Webp),
        imagesize::ImageType::Gif => Some(ImageFormat::Gif),
        _ => None,
    }
}
