//! Reading the files `aide` stores: each checks its `version` first, then
//! its fields by the same rules as when they were written. One reader per
//! file, used by every command and the server.

use super::answer::{decisions, draft_entries};
use super::fields::{required, text};
use super::input::{Origin, input};
use super::path::{Path, Report};
use super::raw::{Field, RawDraft, RawInput, RawMeta, RawRecord, Text};
use super::read::{DRAFT, INPUT, RECORD, Unknown, read};
use super::version::{Compat, FormatVersion, VersionError, check_version, compat};
use super::{ErrorKind, JsonError, ValidationErrors};
use crate::model::{
    DecideInput, DecideOutput, Decision, DecisionRecord, Draft, Meta, Pending, RecordInput,
    SessionId, Timestamp, Via,
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
    field: &Field<Text<'_>>,
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

fn session_id(field: Field<Text<'_>>, at: Path<'_>, report: &mut Report<'_>) -> Option<SessionId> {
    let text = text(field, at, report)?;
    let id = text.parse().ok();
    if id.is_none() {
        report.at(at, ErrorKind::BadSessionId { actual: text });
    }
    id
}

fn timestamp(field: Field<Text<'_>>, at: Path<'_>, report: &mut Report<'_>) -> Option<Timestamp> {
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
        Field::Absent => Some(None),
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
    let (input, meta, output, completed_at, via) = report.finish(read)?;
    Ok(DecisionRecord {
        version: crate::validate::WrittenVersion,
        session_id: session.clone(),
        input: RecordInput {
            input,
            meta,
            source: kept,
        },
        output: DecideOutput {
            decisions: output.ok_or_else(missing)?,
        },
        completed_at: completed_at.ok_or_else(missing)?,
        via: via.ok_or_else(missing)?,
    })
}

/// A record's parts, each checked: its input and `_meta`, the answers
/// (against that input) and when they were given.
type RecordParts = (
    DecideInput,
    Option<Meta>,
    Option<Vec<Decision>>,
    Option<Timestamp>,
    Option<Option<Via>>,
);

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
        .and_then(|list| decisions(list, &input, at, report));
    Ok(Some((input, meta, output, completed_at, via)))
}

