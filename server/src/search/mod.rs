//! Search of past decisions: the decided items of a project ranked by
//! BM25 (the `bm25` crate) against a query, best first. Text is cut into
//! words by one tokenizer (`words.rs`) for items and queries alike; the
//! words of each record are cached (`index.rs`,
//! `.aide/cache/search.jsonl`), so a search reads the records that changed
//! since and those it shows.

mod asked;
#[cfg(test)]
mod asked_tests;
mod asked_text;
mod index;
pub(crate) mod precedent;
pub mod ruling;
pub mod same;
mod words;

pub use asked::decided_here;
pub use precedent::precedents;
pub use words::Words;

use crate::store::{DecidedHere, DecisionStore, StoreError};
use app::{Answer, DecisionRecord, ItemId, SessionId, Timestamp};
use bm25::{Embedder, EmbedderBuilder, Embedding, Scorer, Tokenizer};
use index::Index;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

/// The most hits a search returns unless told otherwise.
pub const DEFAULT_LIMIT: usize = 10;

/// A query cut into its words, each once.
#[derive(Debug)]
pub struct Query {
    words: Vec<String>,
}

/// Why a query cannot be searched for.
#[derive(Debug, PartialEq, Eq)]
pub enum QueryError {
    /// Empty, or only punctuation and words too common to search for.
    NoWords,
}

impl Query {
    pub fn new(text: &str, words: &Words) -> Result<Query, QueryError> {
        let mut seen = HashSet::new();
        let words: Vec<String> = words
            .of(text)
            .into_iter()
            .filter(|word| seen.insert(word.clone()))
            .collect();
        if words.is_empty() {
            return Err(QueryError::NoWords);
        }
        Ok(Query { words })
    }
}

impl Query {
    /// Whether `text` holds at least half the query's words: how a
    /// standing ruling (its question and answer) matches a search.
    pub fn found_in(&self, text: &str, words: &Words) -> bool {
        let held: HashSet<String> = words.of(text).into_iter().collect();
        let found = self.words.iter().filter(|w| held.contains(*w)).count();
        found > 0 && found * 2 >= self.words.len()
    }
}

/// One decided item that matches.
#[derive(Clone, Debug, Serialize)]
pub struct Hit {
    /// The project folder (the one holding `.aide/`).
    pub project: PathBuf,
    pub session_id: SessionId,
    /// When the person submitted the answers.
    pub decided_at: Timestamp,
    pub item: u32,
    pub title: String,
    /// What the person answered.
    #[serde(flatten)]
    pub answer: HitAnswer,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// How well it matches, for ordering (higher is better), to two
    /// decimals.
    pub score: f64,
    /// The person gave this answer on this machine; `false`: the record
    /// came with the repository (or from elsewhere) and is not theirs to
    /// follow (`store::DecidedHere`).
    pub decided_here: bool,
}

/// What the person answered, as a hit says it.
#[derive(Clone, Debug, Serialize)]
pub enum HitAnswer {
    /// The options chosen, with their labels.
    #[serde(rename = "chosen")]
    Chosen(Vec<ChosenOption>),
    /// An answer of their own.
    #[serde(rename = "other")]
    Other(String),
    /// Left undecided; the note says why, if it says.
    #[serde(rename = "skipped")]
    Skipped(Yes),
}

/// `true`, always: `"skipped": true`.
#[derive(Clone, Copy, Debug)]
pub struct Yes;

impl Serialize for Yes {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(true)
    }
}

/// One chosen option.
#[derive(Clone, Debug, Serialize)]
pub struct ChosenOption {
    pub value: String,
    pub label: String,
}

/// The hits of one project, best first, and the records that could not
/// be read (skipped, for the caller to name).
pub struct Found {
    pub hits: Vec<Hit>,
    pub unreadable: Vec<StoreError>,
}

/// Searches `store`'s decided items for `query`: at most `limit` hits,
/// best first.
pub fn search(
    store: &DecisionStore,
    words: &Words,
    query: &Query,
    limit: usize,
) -> Result<Found, StoreError> {
    let mut index = Index::load(store, words)?;
    let mut unreadable = std::mem::take(&mut index.unreadable);
    // A ledger that cannot be read proves no answer the person's own.
    let here = decided_here(store, words).unwrap_or_else(|error| {
        unreadable.push(error);
        DecidedHere::default()
    });
    let (count, average) = index.size();
    let items = index.holding(&query.words);
    let ranked = rank(&items, count, average, query);
    let mut records: HashMap<SessionId, Option<DecisionRecord>> = HashMap::new();
    let mut hits = Vec::new();
    for (at, score) in ranked {
        if hits.len() >= limit {
            break;
        }
        let item = &items[at];
        let record = match records.get(&item.session) {
            Some(record) => record.as_ref(),
            None => {
                let record = match store.records().load(&item.session) {
                    Ok(record) => record,
                    Err(e) => {
                        unreadable.push(e);
                        None
                    }
                };
                records
                    .entry(item.session.clone())
                    .or_insert(record)
                    .as_ref()
            }
        };
        hits.extend(record.and_then(|record| hit(store, record, item.item, score, &here)));
    }
    Ok(Found { hits, unreadable })
}

