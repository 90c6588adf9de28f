//! The kinds of answer an entry gives an item (`chosen`, `other`,
//! `skipped`), read the same way for answers and for drafts, and checked
//! against the item's flags (`multiple`, `allow_other`, `allow_skip`).

use super::ErrorKind;
use super::input::string_set;
use super::walker::{Object, Walker, index, join};
use crate::model::{DecideInput, DecideItem, ItemId, MAX_OTHER_CHARS};
use serde_json::Value;

/// What a decision must be and a draft need not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// An answer: exactly one kind, `skipped` only `true`, `other` trimmed.
    Decision,
    /// Work in progress: at most one kind; a blank `other`, an empty
    /// `chosen` array and `"skipped": false` mean "not given"; `other` is
    /// kept as typed.
    Draft,
}

/// The kinds of answer an entry gives, each checked against its item.
#[derive(Debug, Default)]
pub(crate) struct Parts {
    /// Option values in the options' order; at most one unless `multiple`.
    pub(crate) chosen: Vec<String>,
    pub(crate) other: Option<String>,
    pub(crate) skipped: bool,
}

/// The item with `id` and its position; an error at `path.id` when the
/// input has none.
pub(crate) fn item_at<'i>(
    w: &mut Walker,
    input: &'i DecideInput,
    id: u32,
    path: &str,
) -> Option<(usize, &'i DecideItem)> {
    let at = input.position(ItemId(id));
    if at.is_none() {
        w.error(join(path, "id"), ErrorKind::UnknownItem { id });
    }
    at.map(|at| (at, &input.items()[at]))
}

/// Reads `chosen`, `other` and `skipped` of the entry `map` at `path`,
/// which answers `item` (at position `at` of the input's items).
pub(crate) fn parts(
    w: &mut Walker,
    (at, item): (usize, &DecideItem),
    map: &Object,
    path: &str,
    mode: Mode,
) -> Option<Parts> {
    let errors = w.errors.len();
    let mut parts = Parts::default();
    let mut given: Vec<&'static str> = Vec::new();
    if let Some(chosen) = chosen(w, (at, item), map.get("chosen"), path, mode) {
        given.push("chosen");
        parts.chosen = chosen;
    }
    if let Some(other) = other(w, (at, item), map.get("other"), path, mode) {
        given.push("other");
        parts.other = Some(other);
    }
    if skipped(w, (at, item), map.get("skipped"), path, mode) {
        given.push("skipped");
        parts.skipped = true;
    }
    if let [first, second, ..] = given[..] {
        w.error(join(path, second), ErrorKind::SeveralAnswers { first });
    }
    let answered = !given.is_empty() || w.errors.len() > errors;
    if mode == Mode::Decision && !answered {
        if item.allow_other() || item.allow_skip() {
            let mut allowed = vec!["chosen"];
            allowed.extend(item.allow_other().then_some("other"));
            allowed.extend(item.allow_skip().then_some("skipped"));
            w.error(path, ErrorKind::NoAnswer { allowed });
        } else {
            w.error(join(path, "chosen"), ErrorKind::Missing);
        }
    }
    (w.errors.len() == errors).then_some(parts)
}

/// `Some` when `chosen` gives an answer (even a wrong one, which is
/// reported); `None` when it is absent (or, in a draft, an empty array).
fn chosen(
    w: &mut Walker,
    (at, item): (usize, &DecideItem),
    value: Option<&Value>,
    path: &str,
    mode: Mode,
) -> Option<Vec<String>> {
    let path = join(path, "chosen");
    match value? {
        Value::Null => None,
        Value::Array(list) if list.is_empty() && mode == Mode::Draft => None,
        Value::Array(_) if !item.multiple() => {
            w.error(path, ErrorKind::ChosenNotMultiple { item: at });
            Some(Vec::new())
        }
        Value::Array(list) => {
            let Some(values) = string_set(w, list, &path) else {
                return Some(Vec::new());
            };
            let mut known: Vec<(usize, String)> = Vec::with_capacity(values.len());
            for (i, value) in values.into_iter().enumerate() {
                if let Some(position) = known_value(w, item, value.clone(), &index(&path, i)) {
                    known.push((position, value));
                }
            }
            // The options' order, whatever order they were sent in.
            known.sort_unstable_by_key(|(position, _)| *position);
            Some(known.into_iter().map(|(_, value)| value).collect())
        }
        value => {
            let chosen = w.text(value, &path);
            let chosen =
                chosen.and_then(|value| known_value(w, item, value.clone(), &path).map(|_| value));
            Some(chosen.into_iter().collect())
        }
    }
}

/// `Some` when `other` gives an answer (reported if wrong).
fn other(
    w: &mut Walker,
    (at, item): (usize, &DecideItem),
    value: Option<&Value>,
    path: &str,
    mode: Mode,
) -> Option<String> {
    let path = join(path, "other");
    let text = match value? {
        Value::Null => return None,
        Value::String(text) if mode == Mode::Draft && text.trim().is_empty() => return None,
        Value::String(text) => text,
        other => {
            w.text(other, &path);
            return Some(String::new());
        }
    };
    if !item.allow_other() {
        w.error(path, ErrorKind::OtherNotAllowed { item: at });
        return Some(String::new());
    }
    let trimmed = text.trim();
    let chars = trimmed.chars().count();
    if trimmed.is_empty() {
        w.error(path, ErrorKind::EmptyString);
    } else if chars > MAX_OTHER_CHARS {
        let kind = ErrorKind::OtherTooLong {
            max: MAX_OTHER_CHARS,
            actual: chars,
        };
        w.error(path, kind);
    }
    Some(match mode {
        Mode::Decision => trimmed.to_owned(),
        Mode::Draft => text.clone(),
    })
}

/// Whether `skipped` gives an answer (reported if wrong).
fn skipped(
    w: &mut Walker,
    (at, item): (usize, &DecideItem),
    value: Option<&Value>,
    path: &str,
    mode: Mode,
) -> bool {
    let path = join(path, "skipped");
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(false)) if mode == Mode::Draft => false,
        Some(Value::Bool(_)) if !item.allow_skip() => {
            w.error(path, ErrorKind::SkipNotAllowed { item: at });
            true
        }
        Some(Value::Bool(true)) => true,
        Some(Value::Bool(false)) => {
            w.error(path, ErrorKind::SkippedNotTrue);
            true
        }
        Some(other) => {
            let kind = ErrorKind::WrongType {
                expected: super::JsonKind::Bool,
                actual: super::JsonKind::of(other),
            };
            w.error(path, kind);
            true
        }
    }
}

/// The position of the option with `value`; else an error at `path`
/// listing the item's values.
fn known_value(w: &mut Walker, item: &DecideItem, value: String, path: &str) -> Option<usize> {
    let position = item.options().iter().position(|o| o.value() == value);
    if position.is_none() {
        let allowed = item
            .options()
            .iter()
            .map(|o| o.value().to_owned())
            .collect();
        let kind = ErrorKind::ChosenNotInOptions { value, allowed };
        w.error(path, kind);
    }
    position
}
