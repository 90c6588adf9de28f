//! Drafts: the answers so far, as the page saves them while the person
//! works. Unlike answers, a draft may leave items open.

use super::output::{item_of, option_of};
use super::walker::{Object, Walker, index, join};
use super::{ErrorKind, ValidationErrors};
use crate::model::{DecideInput, DraftAnswer};
use serde_json::Value;

const DRAFT_FIELDS: &[&str] = &["decisions"];
const ANSWER_FIELDS: &[&str] = &["id", "chosen", "note"];

/// Validates a draft body `{"decisions":[{"id", "chosen"?, "note"?}]}`
/// against the input it belongs to: known ids, each at most once, `chosen`
/// one of the item's values. Entries with neither a choice nor a note are
/// dropped; answers come back in the input's item order.
pub fn validate_draft(
    input: &DecideInput,
    value: &Value,
) -> Result<Vec<DraftAnswer>, ValidationErrors> {
    let mut w = Walker::new(false);
    let answers = w.object(value, "").and_then(|map| {
        w.unknown_fields(map, DRAFT_FIELDS, "");
        draft_answers(&mut w, input, map)
    });
    w.finish(answers)
}

/// The `decisions` of a draft object.
pub(crate) fn draft_answers(
    w: &mut Walker,
    input: &DecideInput,
    map: &Object,
) -> Option<Vec<DraftAnswer>> {
    let path = "decisions";
    let list = w.required(map, path, "").and_then(|v| w.array(v, path))?;
    // By item position, so a repeat is found in O(1) and the answers come
    // out in the input's item order without sorting.
    let mut found: Vec<Option<(usize, DraftAnswer)>> = vec![None; input.items().len()];
    for (i, value) in list.iter().enumerate() {
        let at = index(path, i);
        let Some(answer) = answer(w, input, value, &at) else {
            continue;
        };
        let Some(position) = input.position(answer.id) else {
            continue;
        };
        if let Some((first, _)) = &found[position] {
            let kind = ErrorKind::DuplicateDecision {
                id: answer.id.get(),
                first: *first,
            };
            w.error(join(&at, "id"), kind);
            continue;
        }
        found[position] = Some((i, answer));
    }
    let answers: Vec<DraftAnswer> = found
        .into_iter()
        .flatten()
        .map(|(_, a)| a)
        .filter(|a| a.chosen.is_some() || !a.note.trim().is_empty())
        .collect();
    Some(answers)
}

fn answer(w: &mut Walker, input: &DecideInput, value: &Value, path: &str) -> Option<DraftAnswer> {
    let map = w.object(value, path)?;
    w.unknown_fields(map, ANSWER_FIELDS, path);
    let id = w
        .required(map, "id", path)
        .and_then(|v| w.integer(v, &join(path, "id"), 1, u64::from(u32::MAX)))
        .and_then(|n| u32::try_from(n).ok())?;
    let item = item_of(w, input, id, path)?;
    let chosen = match map.get("chosen") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let chosen = w.text(v, &join(path, "chosen"))?;
            Some(option_of(w, item, chosen, path)?)
        }
    };
    let note = match map.get("note") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            w.text(other, &join(path, "note"));
            return None;
        }
    };
    Some(DraftAnswer {
        id: item.id(),
        chosen,
        note,
    })
}
