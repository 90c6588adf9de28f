//! The formats as written: serde structs whose text borrows from the bytes
//! read, and whose every field says what it holds: nothing, the kind of
//! JSON value expected, or what was found instead. serde reads the bytes
//! once into these; the rule passes (`input.rs`, `answer.rs`, `stored.rs`)
//! then name every problem with its path, in one go.
//!
//! Each struct denies unknown fields, so serde stops at the first one; the
//! reader then names them all from a `serde_json::Value` (`unknown.rs`).
//! The names a struct knows are its own serde field names ([`known`]): a
//! field name is written once, here.

use super::JsonKind;
use serde::Deserialize;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// Text as read: borrowed from the bytes unless it had escapes.
pub(crate) type Text<'a> = Cow<'a, str>;

/// One field of a raw struct.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum Field<T> {
    /// Not there, or `null`.
    #[default]
    Absent,
    /// The kind of value expected.
    Is(T),
    /// Another kind of value.
    Not(Found),
}

/// What a field held instead of the kind expected.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Found {
    pub kind: JsonKind,
    /// A number or a boolean as JSON writes it.
    pub text: Option<String>,
}

impl Found {
    /// What was found, as a reader would recognise it: the number or
    /// boolean itself, else the shape of the value.
    pub fn sketch(&self) -> String {
        match (&self.text, self.kind) {
            (Some(text), _) => text.clone(),
            (None, JsonKind::Object) => "{…}".to_owned(),
            (None, JsonKind::Array) => "[…]".to_owned(),
            (None, JsonKind::String) => "\"…\"".to_owned(),
            (None, _) => "null".to_owned(),
        }
    }
}

/// A JSON number as serde_json reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Number {
    Unsigned(u64),
    Signed(i64),
    Float(f64),
}

impl Number {
    /// The number if it is a whole one from `min` to `max` (`1.0` is not).
    pub fn whole(self, min: u64, max: u64) -> Option<u64> {
        match self {
            Number::Unsigned(n) => (min..=max).contains(&n).then_some(n),
            Number::Signed(_) | Number::Float(_) => None,
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Unsigned(n) => n.fmt(f),
            Number::Signed(n) => n.fmt(f),
            // As JSON writes it (`1.5`, `1e300`), through serde_json.
            Number::Float(x) => match serde_json::Number::from_f64(*x) {
                Some(n) => n.fmt(f),
                None => x.fmt(f),
            },
        }
    }
}

/// A string, or (with `multiple`) an array of strings: `recommend` and
/// `chosen` are written either way.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OneOrMany<'a> {
    One(Text<'a>),
    Many(Vec<Field<Text<'a>>>),
}

/// What a value of one JSON kind becomes; every other kind is `Not`.
pub(crate) trait Accept<'de>: Sized {
    /// The kind expected, for "must be a string".
    const KIND: JsonKind;
    fn boolean(_: bool) -> Option<Self> {
        None
    }
    fn number(_: Number) -> Option<Self> {
        None
    }
    fn text(_: Cow<'de, str>) -> Option<Self> {
        None
    }
    fn list<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

impl<'de> Accept<'de> for bool {
    const KIND: JsonKind = JsonKind::Bool;
    fn boolean(flag: bool) -> Option<Self> {
        Some(flag)
    }
}

impl<'de> Accept<'de> for Number {
    const KIND: JsonKind = JsonKind::Integer;
    fn number(n: Number) -> Option<Self> {
        Some(n)
    }
}

impl<'de: 'a, 'a> Accept<'de> for Text<'a> {
    const KIND: JsonKind = JsonKind::String;
    fn text(text: Cow<'de, str>) -> Option<Self> {
        Some(text)
    }
}

impl<'de, T: Accept<'de>> Accept<'de> for Vec<Field<T>> {
    const KIND: JsonKind = JsonKind::Array;
    fn list<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        // A size hint from the input is only a hint: capped.
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(element) = seq.next_element()? {
            list.push(element);
        }
        Ok(Some(list))
    }
}

impl<'de: 'a, 'a> Accept<'de> for OneOrMany<'a> {
    const KIND: JsonKind = JsonKind::String;
    fn text(text: Cow<'de, str>) -> Option<Self> {
        Some(OneOrMany::One(text))
    }
    fn list<A: SeqAccess<'de>>(seq: A) -> Result<Option<Self>, A::Error> {
        Ok(<Vec<Field<Text<'a>>>>::list(seq)?.map(OneOrMany::Many))
    }
}

impl<'de, T: Accept<'de>> Deserialize<'de> for Field<T> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FieldVisitor(PhantomData))
    }
}

