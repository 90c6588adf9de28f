//! The rules of an input (`docs/formats.md`, Input): what an agent submits,
//! and the same fields in `pending.json` and a record's `input`.

use super::ErrorKind;
use super::fields::{element, flag, optional, optional_text, required, text};
use super::files::{Attaching, ProjectFiles};
pub(crate) use super::options::{Values, value_set};
use super::options::{options, recommended_in};
use super::path::{Path, Report};
use super::raw::{OneOrMany, RawField, RawInput, RawItem, RawLocation};
use crate::model::input::{ById, Recommend};
use crate::model::{DecideInput, DecideItem, ItemId, Location};
use std::num::NonZeroU32;

/// The range of an item id and of a line number.
pub(crate) const POSITIVE_U32: (u64, u64) = (1, u32::MAX as u64);

/// Who wrote the input: an agent writes no `version` (and its `_meta`, if
/// any, is ignored) and names files read from `files`; a stored file's
/// `version` and `_meta` are read by `stored/`, and it carries what its
/// files held.
#[derive(Clone, Copy)]
pub(crate) enum Origin<'f> {
    Agent(&'f dyn ProjectFiles),
    Stored,
}

/// The input in `raw`, checked by every rule, or `None` with each problem
/// in `report`.
pub(crate) fn input(
    raw: RawInput<'_>,
    origin: Origin<'_>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<DecideInput> {
    let attaching = match origin {
        Origin::Agent(files) => Attaching::agent(files),
        Origin::Stored => Attaching::stored(),
    };
    if matches!(origin, Origin::Agent(_)) && raw.version != RawField::Absent {
        let suggestion = None;
        report.at(at.key("version"), ErrorKind::UnknownField { suggestion });
    }
    let task = text(raw.task, at.key("task"), report);
    let source = text(raw.source, at.key("source"), report);
    let items = items(raw.items, at.key("items"), &attaching, report);
    let (items, by_id) = items?;
    Some(DecideInput {
        task: task?,
        source: source?,
        items,
        by_id,
    })
}

/// The items, with their ids sorted for look-ups (`DecideInput::by_id`).
fn items(
    field: RawField<Vec<RawField<RawItem<'_>>>>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<(Vec<DecideItem>, ById)> {
    let list = required(field, at, report)?;
    if list.is_empty() {
        report.at(at, ErrorKind::NoItems);
        return None;
    }
    // Each valid item with its position: repeated ids are named even
    // when another item is wrong.
    let mut items: Vec<(usize, DecideItem)> = Vec::with_capacity(list.len());
    let mut all_valid = true;
    for (i, field) in list.into_iter().enumerate() {
        let path = at.at(i);
        match element(field, path, report).and_then(|raw| item(raw, path, attaching, report)) {
            Some(item) => items.push((i, item)),
            None => all_valid = false,
        }
    }
    // Sorting by (id, position) puts each repeat right after its first use:
    // linear-logarithmic where comparing every pair would be quadratic.
    let mut sorted: Vec<(ItemId, usize)> = items.iter().map(|(i, item)| (item.id, *i)).collect();
    sorted.sort_unstable();
    let mut repeats: Vec<(usize, ItemId, usize)> = Vec::new();
    let mut first = 0;
    for n in 1..sorted.len() {
        if sorted[n].0 == sorted[first].0 {
            repeats.push((sorted[n].1, sorted[n].0, sorted[first].1));
        } else {
            first = n;
        }
    }
    repeats.sort_unstable();
    for (position, id, first) in repeats {
        let kind = ErrorKind::DuplicateId {
            id: id.get(),
            first,
        };
        report.at(at.at(position).key("id"), kind);
        all_valid = false;
    }
    if !all_valid {
        return None;
    }
    // Every item is valid here, so an item's index is its position.
    let by_id = sorted
        .into_iter()
        .map(|(id, at)| u32::try_from(at).ok().map(|at| (id, at)))
        .collect::<Option<ById>>()?;
    Some((items.into_iter().map(|(_, item)| item).collect(), by_id))
}

