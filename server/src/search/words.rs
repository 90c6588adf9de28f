//! Text into the words a search compares: one tokenizer for what is
//! stored and what is asked, so both are cut the same way.
//!
//! The text is NFKC-normalised (full-width letters and digits become
//! plain ones) and lower-cased, then cut into runs: a run of Han
//! characters is cut into Chinese words by jieba in its search mode (a
//! long word and the words inside it: 数据库 gives 数据 and 数据库), any
//! other run of letters and digits is one word, stemmed as English
//! (`databases` → `databas`). Punctuation and spaces, of either width,
//! separate words and are never one. A few words that say nothing of a
//! question (`the`, `should`, 的, 吗) are left out.

use jieba_rs::Jieba;
use rust_stemmers::{Algorithm, Stemmer};
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;

/// jieba's dictionary (MIT), cut to the words it has seen at least 200
/// times, without parts of speech: 24k words, 0.14 MB in a package instead
/// of 2.5 MB (`scripts/zh_dict.sh` makes it). Words it lacks are cut by
/// jieba's HMM, alike in items and queries.
const ZH_DICT: &str = include_str!("zh_dict.txt");

/// Words too common to tell one question from another.
const STOP: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "do", "does", "for", "from", "how", "i", "if",
    "in", "is", "it", "of", "on", "or", "should", "that", "the", "this", "to", "we", "what",
    "which", "with", "的", "了", "是", "吗", "呢", "吧", "和", "在", "要", "用",
];

/// The tokenizer. Loading the Chinese dictionary takes a few
/// milliseconds, so it is loaded the first time a Han character is met.
pub struct Words {
    stemmer: Stemmer,
    jieba: OnceLock<Jieba>,
}

impl Default for Words {
    fn default() -> Self {
        Words {
            stemmer: Stemmer::create(Algorithm::English),
            jieba: OnceLock::new(),
        }
    }
}

impl Words {
    /// The words of `text`, in order, repeats kept.
    pub fn of(&self, text: &str) -> Vec<String> {
        let mut words = Vec::new();
        runs(text, |run, han| self.push_run(run, han, &mut words));
        words
    }

    /// The question a title asks, in words: each once, sorted. Two titles
    /// of the same words ask the same question (a later decision of it
    /// supersedes the earlier); two that share most of them resemble
    /// each other (`precedent::resemblance`). English is cut as [`Words::of`] cuts
    /// it; Chinese into pairs of neighbouring characters (without the
    /// one-character stop words), which needs no dictionary: a page server
    /// comparing its titles with those decided before does not load
    /// jieba's (about 9 ms).
    pub fn question(&self, title: &str) -> Vec<String> {
        let mut question = Vec::new();
        runs(title, |run, han| {
            if !han {
                self.push_run(run, han, &mut question);
                return;
            }
            let kept: Vec<char> = run
                .chars()
                .filter(|c| !STOP.iter().any(|stop| stop.chars().eq(std::iter::once(*c))))
                .collect();
            match kept.as_slice() {
                [] => {}
                [alone] => question.push(alone.to_string()),
                pairs => question.extend(pairs.windows(2).map(|pair| pair.iter().collect())),
            }
        });
        question.sort_unstable();
        question.dedup();
        question
    }

    /// One English word (lower-cased) stemmed as [`Words::of`] stems it.
    pub(super) fn stem(&self, word: &str) -> String {
        self.stemmer.stem(word).into_owned()
    }

    /// The stems of every English word of `text`, stop words kept: how
    /// the concept table's phrases are matched.
    pub(super) fn stems(&self, text: &str) -> Vec<String> {
        let mut stems = Vec::new();
        runs(text, |run, han| {
            if !han {
                stems.push(self.stem(run));
            }
        });
        stems
    }

    /// Every English word of `text`, lower-cased, not stemmed.
    pub(super) fn plain(&self, text: &str) -> Vec<String> {
        let mut plain = Vec::new();
        runs(text, |run, han| {
            if !han {
                plain.push(run.to_owned());
            }
        });
        plain
    }

    fn push_run(&self, run: &str, han: bool, words: &mut Vec<String>) {
        if han {
            let jieba = self.jieba.get_or_init(zh_words);
            words.extend(
                jieba
                    .cut_for_search(run, true)
                    .into_iter()
                    .map(|token| token.word)
                    .filter(|word| !STOP.contains(word))
                    .map(str::to_owned),
            );
        } else if !STOP.contains(&run) {
            words.push(self.stemmer.stem(run).into_owned());
        }
    }
}

