//! Reading a format: its bytes (or an MCP client's parsed arguments) into
//! its raw struct, once, and the rule pass over that.
//!
//! serde stops at the first field a raw struct does not know. Only then is
//! the document read as a `serde_json::Value`, to name every unknown field
//! with its "did you mean" (or, in a stored file of a newer minor version,
//! to let them pass), to drop them, and to read the rest into the raw
//! struct for the same rule pass.

use super::path::{Path, Report};
use super::raw::{Accept, RawDraft, RawField, RawInput, RawOutput, RawRecord};
pub(crate) use super::shape::{DRAFT, INPUT, OUTPUT, RECORD};
use super::shape::{Nested, Shape};
use super::{ErrorKind, JsonError};
use serde::Deserialize;
use serde_json::Value;

/// Whether fields a format does not know are errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unknown {
    /// Named, each with the field probably meant.
    Refused,
    /// Dropped silently (a stored file of a newer minor version).
    Tolerated,
}

/// Reads `bytes` into the raw struct `T` (of `shape`) and runs `rules` on
/// it; a document that is no object is named as such. `unknown` says, from
/// the document, how its unknown fields are taken; it is asked only when
/// there are some.
pub(crate) fn read<'i, T, R, E>(
    bytes: &[u8],
    shape: &Shape,
    report: &mut Report<'i>,
    unknown: impl FnOnce(&Value) -> Result<Unknown, E>,
    rules: impl for<'a> FnOnce(T::Of<'a>, &mut Report<'i>) -> Result<Option<R>, E>,
) -> Result<Option<R>, E>
where
    T: Raw,
    E: From<JsonError>,
{
    let not_json = |error: serde_json::Error| E::from(JsonError::new(&error, bytes));
    // Checked once, with SIMD: read as text, serde_json does not check
    // every string again (a fifth of the work for a large pending file).
    // Bytes that are not UTF-8 are not JSON: serde_json's reader of a
    // `Value` says where (its reader of a raw struct skips the strings it
    // ignores, such as those of an array where an object belongs, unchecked).
    let raw = match simdutf8::basic::from_utf8(bytes) {
        Ok(text) => serde_json::from_str::<RawField<T::Of<'_>>>(text),
        Err(_) => match serde_json::from_slice::<Value>(bytes) {
            Err(error) => return Err(not_json(error)),
            Ok(_) => serde_json::from_slice::<RawField<T::Of<'_>>>(bytes),
        },
    };
    match raw {
        Ok(raw) => object::<T, R, E>(raw, report, rules),
        Err(error) if !error.is_data() => Err(not_json(error)),
        Err(_) => {
            let value: Value = serde_json::from_slice(bytes).map_err(not_json)?;
            read_known::<T, R, E>(value, shape, report, unknown, rules)
        }
    }
}

/// As [`read`], from a document already parsed.
pub(crate) fn read_value<'i, T, R, E>(
    value: &Value,
    shape: &Shape,
    report: &mut Report<'i>,
    unknown: impl FnOnce(&Value) -> Result<Unknown, E>,
    rules: impl for<'a> FnOnce(T::Of<'a>, &mut Report<'i>) -> Result<Option<R>, E>,
) -> Result<Option<R>, E>
where
    T: Raw,
    E: From<JsonError>,
{
    match RawField::<T::Of<'_>>::deserialize(value) {
        Ok(raw) => object::<T, R, E>(raw, report, rules),
        Err(error) if !error.is_data() => Err(JsonError::new(&error, b"").into()),
        Err(_) => read_known::<T, R, E>(value.clone(), shape, report, unknown, rules),
    }
}

/// The document without the fields its shape does not know (named, or
/// tolerated), read into `T` for `rules`.
fn read_known<'i, T, R, E>(
    mut value: Value,
    shape: &Shape,
    report: &mut Report<'i>,
    unknown: impl FnOnce(&Value) -> Result<Unknown, E>,
    rules: impl for<'a> FnOnce(T::Of<'a>, &mut Report<'i>) -> Result<Option<R>, E>,
) -> Result<Option<R>, E>
where
    T: Raw,
    E: From<JsonError>,
{
    let unknown = unknown(&value)?;
    strip(&mut value, shape, Path::Root, unknown, report);
    // Every field left is one the raw struct knows, of any kind: serde
    // takes it now.
    let raw = RawField::<T::Of<'_>>::deserialize(&value).map_err(|e| JsonError::new(&e, b""))?;
    object::<T, R, E>(raw, report, rules)
}

/// The rules on the document, when it is an object.
fn object<'a, 'i, T, R, E>(
    raw: RawField<T::Of<'a>>,
    report: &mut Report<'i>,
    rules: impl FnOnce(T::Of<'a>, &mut Report<'i>) -> Result<Option<R>, E>,
) -> Result<Option<R>, E>
where
    T: Raw,
{
    match raw {
        RawField::Is(raw) => rules(raw, report),
        RawField::Absent => {
            report.at(
                Path::Root,
                ErrorKind::WrongType {
                    expected: super::JsonKind::Object,
                    actual: super::JsonKind::Null,
                },
            );
            Ok(None)
        }
        RawField::Not(found) => {
            report.at(Path::Root, super::fields::wrong::<T::Of<'a>>(&found));
            Ok(None)
        }
    }
}

/// Removes from `value` every field `shape` does not know, naming each in
/// `report` unless they are tolerated; then the same in its nested parts.
fn strip(
    value: &mut Value,
    shape: &Shape,
    at: Path<'_>,
    unknown: Unknown,
    report: &mut Report<'_>,
) {
    let Value::Object(map) = value else {
        // Not an object: the rule pass says what it is instead.
        return;
    };
    let known = (shape.known)();
    let strangers: Vec<String> = map
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .cloned()
        .collect();
    for key in strangers {
        if unknown == Unknown::Refused {
            let suggestion = closest(&key, known);
            report.at(
                Path::Named(&at, &key),
                ErrorKind::UnknownField { suggestion },
            );
        }
        map.remove(&key);
    }
    for (key, nested) in shape.nested {
        let Some(child) = map.get_mut(*key) else {
            continue;
        };
        let child_at = at.key(key);
        match (nested, child) {
            (Nested::One(shape), child) => strip(child, shape, child_at, unknown, report),
            (Nested::Each(shape), Value::Array(list)) => {
                for (i, element) in list.iter_mut().enumerate() {
                    strip(element, shape, child_at.at(i), unknown, report);
                }
            }
            (Nested::Each(_), _) => {}
        }
    }
}

/// A raw struct of any lifetime: what [`read`] reads into.
pub(crate) trait Raw {
    type Of<'a>: Deserialize<'a> + Accept<'a>;
}

macro_rules! raw {
    ($($name:ident),* $(,)?) => {$(
        impl Raw for $name<'static> {
            type Of<'a> = $name<'a>;
        }
    )*};
}

raw!(RawInput, RawRecord, RawOutput, RawDraft);

/// The known name within two edits of `key`, if any (catches typos such as
/// `recomend`).
pub fn closest(key: &str, known: &[&'static str]) -> Option<&'static str> {
    known
        .iter()
        .filter(|name| !name.starts_with('_'))
        .map(|name| (strsim::levenshtein(key, name), *name))
        .filter(|(distance, _)| *distance <= 2)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

#[cfg(test)]
mod closest_tests {
    use super::closest;

    #[test]
    fn typos_suggest_the_known_field() {
        assert_eq!(
            closest("recomend", &["recommend", "title"]),
            Some("recommend")
        );
        assert_eq!(closest("colour", &["recommend", "title"]), None);
    }
}
