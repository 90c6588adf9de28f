//! The rules of answers: `{"decisions":[...]}` from a program, a record's
//! `output`, a draft, or the page's form read into the same raw decisions
//! (one entry per item). Each entry's kind of answer (`chosen`, `other`,
//! `skipped`) is checked against its item's flags (`multiple`,
//! `allow_other`, `allow_skip`).

use super::ErrorKind;
use super::fields::{element, required_integer, wrong};
use super::input::{POSITIVE_U32, Values, value_set};
use super::path::{Path, Report};
use super::raw::{OneOrMany, RawDecision, RawField, RawRuledBy, Text};
use crate::model::{
    Answer, By, DecideInput, DecideItem, Decision, DraftEntry, ItemId, MAX_OTHER_CHARS, RuledBy,
    SessionId,
};

/// What an entry must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// An answer: exactly one kind; `skipped` only `true`.
    Decision,
    /// Work in progress: at most one kind; a blank `other`, an empty
    /// `chosen` array and `"skipped": false` mean "not given", and an entry
    /// with neither an answer nor a note is dropped.
    Draft,
    /// A record's answer: as `Decision`, and it may say who gave it
    /// (`by`, `ruled_by`), which only aide writes: an answer sent to the
    /// page, or a draft, that says so is refused.
    Record,
}

/// What the list says of one item.
enum Slot {
    /// No entry names it.
    Open,
    /// An entry names it, but was wrong (reported) or gave nothing.
    Named,
    /// A valid entry.
    Given(DraftEntry),
}

