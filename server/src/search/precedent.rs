//! The precedents of a session: for each of its items, the earlier
//! decision of this project whose question resembles its own most (their
//! titles share at least [`RESEMBLES`] of their words), the newer first
//! where two resemble it alike. Only a question asked again in the same
//! words, with an option of the earlier one among its own, is shown as the
//! same question ("You decided this"); any other is shown as related,
//! collapsed: titles that share most words are as often a different
//! decision (the invoices' storage and the avatars') as the same one
//! reworded (`bench/same-question/`). An earlier decision the person said
//! is not the same question as an item's is passed over for it (the
//! ledger's `not_same`), and the next that resembles it is offered. Asked
//! when the page server starts; what a precedent says is
//! `app::page::Precedent`'s. Only answers the person gave
//! on this machine are precedents (`store::DecidedHere`).

use super::asked::{Asked, AskedHere, WordHolders};
use super::words::Words;
use crate::store::DecisionStore;
use app::page::{ItemPrecedent, Precedent, Strength};
use app::{DecideInput, DecisionRecord, ItemId, SessionId};
use std::collections::{HashMap, HashSet};

/// How far two questions share their words to be the same question asked
/// again: "Which database for sessions?" and "Database for the session
/// store" (2 of 3 words) do; "Which cache for sessions?" (1 of 3) does not.
pub const RESEMBLES: f32 = 0.5;

/// The precedent of each item of `input` that has one, in the items'
/// order. A precedent is a help, never a condition: a store or cache
/// that cannot be read, or a record that cannot, gives none. Only the
/// person's own answers, given here, stand as what they decided (a record
/// that came with the repository never does): the questions come from
/// the precedent cache (`asked.rs`), which holds only those, and the
/// record of one that matches is checked again before it is shown.
pub fn precedents(store: &DecisionStore, words: &Words, input: &DecideInput) -> Vec<ItemPrecedent> {
    let Ok(here) = AskedHere::load(store, words) else {
        return Vec::new();
    };
    let questions: Vec<Vec<String>> = input
        .items()
        .iter()
        .map(|item| words.question(item.title()))
        .collect();
    let wanted: HashSet<&str> = questions.iter().flatten().map(String::as_str).collect();
    // Only the questions that share a word with one of the items.
    let (asked, holding) = here.sharing(&wanted);
    let mut records: HashMap<SessionId, Option<DecisionRecord>> = HashMap::new();
    let mut found = Vec::new();
    let mut shared = vec![0; asked.len()];
    for (item, question) in input.items().iter().zip(&questions) {
        let precedent = alike(&asked, &holding, question, &mut shared)
            .into_iter()
            .find_map(|(earlier, how)| {
                let earlier = &asked[earlier];
                let session: SessionId = earlier.session.parse().ok()?;
                // The person said it is another question: never again.
                if here.not_the_same(question, &session, earlier.item) {
                    return None;
                }
                let record = records.entry(session.clone()).or_insert_with(|| {
                    // Replaced by a file from elsewhere since: not theirs.
                    if !store.records().is_ours(&session) {
                        return None;
                    }
                    store.records().load(&session).ok().flatten()
                });
                let record = record.as_ref()?;
                let id = ItemId::new(earlier.item)?;
                let strength = strength(how, record.input.input.item(id)?, item);
                Precedent::of(record, id, item, strength)
            });
        if let Some(precedent) = precedent {
            found.push(ItemPrecedent {
                id: item.id(),
                precedent,
            });
        }
    }
    found
}

/// How surely an earlier question that resembles `item`'s `how` far is
/// the same question.
fn strength(how: f32, earlier: &app::DecideItem, item: &app::DecideItem) -> Strength {
    if same_question(how >= 1.0, earlier, item) {
        Strength::Same
    } else {
        Strength::Related
    }
}

