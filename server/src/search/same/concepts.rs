//! The concept table (`concepts.txt`): words and phrases of software
//! decisions, in English and Chinese, that ask the same thing, and the
//! kinds whose members make two otherwise-equal questions different ones
//! (development / production). Text is cut into units: a concept (`#name`)
//! wherever one of its terms is found, and the words no term covers
//! (English stemmed as `Words` stems it, Chinese as pairs of neighbouring
//! characters, as `Words::question` cuts them).
//!
//! Chinese terms are found by the longest match in each run of Han
//! characters, not through jieba: a page that starts compares its items
//! without loading jieba's dictionary (about 9 ms).

use super::super::words::{Words, is_stop, runs};
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// The table aide ships: a few hundred lines, inside the binary.
const TABLE: &str = include_str!("concepts.txt");

/// How much a word that no concept covers weighs: an English word 1, a
/// pair of Chinese characters half (a two-character word gives one pair,
/// a four-character one three).
const WORD: f32 = 1.0;
const PAIR: f32 = 0.5;

/// The shipped table's fingerprint (FNV-1a of its text): a cache of
/// units made with another table is made again.
pub fn fingerprint() -> u32 {
    TABLE.bytes().fold(0x811c_9dc5_u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// One group of terms that ask the same thing.
#[derive(Debug)]
pub struct Concept {
    pub name: String,
    /// Its contrast kind: two concepts of one kind, one in each question,
    /// make them different questions.
    pub kind: Option<String>,
    /// How much it says of what a question is about (0: nothing).
    pub weight: f32,
}

/// The parsed table: its concepts, and each term's concept.
#[derive(Debug, Default)]
pub struct Concepts {
    pub(super) concepts: Vec<Concept>,
    pub(super) by_name: HashMap<String, usize>,
    /// English terms as their stems' sequence; quoted ones as their words
    /// (`"logged in"`: its stems are those of "logs in").
    pub(super) english: HashMap<Vec<String>, usize>,
    pub(super) exact: HashMap<Vec<String>, usize>,
    pub(super) longest_english: usize,
    pub(super) chinese: HashMap<String, usize>,
    pub(super) longest_chinese: usize,
    /// The English terms (as matched: stems, or a quoted term's words)
    /// that name one thing of their concept: a title holding one also
    /// holds the unit `=term`.
    pub(super) names: HashSet<Vec<String>>,
}

/// A unit of a text, with its weight: a concept's `#name`, or a word.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub text: String,
    pub weight: f32,
}

impl Concepts {
    /// The table inside the binary, parsed once. A table that cannot be
    /// read is a fault of the build (a test reads it), so none is used.
    pub fn builtin(words: &Words) -> &'static Concepts {
        static BUILT: OnceLock<Concepts> = OnceLock::new();
        BUILT.get_or_init(|| Concepts::parse(TABLE, words).unwrap_or_default())
    }

    /// The concept a unit names, if it names one.
    pub fn concept(&self, unit: &str) -> Option<&Concept> {
        let name = unit.strip_prefix('#')?;
        self.by_name.get(name).map(|&id| &self.concepts[id])
    }

    /// The weight of a unit as [`Concepts::units`] weighs it.
    pub fn weight(&self, unit: &str) -> f32 {
        match self.concept(unit) {
            Some(concept) => concept.weight,
            None if unit.chars().next().is_some_and(super::super::words::is_han) => PAIR,
            None => WORD,
        }
    }

    /// The units of `text`, each once, in the order met; units of weight
    /// 0 (words that only frame a question) are left out.
    pub fn units(&self, text: &str, words: &Words) -> Vec<Unit> {
        let mut units = self.all_units(text, words);
        units.retain(|u| !u.text.starts_with('='));
        units
    }

    /// The things `text` names (`=jest`: a term written `=term` in the
    /// table), each once: kept apart from its units, so that naming the
    /// choices ("Jest or Vitest?") neither adds to a title nor makes it
    /// say more than one that names their kind ("Which test runner?").
    pub fn names(&self, text: &str, words: &Words) -> Vec<String> {
        let units = self.all_units(text, words);
        units
            .into_iter()
            .filter(|u| u.text.starts_with('='))
            .map(|u| u.text)
            .collect()
    }

    fn all_units(&self, text: &str, words: &Words) -> Vec<Unit> {
        // English phrases span runs (one run is one word): a run's words
        // are gathered until a Han run or the end.
        let mut units: Vec<Unit> = Vec::new();
        let mut english: Vec<String> = Vec::new();
        runs(text, |run, han| {
            if han {
                self.english_units(words, &english, &mut units);
                english.clear();
                let mut found = Vec::new();
                self.chinese_units(run, &mut found);
                for unit in found {
                    push(&mut units, unit, self);
                }
            } else {
                english.push(run.to_owned());
            }
        });
        self.english_units(words, &english, &mut units);
        units.retain(|u| u.weight > 0.0);
        units
    }

    /// The longest terms of a run of English words, left to right; the
    /// words between them stemmed, without the stop words.
    fn english_units(&self, words: &Words, plain: &[String], units: &mut Vec<Unit>) {
        let stems: Vec<String> = plain.iter().map(|w| words.stem(w)).collect();
        let mut at = 0;
        while at < stems.len() {
            let longest = self.longest_english.min(stems.len() - at);
            let found = (1..=longest).rev().find_map(|n| {
                let (plain, stems) = (&plain[at..at + n], &stems[at..at + n]);
                match self.exact.get(plain) {
                    Some(id) => Some((n, *id, plain)),
                    None => Some((n, *self.english.get(stems)?, stems)),
                }
            });
            match found {
                Some((n, id, term)) => {
                    push(units, format!("#{}", self.concepts[id].name), self);
                    if self.names.contains(term) {
                        push(units, format!("={}", term.join(" ")), self);
                    }
                    at += n;
                }
                None => {
                    if !is_stop(&plain[at]) {
                        push(units, stems[at].clone(), self);
                    }
                    at += 1;
                }
            }
        }
    }

    /// The longest terms of a run of Han characters, left to right; the
    /// characters between them as their pairs.
    fn chinese_units(&self, run: &str, found: &mut Vec<String>) {
        let chars: Vec<char> = run.chars().collect();
        let mut rest: Vec<char> = Vec::new();
        let mut at = 0;
        while at < chars.len() {
            let longest = self.longest_chinese.min(chars.len() - at);
            let term = (1..=longest).rev().find_map(|n| {
                let term: String = chars[at..at + n].iter().collect();
                Some((n, *self.chinese.get(&term)?))
            });
            match term {
                Some((n, id)) => {
                    leftover(&rest, found);
                    rest.clear();
                    found.push(format!("#{}", self.concepts[id].name));
                    at += n;
                }
                None => {
                    rest.push(chars[at]);
                    at += 1;
                }
            }
        }
        leftover(&rest, found);
    }
}

