//! Reading the files `aide` stores: each checks its `version` first, then
//! its fields with the same rules as when it was written.

use super::draft::draft_answers;
use super::input::stored_input;
use super::output::output;
use super::version::{Compat, FormatVersion, VersionError, check_version};
use super::walker::{Walker, join};
use super::{ErrorKind, ValidationErrors};
use crate::model::{DecideInput, DecisionRecord, Draft, Meta, Pending, RecordInput, SessionId};
use serde_json::Value;

const META_FIELDS: &[&str] = &["created_at", "session_id"];
const RECORD_FIELDS: &[&str] = &["version", "input", "output", "completed_at"];
const DRAFT_FIELDS: &[&str] = &["version", "session_id", "saved_at", "decisions"];

/// Why a stored file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredError {
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

/// The file's version, as the tolerance to read it with.
fn version(value: &Value) -> Result<Compat, StoredError> {
    check_version(value).map_err(|e| match e {
        VersionError::Newer(found) => StoredError::Newer(found),
        VersionError::Malformed(actual) => StoredError::Invalid(ValidationErrors::single(
            super::version::VERSION_FIELD,
            ErrorKind::BadVersion { actual },
        )),
    })
}

/// Reads `pending.json`: a valid input plus its `_meta`. The value is kept
/// as the pending's `source`.
pub fn parse_pending(value: &Value) -> Result<Pending, StoredError> {
    let compat = version(value)?;
    let mut w = Walker::new(compat.tolerates_unknown_fields());
    let input = stored_input(&mut w, value);
    let meta = value
        .as_object()
        .and_then(|map| w.required(map, "_meta", ""))
        .and_then(|v| meta(&mut w, v));
    let (input, meta) = w.finish(input.zip(meta))?;
    Ok(Pending {
        input,
        meta,
        source: Some(value.clone()),
    })
}

/// Reads a record's `input`: an input, with the `_meta` aide adds or, as in
/// the format's own records, without one.
fn record_input(value: &Value) -> Result<RecordInput, StoredError> {
    let compat = version(value)?;
    let mut w = Walker::new(compat.tolerates_unknown_fields());
    let input = stored_input(&mut w, value);
    let meta = match value.as_object().and_then(|map| map.get("_meta")) {
        Some(v) => meta(&mut w, v).map(Some),
        None => Some(None),
    };
    let (input, meta) = w.finish(input.zip(meta))?;
    Ok(RecordInput {
        input,
        meta,
        source: Some(value.clone()),
    })
}

fn meta(w: &mut Walker, value: &Value) -> Option<Meta> {
    let map = w.object(value, "_meta")?;
    w.unknown_fields(map, META_FIELDS, "_meta");
    let created_at = w.timestamp(map, "created_at", "_meta");
    let session_id = session_id(w, map, "_meta")?;
    Some(Meta {
        created_at: created_at?,
        session_id,
    })
}

fn session_id(w: &mut Walker, map: &super::walker::Object, parent: &str) -> Option<SessionId> {
    let text = w.required_text(map, "session_id", parent)?;
    let id = SessionId::parse(&text);
    if id.is_none() {
        let kind = ErrorKind::BadSessionId { actual: text };
        w.error(join(parent, "session_id"), kind);
    }
    id
}