/// aide's one notion of "the same question asked again", which the page's
/// precedents and the decision records' supersession share: the same
/// question words (`same_words`, `Words::question`), and an option of the
/// earlier item among the later one's (the same words offering other
/// choices ask of something else).
pub fn same_question(same_words: bool, earlier: &app::DecideItem, later: &app::DecideItem) -> bool {
    same_question_of(
        same_words,
        earlier.options().iter().map(|o| o.value()),
        later,
    ) > 0
}

/// [`same_question`] of an earlier question known by its options' values
/// alone (a standing ruling's): how many of them `later` offers again, 0
/// when it is not the same question.
pub fn same_question_of<'a>(
    same_words: bool,
    earlier: impl Iterator<Item = &'a str>,
    later: &app::DecideItem,
) -> usize {
    if !same_words {
        return 0;
    }
    earlier
        .filter(|value| later.option(value).is_some())
        .count()
}

/// How far two questions of `a` and `b` words, `both` of them shared,
/// resemble each other: the words they share over those either has
/// (Jaccard's index), from 0 to 1.
pub(super) fn resemblance(both: usize, a: usize, b: usize) -> f32 {
    let either = (a + b).saturating_sub(both);
    if either == 0 {
        return 0.0;
    }
    both as f32 / either as f32
}

/// The positions in `asked` of the questions that resemble `question`,
/// with how far they do, the closest first, then the newer. `shared` is
/// scratch space, one count per question of `asked`, all 0 (and left so):
/// the words each shares with `question` are counted through `holding`,
/// the questions holding each word, so only those sharing one are looked
/// at.
pub(super) fn alike(
    asked: &[Asked<'_>],
    holding: &WordHolders<'_>,
    question: &[String],
    shared: &mut [u32],
) -> Vec<(usize, f32)> {
    let mut touched = Vec::new();
    for word in question {
        for &at in holding.get(word.as_str()).into_iter().flatten() {
            if shared[at] == 0 {
                touched.push(at);
            }
            shared[at] += 1;
        }
    }
    let mut close: Vec<(usize, f32)> = Vec::new();
    for at in touched {
        let both = shared[at] as usize;
        shared[at] = 0;
        let how = resemblance(both, question.len(), asked[at].words);
        if how >= RESEMBLES {
            close.push((at, how));
        }
    }
    // Newer first: by the ids read (`-2` before `-10`), for these few.
    let id = |at: usize| asked[at].session.parse::<SessionId>().ok();
    close.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then_with(|| id(b.0).cmp(&id(a.0)))
            .then_with(|| asked[a.0].item.cmp(&asked[b.0].item))
    });
    close
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_question_comes_first_then_the_newer_and_an_unlike_one_never() {
        let words = Words::default();
        let asked: Vec<(&str, u32, &[&str])> = vec![
            ("2026-01-01T00-00-00", 1, &["databas", "session"]),
            ("2026-02-01T00-00-00", 1, &["cach", "session"]),
            ("2026-03-01T00-00-00", 2, &["databas", "session", "storag"]),
            ("2026-04-01T00-00-00", 1, &["databas", "session"]),
        ];
        let mut holding: WordHolders<'_> = HashMap::new();
        for (at, (_, _, question)) in asked.iter().enumerate() {
            for word in *question {
                holding.entry(word).or_default().push(at);
            }
        }
        let asked: Vec<Asked<'_>> = asked
            .iter()
            .map(|(session, item, question)| Asked {
                session,
                item: *item,
                words: question.len(),
            })
            .collect();
        let question = words.question("Which database for sessions?");
        // The same words (newer first), then 2 of 3; the cache never.
        let mut shared = vec![0; asked.len()];
        let found: Vec<usize> = alike(&asked, &holding, &question, &mut shared)
            .into_iter()
            .map(|(at, _)| at)
            .collect();
        assert_eq!(found, [3, 0, 2]);
        assert!(shared.iter().all(|n| *n == 0), "left as found");
        let unrelated = words.question("Which logging library?");
        assert!(alike(&asked, &holding, &unrelated, &mut shared).is_empty());
        assert_eq!(resemblance(2, 2, 3), 2.0 / 3.0);
        assert_eq!(resemblance(0, 0, 0), 0.0);
    }
}
