use super::walker::{Object, Walker, index, join};
use super::{ErrorKind, ValidationErrors};
use crate::model::input::{ById, Recommend};
use crate::model::{DecideInput, DecideItem, DecideOption, ItemId, Location, Score};
use serde_json::Value;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

const INPUT_FIELDS: &[&str] = &["task", "source", "items", "_meta"];
/// A stored input (`pending.json`) also carries its format version.
const STORED_INPUT_FIELDS: &[&str] = &["version", "task", "source", "items", "_meta"];
const ITEM_FIELDS: &[&str] = &[
    "id",
    "title",
    "location",
    "context",
    "options",
    "recommend",
    "multiple",
    "allow_other",
    "allow_skip",
];
const LOCATION_FIELDS: &[&str] = &["file", "start", "end"];
const OPTION_FIELDS: &[&str] = &["value", "label", "score", "pros", "cons"];

/// Validates an agent's input (`docs/formats.md`, Input) into a `DecideInput`.
///
/// A `_meta` key is allowed (stored inputs carry one) and ignored here.
pub fn validate_input(value: &Value) -> Result<DecideInput, ValidationErrors> {
    let mut w = Walker::new(false);
    let input = input(&mut w, value, INPUT_FIELDS);
    w.finish(input)
}

/// The input part of a stored file (`pending.json`, a record's `input`).
pub(crate) fn stored_input(w: &mut Walker, value: &Value) -> Option<DecideInput> {
    input(w, value, STORED_INPUT_FIELDS)
}

fn input(w: &mut Walker, value: &Value, known: &[&'static str]) -> Option<DecideInput> {
    let map = w.object(value, "")?;
    w.unknown_fields(map, known, "");
    let task = w.required_text(map, "task", "");
    let source = w.required_text(map, "source", "");
    let items = w.required(map, "items", "").and_then(|v| items(w, v));
    let (items, by_id) = items?;
    Some(DecideInput {
        task: task?,
        source: source?,
        items,
        by_id,
    })
}

/// The items, with their ids sorted for lookups (see `DecideInput::by_id`).
fn items(w: &mut Walker, value: &Value) -> Option<(Vec<DecideItem>, ById)> {
    let list = w.array(value, "items")?;
    if list.is_empty() {
        w.error("items", ErrorKind::NoItems);
        return None;
    }
    let mut items = Vec::with_capacity(list.len());
    let mut all_valid = true;
    for (i, value) in list.iter().enumerate() {
        match item(w, value, &index("items", i)) {
            Some(item) => items.push((i, item)),
            None => all_valid = false,
        }
    }
    // Sorting by (id, index) puts each repeat right after its first use:
    // linear-logarithmic where comparing every pair was quadratic.
    let mut by_id: Vec<(ItemId, usize)> = items.iter().map(|(i, item)| (item.id, *i)).collect();
    by_id.sort_unstable();
    let mut repeats: Vec<(usize, ItemId, usize)> = Vec::new();
    let mut first = 0;
    for n in 1..by_id.len() {
        if by_id[n].0 == by_id[first].0 {
            repeats.push((by_id[n].1, by_id[n].0, by_id[first].1));
        } else {
            first = n;
        }
    }
    repeats.sort_unstable();
    for (i, id, first) in repeats {
        let kind = ErrorKind::DuplicateId { id: id.0, first };
        w.error(join(&index("items", i), "id"), kind);
        all_valid = false;
    }
    if !all_valid {
        return None;
    }
    // Every item is valid here, so an item's index is its position.
    let by_id = by_id
        .into_iter()
        .map(|(id, at)| u32::try_from(at).ok().map(|at| (id, at)))
        .collect::<Option<Vec<_>>>()?;
    Some((items.into_iter().map(|(_, item)| item).collect(), by_id))
}

fn item(w: &mut Walker, value: &Value, path: &str) -> Option<DecideItem> {
    let map = w.object(value, path)?;
    w.unknown_fields(map, ITEM_FIELDS, path);
    let id = w
        .required(map, "id", path)
        .and_then(|v| w.integer(v, &join(path, "id"), 1, u64::from(u32::MAX)));
    let title = w.required_text(map, "title", path);
    let location = match map.get("location") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => location(w, v, &join(path, "location")).map(Some).ok_or(()),
    };
    let context = w.optional_text(map, "context", path);
    let options = w
        .required(map, "options", path)
        .and_then(|v| options(w, v, &join(path, "options")));
    let multiple = w.flag(map, "multiple", path);
    let allow_other = w.flag(map, "allow_other", path);
    let allow_skip = w.flag(map, "allow_skip", path);
    let recommend = match (map.get("recommend"), multiple) {
        (None | Some(Value::Null), _) => Some(None),
        (Some(Value::Array(_)), Ok(false)) => {
            w.error(join(path, "recommend"), ErrorKind::RecommendNotMultiple);
            None
        }
        (Some(Value::Array(list)), _) => {
            string_set(w, list, &join(path, "recommend")).map(|v| Some(Recommend::Many(v)))
        }
        (Some(_), _) => w
            .optional_text(map, "recommend", path)
            .ok()
            .map(|v| v.map(Recommend::One)),
    };
    let (options, recommend) = (options?, recommend?);
    let recommend_path = join(path, "recommend");
    let mut known = true;
    for (i, value) in recommend.iter().flat_map(Recommend::values).enumerate() {
        if !options.iter().any(|o| &o.value == value) {
            let at = match &recommend {
                Some(Recommend::Many(_)) => index(&recommend_path, i),
                _ => recommend_path.clone(),
            };
            let kind = ErrorKind::RecommendNotInOptions {
                value: value.clone(),
            };
            w.error(at, kind);
            known = false;
        }
    }
    known.then_some(())?;
    Some(DecideItem {
        id: ItemId(u32::try_from(id?).ok()?),
        title: title?,
        location: location.ok()?,
        context: context.ok()?,
        options,
        recommend,
        multiple: multiple.ok()?,
        allow_other: allow_other.ok()?,
        allow_skip: allow_skip.ok()?,
    })
}

