//! aide's one notion of "the same question asked again" (issue 56), which
//! the page's precedents, the decision records' supersession and standing
//! rulings share. Two items are compared by every signal a question asked
//! again carries: their titles' concepts (`concepts.txt`: "how long",
//! "timeout" and "有效期" ask one thing), their options' values and
//! labels, their code location's file, their tasks and contexts.
//!
//! Titles that share their frame but differ in one term of a contrast kind
//! ("development" / "production", "frontend" / "backend") are different
//! questions whatever else they share: near misses resemble each other
//! more than rewordings do (`bench/same-question/`), so a likeness score
//! alone cannot tell them apart.

pub mod concepts;
mod contrast;
#[cfg(test)]
mod pairs;
mod table;
#[cfg(test)]
mod tests;

use super::words::Words;
use app::DecideItem;
use concepts::{Concepts, Unit};

/// How far two titles must share their concepts (weighted Dice) for the
/// questions to be compared at all: the page's precedents look only at
/// the earlier questions whose titles resemble an item's this far.
pub const RESEMBLES: f32 = 0.3;
/// How like two questions must be for "You decided this".
pub const SAME: f32 = 0.45;
/// How like for a standing ruling to answer: stricter than [`SAME`].
pub const RULED: f32 = 0.7;

/// What an item asks, cut into what is compared.
#[derive(Debug, Clone)]
pub struct Question {
    pub title: Vec<Unit>,
    /// The things its title names (`=jest`), apart from its units.
    names: Vec<String>,
    context: Vec<Unit>,
    options: Vec<Offer>,
    file: Option<String>,
    task: Vec<Unit>,
}

/// One option: its value as compared (letters and digits, lower-case) and
/// the units of its value and label.
#[derive(Debug, Clone)]
struct Offer {
    value: String,
    units: Vec<String>,
    /// Its words as written (stemmed), to tell apart the choices of one
    /// concept (bcrypt, Argon2id and scrypt are all `#hash`).
    words: Vec<String>,
}

/// How far a later question is the earlier one asked again, by signal.
#[derive(Debug, Clone, Copy, Default)]
pub struct Likeness {
    /// Their titles' units: shared weight over all (weighted Dice), 0 to 1.
    pub title: f32,
    /// The titles differ by a term of one contrast kind.
    pub contrast: bool,
    /// One title says nothing the other does not: each of its units
    /// (concepts and words) is among the other's.
    pub nested: bool,
    /// Neither title says anything the other does not: the same units,
    /// naming the same things.
    pub equal: bool,
    /// The share of the fewer options offered again in the other.
    pub options: f32,
    /// The same file 1, the same folder 0.5, another 0; `None` when either
    /// has no location.
    pub file: Option<f32>,
    pub task: f32,
    pub context: f32,
}

impl Question {
    /// The question `item` of a session of `task` asks.
    pub fn of(item: &DecideItem, task: &str, words: &Words) -> Question {
        let table = Concepts::builtin(words);
        Question::with(table, item, task, words)
    }

    /// [`Question::of`] by another table (the bench tries one).
    pub fn with(table: &Concepts, item: &DecideItem, task: &str, words: &Words) -> Question {
        let options = item
            .options()
            .iter()
            .map(|o| Offer::new(table, o.value(), o.label(), words))
            .collect();
        Question {
            title: table.units(item.title(), words),
            names: table.names(item.title(), words),
            context: table.units(item.context().unwrap_or_default(), words),
            options,
            file: item.location().map(|l| l.file().to_owned()),
            task: table.units(task, words),
        }
    }

    /// A question known by its title and its options' values alone (a
    /// standing ruling's).
    pub fn of_title<'a>(
        title: &str,
        values: impl Iterator<Item = &'a str>,
        words: &Words,
    ) -> Question {
        Question::of_title_by(Concepts::builtin(words), title, values, words)
    }

    /// [`Question::of_title`] by another table.
    pub fn of_title_by<'a>(
        table: &Concepts,
        title: &str,
        values: impl Iterator<Item = &'a str>,
        words: &Words,
    ) -> Question {
        Question {
            title: table.units(title, words),
            names: table.names(title, words),
            context: Vec::new(),
            options: values.map(|v| Offer::new(table, v, "", words)).collect(),
            file: None,
            task: Vec::new(),
        }
    }
}

impl Offer {
    fn new(table: &Concepts, value: &str, label: &str, words: &Words) -> Offer {
        let text = format!("{value} {label}");
        let mut units: Vec<String> = table
            .units(&text, words)
            .into_iter()
            .map(|u| u.text)
            .collect();
        units.sort();
        units.dedup();
        Offer {
            value: plain(value),
            units,
            words: words.question(&text),
        }
    }

    fn offers(&self, other: &Offer) -> bool {
        if !self.value.is_empty() && self.value == other.value {
            return true;
        }
        let both = self
            .units
            .iter()
            .filter(|u| other.units.contains(u))
            .count();
        let either = self.units.len() + other.units.len() - both;
        either > 0 && both * 2 >= either
    }
}

