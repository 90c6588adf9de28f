//! Architecture decision records: every decided item of a project as a
//! Markdown file in MADR's format (`render.rs`), in the language of its
//! question unless one is set for aide, numbered as adr-tools numbers them
//! (`0001-title-in-words.md`, after the highest number in the folder, past
//! 9999 too). A file aide wrote ends with a comment naming its item, so a
//! later export keeps its name and number and rewrites it only when what
//! it says changed. A later decision of the same question (its title in
//! the same words) supersedes the earlier one: the new file says
//! "Supersedes", the older "Superseded by". A file of the same name that
//! aide did not write is never overwritten: the export is refused first.
//! Each standing ruling of the person's (issue 56) is an accepted record
//! too (`ruling.rs`), whatever the filter.

mod decided;
mod folder;
mod render;
mod ruling;

use crate::store::{DecisionStore, Sharing, StoreError, read_regular_text, replace_file};
use app::{Lang, SessionId};
use chrono::NaiveDate;
pub use decided::Decided;
use decided::{decided, supersessions};
use folder::{existing, slug};
use render::Link;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// Which decisions to write.
#[derive(Debug, Default)]
pub struct Filter {
    /// Only these sessions (all when empty).
    pub sessions: Vec<SessionId>,
    /// Only those decided on this day or later.
    pub since: Option<NaiveDate>,
    /// The language set for aide (`--lang`, `AIDE_LANG`, the config); else
    /// each record is in its question's language.
    pub lang: Option<Lang>,
}

/// What an export did.
#[derive(Debug, Default)]
pub struct Exported {
    pub written: Vec<PathBuf>,
    pub updated: Vec<PathBuf>,
    pub unchanged: usize,
    /// Records that could not be read, passed by.
    pub unreadable: Vec<StoreError>,
}

/// Why nothing was written.
#[derive(Debug)]
pub enum ExportError {
    /// The folder cannot be made or written in.
    Folder {
        path: PathBuf,
        source: io::Error,
    },
    /// A file of the name a record would take is not aide's.
    NotOurs {
        path: PathBuf,
    },
    /// A file could not be written (those before it were).
    Write {
        path: PathBuf,
        source: io::Error,
    },
    Store(StoreError),
}

impl From<StoreError> for ExportError {
    fn from(error: StoreError) -> Self {
        ExportError::Store(error)
    }
}

/// Writes the decisions `filter` selects into `dir`, and brings up to date
/// every file aide wrote there before.
pub fn export(store: &DecisionStore, dir: &Path, filter: &Filter) -> Result<Exported, ExportError> {
    let mut exported = Exported::default();
    let decided = decided(store, filter.lang, &mut exported.unreadable)?;
    let (earlier, later) = supersessions(&decided);
    let existing = existing(dir)?;
    // In scope: what the filter selects, and what this folder has already.
    let mut names: BTreeMap<usize, String> = BTreeMap::new();
    let mut next = existing.highest + 1;
    for (at, d) in decided.iter().enumerate() {
        let key = (d.session.to_string(), d.item_id);
        if let Some(name) = existing.ours.get(&key) {
            names.insert(at, name.clone());
        } else if selected(d, filter) {
            names.insert(at, format!("{next:04}-{}.md", slug(d.item.title())));
            next += 1;
        }
    }
    let link = |at: usize| match names.get(&at) {
        Some(name) => Link::File(name.clone()),
        None => Link::Session(decided[at].session.to_string()),
    };
    let mut texts: Vec<(String, String)> = names
        .iter()
        .map(|(&at, name)| {
            let text = render::render(
                &decided[at],
                earlier.get(&at).map(|&e| link(e)).as_ref(),
                later.get(&at).map(|&l| link(l)).as_ref(),
            );
            (name.clone(), text)
        })
        .collect();
    for file in store.rulings_files() {
        let rulings = match file.read() {
            Ok(read) => read.rulings,
            Err(e) => {
                exported.unreadable.push(e);
                continue;
            }
        };
        for r in &rulings {
            let name = existing
                .ours
                .get(&ruling::key(r))
                .cloned()
                .unwrap_or_else(|| {
                    next += 1;
                    format!("{:04}-ruling-{}.md", next - 1, slug(&r.title))
                });
            let lang = filter
                .lang
                .unwrap_or_else(|| crate::lang::of_text([r.title.as_str(), r.label.as_str()]));
            texts.push((name, ruling::render(r, lang)));
        }
    }
    let mut planned = Vec::new();
    for (name, text) in texts {
        let path = dir.join(&name);
        // A FIFO or a folder of that name is refused, not waited on.
        let before = match read_regular_text(&path) {
            Ok(before) => Some(before),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(_) => return Err(ExportError::NotOurs { path }),
        };
        match before {
            Some(before) if before == text => exported.unchanged += 1,
            Some(before) if render::marked(&before).is_none() => {
                return Err(ExportError::NotOurs { path });
            }
            before => planned.push((path, text, before.is_some())),
        }
    }
    for (path, text, updated) in planned {
        write(&path, &text).map_err(|source| ExportError::Write {
            path: path.clone(),
            source,
        })?;
        if updated {
            exported.updated.push(path);
        } else {
            exported.written.push(path);
        }
    }
    Ok(exported)
}

/// Writes `text` as `path` through the store's one atomic writer,
/// readable by all as a document in a repository is (aide's own files are
/// the owner's only; these are meant to be shared).
fn write(path: &Path, text: &str) -> io::Result<()> {
    replace_file(path, text.as_bytes(), Sharing::Readable).map(drop)
}

fn selected(d: &Decided, filter: &Filter) -> bool {
    (filter.sessions.is_empty() || filter.sessions.contains(&d.session))
        && filter
            .since
            .is_none_or(|since| d.at.get().date_naive() >= since)
}

#[cfg(test)]
mod tests {
    use super::folder::number_of;
    use super::*;

    #[test]
    fn a_title_becomes_the_words_of_a_file_name() {
        assert_eq!(
            slug("How long does a login last?"),
            "how-long-does-a-login-last"
        );
        assert_eq!(slug("缓存用哪个数据库?"), "缓存用哪个数据库");
        assert_eq!(slug("?!"), "decision");
        assert_eq!(slug(&"a".repeat(100)).len(), 60);
    }

    #[test]
    fn numbers_past_9999_are_read_whole() {
        assert_eq!(number_of("0001-record-architecture-decisions.md"), Some(1));
        assert_eq!(number_of("9999-a.md"), Some(9999));
        assert_eq!(number_of("10000-a.md"), Some(10000));
        assert_eq!(number_of("123456-a.md"), Some(123_456));
        assert_eq!(number_of("001-a.md"), None, "fewer than four digits");
        assert_eq!(number_of("0002-a.txt"), None);
        assert_eq!(number_of("0002.md"), None);
        assert_eq!(number_of("99999999999-a.md"), None, "beyond u32");
    }
}
