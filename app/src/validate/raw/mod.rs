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
pub(crate) use field::{Accept, HeldInstead, Number, OneOrMany, RawField, Text};
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
    RawFollowed,
    RawRule,
    RawRuledBy,
);

/// An agent's input; also `pending.json` and a record's `input`, which add
/// `version` and `_meta`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawInput<'a> {
    #[serde(borrow)]
    pub version: RawField<Text<'a>>,
    #[serde(borrow)]
    pub task: RawField<Text<'a>>,
    #[serde(borrow)]
    pub source: RawField<Text<'a>>,
    #[serde(borrow)]
    pub items: RawField<Vec<RawField<RawItem<'a>>>>,
    #[serde(borrow, rename = "_meta")]
    pub meta: RawField<RawMeta<'a>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawItem<'a> {
    pub id: RawField<Number>,
    #[serde(borrow)]
    pub title: RawField<Text<'a>>,
    #[serde(borrow)]
    pub location: RawField<RawLocation<'a>>,
    #[serde(borrow)]
    pub context: RawField<Text<'a>>,
    #[serde(borrow)]
    pub options: RawField<Vec<RawField<RawOption<'a>>>>,
    #[serde(borrow)]
    pub recommend: RawField<OneOrMany<'a>>,
    pub multiple: RawField<bool>,
    pub allow_other: RawField<bool>,
    pub allow_skip: RawField<bool>,
    pub reversible: RawField<bool>,
    #[serde(borrow)]
    pub if_unanswered: RawField<RawRule<'a>>,
    #[serde(borrow)]
    pub ask: RawField<Text<'a>>,
}

/// An item's `if_unanswered`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawRule<'a> {
    #[serde(borrow)]
    pub after: RawField<Text<'a>>,
    #[serde(borrow)]
    pub take: RawField<Text<'a>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawLocation<'a> {
    #[serde(borrow)]
    pub file: RawField<Text<'a>>,
    pub start: RawField<Number>,
    pub end: RawField<Number>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawOption<'a> {
    #[serde(borrow)]
    pub value: RawField<Text<'a>>,
    #[serde(borrow)]
    pub label: RawField<Text<'a>>,
    pub score: RawField<Number>,
    #[serde(borrow)]
    pub pros: RawField<Vec<RawField<Text<'a>>>>,
    #[serde(borrow)]
    pub cons: RawField<Vec<RawField<Text<'a>>>>,
    #[serde(borrow)]
    pub preview: RawField<Text<'a>>,
    #[serde(borrow)]
    pub diff: RawField<Text<'a>>,
    #[serde(borrow)]
    pub diff_file: RawField<Text<'a>>,
    #[serde(borrow)]
    pub image: RawField<Text<'a>>,
    /// Written by aide in a stored file: the picture's bytes, in base64.
    #[serde(borrow)]
    pub image_data: RawField<Text<'a>>,
}

/// The `_meta` aide adds to a stored input.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawMeta<'a> {
    #[serde(borrow)]
    pub created_at: RawField<Text<'a>>,
    #[serde(borrow)]
    pub session_id: RawField<Text<'a>>,
}

/// `{session_id}.json`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawRecord<'a> {
    #[serde(borrow)]
    pub version: RawField<Text<'a>>,
    #[serde(borrow)]
    pub input: RawField<RawInput<'a>>,
    #[serde(borrow)]
    pub output: RawField<RawOutput<'a>>,
    #[serde(borrow)]
    pub completed_at: RawField<Text<'a>>,
    #[serde(borrow)]
    pub via: RawField<Text<'a>>,
    #[serde(borrow)]
    pub followed: RawField<Vec<RawField<RawFollowed<'a>>>>,
    /// The items the person said to decide later before answering them
    /// (issue 58).
    pub said_later: RawField<Vec<RawField<Number>>>,
}

/// One entry of a record's `followed`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawFollowed<'a> {
    pub id: RawField<Number>,
    #[serde(borrow)]
    pub session_id: RawField<Text<'a>>,
    pub item: RawField<Number>,
}

