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
