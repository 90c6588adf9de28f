//! The questions a page's precedents compare (issue 56): every item this
//! person answered here, by its question words, and the pairs they said
//! are not the same question. Kept in `.aide/cache/precedents.txt` (the
//! store's) and brought up to date from the ledger's lines since it was
//! last (only those: the ledger is appended to, never rewritten), so a page
//! that starts reads one small file, not every record's stamp, the whole
//! search cache and the whole ledger.
//!
//! The text: a first line `aide-precedents WORDS_VERSION.TABLE LEDGER_END`
//! (TABLE: the concept table's fingerprint, so a new table makes it
//! again), then a line per item, `A\tSESSION\tITEM\tWEIGHT\tUNIT UNIT …`
//! (its title's concepts and words, `same::concepts`, and what they weigh
//! together), and per pair the person said is another question,
//! `N\tSESSION\tITEM\tWORD WORD …` (the question's words as a set,
//! `Words::question`). A session's items come from the ledger's `decided`
//! line and its record, when the record is this user's alone; `cleaned`
//! takes them out again. So the sessions it holds are those answered
//! here: the one proof of it ([`decided_here`], `store::DecidedHere`) that
//! history, search and granting ask as the precedents do.

use super::asked_text::{Lines, MAGIC, changes_questions, parsed, read_to, version};
use super::words::Words;
use crate::store::{DecidedHere, DecisionStore, Event, StoreError, question_key};
use app::SessionId;
use std::collections::{HashMap, HashSet};

/// How much of the ledger a cache may leave unread before it is written
/// again for the lines it holds are unchanged: most lines (a submit, a
/// page opened, a withdrawal) change none of its questions, and writing
/// the whole cache again for them (3.2 MB over 10,000 sessions) cost every
/// page's start some 20-45 ms; reading this much of the ledger again costs
/// about a millisecond.
const UNREAD_AT_MOST: u64 = 64 * 1024;

/// One item answered here whose title holds a unit (a concept or word)
/// asked now.
pub struct Asked<'a> {
    /// Its session's id as written: read only for the few that resemble
    /// an item (thousands are parsed otherwise, for nothing).
    pub session: &'a str,
    pub item: u32,
    /// The weight of its title's units.
    pub weight: f32,
}

/// For each word asked now, the positions of the questions that hold it
/// (once per time they hold it).
pub type WordHolders<'w> = HashMap<&'w str, Vec<usize>>;

/// The sessions this person answered here, as the precedent cache (brought
/// up to date first) holds them; a ledger that is not theirs alone proves
/// none.
pub fn decided_here(store: &DecisionStore, words: &Words) -> Result<DecidedHere, StoreError> {
    Ok(AskedHere::load(store, words)?.decided())
}

/// The questions this person answered here, read from the cache.
pub struct AskedHere {
    text: String,
    not_same: HashSet<(Vec<String>, SessionId, u32)>,
}

impl AskedHere {
    /// The cache of `store`'s project, brought up to date from the ledger
    /// first (and written again when it changed). A ledger that is not
    /// this user's alone proves nothing: none then.
    pub fn load(store: &DecisionStore, words: &Words) -> Result<AskedHere, StoreError> {
        let text = store.caches().read_precedents();
        let read = text.as_deref().and_then(read_to);
        let Some(tail) = store.ledger().since(read.unwrap_or(0))? else {
            return Ok(AskedHere::from_lines(&Lines::default()));
        };
        let from = read.unwrap_or(0);
        // Nothing new in the ledger that changes a question (every page
        // but the first after an answer): the cache's text as it is,
        // written again only once much of the ledger is left unread.
        if let (Some(text), Some(_)) = (&text, read)
            && !tail.restarted
            && !tail
                .entries
                .iter()
                .any(|entry| changes_questions(&entry.event))
        {
            if tail.end.saturating_sub(from) > UNREAD_AT_MOST {
                let questions = text.split_once('\n').map_or("", |(_, rest)| rest);
                let header = format!("{MAGIC} {} {}\n", version(), tail.end);
                // Only a cache: the page goes on without it.
                let _ = store.caches().write_precedents(&(header + questions));
            }
            return Ok(AskedHere::from_text(text));
        }
        let cached = text.as_deref().and_then(parsed);
        let (mut lines, from) = cached.unwrap_or_default();
        if tail.restarted {
            lines = Lines::default();
        }
        let changed = tail.end != from || tail.restarted;
        // A cleaned session's items go at the end, in one pass (its id is
        // never decided again).
        let mut cleaned = HashSet::new();
        for entry in tail.entries {
            match entry.event {
                Event::Decided { session_id } => lines.decided(store, words, &session_id),
                Event::Cleaned { session_id } => {
                    cleaned.insert(session_id.to_string());
                }
                Event::NotSame {
                    question,
                    precedent,
                    precedent_item,
                    ..
                } => lines.not_same(&question_key(&question), &precedent, precedent_item),
                _ => {}
            }
        }
        if !cleaned.is_empty() {
            lines.asked.retain(|line| {
                let session = line.split('\t').next().unwrap_or_default();
                !cleaned.contains(session)
            });
        }
        if changed {
            // Only a cache: the page goes on without it.
            let _ = store.caches().write_precedents(&lines.written(tail.end));
        }
        Ok(AskedHere::from_lines(&lines))
    }