/// Han characters no term covers, as `Words::question` cuts them: the
/// one-character stop words out, then pairs of neighbours.
fn leftover(chars: &[char], found: &mut Vec<String>) {
    let kept: Vec<char> = chars
        .iter()
        .copied()
        .filter(|c| !is_stop(c.encode_utf8(&mut [0; 4])))
        .collect();
    match kept.as_slice() {
        [] => {}
        [alone] => found.push(alone.to_string()),
        pairs => found.extend(pairs.windows(2).map(|pair| pair.iter().collect())),
    }
}

fn push(units: &mut Vec<Unit>, text: String, table: &Concepts) {
    if units.iter().any(|u| u.text == text) {
        return;
    }
    let weight = table.weight(&text);
    units.push(Unit { text, weight });
}

#[cfg(test)]
mod tests {
    use super::super::table::TableError;
    use super::*;

    fn texts(units: &[Unit]) -> Vec<&str> {
        units.iter().map(|u| u.text.as_str()).collect()
    }

    #[test]
    fn the_shipped_table_reads_and_stays_small() {
        let words = Words::default();
        let table = Concepts::parse(TABLE, &words);
        assert!(table.is_ok(), "{table:?}");
        assert!(TABLE.len() < 100_000, "{} bytes", TABLE.len());
    }

    #[test]
    fn terms_become_their_concept_in_either_language_and_the_rest_stays_words() {
        let words = Words::default();
        let table = Concepts::parse(
            "duration: how long, timeout, ttl | 有效期, 多久\n\
             session: session | 会话\n\
             ask *0: pick, choose\n\
             dev @env: development | 开发环境\n\
             prod @env: production | 生产环境",
            &words,
        )
        .unwrap();
        let en = table.units("How long should a session last? Pick one.", &words);
        assert_eq!(texts(&en), ["#duration", "#session", "last", "one"]);
        let zh = table.units("会话保持多久?", &words);
        assert_eq!(texts(&zh), ["#session", "保持", "#duration"]);
        assert_eq!(zh[1].weight, PAIR);
        assert_eq!(table.concept("#dev").unwrap().kind.as_deref(), Some("env"));
        assert_eq!(
            Concepts::parse("a: x\nb: x", &words).unwrap_err(),
            TableError {
                line: 2,
                why: "an English term in two concepts"
            }
        );
        // A Chinese term of other characters, or words after a second
        // '|', would never be found: refused, naming the line.
        for line in [
            "刷新令牌: refresh token | 刷新 token",
            "a: curl | sh | 安装",
        ] {
            assert_eq!(
                Concepts::parse(line, &words).unwrap_err(),
                TableError {
                    line: 1,
                    why: "a Chinese term is Han characters only"
                }
            );
        }
    }
}