struct FieldVisitor<T>(PhantomData<T>);

impl<T> FieldVisitor<T> {
    fn found(kind: JsonKind, text: Option<String>) -> Field<T> {
        Field::Not(Found { kind, text })
    }
}

impl<'de, T: Accept<'de>> Visitor<'de> for FieldVisitor<T> {
    type Value = Field<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<Field<T>, E> {
        Ok(Field::Absent)
    }
    fn visit_none<E>(self) -> Result<Field<T>, E> {
        Ok(Field::Absent)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Field<T>, D::Error> {
        Field::deserialize(d)
    }
    fn visit_bool<E>(self, flag: bool) -> Result<Field<T>, E> {
        let found = || Self::found(JsonKind::Bool, Some(flag.to_string()));
        Ok(T::boolean(flag).map_or_else(found, Field::Is))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Field<T>, E> {
        Ok(number_field(Number::Unsigned(n)))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Field<T>, E> {
        // serde_json hands non-negative integers to visit_u64.
        Ok(number_field(Number::Signed(n)))
    }
    fn visit_f64<E>(self, x: f64) -> Result<Field<T>, E> {
        Ok(number_field(Number::Float(x)))
    }
    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Field<T>, E> {
        Ok(text_field(Cow::Borrowed(text)))
    }
    fn visit_str<E>(self, text: &str) -> Result<Field<T>, E> {
        Ok(text_field(Cow::Owned(text.to_owned())))
    }
    fn visit_string<E>(self, text: String) -> Result<Field<T>, E> {
        Ok(text_field(Cow::Owned(text)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Field<T>, A::Error> {
        Ok(T::list(seq)?.map_or_else(|| Self::found(JsonKind::Array, None), Field::Is))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Field<T>, A::Error> {
        Ok(T::object(map)?.map_or_else(|| Self::found(JsonKind::Object, None), Field::Is))
    }
}

fn number_field<'de, T: Accept<'de>>(n: Number) -> Field<T> {
    match T::number(n) {
        Some(value) => Field::Is(value),
        None => Field::Not(Found {
            kind: JsonKind::Number,
            text: Some(n.to_string()),
        }),
    }
}

fn text_field<'de, T: Accept<'de>>(text: Cow<'de, str>) -> Field<T> {
    match T::text(text) {
        Some(value) => Field::Is(value),
        None => Field::Not(Found {
            kind: JsonKind::String,
            text: None,
        }),
    }
}

/// Raw structs are objects: read with their own derived `Deserialize`.
macro_rules! objects {
    ($($name:ident),* $(,)?) => {$(
        impl<'de: 'a, 'a> Accept<'de> for $name<'a> {
            const KIND: JsonKind = JsonKind::Object;
            fn object<A: MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
                Self::deserialize(de::value::MapAccessDeserializer::new(map)).map(Some)
            }
        }
    )*};
}

objects!(
    RawInput,
    RawItem,
    RawLocation,
    RawOption,
    RawMeta,
    RawRecord,
    RawOutput,
    RawDraft,
    RawDecision,
);

/// An agent's input; also `pending.json` and a record's `input`, which add
/// `version` and `_meta`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawInput<'a> {
    #[serde(borrow)]
    pub version: Field<Text<'a>>,
    #[serde(borrow)]
    pub task: Field<Text<'a>>,
    #[serde(borrow)]
    pub source: Field<Text<'a>>,
    #[serde(borrow)]
    pub items: Field<Vec<Field<RawItem<'a>>>>,
    #[serde(borrow, rename = "_meta")]
    pub meta: Field<RawMeta<'a>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawItem<'a> {
    pub id: Field<Number>,
    #[serde(borrow)]
    pub title: Field<Text<'a>>,
    #[serde(borrow)]
    pub location: Field<RawLocation<'a>>,
    #[serde(borrow)]
    pub context: Field<Text<'a>>,
    #[serde(borrow)]
    pub options: Field<Vec<Field<RawOption<'a>>>>,
    #[serde(borrow)]
    pub recommend: Field<OneOrMany<'a>>,
    pub multiple: Field<bool>,
    pub allow_other: Field<bool>,
    pub allow_skip: Field<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawLocation<'a> {
    #[serde(borrow)]
    pub file: Field<Text<'a>>,
    pub start: Field<Number>,
    pub end: Field<Number>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawOption<'a> {
    #[serde(borrow)]
    pub value: Field<Text<'a>>,
    #[serde(borrow)]
    pub label: Field<Text<'a>>,
    pub score: Field<Number>,
    #[serde(borrow)]
    pub pros: Field<Vec<Field<Text<'a>>>>,
    #[serde(borrow)]
    pub cons: Field<Vec<Field<Text<'a>>>>,
}

/// The `_meta` aide adds to a stored input.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawMeta<'a> {
    #[serde(borrow)]
    pub created_at: Field<Text<'a>>,
    #[serde(borrow)]
    pub session_id: Field<Text<'a>>,
}

/// `{session_id}.json`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawRecord<'a> {
    #[serde(borrow)]
    pub version: Field<Text<'a>>,
    #[serde(borrow)]
    pub input: Field<RawInput<'a>>,
    #[serde(borrow)]
    pub output: Field<RawOutput<'a>>,
    #[serde(borrow)]
    pub completed_at: Field<Text<'a>>,
    #[serde(borrow)]
    pub via: Field<Text<'a>>,
}

/// `{"decisions":[...]}`: the answers (`result`, a record's `output`, a
/// body of answers), or the answers so far (a draft's body).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawOutput<'a> {
    #[serde(borrow)]
    pub decisions: Field<Vec<Field<RawDecision<'a>>>>,
}

/// `{session_id}.draft.json`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawDraft<'a> {
    #[serde(borrow)]
    pub version: Field<Text<'a>>,
    #[serde(borrow)]
    pub session_id: Field<Text<'a>>,
    #[serde(borrow)]
    pub saved_at: Field<Text<'a>>,
    #[serde(borrow)]
    pub decisions: Field<Vec<Field<RawDecision<'a>>>>,
}

