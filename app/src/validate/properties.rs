//! Properties of the validation, over generated inputs: nothing panics,
//! and what it accepts comes back the same through serialising.

use super::*;
use crate::arbitrary::{any_json, input_with_answers, input_with_draft, valid_input};
use crate::model::{DecisionRecord, Draft, Meta, Pending, SessionId};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

fn session() -> SessionId {
    "2025-01-15T10-30-00"
        .parse::<SessionId>()
        .expect("a session id")
}

fn example() -> crate::model::DecideInput {
    let value = serde_json::from_str(include_str!("../../../examples/auth.json")).expect("JSON");
    validate_input(&value).expect("valid")
}

/// The JSON pointers of every value inside `value`.
fn pointers(value: &Value, at: String, all: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                pointers(inner, format!("{at}/{key}"), all);
            }
        }
        Value::Array(list) => {
            for (i, inner) in list.iter().enumerate() {
                pointers(inner, format!("{at}/{i}"), all);
            }
        }
        _ => {}
    }
    all.push(at);
}

/// `value` with the part at a chosen pointer replaced by `junk`.
fn spoil(mut value: Value, pick: Index, junk: Value) -> Value {
    let mut all = Vec::new();
    pointers(&value, String::new(), &mut all);
    let at = &all[pick.index(all.len())];
    if let Some(slot) = value.pointer_mut(at) {
        *slot = junk;
    }
    value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_json_is_accepted_or_refused_never_a_panic(value in any_json()) {
        let input = example();
        let _ = validate_input(&value);
        let _ = validate_output(&input, &value);
        let _ = validate_draft(&input, &value);
        let bytes = serde_json::to_vec(&value).expect("JSON");
        let _ = parse_pending(&bytes);
        let _ = parse_record(&bytes, &session());
        let _ = record_summary(&bytes);
        let _ = parse_draft(&bytes, &input);
    }

    #[test]
    fn a_valid_input_with_any_part_spoiled_never_panics(
        (value, answers) in input_with_answers(),
        pick in any::<Index>(),
        junk in any_json(),
    ) {
        let spoiled = spoil(value.clone(), pick, junk.clone());
        if let Ok(input) = validate_input(&spoiled) {
            let _ = validate_output(&input, &answers);
        }
        let input = validate_input(&value).expect("valid");
        let _ = validate_output(&input, &spoil(answers.clone(), pick, junk.clone()));
        let _ = validate_draft(&input, &spoil(answers, pick, junk));
    }

    #[test]
    fn a_valid_input_serialises_to_itself(value in valid_input()) {
        let input = validate_input(&value).expect("valid");
        let written = serde_json::to_value(&input).expect("serialises");
        prop_assert_eq!(&written, &value);
        prop_assert_eq!(validate_input(&written).expect("valid again"), input);
    }

    #[test]
    fn valid_answers_round_trip((value, answers) in input_with_answers()) {
        let input = validate_input(&value).expect("valid");
        let output = validate_output(&input, &answers).expect("valid answers");
        prop_assert_eq!(output.decisions().len(), input.items().len());
        let written = serde_json::to_value(&output).expect("serialises");
        prop_assert_eq!(validate_output(&input, &written).expect("valid again"), output);
    }

    #[test]
    fn pending_and_record_round_trip((value, answers) in input_with_answers()) {
        let input = validate_input(&value).expect("valid");
        let meta = Meta {
            created_at: at("2025-01-15T10:30:00+08:00"),
            session_id: session(),
        };
        let pending = Pending::new(input.clone(), meta);
        let written = serde_json::to_vec_pretty(&pending).expect("serialises");
        let read = parse_pending(&written).expect("reads");
        prop_assert_eq!(&read, &pending);

        let output = validate_output(&input, &answers).expect("valid answers");
        let record = DecisionRecord::new(read, output, at("2025-01-15T10:35:00+08:00"));
        let written = serde_json::to_vec_pretty(&record).expect("serialises");
        prop_assert_eq!(parse_record(&written, &session()).expect("reads"), record);
    }

    #[test]
    fn drafts_round_trip((value, body) in input_with_draft()) {
        let input = validate_input(&value).expect("valid");
        let answers = validate_draft(&input, &body).expect("a valid draft");
        let draft = Draft::new(session(), at("2025-01-15T10:32:00+08:00"), answers);
        let written = serde_json::to_vec_pretty(&draft).expect("serialises");
        prop_assert_eq!(parse_draft(&written, &input).expect("reads"), draft);
    }
}

fn at(text: &str) -> crate::model::Timestamp {
    crate::model::Timestamp::parse(text).expect("a time")
}

/// One reader, whatever it is given: an input read from its text and the
/// same input already parsed (an MCP client's arguments) give the same
/// answer, valid or spoiled anywhere; and a record compared with its
/// pending session gives the answers its full reading gives.
mod one_path {
    use super::*;

    fn as_pending(mut input: Value) -> Value {
        if let Value::Object(map) = &mut input {
            map.insert("version".into(), "1.1".into());
            map.insert(
                "_meta".into(),
                serde_json::json!({ "created_at": "2025-01-15T10:30:00+08:00", "session_id": "2025-01-15T10-30-00" }),
            );
        }
        input
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn text_and_parsed_inputs_read_the_same(
            value in valid_input(),
            pick in any::<Index>(),
            junk in any_json(),
            spoiled in any::<bool>(),
        ) {
            let value = if spoiled { spoil(value, pick, junk) } else { value };
            let bytes = serde_json::to_vec(&value).expect("JSON");
            // The document as its text reads (serde_json's float parsing
            // need not give back the very float written).
            let value: Value = serde_json::from_slice(&bytes).expect("JSON");
            let parsed = validate_input(&value).map_err(ReadError::Invalid);
            prop_assert_eq!(parse_input(&bytes), parsed);
            prop_assert!(spoiled || validate_input(&value).is_ok(), "a valid input refused");
        }

        #[test]
        fn a_record_compared_reads_as_the_record_read_in_full(
            (value, answers) in input_with_answers(),
            pick in any::<Index>(),
            junk in any_json(),
        ) {
            let bytes = serde_json::to_vec(&as_pending(value)).expect("JSON");
            let pending = parse_pending(&bytes).expect("valid");
            let output = validate_output(&pending.input, &answers).expect("valid");
            let record = DecisionRecord::new(pending.clone(), output, at("2025-01-15T10:35:00+08:00"));
            let written = serde_json::to_value(&record).expect("JSON");
            let bytes = serde_json::to_vec_pretty(&written).expect("JSON");
            prop_assert_eq!(record_answers(&bytes, &pending), Ok(RecordOf::Answers(record.output.clone())));
            // Spoiled anywhere: answers only when the full reading agrees.
            let spoiled = serde_json::to_vec(&spoil(written, pick, junk)).expect("JSON");
            let full = parse_record(&spoiled, &pending.meta.session_id);
            match record_answers(&spoiled, &pending) {
                Ok(RecordOf::Answers(output)) => {
                    let full = full.expect("the full reading reads it too");
                    prop_assert!(full.input.answers(&pending));
                    prop_assert_eq!(output, full.output);
                }
                Ok(RecordOf::Other) => {
                    let full = full.expect("a stale record is a valid one");
                    prop_assert!(!full.input.answers(&pending));
                }
                Err(_) => prop_assert!(full.is_err()),
            }
        }
    }
}
