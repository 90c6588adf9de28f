//! The text of the precedents' cache (`asked.rs`): its first line (what
//! made it and how far into the ledger it read), its lines of questions
//! answered here and of pairs said not the same, read and written.

use super::index::WORDS_VERSION;
use super::same::concepts::Concepts;
use super::words::Words;
use crate::store::{DecisionStore, Event};
use app::SessionId;
use std::fmt::Write;

pub(super) const MAGIC: &str = "aide-precedents";

/// The cache's lines, without their kind: `SESSION\tITEM\tWORDS`.
#[derive(Default)]
pub(super) struct Lines {
    pub(super) asked: Vec<String>,
    pub(super) not_same: Vec<String>,
}

impl Lines {
    /// The items of `session`, answered here (its record this user's
    /// alone); a record that cannot be read gives none.
    pub(super) fn decided(&mut self, store: &DecisionStore, words: &Words, session: &SessionId) {
        if !store.records().is_ours(session) {
            return;
        }
        let Ok(Some(record)) = store.records().load(session) else {
            return;
        };
        let input = &record.input.input;
        for decision in record.output.decisions() {
            let Some(item) = input.item(decision.id()) else {
                continue;
            };
            let units = Concepts::builtin(words).units(item.title(), words);
            let weight: f32 = units.iter().map(|u| u.weight).sum();
            let texts: Vec<&str> = units.iter().map(|u| u.text.as_str()).collect();
            self.asked.push(format!(
                "{session}\t{}\t{weight}\t{}",
                decision.id(),
                texts.join(" ")
            ));
        }
    }

    pub(super) fn not_same(&mut self, question: &[String], session: &SessionId, item: u32) {
        let line = format!("{session}\t{item}\t{}", question.join(" "));
        if !self.not_same.contains(&line) {
            self.not_same.push(line);
        }
    }

    /// The cache's text, having read the ledger up to `end`.
    pub(super) fn written(&self, end: u64) -> String {
        let mut text = format!("{MAGIC} {} {end}\n", version());
        for line in &self.asked {
            let _ = writeln!(text, "A\t{line}");
        }
        for line in &self.not_same {
            let _ = writeln!(text, "N\t{line}");
        }
        text
    }
}

/// Whether a ledger line changes the cache's questions: an answer, a
/// session cleaned away, a pair said not the same question.
pub(super) fn changes_questions(event: &Event) -> bool {
    matches!(
        event,
        Event::Decided { .. } | Event::Cleaned { .. } | Event::NotSame { .. }
    )
}

/// The cache's version: the words' and the concept table's.
pub(super) fn version() -> String {
    format!(
        "{WORDS_VERSION}.{:08x}",
        super::same::concepts::fingerprint()
    )
}

/// How far into the ledger a cache read; `None` when it is not one of
/// these words (made again).
pub(super) fn read_to(text: &str) -> Option<u64> {
    let first = text.lines().next()?;
    let mut header = first.split(' ');
    if header.next()? != MAGIC || header.next()? != version() {
        return None;
    }
    header.next()?.parse().ok()
}

/// The lines of a cache and how far into the ledger it read; `None` when
/// it is not one of these words (made again).
pub(super) fn parsed(text: &str) -> Option<(Lines, u64)> {
    let end = read_to(text)?;
    let mut read = Lines::default();
    for line in text.lines().skip(1) {
        match line.split_once('\t')? {
            ("A", rest) => read.asked.push(rest.to_owned()),
            ("N", rest) => read.not_same.push(rest.to_owned()),
            _ => return None,
        }
    }
    Some((read, end))
}
