//! The labelled pairs of `bench/same-question/` (issue 56), measured:
//! how many same-question pairs each rule shows and how many different
//! ones, overall and per language. `AIDE_PAIRS=FILE` measures another set
//! of the same lines (then only prints), `AIDE_CONCEPTS=FILE` another
//! table (rulings are measured with the shipped one), `AIDE_PAIRS_SHOW=1`
//! prints each pair's signals.
//! `cargo test … same::pairs -- --nocapture` prints the figures of
//! `bench/same-question/README.md`.

use super::concepts::Concepts;
use super::{Likeness, Question, likeness_by};
use crate::search::ruling::pairs::item;
use crate::search::words::Words;
use serde_json::Value;
use std::collections::BTreeMap;

/// Counts of one kind of pair: all, shown as the same, as related, ruled.
#[derive(Default)]
struct Tally {
    all: usize,
    same: usize,
    related: usize,
    ruled: usize,
}

impl Tally {
    fn add(&mut self, how: &Likeness, ruled: bool) {
        self.all += 1;
        self.same += usize::from(how.same());
        self.related += usize::from(!how.same() && how.related());
        self.ruled += usize::from(ruled);
    }

    fn line(&self) -> String {
        let pc = |n: usize| 100.0 * n as f32 / self.all.max(1) as f32;
        format!(
            "{:>3} pairs: same {:>2} ({:>3.0}%), related {:>2} ({:>3.0}%), ruled {:>2} ({:>3.0}%)",
            self.all,
            self.same,
            pc(self.same),
            self.related,
            pc(self.related),
            self.ruled,
            pc(self.ruled)
        )
    }
}

/// The labelled sets, each with the near misses it may show as "You
/// decided this" (issue 56 asks at most 2%): `heldout.jsonl` shows one,
/// `h-mx-09`, the session Redis against the cache Redis, and
/// `fresh2.jsonl` two, push notifications against e-mail ones and the EU
/// region's replicas against the US region's: each a word that narrows
/// the question (refusing every such word cost a third of the rewordings
/// shown, README).
const SETS: &[(&str, usize)] = &[
    ("pairs.jsonl", 0),
    ("heldout.jsonl", 1),
    ("fresh.jsonl", 0),
    ("fresh2.jsonl", 2),
];

#[test]
fn the_labelled_pairs_show_most_rewordings_and_almost_no_near_miss() {
    let words = Words::default();
    let own;
    let table = match std::env::var("AIDE_CONCEPTS") {
        Ok(file) => {
            let text = std::fs::read_to_string(file).expect("the table");
            own = Concepts::parse(&text, &words).expect("a table");
            &own
        }
        Err(_) => Concepts::builtin(&words),
    };
    if let Ok(path) = std::env::var("AIDE_PAIRS") {
        measure(&path, table, &words);
        return;
    }
    for (file, leaks) in SETS {
        let path = format!(
            "{}/../bench/same-question/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        println!("{file}");
        let tallies = measure(&path, table, &words);
        let different = &tallies[&("all".to_owned(), "different".to_owned())];
        let same = &tallies[&("all".to_owned(), "same".to_owned())];
        assert!(same.all + different.all >= 60, "{file}");
        assert!(
            different.same <= *leaks,
            "{file}: {} of {} different pairs shown as the same",
            different.same,
            different.all
        );
        assert_eq!(
            different.ruled, 0,
            "{file}: a ruling applies to a different pair"
        );
        // A tenth of the rewordings at least, shown as "You decided this"
        // (39%, 12%, 29%, 32% now), and half shown at all (93%, 64%, 76%,
        // 78%):
        // issue 56 asks 85% at most 2% false.
        assert!(
            same.same * 10 >= same.all,
            "{file}: {} of {} reworded pairs shown as the same",
            same.same,
            same.all
        );
        assert!(
            (same.same + same.related) * 2 >= same.all,
            "{file}: {} of {} reworded pairs shown at all",
            same.same + same.related,
            same.all
        );
    }
}

/// The tallies of the pairs in `path`, printed (each pair's signals too
/// with `AIDE_PAIRS_SHOW`).
fn measure(path: &str, table: &Concepts, words: &Words) -> BTreeMap<(String, String), Tally> {
    let text = std::fs::read_to_string(path).expect("the pairs");
    let show = std::env::var_os("AIDE_PAIRS_SHOW").is_some();
    let mut tallies: BTreeMap<(String, String), Tally> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let pair: Value = serde_json::from_str(line).expect("a pair");
        let (earlier, later) = (item(&pair["earlier"]), item(&pair["later"]));
        let (e, l) = (&earlier.items()[0], &later.items()[0]);
        let eq = Question::with(table, e, earlier.task(), words);
        let lq = Question::with(table, l, later.task(), words);
        let how = likeness_by(table, &eq, &lq);
        // Rulings as submit applies them (with the shipped table).
        let ruled = crate::search::ruling::pairs::ruled_by_any(&earlier, &later, words);
        let kind = pair["kind"].as_str().unwrap_or_default().to_owned();
        let lang = pair["lang"].as_str().unwrap_or_default().to_owned();
        if show {
            let units = |q: &Question| {
                q.title
                    .iter()
                    .map(|u| u.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            println!(
                "{} {kind:>9} {} score {:.2} title {:.2} options {:.2} file {:?} task {:.2} context {:.2}{}\n    {}\n    {}",
                pair["id"].as_str().unwrap_or_default(),
                if how.same() {
                    "SAME"
                } else if how.related() {
                    "rel "
                } else {
                    "    "
                },
                how.score(),
                how.title,
                how.options,
                how.file,
                how.task,
                how.context,
                if how.contrast { " CONTRAST" } else { "" },
                units(&eq),
                units(&lq),
            );
        }
        tallies
            .entry((lang, kind.clone()))
            .or_default()
            .add(&how, ruled);
        // A set that marks how far each pair rewords (`fresh.jsonl`).
        if let Some(strength) = pair["strength"].as_str() {
            tallies
                .entry((strength.to_owned(), kind.clone()))
                .or_default()
                .add(&how, ruled);
        }
        tallies
            .entry(("all".into(), kind))
            .or_default()
            .add(&how, ruled);
    }
    for ((lang, kind), tally) in &tallies {
        println!("{lang:>6} {kind:>9}: {}", tally.line());
    }
    tallies
}