/// Letters and digits, lower-cased: `1-hour`, `1_hour` and `1Hour` alike.
fn plain(value: &str) -> String {
    value
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// How far `later` is `earlier` asked again.
pub fn likeness(earlier: &Question, later: &Question, words: &Words) -> Likeness {
    let table = Concepts::builtin(words);
    likeness_by(table, earlier, later)
}

/// [`likeness`] by another table.
pub fn likeness_by(table: &Concepts, earlier: &Question, later: &Question) -> Likeness {
    let title = dice(&earlier.title, &later.title);
    // Not compared further: neither the same nor related (a ruling's
    // lookup weighs every ruling against every item).
    if title < RESEMBLES {
        return Likeness {
            title,
            ..Likeness::default()
        };
    }
    let offered = earlier
        .options
        .iter()
        .filter(|e| later.options.iter().any(|l| e.offers(l)))
        .count();
    let fewer = earlier.options.len().min(later.options.len());
    let file = match (&earlier.file, &later.file) {
        (Some(a), Some(b)) if a == b => Some(1.0),
        (Some(a), Some(b)) if folder(a) == folder(b) => Some(0.5),
        (Some(_), Some(_)) => Some(0.0),
        _ => None,
    };
    Likeness {
        title,
        contrast: contrast::contrasted(table, &earlier.title, &later.title)
            || contrast::named_apart(&earlier.names, &later.names),
        nested: within(&earlier.title, &later.title) || within(&later.title, &earlier.title),
        equal: within(&earlier.title, &later.title)
            && within(&later.title, &earlier.title)
            && same_names(&earlier.names, &later.names),
        options: if fewer == 0 {
            0.0
        } else {
            offered.min(fewer) as f32 / fewer as f32
        },
        file,
        task: dice(&earlier.task, &later.task),
        context: dice(&earlier.context, &later.context),
    }
}

/// What units weigh together.
fn weight(units: &[Unit]) -> f32 {
    units.iter().map(|u| u.weight).sum()
}

/// Whether every unit of `a` is among `b`'s.
fn within(a: &[Unit], b: &[Unit]) -> bool {
    a.iter().all(|u| b.iter().any(|v| v.text == u.text))
}

/// Whether two titles name the same things.
fn same_names(a: &[String], b: &[String]) -> bool {
    a.iter().all(|n| b.contains(n)) && b.iter().all(|n| a.contains(n))
}

fn folder(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(folder, _)| folder)
}

/// The weight both hold over the weight either holds, counting the shared
/// twice (Dice's coefficient), 0 to 1.
fn dice(a: &[Unit], b: &[Unit]) -> f32 {
    let shared: f32 = a
        .iter()
        .filter(|u| b.iter().any(|v| v.text == u.text))
        .map(|u| u.weight)
        .sum();
    let all: f32 = a.iter().chain(b).map(|u| u.weight).sum();
    if all <= 0.0 { 0.0 } else { 2.0 * shared / all }
}

impl Likeness {
    /// All signals in one figure, 0 to 1: the titles weigh most; a
    /// missing location neither helps nor hurts.
    pub fn score(&self) -> f32 {
        // The same file says a little more; another folder, less.
        let file = self.file.map_or(0.0, |file| 0.2 * file - 0.1);
        0.65 * self.title + 0.15 * self.options + 0.1 * self.task + 0.1 * self.context + file
    }

    /// "You decided this": alike enough, one title saying nothing the
    /// other does not, and a choice of the earlier offered again (titles
    /// alike offering other choices ask of something else: "How often is
    /// the database backed up?" and "How long are its backups kept?"). The
    /// score alone shows near misses the table has no contrast kind for:
    /// on pairs written apart from the table (`heldout.jsonl`), 7 of 42
    /// near misses at 0.45, and 3 still at 0.7; a near miss says something
    /// the other title does not (its object, its environment), a
    /// rewording says the same things in other words.
    pub fn same(&self) -> bool {
        self.title >= RESEMBLES
            && !self.contrast
            && self.nested
            && self.options > 0.0
            && self.score() >= SAME
    }

    /// Shown collapsed as "Related": the titles resemble each other,
    /// whatever the other signals say. It claims nothing (the person opens
    /// it and judges), so it asks no more than resembling titles: a
    /// rewording that offers renamed options, in another task, without the
    /// context, is still shown (the score made such ones weigh below 0.3
    /// although their titles shared up to 0.46), and so is a near miss,
    /// whose earlier answer is worth a look too.
    pub fn related(&self) -> bool {
        self.title >= RESEMBLES
    }

    /// A standing ruling answers: the same question by a higher score, and
    /// titles that say the same things, neither adding to the other. A
    /// word added is enough to ask of something narrower ("How long should
    /// access tokens live?" / "… refresh tokens …", where the table knew
    /// only "token"): the page may show it as "You decided this" for the
    /// person to judge, but no answer is given in their name
    /// (`fresh.jsonl`'s first run, the one ruling on a different pair).
    pub fn ruled(&self) -> bool {
        self.same() && self.equal && self.score() >= RULED
    }
}

/// The one option of `later` that offers option `at` of `earlier` again,
/// as [`likeness`] counts an option offered again (its value, or most of
/// its value's and label's concepts), of several the one sharing the most
/// of its words as written; `None` when none does, or several alike. The
/// page's precedent maps an earlier answer onto renamed options by it.
pub fn offered_again(earlier: &Question, at: usize, later: &Question) -> Option<usize> {
    let offer = earlier.options.get(at)?;
    let again: Vec<usize> = (later.options.iter().enumerate())
        .filter(|(_, option)| offer.offers(option))
        .map(|(n, _)| n)
        .collect();
    if let [one] = again.as_slice() {
        return Some(*one);
    }
    // Several of one concept: the one sharing the most of its words, if
    // one does.
    let shared = |n: usize| {
        let words = &later.options[n].words;
        offer.words.iter().filter(|w| words.contains(w)).count()
    };
    let most = again.iter().map(|&n| shared(n)).max().filter(|&m| m > 0)?;
    let mut best = again.into_iter().filter(|&n| shared(n) == most);
    let first = best.next()?;
    best.next().is_none().then_some(first)
}
