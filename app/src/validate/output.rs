use super::answer::{Mode, item_at, parts};
use super::walker::{Walker, index, join};
use super::{ErrorKind, ValidationErrors};
use crate::model::{Answer, DecideInput, DecideOutput, Decision, ItemId};
use serde_json::Value;

const OUTPUT_FIELDS: &[&str] = &["decisions"];
const DECISION_FIELDS: &[&str] = &["id", "chosen", "other", "skipped", "note"];

/// Validates answers against the input they answer: every item decided
/// exactly once, in a way its flags allow (see `answer.rs`), each `chosen`
/// one of that item's option values.
///
/// Blank notes are dropped, an `other` is trimmed, several `chosen` values
/// are put in the options' order; decisions come back in the input's item
/// order.
pub fn validate_output(
    input: &DecideInput,
    value: &Value,
) -> Result<DecideOutput, ValidationErrors> {
    let mut w = Walker::new(false);
    let output = output(&mut w, input, value);
    w.finish(output)
}

pub(crate) fn output(w: &mut Walker, input: &DecideInput, value: &Value) -> Option<DecideOutput> {
    let map = w.object(value, "")?;
    w.unknown_fields(map, OUTPUT_FIELDS, "");
    let list = w
        .required(map, "decisions", "")
        .and_then(|v| w.array(v, "decisions"))?;
    // By item position: the decision found for each item and where, and
    // whether any entry (valid or not) named it, so only the others are
    // missing. Linear in the number of items and decisions.
    let mut found: Vec<Option<(usize, Decision)>> = vec![None; input.items().len()];
    let mut answered = vec![false; input.items().len()];
    for (i, value) in list.iter().enumerate() {
        let path = index("decisions", i);
        let named = value.get("id").and_then(Value::as_u64);
        if let Some(at) = named
            .and_then(|id| u32::try_from(id).ok())
            .and_then(|id| input.position(ItemId(id)))
        {
            answered[at] = true;
        }
        let Some(decision) = decision(w, input, value, &path) else {
            continue;
        };
        let Some(at) = input.position(decision.id) else {
            continue;
        };
        if let Some((first, _)) = &found[at] {
            let kind = ErrorKind::DuplicateDecision {
                id: decision.id.0,
                first: *first,
            };
            w.error(join(&path, "id"), kind);
            continue;
        }
        found[at] = Some((i, decision));
    }
    let mut decisions = Vec::with_capacity(input.items().len());
    for ((item, found), answered) in input.items().iter().zip(found).zip(answered) {
        match found {
            Some((_, decision)) => decisions.push(decision),
            None if answered => {}
            None => w.error("decisions", ErrorKind::MissingDecision { id: item.id().0 }),
        }
    }
    Some(DecideOutput { decisions })
}

fn decision(w: &mut Walker, input: &DecideInput, value: &Value, path: &str) -> Option<Decision> {
    let map = w.object(value, path)?;
    w.unknown_fields(map, DECISION_FIELDS, path);
    let id = w
        .required(map, "id", path)
        .and_then(|v| w.integer(v, &join(path, "id"), 1, u64::from(u32::MAX)))
        .and_then(|n| u32::try_from(n).ok());
    let note = match map.get("note") {
        None | Some(Value::Null) => Some(None),
        Some(Value::String(s)) => Some((!s.trim().is_empty()).then(|| s.clone())),
        Some(other) => {
            // Reuse the walker's type error for a non-string note.
            w.text(other, &join(path, "note"));
            None
        }
    };
    let (at, item) = item_at(w, input, id?, path)?;
    let parts = parts(w, (at, item), map, path, Mode::Decision)?;
    let answer = if parts.skipped {
        Answer::Skipped
    } else if let Some(text) = parts.other {
        Answer::Other(text)
    } else if item.multiple() {
        Answer::ChosenMany(parts.chosen)
    } else {
        Answer::Chosen(parts.chosen.into_iter().next()?)
    };
    Some(Decision {
        id: item.id(),
        answer,
        note: note?,
    })
}