/// Reads the record of `session` (its file `{session_id}.json`), checking
/// its output against its input.
pub fn parse_record(value: &Value, session: &SessionId) -> Result<DecisionRecord, StoredError> {
    let compat = version(value)?;
    let mut w = Walker::new(compat.tolerates_unknown_fields());
    let map = w.object(value, "");
    let fields = map.map(|map| {
        w.unknown_fields(map, RECORD_FIELDS, "");
        (
            w.required(map, "input", ""),
            w.required(map, "output", ""),
            w.timestamp(map, "completed_at", ""),
        )
    });
    let Some((Some(input), Some(output_value), Some(completed_at))) = fields else {
        return Err(w.finish::<()>(None).err().map_or_else(
            || StoredError::Invalid(ValidationErrors::single("", ErrorKind::Missing)),
            StoredError::Invalid,
        ));
    };
    w.finish(Some(()))?;
    let input = record_input(input).map_err(|e| match e {
        StoredError::Invalid(errors) => StoredError::Invalid(errors.prefixed("input")),
        newer => newer,
    })?;
    let mut w = Walker::new(compat.tolerates_unknown_fields());
    let output = output(&mut w, &input.input, output_value);
    let output = w.finish(output).map_err(|e| e.prefixed("output"))?;
    Ok(DecisionRecord {
        version: crate::validate::WrittenVersion,
        session_id: session.clone(),
        input,
        output,
        completed_at,
    })
}