/// Items' words are stored joined by spaces: split again, not cut again.
#[derive(Default)]
struct Spaced;

impl Tokenizer for Spaced {
    fn tokenize(&self, text: &str) -> Vec<String> {
        text.split(' ')
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// The positions in `items` (those holding a query word, of `count`
/// items of `average` words) best first, with their scores.
///
/// BM25 weighs a word of an item by how often the item holds it against
/// the item's length over the average length. Each item is embedded from
/// the query's words it holds (`found`) by an embedder whose average is
/// scaled as `found` is to the whole item, so the crate computes exactly
/// the values it would from the whole item (the ratio of length to
/// average is the same), without cutting thousands of long items into
/// words again. The items holding no query word count for the corpus's
/// size: they could not score.
fn rank(items: &[index::Item], count: usize, average: f32, query: &Query) -> Vec<(usize, f32)> {
    if items.is_empty() {
        return Vec::new();
    }
    let plain: Embedder<u32, Spaced> = EmbedderBuilder::with_avgdl(average.max(1.0)).build();
    let asked = plain.embed(&query.words.join(" "));
    let mut scorer = Scorer::<usize, u32>::new();
    for (at, item) in items.iter().enumerate() {
        let found = item.found.split(' ').count() as f32;
        let scaled = average.max(1.0) * found / item.length.max(1) as f32;
        let embedder: Embedder<u32, Spaced> = EmbedderBuilder::with_avgdl(scaled).build();
        scorer.upsert(&at, embedder.embed(&item.found));
    }
    for absent in items.len()..count.max(items.len()) {
        scorer.upsert(&absent, Embedding(Vec::new()));
    }
    let mut ranked: Vec<(usize, f32)> = scorer
        .matches(&asked)
        .into_iter()
        .filter(|scored| scored.id < items.len())
        .map(|scored| (scored.id, scored.score))
        .collect();
    // Equal scores: the newer decision first, then the item's order.
    ranked.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then_with(|| items[b.0].session.cmp(&items[a.0].session))
            .then_with(|| items[a.0].item.cmp(&items[b.0].item))
    });
    ranked
}

/// Item `id` of `record` as a hit.
fn hit(
    store: &DecisionStore,
    record: &DecisionRecord,
    id: u32,
    score: f32,
    here: &DecidedHere,
) -> Option<Hit> {
    let id = ItemId::new(id)?;
    let item = record.input.input.item(id)?;
    let decision = record.output.decisions().iter().find(|d| d.id() == id)?;
    let choice = |value: &String| ChosenOption {
        label: item
            .option(value)
            .map_or_else(|| value.clone(), |o| o.label().to_owned()),
        value: value.clone(),
    };
    let answer = match decision.answer() {
        Answer::Chosen(value) => HitAnswer::Chosen(vec![choice(value)]),
        Answer::ChosenMany(values) => HitAnswer::Chosen(values.iter().map(choice).collect()),
        Answer::Other(text) => HitAnswer::Other(text.clone()),
        Answer::Skipped => HitAnswer::Skipped(Yes),
    };
    Some(Hit {
        project: store.project_root(),
        session_id: record.session_id.clone(),
        decided_at: record.completed_at,
        item: id.get(),
        title: item.title().to_owned(),
        answer,
        note: decision.note().map(str::to_owned),
        score: (f64::from(score) * 100.0).round() / 100.0,
        decided_here: here.holds(store, &record.session_id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value BM25 gives `word` in an embedding.
    fn value(embedding: &Embedding<u32>, word: &str) -> f32 {
        let index = <u32 as bm25::TokenEmbedder>::embed(word);
        embedding
            .iter()
            .find(|t| t.index == index)
            .map(|t| t.value)
            .unwrap()
    }

    #[test]
    fn an_item_embedded_from_its_found_words_weighs_them_as_its_whole_text_does() {
        let average = 9.0;
        let whole = "redi cach redi pg sql databas note redi team";
        let plain: Embedder<u32, Spaced> = EmbedderBuilder::with_avgdl(average).build();
        let full = plain.embed(whole);
        let found = "redi redi redi pg";
        let scaled: Embedder<u32, Spaced> =
            EmbedderBuilder::with_avgdl(average * 4.0 / 9.0).build();
        let part = scaled.embed(found);
        for word in ["redi", "pg"] {
            assert!(
                (value(&full, word) - value(&part, word)).abs() < 1e-6,
                "{word}"
            );
        }
    }
}
