//! Reading a record (`{session_id}.json`): its input, its answers checked
//! against that input, and what it says besides (the precedents followed,
//! where the answers were given); in whole, as `result` needs it, or as
//! `history` summarises it.

use super::followed::followed;
use super::{StoredError, meta, record_tolerance, said_later, timestamp, version};
use crate::model::{
    DecideInput, DecideOutput, Decision, DecisionRecord, Followed, ItemId, Meta, Pending,
    RecordInput, SessionId, Timestamp, Via,
};
use crate::validate::answer::record_decisions;
use crate::validate::fields::required;
use crate::validate::input::{Origin, input};
use crate::validate::path::{Path, Report};
use crate::validate::raw::{RawField, RawInput, RawRecord, Text};
use crate::validate::read::{RECORD, Unknown, read};
use crate::validate::{ErrorKind, ValidationErrors};
use serde_json::Value;

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
            later: None,
        },
        completed_at: parts.completed_at.ok_or_else(missing)?,
        via: parts.via.ok_or_else(missing)?,
        followed: parts.followed.ok_or_else(missing)?,
        said_later: parts.said_later.ok_or_else(missing)?,
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
    said_later: Option<Vec<ItemId>>,
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
    let said_later = said_later(raw.said_later, &input, root.key("said_later"), report);
    Ok(Some(RecordParts {
        input,
        meta,
        output,
        completed_at,
        via,
        followed,
        said_later,
    }))
}

/// Where the answers were given: absent in earlier records.
fn via(field: RawField<Text<'_>>, at: Path<'_>, report: &mut Report<'_>) -> Option<Option<Via>> {
    let name = crate::validate::fields::optional(field, at, report).ok()?;
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
                    crate::validate::same::same_input(asked, &pending.input)
                        && crate::validate::same::same_meta(&asked.meta, &pending.meta)
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
            let completed_at = timestamp(raw.completed_at, root.key("completed_at"), report);
            let input = &pending.input;
            let said_later = said_later(raw.said_later, input, root.key("said_later"), report);
            let output_at = root.key("output");
            let output = required(raw.output, output_at, report)
                .and_then(|o| required(o.decisions, output_at.key("decisions"), report))
                .and_then(|list| {
                    record_decisions(list, &pending.input, output_at.key("decisions"), report)
                });
            let output = output.zip(completed_at).zip(said_later).map(
                |((decisions, completed_at), said_later)| {
                    let output = DecideOutput {
                        decisions,
                        later: None,
                    };
                    // As the agent reads them: who answered, what went
                    // provisional or deferred first (only a session that
                    // uses rules, or where the person said "Decide later").
                    let times = (pending.meta.created_at, completed_at);
                    crate::model::settled(output, input, times, &said_later)
                },
            );
            Ok(output.map(RecordOf::Answers))
        },
    )?;
    Ok(report.finish(read)?)
}
