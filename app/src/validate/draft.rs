//! Drafts: the answers so far, as the page saves them while the person
//! works. Unlike answers, a draft may leave items open.

use super::answer::{Mode, item_at, parts};
use super::walker::{Object, Walker, index, join};
use super::{ErrorKind, ValidationErrors};
use crate::model::{DecideInput, DraftAnswer};
use serde_json::Value;

const DRAFT_FIELDS: &[&str] = &["decisions"];
const ANSWER_FIELDS: &[&str] = &["id", "chosen", "other", "skipped", "note"];

/// Validates a draft body
/// `{"decisions":[{"id", "chosen"?, "other"?, "skipped"?, "note"?}]}`
/// against the input it belongs to: known ids, each at most once, at most
/// one kind of answer, each allowed by the item's flags (see `answer.rs`).
/// Entries with no answer and a blank note are dropped; answers come back
/// in the input's item order.
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
        .filter(|a| a.is_answered() || !a.note.trim().is_empty())
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
    let (at, item) = item_at(w, input, id, path)?;
    let note = match map.get("note") {
        None | Some(Value::Null) => Some(String::new()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            w.text(other, &join(path, "note"));
            None
        }
    };
    let parts = parts(w, (at, item), map, path, Mode::Draft);
    let (parts, note) = (parts?, note?);
    Some(DraftAnswer {
        id: item.id(),
        chosen: parts.chosen,
        other: parts.other,
        skipped: parts.skipped,
        note,
    })
}
