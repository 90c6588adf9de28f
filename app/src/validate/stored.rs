use super::walker::{Walker, join};
use super::{ErrorKind, ValidationErrors, validate_input, validate_output};
use crate::model::{DecisionRecord, Meta, Pending, SessionId};
use serde_json::Value;

const META_FIELDS: &[&str] = &["created_at", "session_id"];
const RECORD_FIELDS: &[&str] = &["input", "output", "completed_at"];

/// Reads `pending.json`: a valid input plus its `_meta`.
pub fn parse_pending(value: &Value) -> Result<Pending, ValidationErrors> {
    let input = validate_input(value);
    let mut w = Walker::default();
    let meta = value
        .as_object()
        .and_then(|map| w.required(map, "_meta", ""))
        .and_then(|v| meta(&mut w, v));
    match (input, w.finish(meta)) {
        (Ok(input), Ok(meta)) => Ok(Pending { input, meta }),
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}

fn meta(w: &mut Walker, value: &Value) -> Option<Meta> {
    let map = w.object(value, "_meta")?;
    w.unknown_fields(map, META_FIELDS, "_meta");
    let created_at = w.required_text(map, "created_at", "_meta");
    let session_id = w.required_text(map, "session_id", "_meta")?;
    let Some(session_id) = SessionId::parse(&session_id) else {
        w.error(
            join("_meta", "session_id"),
            ErrorKind::BadSessionId { actual: session_id },
        );
        return None;
    };
    Some(Meta {
        created_at: created_at?,
        session_id,
    })
}

/// Reads a `{session_id}.json` record, checking its output against its input.
pub fn parse_record(value: &Value) -> Result<DecisionRecord, ValidationErrors> {
    let mut w = Walker::default();
    let map = w.object(value, "");
    let fields = map.map(|map| {
        w.unknown_fields(map, RECORD_FIELDS, "");
        (
            w.required(map, "input", ""),
            w.required(map, "output", ""),
            w.required_text(map, "completed_at", ""),
        )
    });
    let Some((Some(input), Some(output), Some(completed_at))) = fields else {
        return w.finish(None);
    };
    w.finish(Some(()))?;
    let input = parse_pending(input).map_err(|e| e.prefixed("input"))?;
    let output = validate_output(&input.input, output).map_err(|e| e.prefixed("output"))?;
    Ok(DecisionRecord {
        input,
        output,
        completed_at,
    })
}
