use super::walker::{Walker, index, join};
use super::{ErrorKind, ValidationErrors};
use crate::model::{DecideInput, DecideItem, DecideOutput, Decision, ItemId};
use serde_json::Value;

const OUTPUT_FIELDS: &[&str] = &["decisions"];
const DECISION_FIELDS: &[&str] = &["id", "chosen", "note"];

/// Validates answers against the input they answer: every item decided
/// exactly once, each `chosen` one of that item's option values.
///
/// Blank notes are dropped; decisions come back in the input's item order.
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
    let chosen = w
        .required(map, "chosen", path)
        .and_then(|v| w.text(v, &join(path, "chosen")));
    let note = match map.get("note") {
        None | Some(Value::Null) => Some(None),
        Some(Value::String(s)) => Some((!s.trim().is_empty()).then(|| s.clone())),
        Some(_) => {
            // Reuse the walker's type error for a non-string note.
            w.text(&map["note"], &join(path, "note"));
            None
        }
    };
    let item = item_of(w, input, id?, path)?;
    let chosen = option_of(w, item, chosen?, path)?;
    Some(Decision {
        id: item.id(),
        chosen,
        note: note?,
    })
}

/// The item with `id`; an error at `path.id` when the input has none.
pub(crate) fn item_of<'i>(
    w: &mut Walker,
    input: &'i DecideInput,
    id: u32,
    path: &str,
) -> Option<&'i DecideItem> {
    let item = input.item(ItemId(id));
    if item.is_none() {
        w.error(join(path, "id"), ErrorKind::UnknownItem { id });
    }
    item
}

/// `chosen` if it is one of `item`'s option values; else an error at
/// `path.chosen` listing them.
pub(crate) fn option_of(
    w: &mut Walker,
    item: &DecideItem,
    chosen: String,
    path: &str,
) -> Option<String> {
    if item.option(&chosen).is_some() {
        return Some(chosen);
    }
    let allowed = item
        .options()
        .iter()
        .map(|o| o.value().to_owned())
        .collect();
    let kind = ErrorKind::ChosenNotInOptions {
        value: chosen,
        allowed,
    };
    w.error(join(path, "chosen"), kind);
    None
}