/// The answers to `input` in the list at `at`: one per item, in the items'
/// order; every item left open is named.
pub(crate) fn decisions(
    list: Vec<RawField<RawDecision<'_>>>,
    input: &DecideInput,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<Decision>> {
    decisions_as(Mode::Decision, list, input, at, report)
}

/// A record's answers to `input` (as [`decisions`]), each with who gave it.
pub(crate) fn record_decisions(
    list: Vec<RawField<RawDecision<'_>>>,
    input: &DecideInput,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<Decision>> {
    decisions_as(Mode::Record, list, input, at, report)
}

fn decisions_as(
    mode: Mode,
    list: Vec<RawField<RawDecision<'_>>>,
    input: &DecideInput,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<Decision>> {
    let slots = slots(list, input, at, mode, report);
    let mut decisions = Vec::with_capacity(slots.len());
    let mut complete = true;
    for (item, slot) in input.items().iter().zip(slots) {
        match slot {
            Slot::Given(DraftEntry::Answered(decision)) => decisions.push(decision),
            Slot::Given(DraftEntry::Noted { .. } | DraftEntry::Later { .. }) | Slot::Named => {
                complete = false
            }
            Slot::Open => {
                let kind = ErrorKind::MissingDecision {
                    id: item.id().get(),
                };
                report.at(at, kind);
                complete = false;
            }
        }
    }
    complete.then_some(decisions)
}

/// The answers so far to `input` in the list at `at` (items may be open),
/// in the items' order.
pub(crate) fn draft_entries(
    list: Vec<RawField<RawDecision<'_>>>,
    input: &DecideInput,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<DraftEntry>> {
    let errors = report.count();
    let slots = slots(list, input, at, Mode::Draft, report);
    let entries: Vec<DraftEntry> = slots
        .into_iter()
        .filter_map(|slot| match slot {
            Slot::Given(entry) => Some(entry),
            Slot::Named | Slot::Open => None,
        })
        .collect();
    (report.count() == errors).then_some(entries)
}

/// Every entry, checked and laid out by item position: linear in the
/// number of items and entries.
fn slots(
    list: Vec<RawField<RawDecision<'_>>>,
    input: &DecideInput,
    at: Path<'_>,
    mode: Mode,
    report: &mut Report<'_>,
) -> Vec<Slot> {
    let items = input.items();
    let mut slots: Vec<Slot> = items.iter().map(|_| Slot::Open).collect();
    let mut first_of: Vec<Option<usize>> = vec![None; items.len()];
    for (i, field) in list.into_iter().enumerate() {
        let entry_at = at.at(i);
        let Some(raw) = element(field, entry_at, report) else {
            continue;
        };
        let Some(id) = required_integer(raw.id.clone(), entry_at.key("id"), POSITIVE_U32, report)
        else {
            continue;
        };
        let id = u32::try_from(id).unwrap_or(u32::MAX);
        let Some(position) = ItemId::new(id).and_then(|id| input.position(id)) else {
            report.at(entry_at.key("id"), ErrorKind::UnknownItem { id });
            continue;
        };
        if let Some(first) = first_of[position] {
            let id = items[position].id().get();
            report.at(
                entry_at.key("id"),
                ErrorKind::DuplicateDecision { id, first },
            );
            continue;
        }
        first_of[position] = Some(i);
        let item = (position, &items[position]);
        slots[position] = match entry(raw, item, entry_at, mode, report) {
            Some(entry) => Slot::Given(entry),
            None => Slot::Named,
        };
    }
    slots
}

/// One entry answering `item` (at `position` in the input).
fn entry(
    raw: RawDecision<'_>,
    (position, item): (usize, &DecideItem),
    at: Path<'_>,
    mode: Mode,
    report: &mut Report<'_>,
) -> Option<DraftEntry> {
    let errors = report.count();
    let later = later(raw.later, at.key("later"), mode, report);
    let by = by(raw.by, (raw.ruled_by, raw.overturned), at, mode, report);
    let mode = if mode == Mode::Record {
        Mode::Decision
    } else {
        mode
    };
    let note = note(raw.note, at.key("note"), report);
    let mut given: Vec<(&'static str, Answer)> = Vec::with_capacity(1);
    let kinds = [
        (
            "chosen",
            chosen(raw.chosen, (position, item), at.key("chosen"), mode, report),
        ),
        (
            "other",
            other(raw.other, (position, item), at.key("other"), mode, report),
        ),
        (
            "skipped",
            skipped(
                raw.skipped,
                (position, item),
                at.key("skipped"),
                mode,
                report,
            ),
        ),
    ];
    for (key, answer) in kinds {
        if let Some(answer) = answer {
            given.push((key, answer));
        }
    }
    if let [(first, _), (second, _), ..] = given[..] {
        report.at(at.key(second), ErrorKind::SeveralAnswers { first });
    }
    let answered = !given.is_empty() || report.count() > errors;
    if mode == Mode::Decision && !answered {
        if item.allow_other() || item.allow_skip() {
            let mut allowed = vec!["chosen"];
            allowed.extend(item.allow_other().then_some("other"));
            allowed.extend(item.allow_skip().then_some("skipped"));
            report.at(at, ErrorKind::NoAnswer { allowed });
        } else {
            report.at(at.key("chosen"), ErrorKind::Missing);
        }
    }
    if report.count() > errors {
        return None;
    }
    let note = note?;
    let by = by?;
    match given.pop() {
        // An answer takes "Decide later" back.
        Some((_, answer)) => Some(DraftEntry::Answered(Decision {
            id: item.id(),
            answer,
            note,
            by,
        })),
        None if later => Some(DraftEntry::Later {
            id: item.id(),
            note,
        }),
        None => note.map(|note| DraftEntry::Noted {
            id: item.id(),
            note,
        }),
    }
}

/// Who gave an answer: said only in a record (`Mode::Record`); anywhere
/// else `by`, `ruled_by` and `overturned` are fields the sender may not
/// write.
fn by(
    by: RawField<Text<'_>>,
    (ruled_by, overturned): (RawField<RawRuledBy<'_>>, RawField<RawRuledBy<'_>>),
    at: Path<'_>,
    mode: Mode,
    report: &mut Report<'_>,
) -> Option<By> {
    let errors = report.count();
    if mode != Mode::Record {
        for (key, given) in [
            ("by", !matches!(by, RawField::Absent)),
            ("ruled_by", !matches!(ruled_by, RawField::Absent)),
            ("overturned", !matches!(overturned, RawField::Absent)),
        ] {
            if given {
                let kind = ErrorKind::UnknownField { suggestion: None };
                report.at(at.key(key), kind);
            }
        }
        return (report.count() == errors).then_some(By::Person);
    }
    let name = super::fields::optional(by, at.key("by"), report).ok()?;
    let ruled_by = super::fields::optional(ruled_by, at.key("ruled_by"), report).ok()?;
    let overturned = super::fields::optional(overturned, at.key("overturned"), report).ok()?;
    match (name.as_deref(), overturned) {
        (Some("person"), Some(raw)) if ruled_by.is_none() => {
            return ruled(raw, at.key("overturned"), report).map(By::Overturned);
        }
        (_, Some(_)) => {
            report.at(
                at.key("overturned"),
                ErrorKind::UnknownField { suggestion: None },
            );
            return None;
        }
        (_, None) => {}
    }
    match (name.as_deref(), ruled_by) {
        (None | Some("person"), None) => Some(By::Person),
        (Some("ruling"), Some(raw)) => ruled(raw, at.key("ruled_by"), report).map(By::Ruling),
        (Some("ruling"), None) => {
            report.at(at.key("ruled_by"), ErrorKind::Missing);
            None
        }
        (None | Some("person"), Some(_)) => {
            let kind = ErrorKind::NotOneOf {
                allowed: vec!["ruling"],
                actual: name.map_or_else(String::new, |n| n.into_owned()),
            };
            report.at(at.key("by"), kind);
            None
        }
        (Some(other), _) => {
            let kind = ErrorKind::NotOneOf {
                allowed: vec!["person", "ruling"],
                actual: other.to_owned(),
            };
            report.at(at.key("by"), kind);
            None
        }
    }
}

/// `later` (drafts only): whether the person said "Decide later". An
/// answer or a record has no such field.
fn later(field: RawField<bool>, at: Path<'_>, mode: Mode, report: &mut Report<'_>) -> bool {
    match (field, mode) {
        (RawField::Absent, _) => false,
        (_, Mode::Decision | Mode::Record) => {
            report.at(at, ErrorKind::UnknownField { suggestion: None });
            false
        }
        (RawField::Is(later), Mode::Draft) => later,
        (RawField::Not(found), Mode::Draft) => {
            report.at(at, wrong::<bool>(&found));
            false
        }
    }
}

/// A record's `ruled_by`: a ruling's id, a session id and an item.
fn ruled(raw: RawRuledBy<'_>, at: Path<'_>, report: &mut Report<'_>) -> Option<RuledBy> {
    let ruling = super::fields::required(raw.ruling, at.key("ruling"), report)
        .and_then(|text| super::fields::non_blank(text, at.key("ruling"), report));
    let record = super::fields::required(raw.record, at.key("record"), report).and_then(|text| {
        let parsed = text.parse::<SessionId>().ok();
        if parsed.is_none() {
            let kind = ErrorKind::BadSessionId {
                actual: text.into_owned(),
            };
            report.at(at.key("record"), kind);
        }
        parsed
    });
    let item = required_integer(raw.item, at.key("item"), POSITIVE_U32, report)
        .and_then(|n| ItemId::new(u32::try_from(n).ok()?));
    Some(RuledBy {
        ruling: ruling?,
        record: record?,
        item: item?,
    })
}

/// The note: kept when it says something, dropped when blank.
fn note(
    field: RawField<Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Option<String>> {
    match field {
        RawField::Absent => Some(None),
        RawField::Is(text) => Some((!text.trim().is_empty()).then(|| text.into_owned())),
        RawField::Not(found) => {
            report.at(at, wrong::<Text<'_>>(&found));
            None
        }
    }
}

/// `Some` when `chosen` gives an answer (a wrong one is reported and still
/// counts as given); `None` when it gives none.
fn chosen(
    field: RawField<OneOrMany<'_>>,
    (position, item): (usize, &DecideItem),
    at: Path<'_>,
    mode: Mode,
    report: &mut Report<'_>,
) -> Option<Answer> {
    let values = match field {
        RawField::Absent => return None,
        RawField::Not(found) => {
            report.at(at, wrong::<OneOrMany<'_>>(&found));
            return Some(Answer::Skipped);
        }
        RawField::Is(OneOrMany::Many(list)) if list.is_empty() && mode == Mode::Draft => {
            return None;
        }
        RawField::Is(OneOrMany::Many(_)) if !item.multiple() => {
            report.at(at, ErrorKind::ChosenNotMultiple { item: position });
            return Some(Answer::Skipped);
        }
        RawField::Is(OneOrMany::Many(list)) => {
            let Some(values) = value_set(list, at, report) else {
                return Some(Answer::Skipped);
            };
            values
                .into_iter()
                .enumerate()
                .map(|(i, v)| (at.at(i), v))
                .collect()
        }
        RawField::Is(OneOrMany::One(value)) => {
            let Some(value) = super::fields::non_blank(value, at, report) else {
                return Some(Answer::Skipped);
            };
            vec![(at, value)]
        }
    };
    // Each value names an option; several keep the options' order.
    let options = Values::of(item.options());
    let mut all_known = true;
    for (at, value) in &values {
        if !options.contains(value) {
            let allowed = item
                .options()
                .iter()
                .map(|o| o.value().to_owned())
                .collect();
            let kind = ErrorKind::ChosenNotInOptions {
                value: value.clone(),
                allowed,
            };
            report.at(*at, kind);
            all_known = false;
        }
    }
    if !all_known {
        return Some(Answer::Skipped);
    }
    let mut values: Vec<String> = values.into_iter().map(|(_, v)| v).collect();
    if !item.multiple() {
        return values.pop().map(Answer::Chosen);
    }
    if values.len() > 1 {
        let order = |v: &String| item.options().iter().position(|o| o.value() == v);
        values.sort_by_cached_key(order);
    }
    Some(Answer::ChosenMany(values))
}

/// `Some` when `other` gives an answer (a wrong one is reported): trimmed.
fn other(
    field: RawField<Text<'_>>,
    (position, item): (usize, &DecideItem),
    at: Path<'_>,
    mode: Mode,
    report: &mut Report<'_>,
) -> Option<Answer> {
    let text = match field {
        RawField::Absent => return None,
        RawField::Is(text) => text,
        RawField::Not(found) => {
            report.at(at, wrong::<Text<'_>>(&found));
            return Some(Answer::Skipped);
        }
    };
    let trimmed = text.trim();
    if mode == Mode::Draft && trimmed.is_empty() {
        return None;
    }
    if !item.allow_other() {
        report.at(at, ErrorKind::OtherNotAllowed { item: position });
        return Some(Answer::Skipped);
    }
    let chars = trimmed.chars().count();
    if trimmed.is_empty() {
        report.at(at, ErrorKind::EmptyString);
    } else if chars > MAX_OTHER_CHARS {
        let kind = ErrorKind::OtherTooLong {
            max: MAX_OTHER_CHARS,
            actual: chars,
        };
        report.at(at, kind);
    }
    Some(Answer::Other(trimmed.to_owned()))
}

/// `Some(Skipped)` when `skipped` gives an answer (a wrong one is
/// reported).
fn skipped(
    field: RawField<bool>,
    (position, item): (usize, &DecideItem),
    at: Path<'_>,
    mode: Mode,
    report: &mut Report<'_>,
) -> Option<Answer> {
    match field {
        RawField::Absent => return None,
        RawField::Is(false) if mode == Mode::Draft => return None,
        RawField::Is(_) if !item.allow_skip() => {
            report.at(at, ErrorKind::SkipNotAllowed { item: position });
        }
        RawField::Is(true) => {}
        RawField::Is(false) => report.at(at, ErrorKind::SkippedNotTrue),
        RawField::Not(found) => report.at(at, wrong::<bool>(&found)),
    }
    Some(Answer::Skipped)
}