/// Where the answers were given: absent in earlier records.
fn via(field: Field<Text<'_>>, at: Path<'_>, report: &mut Report<'_>) -> Option<Option<Via>> {
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
                Field::Is(asked) => {
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
            if let Field::Is(asked) = &raw.input {
                version(&asked.version, root.key("input").key("version"), report)?;
            }
            timestamp(raw.completed_at, root.key("completed_at"), report);
            let output_at = root.key("output");
            let output = required(raw.output, output_at, report)
                .and_then(|o| required(o.decisions, output_at.key("decisions"), report))
                .and_then(|list| {
                    decisions(list, &pending.input, output_at.key("decisions"), report)
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
                Field::Is(meta) => {
                    timestamp(meta.created_at, at.key("_meta").key("created_at"), report).map(Some)
                }
                Field::Absent => Some(None),
                Field::Not(found) => {
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
mod tests {
    use super::*;
    use crate::Lang;
    use serde_json::json;

    fn pending_value() -> Value {
        let mut pending: Value =
            serde_json::from_str(include_str!("../../../examples/auth.json")).expect("JSON");
        pending["_meta"] = json!({
            "created_at": "2025-01-15T10:30:00+08:00",
            "session_id": "2025-01-15T10-30-00"
        });
        pending
    }

    fn record_value(input: Value) -> Value {
        json!({
            "input": input,
            "output": { "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "n" }] },
            "completed_at": "2025-01-15T10:35:00+08:00"
        })
    }

    fn id() -> SessionId {
        "2025-01-15T10-30-00".parse::<SessionId>().expect("an id")
    }

    fn messages(error: StoredError) -> Vec<String> {
        match error {
            StoredError::Invalid(errors) => errors.messages(Lang::En),
            StoredError::Newer(v) => vec![format!("newer {v}")],
            StoredError::Json(e) => vec![format!("not JSON at {}:{}", e.line, e.column)],
        }
    }

    fn bytes(value: &Value) -> Vec<u8> {
        serde_json::to_vec_pretty(value).expect("JSON")
    }

    #[test]
    fn unversioned_files_of_earlier_releases_are_read_and_written_as_the_current_version() {
        let pending = pending_value();
        let parsed = parse_pending(&bytes(&pending)).expect("valid");
        assert_eq!(parsed.meta.session_id.to_string(), "2025-01-15T10-30-00");
        let mut current = pending.clone();
        current["version"] = json!("1.2");
        assert_eq!(serde_json::to_value(&parsed).expect("serialises"), current);

        let record = record_value(pending);
        let parsed = parse_record(&bytes(&record), &id()).expect("valid");
        let mut written = record;
        written["version"] = json!("1.2");
        assert_eq!(serde_json::to_value(&parsed).expect("serialises"), written);
    }

    /// A record in the format's own shape (`docs/formats.md`), its `items`
    /// those of the input example (`examples/auth.json`): no `_meta` and no
    /// `version`, as the upstream aide writes every record.
    #[test]
    fn a_record_in_the_formats_own_shape_is_read_with_the_id_of_its_file() {
        let input: Value =
            serde_json::from_str(include_str!("../../../examples/auth.json")).expect("JSON");
        let record = record_value(input.clone());
        let parsed = parse_record(&bytes(&record), &id()).expect("the spec's record reads");
        assert_eq!(parsed.session_id, id());
        assert_eq!(parsed.input.meta, None);
        assert_eq!(parsed.session_id.at().to_string(), "2025-01-15 10:30:00");
        assert_eq!(parsed.output.decisions().len(), 2);
        assert_eq!(serde_json::to_value(&parsed).expect("ser")["input"], input);

        // It answers the pending session of that id when the inputs agree.
        let pending = parse_pending(&bytes(&pending_value())).expect("valid");
        assert!(parsed.input.answers(&pending));
        let mut other = pending.clone();
        other.meta.created_at =
            crate::Timestamp::parse("2025-01-15T10:30:01+08:00").expect("a time");
        assert!(parsed.input.answers(&other), "no _meta to disagree with");
        let with_meta = parse_record(&bytes(&record_value(pending_value())), &id()).expect("valid");
        assert!(with_meta.input.answers(&pending));
        assert!(!with_meta.input.answers(&other), "its own _meta disagrees");
    }

    #[test]
    fn a_new_pending_is_written_with_the_current_version_first() {
        let parsed = parse_pending(&bytes(&pending_value())).expect("valid");
        let fresh = Pending::new(parsed.input.clone(), parsed.meta.clone());
        let text = serde_json::to_string(&fresh).expect("serialises");
        assert!(text.starts_with(r#"{"version":"1.2","task":"#), "{text}");
        assert_eq!(parse_pending(text.as_bytes()), Ok(fresh));
    }

    #[test]
    fn a_newer_minor_version_is_read_and_its_unknown_fields_are_kept() {
        let mut pending = pending_value();
        pending["version"] = json!("1.4");
        pending["future_top"] = json!({ "kept": true });
        pending["items"][0]["future_item"] = json!([1, 2]);
        pending["_meta"]["future_meta"] = json!("m");
        let parsed = parse_pending(&bytes(&pending)).expect("tolerated");
        let record = DecisionRecord::new(
            parsed,
            crate::validate_output(
                &parse_pending(&bytes(&pending)).expect("tolerated").input,
                &json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt" }] }),
            )
            .expect("valid"),
            crate::Timestamp::parse("2025-01-15T10:35:00+08:00").expect("a time"),
        );
        let written = serde_json::to_value(&record).expect("serialises");
        assert_eq!(written["input"], pending);
        assert_eq!(
            parse_record(&bytes(&written), &id())
                .expect("reads back")
                .input
                .source,
            Some(pending)
        );
    }

    #[test]
    fn the_current_version_still_refuses_unknown_fields() {
        let mut pending = pending_value();
        pending["version"] = json!("1.2");
        pending["future_top"] = json!(1);
        assert_eq!(
            messages(parse_pending(&bytes(&pending)).expect_err("refused")),
            ["future_top is not a known field"]
        );
    }

    #[test]
    fn a_newer_major_version_or_a_malformed_one_is_refused() {
        let mut pending = pending_value();
        pending["version"] = json!("2.1");
        assert_eq!(
            parse_pending(&bytes(&pending)),
            Err(StoredError::Newer(FormatVersion { major: 2, minor: 1 }))
        );
        let mut record = record_value(pending_value());
        record["version"] = json!("3.0");
        assert_eq!(
            parse_record(&bytes(&record), &id()),
            Err(StoredError::Newer(FormatVersion { major: 3, minor: 0 }))
        );
        pending["version"] = json!(2);
        assert_eq!(
            messages(parse_pending(&bytes(&pending)).expect_err("refused")),
            [r#"version is 2, not a "MAJOR.MINOR" string such as "1.0""#]
        );
    }

    #[test]
    fn records_check_their_meta_and_their_output() {
        let mut bad = record_value(pending_value());
        bad["input"]["_meta"]["session_id"] = json!("../../etc/passwd");
        assert_eq!(
            messages(parse_record(&bytes(&bad), &id()).expect_err("rejected")),
            [
                r#"input._meta.session_id is "../../etc/passwd", not of the form YYYY-MM-DDTHH-mm-ss"#
            ]
        );
        let mut bad = record_value(pending_value());
        bad["output"]["decisions"][0]["chosen"] = json!("nope");
        let messages = messages(parse_record(&bytes(&bad), &id()).expect_err("rejected"));
        assert!(
            messages[0].starts_with("output.decisions[0].chosen"),
            "{messages:?}"
        );
    }

    #[test]
    fn a_record_says_where_the_answers_were_given_or_nothing() {
        let mut record = record_value(pending_value());
        assert_eq!(
            parse_record(&bytes(&record), &id()).expect("valid").via,
            None
        );
        record["via"] = json!("view");
        let parsed = parse_record(&bytes(&record), &id()).expect("valid");
        assert_eq!(parsed.via, Some(crate::Via::View));
        assert_eq!(serde_json::to_value(&parsed).expect("ser")["via"], "view");
        record["via"] = json!("fax");
        assert_eq!(
            messages(parse_record(&bytes(&record), &id()).expect_err("refused")),
            [r#"via is "fax", not one of page, view, elicitation, api"#]
        );
    }

    #[test]
    fn history_reads_a_record_without_checking_its_answers() {
        let mut record = record_value(pending_value());
        record["output"]["decisions"][0]["chosen"] = json!("nope");
        let summary = record_summary(&bytes(&record)).expect("history lists it");
        assert_eq!(summary.items, 2);
        assert_eq!(summary.task, "实现用户认证模块");
        assert_eq!(
            summary.created_at,
            crate::Timestamp::parse("2025-01-15T10:30:00+08:00")
        );
        record["version"] = json!("9.0");
        assert!(matches!(
            record_summary(&bytes(&record)),
            Err(StoredError::Newer(_))
        ));
        assert!(matches!(
            record_summary(b"{\"version\""),
            Err(StoredError::Json(_))
        ));
    }

    #[test]
    fn a_record_is_compared_with_its_pending_session_and_read_in_full_when_it_differs() {
        let pending = parse_pending(&bytes(&pending_value())).expect("valid");
        let record = record_value(pending_value());
        assert!(matches!(
            record_answers(&bytes(&record), &pending),
            Ok(RecordOf::Answers(output)) if output.decisions().len() == 2
        ));
        let mut other = record.clone();
        other["input"]["task"] = json!("另一个任务");
        assert_eq!(
            record_answers(&bytes(&other), &pending),
            Ok(RecordOf::Other)
        );
        other["input"]["items"] = json!([]);
        assert!(matches!(
            record_answers(&bytes(&other), &pending),
            Err(StoredError::Invalid(_))
        ));
        let mut bad = record;
        bad["output"]["decisions"][1]["id"] = json!(7);
        assert!(matches!(
            record_answers(&bytes(&bad), &pending),
            Err(StoredError::Invalid(errors))
                if errors.first().place.field() == Some("output.decisions[1].id")
        ));
    }

    #[test]
    fn drafts_keep_partial_answers_and_check_them_against_the_input() {
        let input = parse_pending(&bytes(&pending_value()))
            .expect("valid")
            .input;
        let body = json!({ "decisions": [
            { "id": 2, "note": "ask the team" },
            { "id": 1, "chosen": "jwt" },
            { "id": 1, "chosen": "session" },
        ]});
        let errors = crate::validate_draft(&input, &body).expect_err("duplicate");
        assert_eq!(
            errors.messages(Lang::En),
            ["decisions[2].id is 1, already answered by decisions[1]; each item is decided once"]
        );
        let body = json!({ "decisions": [{ "id": 2, "note": "ask" }, { "id": 1, "chosen": "jwt" }, { "id": 3, "note": "" }] });
        let errors = crate::validate_draft(&input, &body).expect_err("no item 3");
        assert_eq!(errors.messages(Lang::En).len(), 1);
        let body = json!({ "decisions": [{ "id": 2, "note": "ask" }, { "id": 1, "chosen": "jwt", "note": " " }] });
        let answers = crate::validate_draft(&input, &body).expect("valid");
        let ids: Vec<u32> = answers.iter().map(|a| a.id().get()).collect();
        assert_eq!(ids, [1, 2], "answers follow the items' order");

        let stored = json!({
            "version": "1.0",
            "session_id": "2025-01-15T10-30-00",
            "saved_at": "2025-01-15T10:31:00+08:00",
            "decisions": [{ "id": 1, "chosen": "jwt", "note": " " }, { "id": 2, "note": "ask" }]
        });
        let draft = parse_draft(&bytes(&stored), &input).expect("valid");
        assert_eq!(draft.entries(), answers);
        let written = serde_json::to_vec(&draft).expect("ser");
        assert_eq!(parse_draft(&written, &input), Ok(draft));
        let bad = json!({ "version": "1.0", "session_id": "x", "saved_at": "t", "decisions": [{ "id": 1, "chosen": "nope" }] });
        let errors = messages(parse_draft(&bytes(&bad), &input).expect_err("bad"));
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(r#"saved_at is "t", not a time"#)),
            "{errors:?}"
        );
    }
}
