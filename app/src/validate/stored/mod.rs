//! Reading the files `aide` stores: each checks its `version` first, then
//! its fields by the same rules as when they were written. One reader per
//! file, used by every command and the server.

use super::answer::draft_entries;
use super::fields::{required, text};
use super::input::{Origin, input};
use super::path::{Path, Report};
use super::raw::{RawDraft, RawField, RawInput, RawMeta, Text};
use super::read::{DRAFT, INPUT, Unknown, read};
use super::version::{Compat, FormatVersion, VersionError, check_version, compat};
use super::{ErrorKind, JsonError, ValidationErrors};
use crate::model::{DecideInput, Draft, Meta, Pending, SessionId, Timestamp};
use serde_json::Value;

/// Why a stored file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredError {
    /// It is not JSON.
    Json(JsonError),
    /// It breaks the format's rules.
    Invalid(ValidationErrors),
    /// A newer aide wrote it in a format this one cannot read.
    Newer(FormatVersion),
}

impl From<ValidationErrors> for StoredError {
    fn from(errors: ValidationErrors) -> Self {
        StoredError::Invalid(errors)
    }
}

impl From<JsonError> for StoredError {
    fn from(error: JsonError) -> Self {
        StoredError::Json(error)
    }
}

/// How a stored document's unknown fields are taken, by its version: a
/// newer minor version may add fields.
fn tolerance(value: &Value) -> Result<Unknown, StoredError> {
    match check_version(value) {
        Ok(Compat::NewerMinor) => Ok(Unknown::Tolerated),
        Ok(_) | Err(VersionError::Malformed(_)) => Ok(Unknown::Refused),
        Err(VersionError::Newer(found)) => Err(StoredError::Newer(found)),
    }
}

/// A record's tolerance: its own version's, or its `input`'s (a pending
/// file of a newer minor version, copied whole).
fn record_tolerance(value: &Value) -> Result<Unknown, StoredError> {
    let input = value.get("input").map_or(Ok(Unknown::Refused), tolerance)?;
    match tolerance(value)? {
        Unknown::Refused => Ok(input),
        Unknown::Tolerated => Ok(Unknown::Tolerated),
    }
}

/// A file's `version`: a newer major one stops the reading; a malformed
/// one is reported at `at`.
fn version(
    field: &RawField<Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Result<(), StoredError> {
    match compat(field) {
        Ok(_) => Ok(()),
        Err(VersionError::Newer(found)) => Err(StoredError::Newer(found)),
        Err(VersionError::Malformed(actual)) => {
            report.at(at, ErrorKind::BadVersion { actual });
            Ok(())
        }
    }
}

/// What a skim of a pending file finds: its version, session id and task, the
/// items left unread (a large pending file is skimmed, not built, where
/// only these are asked for: which session it holds, and its line in a
/// list). `None` fields where the file does not hold them as they should
/// be; reading the whole file says what is wrong (`parse_pending`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PendingHead {
    /// The `version` field as written, for `check_version`.
    pub version: Option<Value>,
    pub session_id: Option<crate::model::SessionId>,
    pub task: Option<String>,
}

/// Skims a pending file (`PendingHead`); `None` when it is no JSON object.
pub fn skim_pending(bytes: &[u8]) -> Option<PendingHead> {
    #[derive(serde::Deserialize)]
    struct Head {
        version: Option<Value>,
        task: Option<Value>,
        #[serde(rename = "_meta")]
        meta: Option<Value>,
    }
    #[derive(serde::Deserialize)]
    struct MetaId {
        session_id: crate::model::SessionId,
    }
    let head: Head = serde_json::from_slice(bytes).ok()?;
    Some(PendingHead {
        version: head.version,
        session_id: head
            .meta
            .and_then(|meta| serde_json::from_value::<MetaId>(meta).ok())
            .map(|meta| meta.session_id),
        task: head.task.and_then(|task| task.as_str().map(str::to_owned)),
    })
}

/// Reads `pending.json`: a valid input plus its `_meta`. A file of a newer
/// minor version keeps its whole document as the pending's `source`, so its
/// fields survive into the record.
pub fn parse_pending(bytes: &[u8]) -> Result<Pending, StoredError> {
    let mut report = Report::default();
    let mut kept: Option<Value> = None;
    let unknown = |value: &Value| {
        let unknown = tolerance(value)?;
        if unknown == Unknown::Tolerated {
            kept = Some(value.clone());
        }
        Ok(unknown)
    };
    let read = read::<RawInput<'static>, _, StoredError>(
        bytes,
        &INPUT,
        &mut report,
        unknown,
        |mut raw, report| {
            version(&raw.version, Path::Root.key("version"), report)?;
            let meta = required(
                std::mem::take(&mut raw.meta),
                Path::Root.key("_meta"),
                report,
            )
            .and_then(|raw| meta(raw, Path::Root.key("_meta"), report));
            let input = input(raw, Origin::Stored, Path::Root, report);
            Ok(input.zip(meta))
        },
    )?;
    let (input, meta) = report.finish(read)?;
    Ok(Pending {
        input,
        meta,
        source: kept,
    })
}

fn meta(raw: RawMeta<'_>, at: Path<'_>, report: &mut Report<'_>) -> Option<Meta> {
    let created_at = timestamp(raw.created_at, at.key("created_at"), report);
    let session_id = session_id(raw.session_id, at.key("session_id"), report);
    Some(Meta {
        created_at: created_at?,
        session_id: session_id?,
    })
}

fn session_id(
    field: RawField<Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<SessionId> {
    let text = text(field, at, report)?;
    let id = text.parse().ok();
    if id.is_none() {
        report.at(at, ErrorKind::BadSessionId { actual: text });
    }
    id
}

fn timestamp(
    field: RawField<Text<'_>>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Option<Timestamp> {
    let text = text(field, at, report)?;
    let time = Timestamp::parse(&text);
    if time.is_none() {
        report.at(at, ErrorKind::BadTimestamp { actual: text });
    }
    time
}

/// Reads a `{session_id}.draft.json` against the input it belongs to.
pub fn parse_draft(bytes: &[u8], input: &DecideInput) -> Result<Draft, StoredError> {
    let mut report = Report::default();
    let read = read::<RawDraft<'static>, _, StoredError>(
        bytes,
        &DRAFT,
        &mut report,
        tolerance,
        |raw, report| {
            let root = Path::Root;
            version(&raw.version, root.key("version"), report)?;
            let session_id = session_id(raw.session_id, root.key("session_id"), report);
            let saved_at = timestamp(raw.saved_at, root.key("saved_at"), report);
            let entries = required(raw.decisions, root.key("decisions"), report)
                .and_then(|list| draft_entries(list, input, root.key("decisions"), report));
            let said = said_later(raw.said_later, input, root.key("said_later"), report);
            Ok((|| {
                Some(Draft::new(session_id?, saved_at?, entries?).said_before(&said?))
            })())
        },
    )?;
    Ok(report.finish(read)?)
}

mod followed;
mod record;
mod said_later;
mod summary;

use said_later::said_later;

pub use record::{RecordOf, parse_record, record_answers};
pub use summary::{RecordSummary, record_summary};

#[cfg(test)]
mod tests;
