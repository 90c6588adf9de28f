//! Reading the files aide itself wrote, quickly.
//!
//! A file of the current format version that aide wrote is read straight
//! into typed fields by serde and then checked against the same rules as
//! `input.rs` applies, without building a `serde_json::Value` of it first or
//! naming a path before anything is wrong. Anything else — an older or newer
//! version, an unknown field, any rule broken — returns `None`, and the
//! caller reads the file the careful way (`parse_pending`, `parse_record`),
//! which says exactly what is wrong. The tests below hold both ways to the
//! same answers.

use super::version::CURRENT_VERSION;
use crate::model::input::{ById, Recommend};
use crate::model::{
    DecideInput, DecideItem, DecideOption, DecideOutput, ItemId, Location, Meta, Pending, Score,
    SessionId, Timestamp,
};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::HashSet;

/// An agent's input, when it is valid (a `_meta` key is ignored, as
/// `validate_input` ignores it).
pub fn input_fast(bytes: &[u8]) -> Option<DecideInput> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct InputFile {
        task: String,
        source: String,
        items: Vec<ItemFields<String>>,
        #[serde(rename = "_meta")]
        #[allow(dead_code)]
        meta: Option<serde::de::IgnoredAny>,
    }
    let file: InputFile = serde_json::from_str(utf8(bytes)?).ok()?;
    InputFields {
        task: file.task,
        source: file.source,
        items: file.items,
    }
    .check()
}

/// `pending.json`, when it is of the current version and valid.
pub fn pending_fast(bytes: &[u8]) -> Option<Pending> {
    let file: PendingFile = serde_json::from_str(utf8(bytes)?).ok()?;
    current(&file.version)?;
    let meta = file.meta.check()?;
    let input = InputFields {
        task: file.task,
        source: file.source,
        items: file.items,
    }
    .check()?;
    Some(Pending::new(input, meta))
}

/// The answers of the record that answers `pending`, when the record is
/// of the current version, carries the `_meta` of `pending`, asks exactly
/// what `pending` asks and is valid. Its `input` is compared with the one
/// `pending` holds, field by field, not built again: its texts are borrowed
/// from `bytes`, so comparing allocates nothing per text.
pub fn record_output_fast(bytes: &[u8], pending: &Pending) -> Option<DecideOutput> {
    let file: RecordFile = serde_json::from_str(utf8(bytes)?).ok()?;
    current(&file.version)?;
    // A pending file copied whole carries its own version; a new session's
    // input is written without one (the record's is enough).
    if let Some(version) = &file.input.version {
        current(version)?;
    }
    let asked = &file.input;
    let meta = MetaFields::check(asked.meta.clone())?;
    if meta != pending.meta
        || Timestamp::parse(&file.completed_at).is_none()
        || !asked.asks(&pending.input)
    {
        return None;
    }
    let mut w = super::walker::Walker::new(false);
    let output = super::output::output(&mut w, &pending.input, &file.output);
    w.finish(output).ok()
}

/// The file as text. Checked once, with SIMD: parsing text rather than
/// bytes spares serde_json checking every string again on its own.
fn utf8(bytes: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(bytes).ok()
}

fn current(version: &str) -> Option<()> {
    let version = super::FormatVersion::parse(version)?;
    (version == CURRENT_VERSION).then_some(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PendingFile {
    version: String,
    task: String,
    source: String,
    items: Vec<ItemFields<String>>,
    #[serde(rename = "_meta")]
    meta: MetaFields,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFile<'a> {
    version: String,
    #[serde(borrow)]
    input: RecordInputFields<'a>,
    /// Checked by the one output validator against the pending input.
    output: serde_json::Value,
    completed_at: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordInputFields<'a> {
    version: Option<String>,
    #[serde(borrow)]
    task: Text<'a>,
    #[serde(borrow)]
    source: Text<'a>,
    #[serde(borrow)]
    items: Vec<ItemFields<Text<'a>>>,
    #[serde(rename = "_meta")]
    meta: MetaFields,
}

impl RecordInputFields<'_> {
    /// Whether these fields are exactly `input` (which was validated).
    fn asks(&self, input: &DecideInput) -> bool {
        self.task.0 == input.task
            && self.source.0 == input.source
            && self.items.len() == input.items.len()
            && self.items.iter().zip(&input.items).all(|(a, b)| a.is(b))
    }
}

impl ItemFields<Text<'_>> {
    fn is(&self, item: &DecideItem) -> bool {
        let same_location = match (&self.location, &item.location) {
            (None, None) => true,
            (Some(a), Some(b)) => a.file.0 == b.file && a.start == b.start && a.end == b.end,
            _ => false,
        };
        self.id == item.id.0
            && self.title.0 == item.title
            && same_location
            && self.context.as_ref().map(|c| &*c.0) == item.context.as_deref()
            && self.recommend == item.recommend
            && self.multiple.unwrap_or(false) == item.multiple
            && self.allow_other.unwrap_or(false) == item.allow_other
            && self.allow_skip.unwrap_or(false) == item.allow_skip
            && self.options.len() == item.options.len()
            && self.options.iter().zip(&item.options).all(|(a, b)| a.is(b))
    }
}

