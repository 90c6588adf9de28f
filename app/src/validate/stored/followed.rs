//! A record's `followed`: the precedents its answers followed, each an
//! item of its input and an earlier record's session and item.

use super::session_id;
use crate::model::{DecideInput, Followed, ItemId};
use crate::validate::ErrorKind;
use crate::validate::fields::{element, optional, required_integer};
use crate::validate::input::POSITIVE_U32;
use crate::validate::path::{Path, Report};
use crate::validate::raw::{Number, RawField, RawFollowed};

/// The precedents followed: absent in earlier records and when none was.
/// Each names an item of the record's input once, and an earlier record's
/// session and item.
pub(super) fn followed(
    field: RawField<Vec<RawField<RawFollowed<'_>>>>,
    input: &DecideInput,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Vec<Followed>> {
    let list = optional(field, at, report).ok()?.unwrap_or_default();
    let errors = report.count();
    let mut followed: Vec<Followed> = Vec::with_capacity(list.len());
    for (i, field) in list.into_iter().enumerate() {
        let entry_at = at.at(i);
        let Some(raw) = element(field, entry_at, report) else {
            continue;
        };
        let id = item_id(raw.id, entry_at.key("id"), report);
        let item = item_id(raw.item, entry_at.key("item"), report);
        let session_id = session_id(raw.session_id, entry_at.key("session_id"), report);
        let (Some(id), Some(item), Some(session_id)) = (id, item, session_id) else {
            continue;
        };
        if input.position(id).is_none() {
            report.at(entry_at.key("id"), ErrorKind::UnknownItem { id: id.get() });
        } else if let Some(first) = followed.iter().position(|f| f.id == id) {
            let kind = ErrorKind::DuplicateDecision {
                id: id.get(),
                first,
            };
            report.at(entry_at.key("id"), kind);
        } else {
            followed.push(Followed {
                id,
                session_id,
                item,
            });
        }
    }
    (report.count() == errors).then_some(followed)
}

fn item_id(field: RawField<Number>, at: Path<'_>, report: &mut Report<'_>) -> Option<ItemId> {
    required_integer(field, at, POSITIVE_U32, report)
        .and_then(|n| ItemId::new(u32::try_from(n).ok()?))
}
