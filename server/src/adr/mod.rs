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

mod render;
mod ruling;

use crate::search::Words;
use crate::store::{DecisionStore, Sharing, StoreError, read_regular_text, replace_file};
use app::{Answer, DecideItem, Lang, SessionId, Timestamp};
use chrono::NaiveDate;
use render::Link;
use std::collections::{BTreeMap, HashMap};
use std::fs;
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

/// One decided item.
pub struct Decided {
    pub session: SessionId,
    pub item_id: u32,
    pub item: DecideItem,
    pub task: String,
    pub answer: Answer,
    pub note: Option<String>,
    pub at: Timestamp,
    /// The language the record is written in.
    pub lang: Lang,
    /// The question in words, to tell a later decision of it.
    question: Vec<String>,
}

impl Decided {
    fn date(&self) -> String {
        self.at.get().format("%Y-%m-%d").to_string()
    }
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

/// Every decided item, the earliest first (skipped ones are not
/// decisions); a record that cannot be read is passed by.
fn decided(
    store: &DecisionStore,
    chosen: Option<Lang>,
    unreadable: &mut Vec<StoreError>,
) -> Result<Vec<Decided>, StoreError> {
    let words = Words::default();
    let mut all = Vec::new();
    for (session, _) in store.records().stamps()? {
        let record = match store.records().load(&session) {
            Ok(Some(record)) => record,
            Ok(None) => continue,
            Err(e) => {
                unreadable.push(e);
                continue;
            }
        };
        let input = &record.input.input;
        let lang = crate::lang::for_person(chosen, input);
        for decision in record.output.decisions() {
            if matches!(decision.answer(), Answer::Skipped) {
                continue;
            }
            let Some(item) = input.item(decision.id()) else {
                continue;
            };
            let question = words.question(item.title());
            all.push(Decided {
                session: session.clone(),
                item_id: decision.id().get(),
                item: item.clone(),
                task: input.task().to_owned(),
                answer: decision.answer().clone(),
                note: decision.note().map(str::to_owned),
                at: record.completed_at,
                lang,
                question,
            });
        }
    }
    all.sort_by(|a, b| {
        (a.at.get(), &a.session, a.item_id).cmp(&(b.at.get(), &b.session, b.item_id))
    });
    Ok(all)
}

/// For each decision, the one of the same question it supersedes (the
/// latest before it) and the one that supersedes it (the next after it):
/// the same question as the page's precedents take it
/// (`search::same_question`).
fn supersessions(decided: &[Decided]) -> (HashMap<usize, usize>, HashMap<usize, usize>) {
    let mut asked: HashMap<&[String], Vec<usize>> = HashMap::new();
    let (mut earlier, mut later) = (HashMap::new(), HashMap::new());
    for (at, d) in decided.iter().enumerate() {
        if d.question.is_empty() {
            continue;
        }
        let before_it = asked.entry(&d.question).or_default();
        let before = before_it
            .iter()
            .rev()
            .copied()
            .find(|&b| crate::search::same_question(true, &decided[b].item, &d.item));
        // Each decision is superseded once: by the next of its question.
        if let Some(before) = before
            && let std::collections::hash_map::Entry::Vacant(next) = later.entry(before)
        {
            next.insert(at);
            earlier.insert(at, before);
        }
        before_it.push(at);
    }
    (earlier, later)
}

fn selected(d: &Decided, filter: &Filter) -> bool {
    (filter.sessions.is_empty() || filter.sessions.contains(&d.session))
        && filter
            .since
            .is_none_or(|since| d.at.get().date_naive() >= since)
}

/// The files aide wrote in the folder, by item, and the highest number
/// any `NNNN-*.md` file there has.
struct Existing {
    ours: HashMap<(String, u32), String>,
    highest: u32,
}

fn existing(dir: &Path) -> Result<Existing, ExportError> {
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
            && let Some(key) = render::marked(&text)
        {
            found.ours.insert(key, name);
        }
    }
    Ok(found)
}

/// The number of a record's file name: `NNNN-….md`, four digits or more
/// (adr-tools writes 10000 after 9999; read as four, it was 1000, and the
/// next export took 10000 again, over another record).
fn number_of(name: &str) -> Option<u32> {
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    if digits < 4 || !name.ends_with(".md") || name.as_bytes().get(digits) != Some(&b'-') {
        return None;
    }
    name[..digits].parse().ok()
}

/// A title as a file name's words: letters and digits of any script,
/// lower-cased, joined by `-` (as adr-tools makes them), at most 60.
fn slug(title: &str) -> String {
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

#[cfg(test)]
mod tests {
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
