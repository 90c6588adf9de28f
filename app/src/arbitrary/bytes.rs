//! Hostile bytes for the fuzz targets (issue 28): not only valid-shaped
//! JSON, but valid documents spoiled in one part, torn or garbled at the
//! byte level, and raw bytes. Each strategy starts from a generator of
//! valid values (`valid_input`, answers, drafts) so it reaches past the
//! first check.

use super::any_json;
use proptest::prelude::*;
use proptest::sample::{Index, select};
use serde_json::Value;

/// What a confused agent or a torn write puts into JSON text.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "\\",
    "null",
    "true",
    "-0",
    "1e999",
    "-1",
    "4294967296",
    "18446744073709551616",
    "0.5",
    "\"\\ud800\"",
    "\"\\u0000\"",
    "\u{1b}[2J",
    "\u{feff}",
    "\r\n",
    "\u{0}",
    "é",
    "一",
    "\"_meta\"",
    "\"version\":\"9.0\"",
    "[[[[[[[[[[[[[[[[",
    "]]]]]]]]]]]]]]]]",
];

/// One change to a document's bytes.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Cut the text short, as a torn write would.
    Cut(Index),
    /// Replace one byte.
    Flip(Index, u8),
    /// Insert a JSON token (or a control sequence).
    Insert(Index, &'static str),
    /// Remove a span.
    Remove(Index, u8),
    /// Repeat a span in place.
    Repeat(Index, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<Index>().prop_map(Mutation::Cut),
        (any::<Index>(), any::<u8>()).prop_map(|(at, b)| Mutation::Flip(at, b)),
        (any::<Index>(), select(TOKENS)).prop_map(|(at, t)| Mutation::Insert(at, t)),
        (any::<Index>(), any::<u8>()).prop_map(|(at, n)| Mutation::Remove(at, n)),
        (any::<Index>(), any::<u8>()).prop_map(|(at, n)| Mutation::Repeat(at, n)),
    ]
}

/// `bytes` with `mutations` applied in order.
pub fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len();
        let at = |i: &Index| if len == 0 { 0 } else { i.index(len + 1) };
        match m {
            Mutation::Cut(i) => bytes.truncate(at(i)),
            Mutation::Flip(i, b) => {
                if let Some(slot) = bytes.get_mut(at(i)) {
                    *slot = *b;
                }
            }
            Mutation::Insert(i, token) => {
                let at = at(i);
                bytes.splice(at..at, token.bytes());
            }
            Mutation::Remove(i, n) => {
                let from = at(i);
                let to = (from + usize::from(*n)).min(len);
                bytes.drain(from..to);
            }
            Mutation::Repeat(i, n) => {
                let from = at(i);
                let to = (from + usize::from(*n)).min(len);
                let span = bytes[from..to].to_vec();
                bytes.splice(to..to, span);
            }
        }
    }
    bytes
}

/// The paths of every value inside `value`, as JSON pointers.
fn pointers(value: &Value, at: String, all: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                pointers(
                    inner,
                    format!("{at}/{}", key.replace('~', "~0").replace('/', "~1")),
                    all,
                );
            }
        }
        Value::Array(list) => {
            for (i, inner) in list.iter().enumerate() {
                pointers(inner, format!("{at}/{i}"), all);
            }
        }
        _ => {}
    }
    all.push(at);
}

/// `value` with the part at a chosen place replaced by `junk`.
pub fn spoil(mut value: Value, pick: Index, junk: Value) -> Value {
    let mut all = Vec::new();
    pointers(&value, String::new(), &mut all);
    let at = &all[pick.index(all.len())];
    if let Some(slot) = value.pointer_mut(at) {
        *slot = junk;
    }
    value
}

/// The bytes of documents like those `valid` makes: as they are, spoiled
/// in one part, garbled at the byte level, any JSON at all, or raw bytes.
pub fn hostile<S>(valid: impl Fn() -> S) -> impl Strategy<Value = Vec<u8>>
where
    S: Strategy<Value = Value>,
{
    let text = |v: &Value| serde_json::to_vec(v).unwrap_or_default();
    prop_oneof![
        1 => valid().prop_map(move |v| text(&v)),
        3 => (valid(), any::<Index>(), any_json())
            .prop_map(move |(v, pick, junk)| text(&spoil(v, pick, junk))),
        3 => (valid(), prop::collection::vec(mutation(), 1..4))
            .prop_map(move |(v, ms)| mutate(text(&v), &ms)),
        1 => any_json().prop_map(move |v| text(&v)),
        2 => prop::collection::vec(any::<u8>(), 0..300),
    ]
}

/// `bytes` (any text, not only JSON) garbled at the byte level, or raw
/// bytes instead.
pub fn garbled(bytes: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::collection::vec(mutation(), 1..4).prop_map(move |ms| mutate(bytes.clone(), &ms)),
        1 => prop::collection::vec(any::<u8>(), 0..300),
    ]
}
