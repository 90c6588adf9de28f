//! What the ADR folder already holds: the numbers taken, the files aide
//! wrote (by the item each names), and the names new files get.

use super::ExportError;
use crate::store::read_regular_text;
use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// The files aide wrote in the folder, by item, and the highest number
/// any `NNNN-*.md` file there has.
pub(super) struct Existing {
    pub(super) ours: HashMap<(String, u32), String>,
    pub(super) highest: u32,
}

pub(super) fn existing(dir: &Path) -> Result<Existing, ExportError> {
    let folder = |source| ExportError::Folder {
        path: dir.to_path_buf(),
        source,
    };
    fs::create_dir_all(dir).map_err(folder)?;
    // Writable, before anything is written.
    tempfile::NamedTempFile::new_in(dir).map_err(folder)?;
    let mut found = Existing {
        ours: HashMap::new(),
        highest: 0,
    };
    for entry in fs::read_dir(dir).map_err(folder)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(number) = number_of(&name) else {
            continue;
        };
        found.highest = found.highest.max(number);
        if let Ok(text) = read_regular_text(&entry.path())
            && let Some(key) = super::render::marked(&text)
        {
            found.ours.insert(key, name);
        }
    }
    Ok(found)
}

/// The number of a record's file name: `NNNN-….md`, four digits or more
/// (adr-tools writes 10000 after 9999; read as four, it was 1000, and the
/// next export took 10000 again, over another record).
pub(super) fn number_of(name: &str) -> Option<u32> {
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    if digits < 4 || !name.ends_with(".md") || name.as_bytes().get(digits) != Some(&b'-') {
        return None;
    }
    name[..digits].parse().ok()
}

/// A title as a file name's words: letters and digits of any script,
/// lower-cased, joined by `-` (as adr-tools makes them), at most 60.
pub(super) fn slug(title: &str) -> String {
    let lower = title.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut slug = words.join("-");
    if let Some((cut, _)) = slug.char_indices().nth(60) {
        slug.truncate(cut);
        slug = slug.trim_end_matches('-').to_owned();
    }
    if slug.is_empty() {
        "decision".into()
    } else {
        slug
    }
}
