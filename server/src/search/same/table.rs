//! Reading the concept table's text (`concepts.txt`, or another table the
//! bench tries) into [`Concepts`].

use super::super::words::{Words, is_han};
use super::concepts::{Concept, Concepts};

/// A line of the table that cannot be read, with its number.
#[derive(Debug, PartialEq)]
pub struct TableError {
    pub line: usize,
    pub why: &'static str,
}

impl Concepts {
    /// Reads a table: per line `NAME [@KIND] [*WEIGHT]: english, … | 中文, …`,
    /// `#` comments. A term may name one concept only; an English term
    /// written `=term` is also a name of one thing of that concept.
    pub fn parse(text: &str, words: &Words) -> Result<Concepts, TableError> {
        let mut table = Concepts::default();
        for (at, line) in text.lines().enumerate() {
            let error = |why| TableError { line: at + 1, why };
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let (head, terms) = line.split_once(':').ok_or(error("no ':'"))?;
            let mut head = head.split_whitespace();
            let name = head.next().ok_or(error("no name"))?.to_owned();
            let (mut kind, mut weight) = (None, 1.0);
            for part in head {
                if let Some(k) = part.strip_prefix('@') {
                    kind = Some(k.to_owned());
                } else if let Some(w) = part.strip_prefix('*') {
                    weight = w.parse().map_err(|_| error("a weight is a number"))?;
                } else {
                    return Err(error("after the name: @KIND or *WEIGHT"));
                }
            }
            let id = table.concepts.len();
            if table.by_name.insert(name.clone(), id).is_some() {
                return Err(error("a concept named twice"));
            }
            table.concepts.push(Concept { name, kind, weight });
            let (english, chinese) = terms.split_once('|').unwrap_or((terms, ""));
            for term in english.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                // `=name`: one thing of the concept's, which another of
                // them (`=other`) is not ("Jest" and "Vitest" are both
                // test runners; "Should we migrate to Jest?" and "… to
                // Vitest?" are two questions).
                let (term, name) = match term.strip_prefix('=') {
                    Some(name) => (name.trim(), true),
                    None => (term, false),
                };
                let (map, stems) = match term.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                    Some(quoted) => (&mut table.exact, words.plain(quoted)),
                    None => (&mut table.english, words.stems(term)),
                };
                if stems.is_empty() {
                    return Err(error("an English term without letters"));
                }
                if name {
                    table.names.insert(stems.clone());
                }
                table.longest_english = table.longest_english.max(stems.len());
                if map.insert(stems, id).is_some_and(|was| was != id) {
                    return Err(error("an English term in two concepts"));
                }
            }
            for term in chinese.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                // Chinese terms are looked for in runs of Han characters
                // only: "刷新 token" or a second '|' would never match.
                if !term.chars().all(is_han) {
                    return Err(error("a Chinese term is Han characters only"));
                }
                table.longest_chinese = table.longest_chinese.max(term.chars().count());
                if table
                    .chinese
                    .insert(term.to_owned(), id)
                    .is_some_and(|was| was != id)
                {
                    return Err(error("a Chinese term in two concepts"));
                }
            }
        }
        Ok(table)
    }
}
