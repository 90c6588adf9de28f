//! The precedents of a session: for each of its items, the earlier
//! decision of this project that asks its question again by aide's one
//! notion of it (`same.rs`: the titles' concepts, the options, the file,
//! the task), shown as "You decided this" when it is the same question and
//! collapsed as "Related" when it only resembles it; the closer first,
//! then the newer. Candidates are the earlier questions whose titles share
//! a concept or word with the item's (the precedent cache, `asked.rs`);
//! the closest few by title are weighed whole. An earlier decision the
//! person said is not the same question as an item's is passed over for
//! it (the ledger's `not_same`). Asked when the page server starts; what a
//! precedent says is `app::page::Precedent`'s. Only answers the person
//! gave on this machine are precedents (`store::DecidedHere`).

use super::asked::{Asked, AskedHere, WordHolders};
use super::same::concepts::Unit;
use super::same::{Question, RESEMBLES, likeness, offered_again};
use super::words::Words;
use crate::store::DecisionStore;
use app::page::{Follow, ItemPrecedent, Precedent, Strength};
use app::{Answer, DecideInput, DecideItem, DecisionRecord, ItemId, SessionId};
use std::collections::{HashMap, HashSet};

/// How many of the closest earlier questions are weighed whole, per item:
/// each costs a record read (once per session).
const CLOSEST: usize = 4;

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
    let asking: Vec<Question> = input
        .items()
        .iter()
        .map(|item| Question::of(item, input.task(), words))
        .collect();
    let wanted: HashSet<&str> = asking
        .iter()
        .flat_map(|q| q.title.iter().map(|u| u.text.as_str()))
        .collect();
    // Only the questions that share a unit with one of the items.
    let (asked, holding) = here.sharing(&wanted);
    let mut records: HashMap<SessionId, Option<DecisionRecord>> = HashMap::new();
    let mut found = Vec::new();
    let mut shared = vec![0.0; asked.len()];
    for (item, question) in input.items().iter().zip(&asking) {
        let key = words.question(item.title());
        let mut best: Option<(f32, Precedent)> = None;
        let close = alike(&asked, &holding, &question.title, &mut shared);
        for (earlier, _) in close.into_iter().take(CLOSEST) {
            let earlier = &asked[earlier];
            let Ok(session) = earlier.session.parse::<SessionId>() else {
                continue;
            };
            // The person said it is another question: never again.
            if here.not_the_same(&key, &session, earlier.item) {
                continue;
            }
            let record = records.entry(session.clone()).or_insert_with(|| {
                // Replaced by a file from elsewhere since: not theirs.
                if !store.records().is_ours(&session) {
                    return None;
                }
                store.records().load(&session).ok().flatten()
            });
            let Some(record) = record.as_ref() else {
                continue;
            };
            let Some(id) = ItemId::new(earlier.item) else {
                continue;
            };
            let Some(asked_then) = record.input.input.item(id) else {
                continue;
            };
            let then = Question::of(asked_then, record.input.input.task(), words);
            let how = likeness(&then, question, words);
            let strength = if how.same() {
                Strength::Same
            } else if how.related() {
                Strength::Related
            } else {
                continue;
            };
            let Some(mut precedent) = Precedent::of(record, id, item, strength) else {
                continue;
            };
            if precedent.follow.is_none() {
                precedent.follow = follow_renamed(record, id, &then, question, item);
            }
            // The same question with the closest title (then the newer)
            // ends the search; else the likest related one is kept.
            if how.same() {
                best = Some((f32::INFINITY, precedent));
                break;
            }
            if best.as_ref().is_none_or(|(score, _)| how.score() > *score) {
                best = Some((how.score(), precedent));
            }
        }
        if let Some((_, precedent)) = best {
            found.push(ItemPrecedent {
                id: item.id(),
                precedent,
            });
        }
    }
    found
}

/// "Same as before" when the options chosen then (item `earlier` of
/// `record`, asked as `then`) were renamed or relabelled since: each maps
/// to the one option of `item` (asked as `now`) that offers it again, as
/// the likeness counts one offered again; none when one maps to none or
/// several.
fn follow_renamed(
    record: &DecisionRecord,
    earlier: ItemId,
    then: &Question,
    now: &Question,
    item: &DecideItem,
) -> Option<Follow> {
    let asked = record.input.input.item(earlier)?;
    let decision = (record.output.decisions().iter()).find(|d| d.id() == earlier)?;
    let values: Vec<&String> = match decision.answer() {
        Answer::Chosen(value) => vec![value],
        Answer::ChosenMany(values) => values.iter().collect(),
        Answer::Other(_) | Answer::Skipped => return None,
    };
    let positions = values
        .iter()
        .map(|value| {
            let at = (asked.options().iter()).position(|o| o.value() == value.as_str())?;
            offered_again(then, at, now)
        })
        .collect::<Option<Vec<usize>>>()?;
    Follow::at(item, positions)
}

