//! Answers and drafts for a valid input: every kind an item allows
//! (`chosen`, `other`, `skipped`), as a program or the page sends them.

use super::{object, subset, text, valid_input};
use proptest::prelude::*;
use serde_json::Value;

/// What an item of a valid input allows: its id, its option values and
/// its flags.
#[derive(Clone, Debug)]
struct Allows {
    id: Value,
    values: Vec<Value>,
    multiple: bool,
    other: bool,
    skip: bool,
}

fn choices(input: &Value) -> Vec<Allows> {
    let items = input["items"].as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|item| {
            let options = item["options"].as_array().cloned().unwrap_or_default();
            let flag = |key: &str| item[key].as_bool().unwrap_or(false);
            Allows {
                id: item["id"].clone(),
                values: options.iter().map(|o| o["value"].clone()).collect(),
                multiple: flag("multiple"),
                other: flag("allow_other"),
                skip: flag("allow_skip"),
            }
        })
        .collect()
}

/// One kind of answer to an item, as JSON fields: `kind` picks among what
/// the item allows, `seed` picks the values. `draft` allows no answer.
fn answer_fields(
    allows: &Allows,
    kind: u8,
    seed: u8,
    own: String,
    draft: bool,
) -> Vec<(&'static str, Option<Value>)> {
    let mut kinds = vec!["chosen"];
    kinds.extend(allows.other.then_some("other"));
    kinds.extend(allows.skip.then_some("skipped"));
    if draft {
        kinds.push("none");
    }
    let chosen = if allows.multiple && !seed.is_multiple_of(3) {
        // Any order: the validator puts them in the options' order.
        let mut many = subset(&allows.values, seed);
        many.reverse();
        Value::Array(many)
    } else {
        allows.values[usize::from(seed) % allows.values.len()].clone()
    };
    match kinds[usize::from(kind) % kinds.len()] {
        "chosen" => vec![("chosen", Some(chosen))],
        "other" => vec![("other", Some(own.into()))],
        "skipped" => vec![("skipped", Some(true.into()))],
        _ => Vec::new(),
    }
}

/// A valid input and a valid answer to it (every item, in any order, each
/// answered in one of the ways its flags allow).
pub fn input_with_answers() -> impl Strategy<Value = (Value, Value)> {
    valid_input().prop_flat_map(|input| {
        let decisions = choices(&input)
            .into_iter()
            .map(|allows| {
                (any::<(u8, u8)>(), text(), prop::option::of(text())).prop_map(
                    move |((kind, seed), own, note)| {
                        let mut fields = vec![("id", Some(allows.id.clone()))];
                        fields.extend(answer_fields(&allows, kind, seed, own, false));
                        fields.push(("note", note.map(Value::from)));
                        object(fields)
                    },
                )
            })
            .collect::<Vec<_>>();
        let answers = decisions
            .prop_shuffle()
            .prop_map(|decisions| object([("decisions", Some(decisions.into()))]));
        (Just(input), answers)
    })
}

/// A valid input and a valid draft body for it (some items, each with a
/// kind of answer its flags allow, a note, both or neither).
pub fn input_with_draft() -> impl Strategy<Value = (Value, Value)> {
    valid_input().prop_flat_map(|input| {
        let answers = choices(&input)
            .into_iter()
            .map(|allows| {
                (any::<(u8, u8)>(), text(), prop::option::of(text())).prop_map(
                    move |((kind, seed), own, note)| {
                        let mut fields = vec![("id", Some(allows.id.clone()))];
                        fields.extend(answer_fields(&allows, kind, seed, own, true));
                        fields.push(("note", note.map(Value::from)));
                        object(fields)
                    },
                )
            })
            .collect::<Vec<_>>();
        let draft = answers
            .prop_shuffle()
            .prop_flat_map(|answers| {
                let n = answers.len();
                (Just(answers), 0..=n)
            })
            .prop_map(|(mut answers, keep)| {
                answers.truncate(keep);
                object([("decisions", Some(answers.into()))])
            });
        (Just(input), draft)
    })
}
