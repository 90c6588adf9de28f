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

#[test]
fn the_labelled_pairs_show_most_rewordings_and_almost_no_near_miss() {
    let words = Words::default();
    let default = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bench/same-question/pairs.jsonl"
    );
    let path = std::env::var("AIDE_PAIRS").unwrap_or_else(|_| default.to_owned());
    let text = std::fs::read_to_string(&path).expect("the pairs");
    let own;
    let table = match std::env::var("AIDE_CONCEPTS") {
        Ok(file) => {
            let text = std::fs::read_to_string(file).expect("the table");
            own = Concepts::parse(&text, &words).expect("a table");
            &own
        }
        Err(_) => Concepts::builtin(&words),
    };
    let show = std::env::var_os("AIDE_PAIRS_SHOW").is_some();
    let mut tallies: BTreeMap<(String, String), Tally> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let pair: Value = serde_json::from_str(line).expect("a pair");
        let (earlier, later) = (item(&pair["earlier"]), item(&pair["later"]));
        let (e, l) = (&earlier.items()[0], &later.items()[0]);
        let eq = Question::with(table, e, earlier.task(), &words);
        let lq = Question::with(table, l, later.task(), &words);
        let how = likeness_by(table, &eq, &lq);
        // Rulings as submit applies them (with the shipped table).
        let ruled = crate::search::ruling::pairs::ruled_by_any(&earlier, &later, &words);
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
        tallies
            .entry(("all".into(), kind))
            .or_default()
            .add(&how, ruled);
    }
    for ((lang, kind), tally) in &tallies {
        println!("{lang:>5} {kind:>9}: {}", tally.line());
    }
    if path == default {
        let different = &tallies[&("all".to_owned(), "different".to_owned())];
        let same = &tallies[&("all".to_owned(), "same".to_owned())];
        assert!(same.all + different.all >= 60);
        assert!(
            different.same * 50 <= different.all,
            "{} of {} different pairs shown as the same",
            different.same,
            different.all
        );
        assert_eq!(different.ruled, 0, "a ruling applies to a different pair");
        // A third of the rewordings at least (39% now; 82% by the score
        // alone, which showed 17% of the near misses of `heldout.jsonl`
        // as the same: issue 56 asks 85% of a set the table was not made
        // from, at most 2% false).
        assert!(
            same.same * 3 >= same.all,
            "{} of {} reworded pairs shown as the same",
            same.same,
            same.all
        );
    }
}