/// `{"decisions":[...]}`: the answers (`result`, a record's `output`, a
/// body of answers), or the answers so far (a draft's body).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawOutput<'a> {
    #[serde(borrow)]
    pub decisions: RawField<Vec<RawField<RawDecision<'a>>>>,
}

/// `{session_id}.draft.json`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawDraft<'a> {
    #[serde(borrow)]
    pub version: RawField<Text<'a>>,
    #[serde(borrow)]
    pub session_id: RawField<Text<'a>>,
    #[serde(borrow)]
    pub saved_at: RawField<Text<'a>>,
    #[serde(borrow)]
    pub decisions: RawField<Vec<RawField<RawDecision<'a>>>>,
    /// Every item the person has said to decide later, answered since or
    /// not (issue 58).
    pub said_later: RawField<Vec<RawField<Number>>>,
}

/// One item's answer as sent: in JSON, or read from the page's form.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawDecision<'a> {
    pub id: RawField<Number>,
    #[serde(borrow)]
    pub chosen: RawField<OneOrMany<'a>>,
    #[serde(borrow)]
    pub other: RawField<Text<'a>>,
    pub skipped: RawField<bool>,
    #[serde(borrow)]
    pub note: RawField<Text<'a>>,
    /// Drafts only: the person said "Decide later" (issue 58).
    pub later: RawField<bool>,
    /// Who answered (a record's decision only; see `answer::Mode`).
    #[serde(borrow)]
    pub by: RawField<Text<'a>>,
    #[serde(borrow)]
    pub ruled_by: RawField<RawRuledBy<'a>>,
    /// With `"by":"person"`: the ruling whose answer the person overturned.
    #[serde(borrow)]
    pub overturned: RawField<RawRuledBy<'a>>,
}

/// A record's `ruled_by`: the ruling that answered an item.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawRuledBy<'a> {
    #[serde(borrow)]
    pub ruling: RawField<Text<'a>>,
    #[serde(borrow)]
    pub record: RawField<Text<'a>>,
    pub item: RawField<Number>,
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
        assert_eq!(item.id, RawField::Is(Number::Signed(-3)));
        assert!(matches!(item.title, RawField::Is(Cow::Borrowed("t"))));
        assert_eq!(item.context, RawField::Absent, "null is absent");
        assert_eq!(item.allow_skip, RawField::Absent);
        assert!(matches!(
            item.options,
            RawField::Not(HeldInstead {
                kind: JsonKind::String,
                ..
            })
        ));
        assert_eq!(item.multiple, RawField::Is(true));
        let RawField::Is(OneOrMany::Many(values)) = &item.recommend else {
            panic!("{:?}", item.recommend);
        };
        assert!(matches!(
            values[1],
            RawField::Not(HeldInstead {
                kind: JsonKind::Number,
                ..
            })
        ));
        let RawField::Is(location) = &item.location else {
            panic!("{:?}", item.location);
        };
        assert_eq!(location.end, RawField::Absent);
        assert_eq!(location.start, RawField::Is(Number::Float(1.5)));
    }

    #[test]
    fn an_unknown_field_stops_serde_and_the_names_come_from_the_struct() {
        let error = serde_json::from_str::<RawOption>(r#"{"value": "a", "lable": "A"}"#);
        assert!(error.is_err());
        assert_eq!(
            known::<RawOption>(),
            [
                "value",
                "label",
                "score",
                "pros",
                "cons",
                "preview",
                "diff",
                "diff_file",
                "image",
                "image_data"
            ]
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
        assert!(matches!(option.value, RawField::Is(Cow::Owned(ref s)) if s == "a\"b"));
        assert!(matches!(option.label, RawField::Is(Cow::Borrowed("plain"))));
        assert_eq!(Number::Float(1.5).to_string(), "1.5");
        assert_eq!(Number::Signed(-1).to_string(), "-1");
        assert_eq!(Number::Unsigned(7).whole(1, 9), Some(7));
        assert_eq!(Number::Unsigned(0).whole(1, 9), None);
        assert_eq!(Number::Float(1.0).whole(0, 9), None);
    }
}
