//! `said_later` (issue 58): the items the person said to decide later,
//! kept by the draft once said (answered since or not) and copied into
//! the record, so the answers can say which went provisional or deferred
//! first. Read the same way in both files.

use crate::model::{DecideInput, ItemId};
use crate::validate::ErrorKind;
use crate::validate::fields::{optional, required_integer};
use crate::validate::input::POSITIVE_U32;
use crate::validate::path::{Path, Report};
use crate::validate::raw::{Number, RawField};

/// The list at `at`: absent means none; each an item of `input`, once.
/// `None` when an entry broke a rule (reported).
pub(super) fn said_later(
    field: RawField<Vec<RawField<Number>>>,
    input: &DecideInput,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<ItemId>> {
    let list = optional(field, at, report).ok()?.unwrap_or_default();
    let errors = report.count();
    let mut ids: Vec<ItemId> = Vec::with_capacity(list.len());
    for (i, field) in list.into_iter().enumerate() {
        let entry_at = at.at(i);
        let Some(id) = required_integer(field, entry_at, POSITIVE_U32, report)
            .and_then(|n| ItemId::new(u32::try_from(n).ok()?))
        else {
            continue;
        };
        if input.position(id).is_none() {
            report.at(entry_at, ErrorKind::UnknownItem { id: id.get() });
        } else if let Some(first) = ids.iter().position(|seen| *seen == id) {
            let kind = ErrorKind::DuplicateId {
                id: id.get(),
                first,
            };
            report.at(entry_at, kind);
        } else {
            ids.push(id);
        }
    }
    (report.count() == errors).then_some(ids)
}
