//! The words of every decided item of one project, kept in the search
//! cache (`.aide/cache/search.jsonl`) so a search cuts each record's text
//! once. Its first line says which record files it was made from (their
//! stamps) and how many words it holds; then one JSON line per item,
//! `["SESSION",ITEM,"WORD WORD …"]` (the page's precedents keep their own,
//! `asked.rs`). A search reads the file whole, finds
//! the lines that hold a query word with `memmem` (no line is parsed for
//! that), and parses only those. A record new or changed since, or one
//! removed, makes the cache be written again; a cache that is missing,
//! damaged or of other words is made again from the records.

use super::words::Words;
use crate::store::{DecisionStore, FileStamp, StoreError};
use app::SessionId;
use memchr::memmem;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

mod renew;

/// Changes whenever `Words` cuts text differently, or the file's shape
/// changes: an older cache is made again (6: the questions left for the
/// precedent cache, `asked.rs`, which says it too).
pub(super) const WORDS_VERSION: u32 = 6;

/// The first line.
#[derive(Default, Serialize, Deserialize)]
struct Header {
    words_version: u32,
    /// Each record's file stamp, by session id.
    records: BTreeMap<String, FileStamp>,
    /// The stamps of the records that could not be read: named again at
    /// each search, read again once they change.
    unreadable: BTreeMap<String, FileStamp>,
    /// Items, and words over all items.
    items: usize,
    words: usize,
}

/// One item's line.
#[derive(Serialize, Deserialize)]
struct IndexLine(String, u32, String);

/// One item's line as read for a search: borrowed, as no word needs an
/// escape in JSON.
#[derive(Deserialize)]
struct LineRef<'a>(&'a str, u32, &'a str);

/// One decided item that holds a query word.
pub struct Item {
    pub session: SessionId,
    pub item: u32,
    /// How many words it has.
    pub length: usize,
    /// The query's words it holds, each as often as it holds it, joined
    /// by spaces.
    pub found: String,
}

/// The project's cache, read, and the records that could not be read.
pub struct Index {
    header: Header,
    lines: Vec<u8>,
    pub unreadable: Vec<StoreError>,
}

impl Index {
    /// The cache of `store`'s project, made again first where records
    /// changed.
    pub fn load(store: &DecisionStore, words: &Words) -> Result<Index, StoreError> {
        let stamps: BTreeMap<String, FileStamp> = store
            .records()
            .stamps()?
            .into_iter()
            .map(|(session, stamp)| (session.to_string(), stamp))
            .collect();
        if stamps.is_empty() {
            // Nothing decided yet: no cache to read or write.
            return Ok(Index::empty());
        }
        let cached = store
            .caches()
            .read_search()
            .and_then(split_header)
            .filter(|(header, _)| header.words_version == WORDS_VERSION);
        let mut index = match cached {
            Some((header, lines)) => Index {
                header,
                lines,
                unreadable: Vec::new(),
            },
            None => Index::empty(),
        };
        let known = index.header.records.len() + index.header.unreadable.len();
        let unchanged = known == stamps.len()
            && stamps.iter().all(|(key, stamp)| {
                index
                    .header
                    .records
                    .get(key)
                    .or(index.header.unreadable.get(key))
                    == Some(stamp)
            });
        if !unchanged {
            index = index.renewed(store, words, &stamps);
            if let Ok(mut bytes) = serde_json::to_vec(&index.header) {
                bytes.push(b'\n');
                bytes.extend_from_slice(&index.lines);
                // Only a cache: the search goes on without it.
                let _ = store.caches().write_search(&bytes);
            }
        }
        // The records that cannot be read are named at every search.
        let unreadable: Vec<String> = index.header.unreadable.keys().cloned().collect();
        for key in unreadable {
            if let Ok(session) = key.parse::<SessionId>()
                && let Err(e) = store.records().load(&session)
            {
                index.unreadable.push(e);
            }
        }
        Ok(index)
    }

    /// How many items the project has, and their average length in words.
    pub fn size(&self) -> (usize, f32) {
        let items = self.header.items.max(1);
        (self.header.items, self.header.words as f32 / items as f32)
    }

    /// The items whose words hold one of `wanted`.
    pub fn holding(&self, wanted: &[String]) -> Vec<Item> {
        let mut starts = BTreeSet::new();
        for word in wanted {
            for at in memmem::find_iter(&self.lines, word.as_bytes()) {
                let end = at + word.len();
                // A whole word: after `"` or a space, before one.
                let whole = at > 0
                    && matches!(self.lines[at - 1], b'"' | b' ')
                    && matches!(self.lines.get(end), Some(b'"' | b' '));
                if whole {
                    let start = memchr::memrchr(b'\n', &self.lines[..at]).map_or(0, |n| n + 1);
                    starts.insert(start);
                }
            }
        }
        starts
            .into_iter()
            .filter_map(|start| {
                let rest = &self.lines[start..];
                let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
                let LineRef(session, item, words) = serde_json::from_slice(&rest[..end]).ok()?;
                let found: Vec<&str> = wanted
                    .iter()
                    .flat_map(|word| {
                        let times = occurrences(words.as_bytes(), word.as_bytes());
                        std::iter::repeat_n(word.as_str(), times)
                    })
                    .collect();
                Some(Item {
                    session: session.parse().ok()?,
                    item,
                    length: memchr::memchr_iter(b' ', words.as_bytes()).count() + 1,
                    found: found.join(" "),
                })
            })
            .filter(|item| !item.found.is_empty())
            .collect()
    }
}

/// How often `word` is a whole word of `words` (words joined by spaces).
fn occurrences(words: &[u8], word: &[u8]) -> usize {
    memmem::find_iter(words, word)
        .filter(|&at| {
            let end = at + word.len();
            (at == 0 || words[at - 1] == b' ') && (end == words.len() || words[end] == b' ')
        })
        .count()
}

/// The header line, and the item lines after it.
fn split_header(mut bytes: Vec<u8>) -> Option<(Header, Vec<u8>)> {
    let end = memchr::memchr(b'\n', &bytes)?;
    let header = serde_json::from_slice(&bytes[..end]).ok()?;
    bytes.drain(..=end);
    Some((header, bytes))
}