impl OptionFields<Text<'_>> {
    fn is(&self, option: &DecideOption) -> bool {
        fn same(texts: &Option<Vec<Text<'_>>>, written: &[String]) -> bool {
            let texts = texts.as_deref().unwrap_or_default();
            texts.len() == written.len() && texts.iter().zip(written).all(|(a, b)| a.0 == *b)
        }
        self.value.0 == option.value
            && self.label.0 == option.label
            && self.score == option.score.map(|s| s.0)
            && same(&self.pros, &option.pros)
            && same(&self.cons, &option.cons)
    }
}

/// A text of a record, borrowed from the file's bytes unless it had to be
/// unescaped: a record's input is only compared, never kept.
struct Text<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Cow<'de, str>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Self::Value, E> {
                Ok(Cow::Borrowed(text))
            }
            fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
                Ok(Cow::Owned(text.to_owned()))
            }
            fn visit_string<E>(self, text: String) -> Result<Self::Value, E> {
                Ok(Cow::Owned(text))
            }
        }
        deserializer.deserialize_str(Visitor).map(Text)
    }
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct MetaFields {
    created_at: String,
    session_id: String,
}

struct InputFields {
    task: String,
    source: String,
    items: Vec<ItemFields<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemFields<S> {
    id: u32,
    title: S,
    location: Option<LocationFields<S>>,
    context: Option<S>,
    options: Vec<OptionFields<S>>,
    recommend: Option<Recommend>,
    multiple: Option<bool>,
    allow_other: Option<bool>,
    allow_skip: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LocationFields<S> {
    file: S,
    start: u32,
    end: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OptionFields<S> {
    value: S,
    label: S,
    score: Option<u8>,
    pros: Option<Vec<S>>,
    cons: Option<Vec<S>>,
}

/// The rule `input.rs` applies to every text: at least one non-blank
/// character.
fn text(s: String) -> Option<String> {
    (!s.trim().is_empty()).then_some(s)
}

/// Every element checked, or `None` if one fails.
fn all<T, U>(list: Vec<T>, check: impl FnMut(T) -> Option<U>) -> Option<Vec<U>> {
    list.into_iter().map(check).collect()
}

/// An optional field: absent is fine, present must pass `check`.
fn optional<T, U>(field: Option<T>, check: impl FnOnce(T) -> Option<U>) -> Option<Option<U>> {
    match field {
        None => Some(None),
        Some(value) => check(value).map(Some),
    }
}

/// Up to this many texts are told apart pairwise: no hashing and no
/// allocation for the few options an item usually has, while a long list
/// still takes linear time.
const FEW: usize = 16;

/// Whether no two of `list` have the same `key`.
fn distinct<T>(list: &[T], key: impl Fn(&T) -> &str) -> bool {
    if list.len() <= FEW {
        list.iter()
            .enumerate()
            .all(|(at, a)| list[..at].iter().all(|b| key(a) != key(b)))
    } else {
        let mut seen = HashSet::with_capacity(list.len());
        list.iter().all(|a| seen.insert(key(a)))
    }
}

/// An item's option values, known to be distinct.
enum Values<'a> {
    Few(&'a [DecideOption]),
    Many(HashSet<&'a str>),
}

impl<'a> Values<'a> {
    /// `None` when two options share a value.
    fn of(options: &'a [DecideOption]) -> Option<Self> {
        if options.len() <= FEW {
            return distinct(options, |o| o.value.as_str()).then_some(Values::Few(options));
        }
        let set: HashSet<&str> = options.iter().map(|o| o.value.as_str()).collect();
        (set.len() == options.len()).then_some(Values::Many(set))
    }

    fn contains(&self, value: &str) -> bool {
        match self {
            Values::Few(options) => options.iter().any(|o| o.value == value),
            Values::Many(set) => set.contains(value),
        }
    }
}

impl MetaFields {
    fn check(self) -> Option<Meta> {
        Some(Meta {
            created_at: Timestamp::parse(&self.created_at)?,
            session_id: SessionId::parse(&self.session_id)?,
        })
    }
}

impl InputFields {
    fn check(self) -> Option<DecideInput> {
        if self.items.is_empty() {
            return None;
        }
        let items = all(self.items, ItemFields::check)?;
        let mut by_id: ById = items
            .iter()
            .enumerate()
            .map(|(at, item)| u32::try_from(at).ok().map(|at| (item.id, at)))
            .collect::<Option<_>>()?;
        by_id.sort_unstable();
        if by_id.windows(2).any(|pair| pair[0].0 == pair[1].0) {
            return None;
        }
        Some(DecideInput {
            task: text(self.task)?,
            source: text(self.source)?,
            items,
            by_id,
        })
    }
}

impl ItemFields<String> {
    fn check(self) -> Option<DecideItem> {
        if self.id == 0 || self.options.len() < 2 {
            return None;
        }
        let options = all(self.options, OptionFields::check)?;
        let values = Values::of(&options)?;
        let multiple = self.multiple.unwrap_or(false);
        if let Some(recommend) = &self.recommend {
            let list = recommend.values();
            let fine = match recommend {
                Recommend::One(_) => true,
                Recommend::Many(list) => multiple && !list.is_empty(),
            } && list
                .iter()
                .all(|r| !r.trim().is_empty() && values.contains(r))
                && distinct(list, String::as_str);
            fine.then_some(())?;
        }
        let location = optional(self.location, LocationFields::check)?;
        Some(DecideItem {
            id: ItemId(self.id),
            title: text(self.title)?,
            location,
            context: optional(self.context, text)?,
            options,
            recommend: self.recommend,
            multiple,
            allow_other: self.allow_other.unwrap_or(false),
            allow_skip: self.allow_skip.unwrap_or(false),
        })
    }
}

impl LocationFields<String> {
    fn check(self) -> Option<Location> {
        (self.start >= 1 && self.end >= self.start).then_some(())?;
        Some(Location {
            file: text(self.file)?,
            start: self.start,
            end: self.end,
        })
    }
}

impl OptionFields<String> {
    fn check(self) -> Option<DecideOption> {
        let list = |texts: Option<Vec<String>>| all(texts.unwrap_or_default(), text);
        Some(DecideOption {
            value: text(self.value)?,
            label: text(self.label)?,
            score: match self.score {
                Some(n) if n > 100 => return None,
                score => score.map(Score),
            },
            pros: list(self.pros)?,
            cons: list(self.cons)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{parse_pending, parse_record};
    use serde_json::{Value, json};

    fn pending_value() -> Value {
        let mut value: Value =
            serde_json::from_str(include_str!("../../../examples/auth.json")).expect("JSON");
        value["version"] = json!("1.1");
        value["_meta"] = json!({
            "created_at": "2025-01-15T10:30:00+08:00",
            "session_id": "2025-01-15T10-30-00"
        });
        value
    }

    /// The careful way's answer, with `source` left out as the fast way
    /// leaves it (a current-version file serialises back to itself).
    fn careful(value: &Value) -> Option<Pending> {
        parse_pending(value)
            .ok()
            .map(|p| Pending::new(p.input, p.meta))
    }

    fn fast(value: &Value) -> Option<Pending> {
        pending_fast(&serde_json::to_vec_pretty(value).expect("JSON"))
    }

    #[test]
    fn an_agents_input_reads_the_same_both_ways() {
        let text = include_str!("../../../examples/auth.json");
        let value: Value = serde_json::from_str(text).expect("JSON");
        let careful = crate::validate_input(&value).expect("valid");
        assert_eq!(input_fast(text.as_bytes()), Some(careful));
        let mut unknown = value;
        unknown["priority"] = json!(1);
        let bytes = serde_json::to_vec(&unknown).expect("JSON");
        assert_eq!(input_fast(&bytes), None, "the careful way names the field");
    }

    #[test]
    fn a_file_aide_wrote_reads_the_same_both_ways() {
        let value = pending_value();
        let fast = fast(&value).expect("the fast way reads it");
        assert_eq!(Some(&fast), careful(&value).as_ref());
        assert_eq!(
            fast.input.by_id,
            careful(&value).expect("valid").input.by_id
        );
        assert_eq!(serde_json::to_value(&fast).expect("ser"), value);
    }

    /// Every rule of `input.rs` broken once: the fast way gives up, so the
    /// careful way reports it.
    #[test]
    fn whatever_the_careful_way_refuses_the_fast_way_does_not_accept() {
        let breaks: Vec<(&str, Value)> = vec![
            ("/task", json!("  ")),
            ("/source", json!("")),
            ("/items", json!([])),
            ("/items/0/id", json!(0)),
            ("/items/1/id", json!(1)),
            ("/items/0/id", json!(1.0)),
            ("/items/0/title", json!(" ")),
            ("/items/0/context", json!("")),
            ("/items/0/options", json!([{ "value": "a", "label": "A" }])),
            ("/items/0/options/1/value", json!("jwt")),
            ("/items/0/options/0/label", json!("")),
            ("/items/0/options/0/score", json!(101)),
            ("/items/0/options/0/pros", json!([""])),
            ("/items/0/options/0/cons", json!(["ok", " "])),
            ("/items/0/recommend", json!("nope")),
            ("/items/0/recommend", json!("")),
            (
                "/items/0/location",
                json!({ "file": "a.rs", "start": 0, "end": 1 }),
            ),
            (
                "/items/0/location",
                json!({ "file": "a.rs", "start": 5, "end": 4 }),
            ),
            (
                "/items/0/location",
                json!({ "file": "", "start": 1, "end": 1 }),
            ),
            ("/items/0/unknown", json!(true)),
            ("/items/0/multiple", json!("yes")),
            ("/items/0/allow_other", json!(1)),
            ("/items/0/allow_skip", json!([true])),
            ("/items/0/recommend", json!(["jwt"])),
            ("/_meta/session_id", json!("yesterday")),
            ("/_meta/created_at", json!("")),
            ("/version", json!("1.4")),
            ("/version", json!("2.0")),
        ];
        for (pointer, replacement) in breaks {
            let mut value = pending_value();
            let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
            let target = value.pointer_mut(parent).expect("parent exists");
            match target {
                Value::Object(map) => {
                    map.insert(key.to_owned(), replacement.clone());
                }
                Value::Array(list) => {
                    list[key.parse::<usize>().expect("index")] = replacement.clone();
                }
                _ => unreachable!("{pointer}"),
            }
            let careful = careful(&value);
            if careful.is_none() {
                assert_eq!(
                    fast(&value),
                    None,
                    "{pointer} = {replacement} slipped through"
                );
            } else {
                // A newer minor version: valid, but only the careful way
                // keeps what it adds.
                assert_eq!(fast(&value), None, "{pointer}: left to the careful way");
            }
        }
        let mut unversioned = pending_value();
        unversioned
            .as_object_mut()
            .expect("object")
            .remove("version");
        assert_eq!(
            fast(&unversioned),
            None,
            "copied as it is by the careful way"
        );
    }

    #[test]
    fn a_record_with_the_pendings_meta_reads_without_building_its_input_again() {
        let pending = careful(&pending_value()).expect("valid");
        let output = json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "n" }] });
        let record = json!({
            "version": "1.1",
            "input": pending_value(),
            "output": output,
            "completed_at": "2025-01-15T10:35:00+08:00"
        });
        let bytes = serde_json::to_vec_pretty(&record).expect("JSON");
        let fast = record_output_fast(&bytes, &pending).expect("fast");
        let careful = parse_record(&record, &pending.meta.session_id).expect("valid");
        assert_eq!(fast, careful.output);
        assert!(careful.input.answers(&pending));
        // As aide writes a new session's record: the input without a version.
        let written = crate::DecisionRecord::new(
            pending.clone(),
            careful.output.clone(),
            careful.completed_at,
        );
        let bytes = serde_json::to_vec_pretty(&written).expect("JSON");
        assert_eq!(record_output_fast(&bytes, &pending), Some(careful.output));

        // Another session's meta, a bad answer, or an older version: left
        // to the careful way.
        let mut other = record.clone();
        other["input"]["_meta"]["created_at"] = json!("2025-01-15T10:30:01+08:00");
        let mut wrong = record.clone();
        wrong["output"]["decisions"][0]["chosen"] = json!("nope");
        let mut asks_else = record.clone();
        asks_else["input"]["items"][0]["options"][0]["label"] = json!("另一个选项");
        let mut older = record;
        older.as_object_mut().expect("object").remove("version");
        for value in [other, wrong, asks_else, older] {
            let bytes = serde_json::to_vec(&value).expect("JSON");
            assert!(record_output_fast(&bytes, &pending).is_none(), "{value}");
        }
    }

    /// An input with every item flag, several recommendations, an escaped
    /// text and an item with more options than are told apart pairwise.
    fn flagged_input() -> crate::DecideInput {
        let many: Vec<Value> = (0..40)
            .map(|n| json!({ "value": format!("v{n}"), "label": format!("选项 {n}") }))
            .collect();
        let value = json!({
            "task": "每一种回答",
            "source": "kinds.md",
            "items": [
                { "id": 1, "title": "one", "context": "a \"quoted\"\nline",
                  "location": { "file": "src/a.rs", "start": 3, "end": 9 },
                  "options": [{ "value": "a", "label": "A", "score": 80, "pros": ["p"], "cons": ["c", "d"] },
                              { "value": "b", "label": "B" }],
                  "recommend": "a" },
                { "id": 7, "title": "many", "multiple": true,
                  "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }, { "value": "c", "label": "C" }],
                  "recommend": ["c", "a"] },
                { "id": 3, "title": "own", "allow_other": true,
                  "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }] },
                { "id": 4, "title": "skip", "allow_skip": true, "allow_other": true,
                  "options": many, "recommend": "v39" }
            ]
        });
        crate::validate_input(&value).expect("valid")
    }

    /// The answers of every kind, with and without a note.
    fn every_kind(input: &crate::DecideInput) -> DecideOutput {
        let body = json!({ "decisions": [
            { "id": 1, "chosen": "b", "note": "因为 \"简单\"" },
            { "id": 7, "chosen": ["c", "a"] },
            { "id": 3, "other": "  都不要  ", "note": "n" },
            { "id": 4, "skipped": true }
        ]});
        crate::validate_output(input, &body).expect("valid answers")
    }

    /// Files aide's own writer makes at the current version, with every
    /// flag and every kind of answer, are read the fast way and read the
    /// same as the careful way reads them.
    #[test]
    fn aides_own_files_of_every_kind_are_read_the_fast_way() {
        let meta = Meta {
            created_at: Timestamp::parse("2025-01-15T10:30:00+08:00").expect("time"),
            session_id: SessionId::parse("2025-01-15T10-30-00").expect("id"),
        };
        let written = Pending::new(flagged_input(), meta);
        let bytes = serde_json::to_vec_pretty(&written).expect("JSON");
        let value: Value = serde_json::from_slice(&bytes).expect("JSON");
        let fast = pending_fast(&bytes).expect("the fast way reads aide's pending.json");
        let careful = parse_pending(&value).expect("valid");
        assert_eq!(fast, careful);
        assert_eq!(fast.input.by_id, careful.input.by_id);
        assert_eq!(fast.input.items[1].recommended(), ["c", "a"]);

        let output = every_kind(&fast.input);
        let kinds: Vec<_> = output
            .decisions()
            .iter()
            .map(|d| d.answer().clone())
            .collect();
        assert!(matches!(
            kinds.as_slice(),
            [
                crate::Answer::Chosen(_),
                crate::Answer::ChosenMany(_),
                crate::Answer::Other(_),
                crate::Answer::Skipped
            ]
        ));
        // The record of a new session (its input written without a
        // version) and the record of a pending read the careful way
        // (copied whole, with its version): both read the fast way.
        for pending in [fast.clone(), careful.clone()] {
            let record = crate::DecisionRecord::new(
                pending,
                output.clone(),
                Timestamp::parse("2025-01-15T10:35:00+08:00").expect("time"),
            );
            let bytes = serde_json::to_vec_pretty(&record).expect("JSON");
            let value: Value = serde_json::from_slice(&bytes).expect("JSON");
            let careful_record = parse_record(&value, &fast.meta.session_id).expect("valid");
            assert!(careful_record.input.answers(&fast));
            assert_eq!(
                record_output_fast(&bytes, &fast),
                Some(careful_record.output),
                "the fast way reads aide's record"
            );
        }
    }

    /// The many-options item is told apart with a hash set: a repeated
    /// value or recommendation there is still left to the careful way.
    #[test]
    fn a_long_item_with_a_repeated_value_is_left_to_the_careful_way() {
        let meta = Meta {
            created_at: Timestamp::parse("2025-01-15T10:30:00+08:00").expect("time"),
            session_id: SessionId::parse("2025-01-15T10-30-00").expect("id"),
        };
        let written = Pending::new(flagged_input(), meta);
        let mut value = serde_json::to_value(&written).expect("JSON");
        value["items"][3]["options"][30]["value"] = json!("v2");
        assert!(parse_pending(&value).is_err());
        assert_eq!(fast(&value), None);
        let mut value = serde_json::to_value(&written).expect("JSON");
        value["items"][3]["multiple"] = json!(true);
        value["items"][3]["recommend"] = json!(["v1", "v39", "v1"]);
        assert!(parse_pending(&value).is_err());
        assert_eq!(fast(&value), None);
        value["items"][3]["recommend"] = json!(["v1", "v39"]);
        assert_eq!(fast(&value), careful(&value));
    }
}