    /// The cache's own text: its questions kept as they are (each `A\t…`
    /// line without its kind), its pairs read.
    fn from_text(text: &str) -> AskedHere {
        let mut lines = Lines::default();
        let mut asked = String::with_capacity(text.len());
        for line in text.lines().skip(1) {
            match line.split_once('\t') {
                Some(("A", rest)) => {
                    asked.push_str(rest);
                    asked.push('\n');
                }
                Some(("N", rest)) => lines.not_same.push(rest.to_owned()),
                _ => {}
            }
        }
        let mut here = AskedHere::from_lines(&lines);
        here.text = asked;
        here
    }

    fn from_lines(lines: &Lines) -> AskedHere {
        let mut text = String::new();
        let mut not_same = HashSet::new();
        for line in &lines.asked {
            text.push_str(line);
            text.push('\n');
        }
        for line in &lines.not_same {
            let mut fields = line.split('\t');
            let (Some(session), Some(item), Some(question)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let (Ok(session), Ok(item)) = (session.parse(), item.parse()) else {
                continue;
            };
            let question = question.split(' ').map(str::to_owned).collect();
            not_same.insert((question, session, item));
        }
        AskedHere { text, not_same }
    }

    /// The questions that share a unit with one of `wanted`, and which
    /// hold each of its units: one pass over the cache, which keeps
    /// nothing of the other questions.
    pub fn sharing<'w>(&self, wanted: &HashSet<&'w str>) -> (Vec<Asked<'_>>, WordHolders<'w>) {
        let mut holding: WordHolders<'w> = wanted.iter().map(|w| (*w, Vec::new())).collect();
        let mut asked = Vec::new();
        for line in self.text.lines() {
            let mut fields = line.splitn(4, '\t');
            let (Some(session), Some(item), Some(weight), Some(question)) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let at = asked.len();
            let mut held = false;
            for unit in question.split(' ').filter(|w| !w.is_empty()) {
                if let Some(holders) = holding.get_mut(unit) {
                    holders.push(at);
                    held = true;
                }
            }
            if !held {
                continue;
            }
            match (item.parse(), weight.parse()) {
                (Ok(item), Ok(weight)) => asked.push(Asked {
                    session,
                    item,
                    weight,
                }),
                // Never pointed at: take back what it was listed under.
                _ => holding.values_mut().for_each(|h| h.retain(|n| *n != at)),
            }
        }
        (asked, holding)
    }

    /// The sessions of the questions held: one pass over the first field
    /// of each line (a session's lines are together).
    fn decided(&self) -> DecidedHere {
        let mut sessions = HashSet::new();
        let mut last = "";
        for line in self.text.lines() {
            let session = line.split_once('\t').map_or(line, |(session, _)| session);
            if session != last {
                sessions.extend(session.parse::<SessionId>().ok());
                last = session;
            }
        }
        DecidedHere::new(sessions)
    }

    /// Whether the person said item `item` of `session` is not the same
    /// question as one of the words `question` (in any order).
    pub fn not_the_same(&self, question: &[String], session: &SessionId, item: u32) -> bool {
        !self.not_same.is_empty()
            && self
                .not_same
                .contains(&(question_key(question), session.clone(), item))
    }
}
