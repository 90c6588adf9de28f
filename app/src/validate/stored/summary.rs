//! What `history` lists of a record (its task, its number of items, its
//! two times), read without checking its answers.

use super::{StoredError, record_tolerance, timestamp, version};
use crate::model::Timestamp;
use crate::validate::fields::{required, text};
use crate::validate::path::{Path, Report};
use crate::validate::raw::{RawField, RawMeta, RawRecord};
use crate::validate::read::{RECORD, read};

/// What `history` lists of a record, read without checking its answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSummary {
    pub task: String,
    pub items: usize,
    /// `_meta.created_at`; `None` in a record without `_meta` (the
    /// session id's time stands for it).
    pub created_at: Option<Timestamp>,
    pub completed_at: Timestamp,
}

/// Reads what `history` shows of a record: the task, the number of items
/// and the two times.
pub fn record_summary(bytes: &[u8]) -> Result<RecordSummary, StoredError> {
    let mut report = Report::default();
    let read = read::<RawRecord<'static>, _, StoredError>(
        bytes,
        &RECORD,
        &mut report,
        record_tolerance,
        |raw, report| {
            let root = Path::Root;
            version(&raw.version, root.key("version"), report)?;
            let completed_at = timestamp(raw.completed_at, root.key("completed_at"), report);
            let at = root.key("input");
            let Some(mut asked) = required(raw.input, at, report) else {
                return Ok(None);
            };
            version(&asked.version, at.key("version"), report)?;
            let task = text(std::mem::take(&mut asked.task), at.key("task"), report);
            let items = required(std::mem::take(&mut asked.items), at.key("items"), report);
            let created_at = match std::mem::take(&mut asked.meta) {
                RawField::Is(meta) => {
                    timestamp(meta.created_at, at.key("_meta").key("created_at"), report).map(Some)
                }
                RawField::Absent => Some(None),
                RawField::Not(found) => {
                    report.at(
                        at.key("_meta"),
                        crate::validate::fields::wrong::<RawMeta<'_>>(&found),
                    );
                    None
                }
            };
            Ok((|| {
                Some(RecordSummary {
                    task: task?,
                    items: items?.len(),
                    created_at: created_at?,
                    completed_at: completed_at?,
                })
            })())
        },
    )?;
    Ok(report.finish(read)?)
}