/// A non-empty array of non-blank strings, none twice (`recommend` with
/// `multiple`, `chosen` of a multiple item).
pub(crate) fn string_set(w: &mut Walker, list: &[Value], path: &str) -> Option<Vec<String>> {
    if list.is_empty() {
        w.error(path, ErrorKind::EmptyArray);
        return None;
    }
    let mut values: Vec<String> = Vec::with_capacity(list.len());
    let mut seen: HashMap<&str, usize> = HashMap::with_capacity(list.len());
    let mut all_valid = true;
    for (i, value) in list.iter().enumerate() {
        let at = index(path, i);
        match value {
            Value::String(s) => match seen.entry(s.as_str()) {
                Entry::Occupied(first) => {
                    let kind = ErrorKind::RepeatedValue {
                        value: s.clone(),
                        first: *first.get(),
                    };
                    w.error(at, kind);
                    all_valid = false;
                }
                Entry::Vacant(slot) => {
                    slot.insert(i);
                    match w.text(value, &at) {
                        Some(text) => values.push(text),
                        None => all_valid = false,
                    }
                }
            },
            other => {
                w.text(other, &at);
                all_valid = false;
            }
        }
    }
    all_valid.then_some(values)
}

fn location(w: &mut Walker, value: &Value, path: &str) -> Option<Location> {
    let map = w.object(value, path)?;
    w.unknown_fields(map, LOCATION_FIELDS, path);
    let file = w.required_text(map, "file", path);
    let mut line = |key: &str| {
        let v = w.required(map, key, path)?;
        w.integer(v, &join(path, key), 1, u64::from(u32::MAX))
            .and_then(|n| u32::try_from(n).ok())
    };
    let (start, end) = (line("start"), line("end"));
    let (start, end) = (start?, end?);
    if end < start {
        w.error(join(path, "end"), ErrorKind::EndBeforeStart { start, end });
        return None;
    }
    Some(Location {
        file: file?,
        start,
        end,
    })
}

fn options(w: &mut Walker, value: &Value, path: &str) -> Option<Vec<DecideOption>> {
    let list = w.array(value, path)?;
    if list.len() < 2 {
        w.error(path, ErrorKind::TooFewOptions { count: list.len() });
    }
    let mut options: Vec<DecideOption> = Vec::with_capacity(list.len());
    // Each value's first index, so a repeat is found in O(1).
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(list.len());
    let mut all_valid = list.len() >= 2;
    for (i, value) in list.iter().enumerate() {
        let option_path = index(path, i);
        let Some(option) = option(w, value, &option_path) else {
            all_valid = false;
            continue;
        };
        match seen.entry(option.value.clone()) {
            Entry::Occupied(first) => {
                let kind = ErrorKind::DuplicateValue {
                    value: option.value.clone(),
                    first: *first.get(),
                };
                w.error(join(&option_path, "value"), kind);
                all_valid = false;
            }
            Entry::Vacant(slot) => {
                slot.insert(options.len());
            }
        }
        options.push(option);
    }
    all_valid.then_some(options)
}

fn option(w: &mut Walker, value: &Value, path: &str) -> Option<DecideOption> {
    let map = w.object(value, path)?;
    w.unknown_fields(map, OPTION_FIELDS, path);
    let value = w.required_text(map, "value", path);
    let label = w.required_text(map, "label", path);
    let score = match map.get("score") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => w
            .integer(v, &join(path, "score"), 0, 100)
            .map(|n| Some(Score(n as u8)))
            .ok_or(()),
    };
    let pros = string_list(w, map, "pros", path);
    let cons = string_list(w, map, "cons", path);
    Some(DecideOption {
        value: value?,
        label: label?,
        score: score.ok()?,
        pros: pros?,
        cons: cons?,
    })
}

/// An optional array of non-blank strings; absent or null is empty.
fn string_list(w: &mut Walker, map: &Object, key: &str, parent: &str) -> Option<Vec<String>> {
    let path = join(parent, key);
    let list = match map.get(key) {
        None | Some(Value::Null) => return Some(Vec::new()),
        Some(value) => w.array(value, &path)?,
    };
    let texts: Vec<Option<String>> = list
        .iter()
        .enumerate()
        .map(|(i, v)| w.text(v, &index(&path, i)))
        .collect();
    texts.into_iter().collect()
}