fn item(
    raw: RawItem<'_>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<DecideItem> {
    let id = super::fields::required_integer(raw.id, at.key("id"), POSITIVE_U32, report);
    let title = text(raw.title, at.key("title"), report);
    let location = match optional(raw.location, at.key("location"), report) {
        Ok(None) => Ok(None),
        Ok(Some(raw)) => location(raw, at.key("location"), report)
            .map(Some)
            .ok_or(()),
        Err(()) => Err(()),
    };
    let context = optional_text(raw.context, at.key("context"), report);
    let options = options(raw.options, at.key("options"), attaching, report);
    let multiple = flag(raw.multiple, at.key("multiple"), report);
    let allow_other = flag(raw.allow_other, at.key("allow_other"), report);
    let allow_skip = flag(raw.allow_skip, at.key("allow_skip"), report);
    let ask = ask(raw.ask, at.key("ask"), report);
    let recommend = recommend(raw.recommend, multiple, at.key("recommend"), report);
    let reversible = flag(raw.reversible, at.key("reversible"), report);
    let if_unanswered = super::rule::if_unanswered(raw.if_unanswered, at, report);
    let (options, recommend) = (options?, recommend?);
    if let Some(recommend) = &recommend {
        recommended_in(recommend, &options, at.key("recommend"), report)?;
    }
    let (reversible, if_unanswered) = (reversible?, if_unanswered.ok()?);
    super::rule::applies(if_unanswered.as_ref(), reversible, &recommend, at, report)?;
    Some(DecideItem {
        id: ItemId(NonZeroU32::new(u32::try_from(id?).ok()?)?),
        title: title?,
        location: location.ok()?,
        context: context.ok()?,
        options,
        recommend,
        multiple: multiple?,
        allow_other: allow_other?,
        allow_skip: allow_skip?,
        reversible,
        if_unanswered,
        ask: ask?,
    })
}

/// `ask`: absent, or `"always"`.
fn ask(
    field: RawField<super::raw::Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Option<crate::model::input::Ask>> {
    let name = optional(field, at, report).ok()?;
    match name.as_deref() {
        None => Some(None),
        Some("always") => Some(Some(crate::model::input::Ask::Always)),
        Some(other) => {
            let kind = ErrorKind::NotOneOf {
                allowed: vec!["always"],
                actual: other.to_owned(),
            };
            report.at(at, kind);
            None
        }
    }
}

/// `recommend`: one value, or (only with `multiple`) a set of them.
fn recommend(
    field: RawField<OneOrMany<'_>>,
    multiple: Option<bool>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Option<Recommend>> {
    match optional(field, at, report).ok()? {
        None => Some(None),
        Some(OneOrMany::One(value)) => super::fields::non_blank(value, at, report)
            .map(Recommend::One)
            .map(Some),
        Some(OneOrMany::Many(_)) if multiple == Some(false) => {
            report.at(at, ErrorKind::RecommendNotMultiple);
            None
        }
        Some(OneOrMany::Many(list)) => {
            value_set(list, at, report).map(|v| Some(Recommend::Many(v)))
        }
    }
}

fn location(raw: RawLocation<'_>, at: Path<'_>, report: &mut Report<'_>) -> Option<Location> {
    let file = text(raw.file, at.key("file"), report);
    let line = |field, key, report: &mut Report| {
        super::fields::required_integer(field, at.key(key), POSITIVE_U32, report)
            .and_then(|n| u32::try_from(n).ok())
    };
    let start = line(raw.start, "start", report);
    let end = line(raw.end, "end", report);
    let (start, end) = (start?, end?);
    if end < start {
        report.at(at.key("end"), ErrorKind::EndBeforeStart { start, end });
        return None;
    }
    Some(Location {
        file: file?,
        start,
        end,
    })
}

/// Reading an input from a JSON value goes through the one validation.
impl TryFrom<serde_json::Value> for DecideInput {
    type Error = super::ValidationErrors;
    fn try_from(value: serde_json::Value) -> Result<Self, Self::Error> {
        super::validate_input(&value)
    }
}