/// Whether a word (lower-cased) is too common to tell one question from
/// another.
pub(super) fn is_stop(word: &str) -> bool {
    STOP.contains(&word)
}

/// Calls `each` with every run of `text` (NFKC-normalised, lower-cased)
/// that is all Han characters (`true`) or all other letters and digits
/// (`false`), in order; everything else separates runs.
pub(super) fn runs(text: &str, mut each: impl FnMut(&str, bool)) {
    let text: String = text.nfkc().flat_map(char::to_lowercase).collect();
    let mut run = String::new();
    let mut han = false;
    for c in text.chars() {
        let kind = if is_han(c) {
            Some(true)
        } else if c.is_alphanumeric() {
            Some(false)
        } else {
            None
        };
        if kind != Some(han) && !run.is_empty() {
            each(&run, han);
            run.clear();
        }
        if let Some(kind) = kind {
            han = kind;
            run.push(c);
        }
    }
    if !run.is_empty() {
        each(&run, han);
    }
}

/// jieba with aide's dictionary; an empty one if it could not be read
/// (then each Han character is a word: found, if less precisely).
fn zh_words() -> Jieba {
    Jieba::with_dict(&mut ZH_DICT.as_bytes()).unwrap_or_else(|_| Jieba::empty())
}

/// CJK unified ideographs and their extensions.
pub(super) fn is_han(c: char) -> bool {
    matches!(c,
        '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{f900}'..='\u{faff}'
        | '\u{20000}'..='\u{2ffff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far two questions share their words: those both have over
    /// those either has (Jaccard's index).
    fn resemblance(a: &[String], b: &[String]) -> f32 {
        let both = a.iter().filter(|w| b.contains(w)).count();
        let either = a.len() + b.len() - both;
        if either == 0 {
            return 0.0;
        }
        both as f32 / either as f32
    }

    #[test]
    fn english_is_cut_at_non_letters_stemmed_and_stripped_of_stop_words() {
        let words = Words::default();
        assert_eq!(
            words.of("Should we cache the Databases? (Redis, UTF-8)"),
            ["cach", "databas", "redi", "utf", "8"]
        );
        // Full-width letters and punctuation are the same words.
        assert_eq!(
            words.of("ＲＥＤＩＳ，ｃａｃｈｅ！"),
            words.of("redis, cache!")
        );
    }

    #[test]
    fn chinese_is_cut_into_words_and_their_parts() {
        let words = Words::default();
        let cut = words.of("我们应该用哪个数据库？");
        assert!(cut.contains(&"数据库".to_owned()), "{cut:?}");
        assert!(cut.contains(&"数据".to_owned()), "{cut:?}");
        assert!(!cut.iter().any(|w| w == "？" || w == "用"), "{cut:?}");
        // Mixed text: each run by its own rule.
        let mixed = words.of("会话存在Redis里");
        assert!(mixed.contains(&"会话".to_owned()), "{mixed:?}");
        assert!(mixed.contains(&"redi".to_owned()), "{mixed:?}");
    }

    #[test]
    fn questions_in_nearly_the_same_words_resemble_each_other() {
        let words = Words::default();
        let asked = words.question("Which database for sessions?");
        assert_eq!(asked, ["databas", "session"]);
        let near = words.question("Database for the session store");
        assert!((resemblance(&asked, &near) - 2.0 / 3.0).abs() < 1e-6);
        let other = words.question("Which cache for sessions?");
        assert!((resemblance(&asked, &other) - 1.0 / 3.0).abs() < 1e-6);
        assert_eq!(resemblance(&asked, &asked), 1.0);
        assert_eq!(resemblance(&[], &[]), 0.0);
        // Chinese by pairs of characters: the same words in another order
        // still resemble; another question does not.
        let zh = words.question("认证方式选择");
        assert_eq!(zh, ["式选", "方式", "认证", "证方", "选择"]);
        let reordered = words.question("选择认证方式？");
        assert!(resemblance(&zh, &reordered) >= 0.5);
        let other = words.question("密码加密算法");
        assert_eq!(resemblance(&zh, &other), 0.0);
        assert_eq!(words.question("的"), Vec::<String>::new());
    }

    #[test]
    fn punctuation_alone_has_no_words() {
        let words = Words::default();
        assert!(words.of("?!… ，。！ --- ").is_empty());
        assert!(words.of("the of 的").is_empty());
    }
}
