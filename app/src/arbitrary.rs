//! Proptest strategies for aide's formats: any JSON (biased towards the
//! field names aide knows, so it reaches past the first check), valid
//! inputs exactly as `DecideInput` serialises them, and answers and drafts
//! for them. Used by the property tests of the validation
//! (`validate/properties.rs`) and of the store (the `proptest` feature).

use proptest::prelude::*;
use proptest::sample::{Index, select};
use serde_json::{Map, Value};

mod answers;
pub mod bytes;
pub use answers::{input_with_answers, input_with_draft};

/// Field names and values of aide's formats.
const WORDS: &[&str] = &[
    "task",
    "source",
    "items",
    "id",
    "title",
    "location",
    "file",
    "start",
    "end",
    "context",
    "options",
    "recommend",
    "value",
    "label",
    "score",
    "pros",
    "cons",
    "_meta",
    "version",
    "decisions",
    "chosen",
    "note",
    "multiple",
    "allow_other",
    "allow_skip",
    "other",
    "skipped",
    "1.1",
    "1.2",
    "1.3",
    "1.4",
    "1.5",
    "reversible",
    "if_unanswered",
    "via",
    "followed",
    "item",
    "input",
    "output",
    "completed_at",
    "created_at",
    "session_id",
    "saved_at",
    "1.0",
    "1.7",
    "2.0",
    "2025-01-15T10-30-00",
];

/// Any JSON value, a few levels deep.
pub fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..=200).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
        select(WORDS).prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![select(WORDS).prop_map(String::from), "[a-z_]{0,8}"]
}

/// Text the validation accepts: not blank, with markup and CJK in it.
pub fn text() -> impl Strategy<Value = String> {
    "[a-z<&\"'一二 ]{0,8}[a-z一二>]"
}

fn object(fields: impl IntoIterator<Item = (&'static str, Option<Value>)>) -> Value {
    let map: Map<String, Value> = fields
        .into_iter()
        .filter_map(|(key, value)| value.map(|value| (key.to_owned(), value)))
        .collect();
    Value::Object(map)
}

fn list(texts: Vec<String>) -> Option<Value> {
    (!texts.is_empty()).then(|| texts.into())
}

/// The option at position `n` of its item (its value is unique there).
fn option(n: usize) -> impl Strategy<Value = Value> {
    (
        text(),
        text(),
        prop::option::of(0u8..=100),
        prop::collection::vec(text(), 0..3),
        prop::collection::vec(text(), 0..3),
    )
        .prop_map(move |(value, label, score, pros, cons)| {
            object([
                ("value", Some(format!("{n}{value}").into())),
                ("label", Some(label.into())),
                ("score", score.map(Value::from)),
                ("pros", list(pros)),
                ("cons", list(cons)),
            ])
        })
}

fn location() -> impl Strategy<Value = Value> {
    (text(), 1u32..10_000, 0u32..50).prop_map(|(file, start, lines)| {
        object([
            ("file", Some(file.into())),
            ("start", Some(start.into())),
            ("end", Some((start + lines).into())),
        ])
    })
}

fn item(id: u32) -> impl Strategy<Value = Value> {
    let options = (2..5usize).prop_flat_map(|n| (0..n).map(option).collect::<Vec<_>>());
    (
        text(),
        prop::option::of(location()),
        prop::option::of(text()),
        options,
        prop::option::of(any::<Index>()),
        any::<[bool; 3]>(),
        any::<(bool, u8)>(),
    )
        .prop_map(
            move |(title, location, context, options, recommend, flags, shuffle)| {
                let [multiple, allow_other, allow_skip] = flags;
                let values: Vec<Value> = options.iter().map(|o| o["value"].clone()).collect();
                let recommend = recommend.map(|pick| {
                    let first = pick.index(values.len());
                    // With `multiple`, sometimes an array of values in
                    // some order other than the options'.
                    match (multiple, shuffle) {
                        (true, (true, seed)) => {
                            let mut many = subset(&values, seed);
                            let turn = usize::from(seed) % many.len().max(1);
                            many.rotate_left(turn);
                            Value::Array(many)
                        }
                        _ => values[first].clone(),
                    }
                });
                let flag = |on: bool| on.then_some(Value::Bool(true));
                object([
                    ("id", Some(id.into())),
                    ("title", Some(title.into())),
                    ("location", location),
                    ("context", context.map(Value::from)),
                    ("options", Some(options.into())),
                    ("recommend", recommend),
                    ("multiple", flag(multiple)),
                    ("allow_other", flag(allow_other)),
                    ("allow_skip", flag(allow_skip)),
                ])
            },
        )
}

/// A non-empty subset of `values` picked by the bits of `seed`.
fn subset(values: &[Value], seed: u8) -> Vec<Value> {
    let picked: Vec<Value> = values
        .iter()
        .enumerate()
        .filter(|(i, _)| seed & (1 << (i % 8)) != 0)
        .map(|(_, v)| v.clone())
        .collect();
    if picked.is_empty() {
        values.iter().take(1).cloned().collect()
    } else {
        picked
    }
}

/// A valid input, as JSON in exactly the shape `DecideInput` serialises to.
pub fn valid_input() -> impl Strategy<Value = Value> {
    prop::collection::btree_set(1u32..=u32::MAX, 1..5)
        .prop_flat_map(|ids| {
            let items = ids.into_iter().map(item).collect::<Vec<_>>();
            (text(), text(), items.prop_shuffle())
        })
        .prop_map(|(task, source, items)| {
            object([
                ("task", Some(task.into())),
                ("source", Some(source.into())),
                ("items", Some(items.into())),
            ])
        })
}