/// How far two titles of `a` and `b` weight, `both` of it shared (counted
/// on each side), resemble each other: Dice's coefficient, from 0 to 1.
pub(super) fn resemblance(both: f32, a: f32, b: f32) -> f32 {
    let all = a + b;
    if all <= 0.0 {
        return 0.0;
    }
    (2.0 * both / all).min(1.0)
}

/// The positions in `asked` of the questions whose titles resemble
/// `question`'s units at least [`RESEMBLES`], with how far they do: the
/// [`CLOSEST`] closest (and those as close as the last of them), the
/// closest first, then the newer. `shared` is scratch space, one weight per
/// question of `asked`, all 0 (and left so): the weight each shares with
/// `question` is summed through `holding`, the questions holding each
/// unit, so only those sharing one are looked at.
pub(super) fn alike(
    asked: &[Asked<'_>],
    holding: &WordHolders<'_>,
    question: &[Unit],
    shared: &mut [f32],
) -> Vec<(usize, f32)> {
    let mut touched = Vec::new();
    for unit in question {
        for &at in holding.get(unit.text.as_str()).into_iter().flatten() {
            if shared[at] == 0.0 {
                touched.push(at);
            }
            // A unit of no weight still marks the question as touched.
            shared[at] += unit.weight.max(f32::MIN_POSITIVE);
        }
    }
    let own: f32 = question.iter().map(|u| u.weight).sum();
    let mut close: Vec<(usize, f32)> = Vec::new();
    for at in touched {
        let both = shared[at];
        shared[at] = 0.0;
        let how = resemblance(both, own, asked[at].weight);
        if how >= RESEMBLES {
            close.push((at, how));
        }
    }
    // The closest first; of those that can be weighed whole, the newer
    // first where alike: by the ids read (`-2` before `-10`), for these
    // few only (thousands may resemble a title a little).
    close.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
    if let Some(&(_, last)) = close.get(CLOSEST.saturating_sub(1)) {
        close.retain(|c| c.1 >= last);
    }
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
    use crate::search::same::concepts::Concepts;

    #[test]
    fn the_closest_question_comes_first_then_the_newer_and_an_unlike_one_never() {
        let words = Words::default();
        let table = Concepts::builtin(&words);
        let titles = [
            ("2026-01-01T00-00-00", 1, "Which database for sessions?"),
            ("2026-02-01T00-00-00", 1, "Which cache for sessions?"),
            (
                "2026-03-01T00-00-00",
                2,
                "Database for the session store, by tenant",
            ),
            ("2026-04-01T00-00-00", 1, "The database for sessions?"),
        ];
        let units: Vec<Vec<Unit>> = titles
            .iter()
            .map(|(_, _, title)| table.units(title, &words))
            .collect();
        let mut holding: WordHolders<'_> = HashMap::new();
        for (at, question) in units.iter().enumerate() {
            for unit in question {
                holding.entry(unit.text.as_str()).or_default().push(at);
            }
        }
        let asked: Vec<Asked<'_>> = titles
            .iter()
            .zip(&units)
            .map(|((session, item, _), units)| Asked {
                session,
                item: *item,
                weight: units.iter().map(|u| u.weight).sum(),
            })
            .collect();
        let question = table.units("Which database for sessions?", &words);
        // The same concepts (the newer first), then the one with more.
        let mut shared = vec![0.0; asked.len()];
        let found: Vec<usize> = alike(&asked, &holding, &question, &mut shared)
            .into_iter()
            .map(|(at, _)| at)
            .collect();
        assert_eq!(found[..2], [3, 0]);
        assert_eq!(found[2], 2);
        assert!(shared.iter().all(|n| *n == 0.0), "left as found");
        let unrelated = table.units("Which logging library?", &words);
        assert!(alike(&asked, &holding, &unrelated, &mut shared).is_empty());
        assert_eq!(resemblance(1.0, 2.0, 2.0), 0.5);
        assert_eq!(resemblance(0.0, 0.0, 0.0), 0.0);
    }
}
