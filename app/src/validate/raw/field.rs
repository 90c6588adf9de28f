//! One field as read: nothing, the kind of JSON value expected, or what
//! was found instead (`Field`), for every kind a raw struct holds.

use super::super::JsonKind;
use serde::Deserialize;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// Text as read: borrowed from the bytes unless it had escapes.
pub(crate) type Text<'a> = Cow<'a, str>;

/// One field of a raw struct.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum RawField<T> {
    /// Not there, or `null`.
    #[default]
    Absent,
    /// The kind of value expected.
    Is(T),
    /// Another kind of value.
    Not(HeldInstead),
}

/// What a field held instead of the kind expected.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HeldInstead {
    pub kind: JsonKind,
    /// A number or a boolean as JSON writes it.
    pub text: Option<String>,
}

impl HeldInstead {
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
    Many(Vec<RawField<Text<'a>>>),
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

impl<'de, T: Accept<'de>> Accept<'de> for Vec<RawField<T>> {
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
        Ok(<Vec<RawField<Text<'a>>>>::list(seq)?.map(OneOrMany::Many))
    }
}

impl<'de, T: Accept<'de>> Deserialize<'de> for RawField<T> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FieldVisitor(PhantomData))
    }
}

struct FieldVisitor<T>(PhantomData<T>);

impl<T> FieldVisitor<T> {
    fn found(kind: JsonKind, text: Option<String>) -> RawField<T> {
        RawField::Not(HeldInstead { kind, text })
    }
}

impl<'de, T: Accept<'de>> Visitor<'de> for FieldVisitor<T> {
    type Value = RawField<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<RawField<T>, E> {
        Ok(RawField::Absent)
    }
    fn visit_none<E>(self) -> Result<RawField<T>, E> {
        Ok(RawField::Absent)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<RawField<T>, D::Error> {
        RawField::deserialize(d)
    }
    fn visit_bool<E>(self, flag: bool) -> Result<RawField<T>, E> {
        let found = || Self::found(JsonKind::Bool, Some(flag.to_string()));
        Ok(T::boolean(flag).map_or_else(found, RawField::Is))
    }
    fn visit_u64<E>(self, n: u64) -> Result<RawField<T>, E> {
        Ok(number_field(Number::Unsigned(n)))
    }
    fn visit_i64<E>(self, n: i64) -> Result<RawField<T>, E> {
        // serde_json hands non-negative integers to visit_u64.
        Ok(number_field(Number::Signed(n)))
    }
    fn visit_f64<E>(self, x: f64) -> Result<RawField<T>, E> {
        Ok(number_field(Number::Float(x)))
    }
    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<RawField<T>, E> {
        Ok(text_field(Cow::Borrowed(text)))
    }
    fn visit_str<E>(self, text: &str) -> Result<RawField<T>, E> {
        Ok(text_field(Cow::Owned(text.to_owned())))
    }
    fn visit_string<E>(self, text: String) -> Result<RawField<T>, E> {
        Ok(text_field(Cow::Owned(text)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<RawField<T>, A::Error> {
        Ok(T::list(seq)?.map_or_else(|| Self::found(JsonKind::Array, None), RawField::Is))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawField<T>, A::Error> {
        Ok(T::object(map)?.map_or_else(|| Self::found(JsonKind::Object, None), RawField::Is))
    }
}

fn number_field<'de, T: Accept<'de>>(n: Number) -> RawField<T> {
    match T::number(n) {
        Some(value) => RawField::Is(value),
        None => RawField::Not(HeldInstead {
            kind: JsonKind::Number,
            text: Some(n.to_string()),
        }),
    }
}

fn text_field<'de, T: Accept<'de>>(text: Cow<'de, str>) -> RawField<T> {
    match T::text(text) {
        Some(value) => RawField::Is(value),
        None => RawField::Not(HeldInstead {
            kind: JsonKind::String,
            text: None,
        }),
    }
}
