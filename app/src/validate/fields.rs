//! Reading one raw field by the rules every format shares: required or
//! optional, non-blank text, integers in a range, flags, lists. A wrong
//! field is reported at its path and gives `None`.

use super::ErrorKind;
use super::path::{Path, Report};
use super::raw::{Accept, HeldInstead, Number, RawField, Text};

/// The error for `found` where a `T` was expected.
pub(crate) fn wrong<'de, T: Accept<'de>>(found: &HeldInstead) -> ErrorKind {
    ErrorKind::WrongType {
        expected: T::KIND,
        actual: found.kind,
    }
}

/// A field that must be there: its value, or `Missing` / a wrong type.
pub(crate) fn required<'de, T: Accept<'de>>(
    field: RawField<T>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<T> {
    match field {
        RawField::Is(value) => Some(value),
        RawField::Absent => {
            report.at(at, ErrorKind::Missing);
            None
        }
        RawField::Not(found) => {
            report.at(at, wrong::<T>(&found));
            None
        }
    }
}

/// An element of an array: `null` is a wrong type there, not an absence.
pub(crate) fn element<'de, T: Accept<'de>>(
    field: RawField<T>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<T> {
    match field {
        RawField::Absent => {
            let null = HeldInstead {
                kind: super::JsonKind::Null,
                text: None,
            };
            report.at(at, wrong::<T>(&null));
            None
        }
        other => required(other, at, report),
    }
}

/// An optional field: `Ok(None)` when absent, `Err(())` when wrong.
pub(crate) fn optional<'de, T: Accept<'de>>(
    field: RawField<T>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Result<Option<T>, ()> {
    match field {
        RawField::Absent => Ok(None),
        other => required(other, at, report).map(Some).ok_or(()),
    }
}

/// Text with at least one non-blank character.
pub(crate) fn non_blank(text: Text<'_>, at: Path<'_>, report: &mut Report<'_>) -> Option<String> {
    if text.trim().is_empty() {
        report.at(at, ErrorKind::EmptyString);
        return None;
    }
    Some(text.into_owned())
}

/// A required non-blank text.
pub(crate) fn text(
    field: RawField<Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<String> {
    required(field, at, report).and_then(|text| non_blank(text, at, report))
}

/// An optional non-blank text: `Err(())` when present but wrong.
pub(crate) fn optional_text(
    field: RawField<Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Result<Option<String>, ()> {
    match optional(field, at, report)? {
        None => Ok(None),
        Some(text) => non_blank(text, at, report).map(Some).ok_or(()),
    }
}

/// An optional flag: absent is `false`.
pub(crate) fn flag(field: RawField<bool>, at: Path<'_>, report: &mut Report<'_>) -> Option<bool> {
    optional(field, at, report)
        .ok()
        .map(|flag| flag.unwrap_or(false))
}

/// A whole number from `min` to `max`, when there.
pub(crate) fn integer(
    number: Number,
    at: Path<'_>,
    (min, max): (u64, u64),
    report: &mut Report<'_>,
) -> Option<u64> {
    let whole = number.whole(min, max);
    if whole.is_none() {
        let actual = number.to_string();
        report.at(at, ErrorKind::IntegerOutOfRange { min, max, actual });
    }
    whole
}

/// A required whole number from `min` to `max`.
pub(crate) fn required_integer(
    field: RawField<Number>,
    at: Path<'_>,
    range: (u64, u64),
    report: &mut Report<'_>,
) -> Option<u64> {
    required(field, at, report).and_then(|n| integer(n, at, range, report))
}

/// An optional list of non-blank texts: absent is empty.
pub(crate) fn texts(
    field: RawField<Vec<RawField<Text<'_>>>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<String>> {
    let Some(list) = optional(field, at, report).ok()? else {
        return Some(Vec::new());
    };
    let mut texts = Vec::with_capacity(list.len());
    let mut all = true;
    for (i, field) in list.into_iter().enumerate() {
        match element(field, at.at(i), report).and_then(|t| non_blank(t, at.at(i), report)) {
            Some(text) => texts.push(text),
            None => all = false,
        }
    }
    all.then_some(texts)
}