/// One item's answer as sent: in JSON, or read from the page's form.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawDecision<'a> {
    pub id: Field<Number>,
    #[serde(borrow)]
    pub chosen: Field<OneOrMany<'a>>,
    #[serde(borrow)]
    pub other: Field<Text<'a>>,
    pub skipped: Field<bool>,
    #[serde(borrow)]
    pub note: Field<Text<'a>>,
}

/// The field names a raw struct knows, from its own derived
/// `Deserialize` (so they are written once, on the struct).
pub(crate) fn known<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    serde_aux::serde_introspection::serde_introspect::<T>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_says_what_it_holds() {
        let item: RawItem = serde_json::from_str(
            r#"{"id": -3, "title": "t", "context": null, "options": "x", "multiple": true,
                "recommend": ["a", 5], "location": {"file": "f", "start": 1.5}}"#,
        )
        .unwrap();
        assert_eq!(item.id, Field::Is(Number::Signed(-3)));
        assert!(matches!(item.title, Field::Is(Cow::Borrowed("t"))));
        assert_eq!(item.context, Field::Absent, "null is absent");
        assert_eq!(item.allow_skip, Field::Absent);
        assert!(matches!(
            item.options,
            Field::Not(Found {
                kind: JsonKind::String,
                ..
            })
        ));
        assert_eq!(item.multiple, Field::Is(true));
        let Field::Is(OneOrMany::Many(values)) = &item.recommend else {
            panic!("{:?}", item.recommend);
        };
        assert!(matches!(
            values[1],
            Field::Not(Found {
                kind: JsonKind::Number,
                ..
            })
        ));
        let Field::Is(location) = &item.location else {
            panic!("{:?}", item.location);
        };
        assert_eq!(location.end, Field::Absent);
        assert_eq!(location.start, Field::Is(Number::Float(1.5)));
    }

    #[test]
    fn an_unknown_field_stops_serde_and_the_names_come_from_the_struct() {
        let error = serde_json::from_str::<RawOption>(r#"{"value": "a", "lable": "A"}"#);
        assert!(error.is_err());
        assert_eq!(
            known::<RawOption>(),
            ["value", "label", "score", "pros", "cons"]
        );
        assert_eq!(
            known::<RawInput>(),
            ["version", "task", "source", "items", "_meta"]
        );
    }

    #[test]
    fn text_without_escapes_is_borrowed_and_numbers_print_as_json() {
        let option: RawOption =
            serde_json::from_str(r#"{"value": "a\"b", "label": "plain"}"#).unwrap();
        assert!(matches!(option.value, Field::Is(Cow::Owned(ref s)) if s == "a\"b"));
        assert!(matches!(option.label, Field::Is(Cow::Borrowed("plain"))));
        assert_eq!(Number::Float(1.5).to_string(), "1.5");
        assert_eq!(Number::Signed(-1).to_string(), "-1");
        assert_eq!(Number::Unsigned(7).whole(1, 9), Some(7));
        assert_eq!(Number::Unsigned(0).whole(1, 9), None);
        assert_eq!(Number::Float(1.0).whole(0, 9), None);
    }
}
