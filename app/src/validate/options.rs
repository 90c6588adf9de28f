//! The rules of an item's options: each option's fields, values told
//! apart, and the set of values an answer or a recommendation names.

use super::ErrorKind;
use super::attached::{Attached, RawAttached, attached};
use super::fields::{element, integer, optional, required, text, texts};
use super::files::Attaching;
use super::path::{Path, Report};
use super::raw::{RawField, RawOption};
use crate::model::input::Recommend;
use crate::model::{DecideOption, Score};
use std::collections::{HashMap, HashSet};

/// Up to this many values are told apart pairwise: no hashing for the few
/// options an item usually has, while a long list stays linear.
const FEW: usize = 16;

/// A non-empty array of non-blank strings, none twice (`recommend` with
/// `multiple`, `chosen` of a multiple item).
pub(crate) fn value_set(
    list: Vec<RawField<super::raw::Text<'_>>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<String>> {
    if list.is_empty() {
        report.at(at, ErrorKind::EmptyArray);
        return None;
    }
    let texts: Vec<Option<super::raw::Text<'_>>> = list
        .into_iter()
        .enumerate()
        .map(|(i, field)| element(field, at.at(i), report))
        .collect();
    let mut all_valid = texts.iter().all(Option::is_some);
    let mut first_use: HashMap<&str, usize> = HashMap::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let Some(text) = text else { continue };
        match first_use.get(text.as_ref()) {
            Some(first) => {
                let value = text.to_string();
                report.at(
                    at.at(i),
                    ErrorKind::RepeatedValue {
                        value,
                        first: *first,
                    },
                );
                all_valid = false;
            }
            None => {
                first_use.insert(text, i);
            }
        }
    }
    drop(first_use);
    let mut values = Vec::with_capacity(texts.len());
    for (i, text) in texts.into_iter().enumerate() {
        match text.and_then(|t| super::fields::non_blank(t, at.at(i), report)) {
            Some(value) => values.push(value),
            None => all_valid = false,
        }
    }
    all_valid.then_some(values)
}

/// Each recommended value names an option.
pub(super) fn recommended_in(
    recommend: &Recommend,
    options: &[DecideOption],
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<()> {
    let values = Values::of(options);
    let mut known = true;
    for (i, value) in recommend.values().iter().enumerate() {
        if !values.contains(value) {
            let path = match recommend {
                Recommend::Many(_) => at.at(i),
                Recommend::One(_) => at,
            };
            let kind = ErrorKind::RecommendNotInOptions {
                value: value.clone(),
            };
            report.at(path, kind);
            known = false;
        }
    }
    known.then_some(())
}

pub(super) fn options(
    field: RawField<Vec<RawField<RawOption<'_>>>>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<DecideOption>> {
    let list = required(field, at, report)?;
    if list.len() < 2 {
        report.at(at, ErrorKind::TooFewOptions { count: list.len() });
    }
    let mut all_valid = list.len() >= 2;
    let mut options: Vec<DecideOption> = Vec::with_capacity(list.len());
    let mut positions: Vec<usize> = Vec::with_capacity(list.len());
    for (i, field) in list.into_iter().enumerate() {
        let path = at.at(i);
        match element(field, path, report).and_then(|raw| option(raw, path, attaching, report)) {
            Some(option) => {
                options.push(option);
                positions.push(i);
            }
            None => all_valid = false,
        }
    }
    for (later, first) in repeated_values(&options) {
        let kind = ErrorKind::DuplicateValue {
            value: options[later].value.clone(),
            first: positions[first],
        };
        report.at(at.at(positions[later]).key("value"), kind);
        all_valid = false;
    }
    all_valid.then_some(options)
}

/// Each option whose value an earlier one has, with that earlier one.
pub(super) fn repeated_values(options: &[DecideOption]) -> Vec<(usize, usize)> {
    if options.len() <= FEW {
        return (0..options.len())
            .filter_map(|later| {
                let first = options[..later]
                    .iter()
                    .position(|o| o.value == options[later].value)?;
                Some((later, first))
            })
            .collect();
    }
    let mut first: HashMap<&str, usize> = HashMap::with_capacity(options.len());
    let mut repeats = Vec::new();
    for (at, option) in options.iter().enumerate() {
        if let Some(first) = first.get(option.value.as_str()) {
            repeats.push((at, *first));
        } else {
            first.insert(&option.value, at);
        }
    }
    repeats
}

pub(super) fn option(
    raw: RawOption<'_>,
    at: Path<'_>,
    attaching: &Attaching<'_>,
    report: &mut Report<'_>,
) -> Option<DecideOption> {
    let value = text(raw.value, at.key("value"), report);
    let label = text(raw.label, at.key("label"), report);
    let score = match optional(raw.score, at.key("score"), report) {
        Ok(None) => Ok(None),
        Ok(Some(n)) => integer(n, at.key("score"), (0, 100), report)
            .and_then(|n| u8::try_from(n).ok())
            .map(|n| Some(Score(n)))
            .ok_or(()),
        Err(()) => Err(()),
    };
    let pros = texts(raw.pros, at.key("pros"), report);
    let cons = texts(raw.cons, at.key("cons"), report);
    let raw = RawAttached {
        preview: raw.preview,
        diff: raw.diff,
        diff_file: raw.diff_file,
        image: raw.image,
        image_data: raw.image_data,
    };
    let attached = attached(raw, at, attaching, report);
    let Attached {
        preview,
        diff,
        diff_file,
        image,
    } = attached?;
    Some(DecideOption {
        value: value?,
        label: label?,
        score: score.ok()?,
        pros: pros?,
        cons: cons?,
        preview,
        diff,
        diff_file,
        image,
    })
}

/// An item's option values, for "is this one of them".
pub(crate) enum Values<'a> {
    Few(&'a [DecideOption]),
    Many(HashSet<&'a str>),
}

impl<'a> Values<'a> {
    pub(crate) fn of(options: &'a [DecideOption]) -> Self {
        if options.len() <= FEW {
            Values::Few(options)
        } else {
            Values::Many(options.iter().map(|o| o.value.as_str()).collect())
        }
    }

    pub(crate) fn contains(&self, value: &str) -> bool {
        match self {
            Values::Few(options) => options.iter().any(|o| o.value == value),
            Values::Many(set) => set.contains(value),
        }
    }
}
