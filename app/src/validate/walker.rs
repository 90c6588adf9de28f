//! Reading fields out of a `serde_json::Value` while recording what is wrong.

use super::{ErrorKind, JsonKind, ValidationError};
use serde_json::{Map, Value};

pub(crate) type Object = Map<String, Value>;

/// `parent.key`, or `key` at the top.
pub(crate) fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else if key.is_empty() {
        parent.to_owned()
    } else if key.starts_with('[') {
        format!("{parent}{key}")
    } else {
        format!("{parent}.{key}")
    }
}

/// `parent[index]`.
pub(crate) fn index(parent: &str, index: usize) -> String {
    format!("{parent}[{index}]")
}

/// Collects errors while fields are read.
#[derive(Default)]
pub(crate) struct Walker {
    pub(crate) errors: Vec<ValidationError>,
    /// Unknown fields are not errors (a stored file of a newer minor
    /// version may add some).
    pub(crate) tolerant: bool,
}

impl Walker {
    /// A walker that reports unknown fields when `tolerant` is false.
    pub(crate) fn new(tolerant: bool) -> Self {
        Walker {
            errors: Vec::new(),
            tolerant,
        }
    }

    pub(crate) fn error(&mut self, path: impl Into<String>, kind: ErrorKind) {
        self.errors.push(ValidationError {
            path: path.into(),
            kind,
        });
    }

    fn wrong_type(&mut self, path: &str, expected: JsonKind, value: &Value) {
        let actual = JsonKind::of(value);
        self.error(path, ErrorKind::WrongType { expected, actual });
    }

    pub(crate) fn object<'v>(&mut self, value: &'v Value, path: &str) -> Option<&'v Object> {
        match value {
            Value::Object(map) => Some(map),
            other => {
                self.wrong_type(path, JsonKind::Object, other);
                None
            }
        }
    }

    pub(crate) fn array<'v>(&mut self, value: &'v Value, path: &str) -> Option<&'v [Value]> {
        match value {
            Value::Array(items) => Some(items),
            other => {
                self.wrong_type(path, JsonKind::Array, other);
                None
            }
        }
    }

    /// A field that must be present and not null.
    pub(crate) fn required<'v>(
        &mut self,
        map: &'v Object,
        key: &str,
        parent: &str,
    ) -> Option<&'v Value> {
        match map.get(key) {
            None | Some(Value::Null) => {
                self.error(join(parent, key), ErrorKind::Missing);
                None
            }
            Some(value) => Some(value),
        }
    }

    /// A string with at least one non-blank character.
    pub(crate) fn text(&mut self, value: &Value, path: &str) -> Option<String> {
        match value {
            Value::String(s) if s.trim().is_empty() => {
                self.error(path, ErrorKind::EmptyString);
                None
            }
            Value::String(s) => Some(s.clone()),
            other => {
                self.wrong_type(path, JsonKind::String, other);
                None
            }
        }
    }

    pub(crate) fn required_text(
        &mut self,
        map: &Object,
        key: &str,
        parent: &str,
    ) -> Option<String> {
        let value = self.required(map, key, parent)?;
        self.text(value, &join(parent, key))
    }

    /// A required RFC 3339 time.
    pub(crate) fn timestamp(
        &mut self,
        map: &Object,
        key: &str,
        parent: &str,
    ) -> Option<crate::model::Timestamp> {
        let text = self.required_text(map, key, parent)?;
        let at = crate::model::Timestamp::parse(&text);
        if at.is_none() {
            self.error(join(parent, key), ErrorKind::BadTimestamp { actual: text });
        }
        at
    }

    /// `Ok(None)` when absent or null, `Err(())` when present but invalid.
    pub(crate) fn optional_text(
        &mut self,
        map: &Object,
        key: &str,
        parent: &str,
    ) -> Result<Option<String>, ()> {
        match map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => self.text(value, &join(parent, key)).map(Some).ok_or(()),
        }
    }

    /// An optional boolean: absent or null is `false`; `Err(())` when
    /// present but not a boolean.
    pub(crate) fn flag(&mut self, map: &Object, key: &str, parent: &str) -> Result<bool, ()> {
        match map.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(flag)) => Ok(*flag),
            Some(other) => {
                self.wrong_type(&join(parent, key), JsonKind::Bool, other);
                Err(())
            }
        }
    }

    /// An integer from `min` to `max` (JSON `1.0` is not an integer).
    pub(crate) fn integer(&mut self, value: &Value, path: &str, min: u64, max: u64) -> Option<u64> {
        let Value::Number(number) = value else {
            self.wrong_type(path, JsonKind::Integer, value);
            return None;
        };
        match number.as_u64() {
            Some(n) if (min..=max).contains(&n) => Some(n),
            _ => {
                let actual = number.to_string();
                self.error(path, ErrorKind::IntegerOutOfRange { min, max, actual });
                None
            }
        }
    }

    /// Reports every key of `map` that is not in `known`.
    pub(crate) fn unknown_fields(&mut self, map: &Object, known: &[&'static str], parent: &str) {
        if self.tolerant {
            return;
        }
        for key in map.keys() {
            if !known.contains(&key.as_str()) {
                let suggestion = closest(key, known);
                self.error(join(parent, key), ErrorKind::UnknownField { suggestion });
            }
        }
    }

    pub(crate) fn finish<T>(self, value: Option<T>) -> Result<T, super::ValidationErrors> {
        match (super::ValidationErrors::new(self.errors), value) {
            (None, Some(value)) => Ok(value),
            (Some(errors), _) => Err(errors),
            // A walker that produced no value always recorded why.
            (None, None) => Err(super::ValidationErrors::single("", ErrorKind::Missing)),
        }
    }
}

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
mod tests {
    use super::*;

    #[test]
    fn paths_join_keys_and_indexes() {
        assert_eq!(join("", "items"), "items");
        assert_eq!(join("items[0]", "options"), "items[0].options");
        assert_eq!(join("output", "decisions[1].id"), "output.decisions[1].id");
        assert_eq!(index("items", 3), "items[3]");
    }

    #[test]
    fn typos_suggest_the_known_field() {
        assert_eq!(
            closest("recomend", &["recommend", "title"]),
            Some("recommend")
        );
        assert_eq!(closest("colour", &["recommend", "title"]), None);
    }
}
