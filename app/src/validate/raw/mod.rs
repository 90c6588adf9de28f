//! The formats as written: serde structs whose text borrows from the bytes
//! read, and whose every field says what it holds: nothing, the kind of
//! JSON value expected, or what was found instead. serde reads the bytes
//! once into these; the rule passes (`input.rs`, `answer.rs`, `stored/`)
//! then name every problem with its path, in one go.
//!
//! Each struct denies unknown fields, so serde stops at the first one; the
//! reader then names them all from a `serde_json::Value` (`unknown.rs`).
//! The names a struct knows are its own serde field names ([`known`]): a
//! field name is written once, here.

mod field;

use super::JsonKind;
pub(crate) use field::{Accept, Field, Found, Number, OneOrMany, Text};
use serde::Deserialize;
use serde::de::{self, MapAccess};
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
    use std::borrow::Cow;

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
