//! Reading the files `aide` stores: each checks its `version` first, then
//! its fields by the same rules as when they were written. One reader per
//! file, used by every command and the server.

use super::answer::{draft_entries, record_decisions};
use super::fields::{element, optional, required, required_integer, text};
use super::input::POSITIVE_U32;
use super::input::{Origin, input};
use super::path::{Path, Report};
use super::raw::{Number, RawDraft, RawField, RawFollowed, RawInput, RawMeta, RawRecord, Text};
use super::read::{DRAFT, INPUT, RECORD, Unknown, read};
use super::version::{Compat, FormatVersion, VersionError, check_version, compat};
use super::{ErrorKind, JsonError, ValidationErrors};
use crate::model::{
    DecideInput, DecideOutput, Decision, DecisionRecord, Draft, Followed, ItemId, Meta, Pending,
    RecordInput, SessionId, Timestamp, Via,
};
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

/// A record's `input`: an input, with the `_meta` aide adds or, as in the
/// format's own records, without one.
fn record_input(
    mut raw: RawInput<'_>,
    at: Path<'_>,
    report: &mut Report<'_>,
) -> Result<Option<(DecideInput, Option<Meta>)>, StoredError> {
    version(&raw.version, at.key("version"), report)?;
    let meta = match std::mem::take(&mut raw.meta) {
        RawField::Absent => Some(None),
        field => required(field, at.key("_meta"), report)
            .and_then(|raw| meta(raw, at.key("_meta"), report))
            .map(Some),
    };
    Ok(input(raw, Origin::Stored, at, report).zip(meta))
}

/// Reads the record of `session` (its file `{session_id}.json`), checking
/// its output against its input.
pub fn parse_record(bytes: &[u8], session: &SessionId) -> Result<DecisionRecord, StoredError> {
    let mut report = Report::default();
    let mut kept: Option<Value> = None;
    let unknown = |value: &Value| {
        let unknown = record_tolerance(value)?;
        if unknown == Unknown::Tolerated {
            kept = value.get("input").cloned();
        }
        Ok(unknown)
    };
    let read = read::<RawRecord<'static>, _, StoredError>(
        bytes,
        &RECORD,
        &mut report,
        unknown,
        record_rules,
    )?;
    let parts = report.finish(read)?;
    Ok(DecisionRecord {
        version: crate::validate::WrittenVersion,
        session_id: session.clone(),
        input: RecordInput {
            input: parts.input,
            meta: parts.meta,
            source: kept,
        },
        output: DecideOutput {
            decisions: parts.output.ok_or_else(missing)?,
        },
        completed_at: parts.completed_at.ok_or_else(missing)?,
        via: parts.via.ok_or_else(missing)?,
        followed: parts.followed.ok_or_else(missing)?,
    })
}

/// A record's parts, each checked: its input and `_meta`, the answers
/// (against that input), when and where they were given, and the
/// precedents they followed. `None` where a part broke a rule (reported).
struct RecordParts {
    input: DecideInput,
    meta: Option<Meta>,
    output: Option<Vec<Decision>>,
    completed_at: Option<Timestamp>,
    via: Option<Option<Via>>,
    followed: Option<Vec<Followed>>,
}

fn record_rules(
    raw: RawRecord<'_>,
    report: &mut Report<'_>,
) -> Result<Option<RecordParts>, StoredError> {
    let root = Path::Root;
    version(&raw.version, root.key("version"), report)?;
    let completed_at = timestamp(raw.completed_at, root.key("completed_at"), report);
    let via = via(raw.via, root.key("via"), report);
    let output = required(raw.output, root.key("output"), report);
    let Some(asked) = required(raw.input, root.key("input"), report) else {
        return Ok(None);
    };
    let Some((input, meta)) = record_input(asked, root.key("input"), report)? else {
        return Ok(None);
    };
    let output_at = root.key("output");
    let at = output_at.key("decisions");
    let output = output
        .and_then(|o| required(o.decisions, at, report))
        .and_then(|list| record_decisions(list, &input, at, report));
    let followed = followed(raw.followed, &input, root.key("followed"), report);
    Ok(Some(RecordParts {
        input,
        meta,
        output,
        completed_at,
        via,
        followed,
    }))
}

/// The precedents followed: absent in earlier records and when none was.
/// Each names an item of the record's input once, and an earlier record's
/// session and item.
fn followed(
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

/// Where the answers were given: absent in earlier records.
fn via(field: RawField<Text<'_>>, at: Path<'_>, report: &mut Report<'_>) -> Option<Option<Via>> {
    let name = super::fields::optional(field, at, report).ok()?;
    let Some(name) = name else {
        return Some(None);
    };
    let via = Via::parse(&name);
    if via.is_none() {
        let kind = ErrorKind::NotOneOf {
            allowed: Via::ALL.iter().map(|v| v.name()).collect(),
            actual: name.into_owned(),
        };
        report.at(at, kind);
    }
    via.map(Some)
}

/// Never reached: a rule that builds nothing reports why.
fn missing() -> StoredError {
    StoredError::Invalid(ValidationErrors::single("", ErrorKind::Missing))
}

/// What a record says of the pending session it may answer.
#[derive(Debug, PartialEq, Eq)]
pub enum RecordOf {
    /// It asks what `pending` asks: its answers.
    Answers(DecideOutput),
    /// It asks something else (`pending.json` changed since).
    Other,
}

/// Reads a record as the answers to `pending`. Its `input` is compared with
/// `pending`'s field by field, not built again (equal to a valid input is
/// valid); only when they differ is it read in full, to tell a damaged
/// record from one that no longer answers.
pub fn record_answers(bytes: &[u8], pending: &Pending) -> Result<RecordOf, StoredError> {
    let mut report = Report::default();
    let read = read::<RawRecord<'static>, _, StoredError>(
        bytes,
        &RECORD,
        &mut report,
        record_tolerance,
        |raw, report| {
            let root = Path::Root;
            version(&raw.version, root.key("version"), report)?;
            let asks = match &raw.input {
                RawField::Is(asked) => {
                    super::same::same_input(asked, &pending.input)
                        && super::same::same_meta(&asked.meta, &pending.meta)
                }
                _ => false,
            };
            if !asks {
                // Read it in full: damaged is reported, valid is stale.
                record_rules(raw, report)?;
                return Ok(Some(RecordOf::Other));
            }
            if let RawField::Is(asked) = &raw.input {
                version(&asked.version, root.key("input").key("version"), report)?;
            }
            timestamp(raw.completed_at, root.key("completed_at"), report);
            let output_at = root.key("output");
            let output = required(raw.output, output_at, report)
                .and_then(|o| required(o.decisions, output_at.key("decisions"), report))
                .and_then(|list| {
                    record_decisions(list, &pending.input, output_at.key("decisions"), report)
                });
            Ok(output.map(|decisions| RecordOf::Answers(DecideOutput { decisions })))
        },
    )?;
    Ok(report.finish(read)?)
}

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
                    report.at(at.key("_meta"), super::fields::wrong::<RawMeta<'_>>(&found));
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
            Ok((|| Some(Draft::new(session_id?, saved_at?, entries?)))())
        },
    )?;
    Ok(report.finish(read)?)
}

#[cfg(test)]
mod tests;