/// Reads a `{session_id}.draft.json` against the input it belongs to.
pub fn parse_draft(value: &Value, input: &DecideInput) -> Result<Draft, StoredError> {
    let compat = version(value)?;
    let mut w = Walker::new(compat.tolerates_unknown_fields());
    let draft = w.object(value, "").and_then(|map| {
        w.unknown_fields(map, DRAFT_FIELDS, "");
        let session_id = session_id(&mut w, map, "");
        let saved_at = w.timestamp(map, "saved_at", "");
        let answers = draft_answers(&mut w, input, map);
        Some(Draft::new(session_id?, saved_at?, answers?))
    });
    Ok(w.finish(draft)?)
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
        SessionId::parse("2025-01-15T10-30-00").expect("an id")
    }

    fn messages(error: StoredError) -> Vec<String> {
        match error {
            StoredError::Invalid(errors) => errors.messages(Lang::En),
            StoredError::Newer(v) => vec![format!("newer {v}")],
        }
    }

    #[test]
    fn unversioned_files_of_earlier_releases_are_read_and_copied_as_they_are() {
        let pending = pending_value();
        let parsed = parse_pending(&pending).expect("valid");
        assert_eq!(parsed.meta.session_id.as_str(), "2025-01-15T10-30-00");
        assert_eq!(serde_json::to_value(&parsed).expect("serialises"), pending);

        let record = record_value(pending);
        let parsed = parse_record(&record, &id()).expect("valid");
        let mut written = record;
        written["version"] = json!("1.1");
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
        let parsed = parse_record(&record, &id()).expect("the spec's record reads");
        assert_eq!(parsed.session_id, id());
        assert_eq!(parsed.input.meta, None);
        assert_eq!(parsed.created_at(), "2025-01-15T10:30:00");
        assert_eq!(parsed.output.decisions().len(), 2);
        assert_eq!(serde_json::to_value(&parsed).expect("ser")["input"], input);

        // It answers the pending session of that id when the inputs agree.
        let pending = parse_pending(&pending_value()).expect("valid");
        assert!(parsed.input.answers(&pending));
        let mut other = pending.clone();
        other.meta.created_at =
            crate::Timestamp::parse("2025-01-15T10:30:01+08:00").expect("a time");
        assert!(parsed.input.answers(&other), "no _meta to disagree with");
        let with_meta = parse_record(&record_value(pending_value()), &id()).expect("valid");
        assert!(with_meta.input.answers(&pending));
        assert!(!with_meta.input.answers(&other), "its own _meta disagrees");
    }

    #[test]
    fn a_new_pending_is_written_with_the_current_version_first() {
        let parsed = parse_pending(&pending_value()).expect("valid");
        let fresh = Pending::new(parsed.input.clone(), parsed.meta.clone());
        let text = serde_json::to_string(&fresh).expect("serialises");
        assert!(text.starts_with(r#"{"version":"1.1","task":"#), "{text}");
        assert_eq!(
            parse_pending(&serde_json::from_str(&text).expect("JSON")),
            Ok(fresh)
        );
    }

    #[test]
    fn a_newer_minor_version_is_read_and_its_unknown_fields_are_kept() {
        let mut pending = pending_value();
        pending["version"] = json!("1.4");
        pending["future_top"] = json!({ "kept": true });
        pending["items"][0]["future_item"] = json!([1, 2]);
        pending["_meta"]["future_meta"] = json!("m");
        let parsed = parse_pending(&pending).expect("tolerated");
        let record = DecisionRecord::new(
            parsed,
            crate::validate_output(
                &parse_pending(&pending).expect("tolerated").input,
                &json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt" }] }),
            )
            .expect("valid"),
            crate::Timestamp::parse("2025-01-15T10:35:00+08:00").expect("a time"),
        );
        let written = serde_json::to_value(&record).expect("serialises");
        assert_eq!(written["input"], pending);
        assert_eq!(
            parse_record(&written, &id())
                .expect("reads back")
                .input
                .source,
            Some(pending)
        );
    }

    #[test]
    fn the_current_version_still_refuses_unknown_fields() {
        let mut pending = pending_value();
        pending["version"] = json!("1.1");
        pending["future_top"] = json!(1);
        assert_eq!(
            messages(parse_pending(&pending).expect_err("refused")),
            ["future_top is not a known field"]
        );
    }

    #[test]
    fn a_newer_major_version_or_a_malformed_one_is_refused() {
        let mut pending = pending_value();
        pending["version"] = json!("2.1");
        assert_eq!(
            parse_pending(&pending),
            Err(StoredError::Newer(FormatVersion { major: 2, minor: 1 }))
        );
        let mut record = record_value(pending_value());
        record["version"] = json!("3.0");
        assert_eq!(
            parse_record(&record, &id()),
            Err(StoredError::Newer(FormatVersion { major: 3, minor: 0 }))
        );
        pending["version"] = json!(2);
        assert_eq!(
            messages(parse_pending(&pending).expect_err("refused")),
            [r#"version is 2, not a "MAJOR.MINOR" string such as "1.0""#]
        );
    }

    #[test]
    fn records_check_their_meta_and_their_output() {
        let mut bad = record_value(pending_value());
        bad["input"]["_meta"]["session_id"] = json!("../../etc/passwd");
        assert_eq!(
            messages(parse_record(&bad, &id()).expect_err("rejected")),
            [
                r#"input._meta.session_id is "../../etc/passwd", not of the form YYYY-MM-DDTHH-mm-ss"#
            ]
        );
        let mut bad = record_value(pending_value());
        bad["output"]["decisions"][0]["chosen"] = json!("nope");
        let messages = messages(parse_record(&bad, &id()).expect_err("rejected"));
        assert!(
            messages[0].starts_with("output.decisions[0].chosen"),
            "{messages:?}"
        );
    }

    #[test]
    fn drafts_keep_partial_answers_and_check_them_against_the_input() {
        let input = parse_pending(&pending_value()).expect("valid").input;
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
        let ids: Vec<u32> = answers.iter().map(|a| a.id.get()).collect();
        assert_eq!(ids, [1, 2], "answers follow the items' order");

        let stored = json!({
            "version": "1.0",
            "session_id": "2025-01-15T10-30-00",
            "saved_at": "2025-01-15T10:31:00+08:00",
            "decisions": [{ "id": 1, "chosen": "jwt", "note": " " }, { "id": 2, "note": "ask" }]
        });
        let draft = parse_draft(&stored, &input).expect("valid");
        assert_eq!(draft.answers, answers);
        assert_eq!(
            parse_draft(&serde_json::to_value(&draft).expect("ser"), &input),
            Ok(draft)
        );
        let bad = json!({ "version": "1.0", "session_id": "x", "saved_at": "t", "decisions": [{ "id": 1, "chosen": "nope" }] });
        let errors = messages(parse_draft(&bad, &input).expect_err("bad"));
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(r#"saved_at is "t", not a time"#)),
            "{errors:?}"
        );
    }
}
