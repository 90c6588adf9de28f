//! The fast readers held to the careful ones (`fast.rs`).

use super::fast::{input_fast, pending_fast, record_output_fast};
use crate::model::{DecideOutput, Meta, Pending, SessionId, Timestamp};
use crate::validate::{parse_pending, parse_record};
use serde_json::{Value, json};

fn pending_value() -> Value {
    let mut value: Value =
        serde_json::from_str(include_str!("../../../examples/auth.json")).expect("JSON");
    value["version"] = json!("1.1");
    value["_meta"] = json!({
        "created_at": "2025-01-15T10:30:00+08:00",
        "session_id": "2025-01-15T10-30-00"
    });
    value
}

/// The careful way's answer, with `source` left out as the fast way
/// leaves it (a current-version file serialises back to itself).
fn careful(value: &Value) -> Option<Pending> {
    parse_pending(value)
        .ok()
        .map(|p| Pending::new(p.input, p.meta))
}

fn fast(value: &Value) -> Option<Pending> {
    pending_fast(&serde_json::to_vec_pretty(value).expect("JSON"))
}

#[test]
fn an_agents_input_reads_the_same_both_ways() {
    let text = include_str!("../../../examples/auth.json");
    let value: Value = serde_json::from_str(text).expect("JSON");
    let careful = crate::validate_input(&value).expect("valid");
    assert_eq!(input_fast(text.as_bytes()), Some(careful));
    let mut unknown = value;
    unknown["priority"] = json!(1);
    let bytes = serde_json::to_vec(&unknown).expect("JSON");
    assert_eq!(input_fast(&bytes), None, "the careful way names the field");
}

#[test]
fn a_file_aide_wrote_reads_the_same_both_ways() {
    let value = pending_value();
    let fast = fast(&value).expect("the fast way reads it");
    assert_eq!(Some(&fast), careful(&value).as_ref());
    assert_eq!(
        fast.input.by_id,
        careful(&value).expect("valid").input.by_id
    );
    assert_eq!(serde_json::to_value(&fast).expect("ser"), value);
}

/// Every rule of `input.rs` broken once: the fast way gives up, so the
/// careful way reports it.
#[test]
fn whatever_the_careful_way_refuses_the_fast_way_does_not_accept() {
    let breaks: Vec<(&str, Value)> = vec![
        ("/task", json!("  ")),
        ("/source", json!("")),
        ("/items", json!([])),
        ("/items/0/id", json!(0)),
        ("/items/1/id", json!(1)),
        ("/items/0/id", json!(1.0)),
        ("/items/0/title", json!(" ")),
        ("/items/0/context", json!("")),
        ("/items/0/options", json!([{ "value": "a", "label": "A" }])),
        ("/items/0/options/1/value", json!("jwt")),
        ("/items/0/options/0/label", json!("")),
        ("/items/0/options/0/score", json!(101)),
        ("/items/0/options/0/pros", json!([""])),
        ("/items/0/options/0/cons", json!(["ok", " "])),
        ("/items/0/recommend", json!("nope")),
        ("/items/0/recommend", json!("")),
        (
            "/items/0/location",
            json!({ "file": "a.rs", "start": 0, "end": 1 }),
        ),
        (
            "/items/0/location",
            json!({ "file": "a.rs", "start": 5, "end": 4 }),
        ),
        (
            "/items/0/location",
            json!({ "file": "", "start": 1, "end": 1 }),
        ),
        ("/items/0/unknown", json!(true)),
        ("/items/0/multiple", json!("yes")),
        ("/items/0/allow_other", json!(1)),
        ("/items/0/allow_skip", json!([true])),
        ("/items/0/recommend", json!(["jwt"])),
        ("/_meta/session_id", json!("yesterday")),
        ("/_meta/created_at", json!("")),
        ("/version", json!("1.4")),
        ("/version", json!("2.0")),
    ];
    for (pointer, replacement) in breaks {
        let mut value = pending_value();
        let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
        let target = value.pointer_mut(parent).expect("parent exists");
        match target {
            Value::Object(map) => {
                map.insert(key.to_owned(), replacement.clone());
            }
            Value::Array(list) => {
                list[key.parse::<usize>().expect("index")] = replacement.clone();
            }
            _ => unreachable!("{pointer}"),
        }
        let careful = careful(&value);
        if careful.is_none() {
            assert_eq!(
                fast(&value),
                None,
                "{pointer} = {replacement} slipped through"
            );
        } else {
            // A newer minor version: valid, but only the careful way
            // keeps what it adds.
            assert_eq!(fast(&value), None, "{pointer}: left to the careful way");
        }
    }
    let mut unversioned = pending_value();
    unversioned
        .as_object_mut()
        .expect("object")
        .remove("version");
    assert_eq!(
        fast(&unversioned),
        None,
        "copied as it is by the careful way"
    );
}

#[test]
fn a_record_with_the_pendings_meta_reads_without_building_its_input_again() {
    let pending = careful(&pending_value()).expect("valid");
    let output = json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "n" }] });
    let record = json!({
        "version": "1.1",
        "input": pending_value(),
        "output": output,
        "completed_at": "2025-01-15T10:35:00+08:00"
    });
    let bytes = serde_json::to_vec_pretty(&record).expect("JSON");
    let fast = record_output_fast(&bytes, &pending).expect("fast");
    let careful = parse_record(&record, &pending.meta.session_id).expect("valid");
    assert_eq!(fast, careful.output);
    assert!(careful.input.answers(&pending));
    // As aide writes a new session's record: the input without a version.
    let written = crate::DecisionRecord::new(
        pending.clone(),
        careful.output.clone(),
        careful.completed_at,
    );
    let bytes = serde_json::to_vec_pretty(&written).expect("JSON");
    assert_eq!(record_output_fast(&bytes, &pending), Some(careful.output));

    // Another session's meta, a bad answer, or an older version: left
    // to the careful way.
    let mut other = record.clone();
    other["input"]["_meta"]["created_at"] = json!("2025-01-15T10:30:01+08:00");
    let mut wrong = record.clone();
    wrong["output"]["decisions"][0]["chosen"] = json!("nope");
    let mut asks_else = record.clone();
    asks_else["input"]["items"][0]["options"][0]["label"] = json!("另一个选项");
    let mut older = record;
    older.as_object_mut().expect("object").remove("version");
    for value in [other, wrong, asks_else, older] {
        let bytes = serde_json::to_vec(&value).expect("JSON");
        assert!(record_output_fast(&bytes, &pending).is_none(), "{value}");
    }
}

/// An input with every item flag, several recommendations, an escaped
/// text and an item with more options than are told apart pairwise.
fn flagged_input() -> crate::DecideInput {
    let many: Vec<Value> = (0..40)
        .map(|n| json!({ "value": format!("v{n}"), "label": format!("选项 {n}") }))
        .collect();
    let value = json!({
        "task": "每一种回答",
        "source": "kinds.md",
        "items": [
            { "id": 1, "title": "one", "context": "a \"quoted\"\nline",
              "location": { "file": "src/a.rs", "start": 3, "end": 9 },
              "options": [{ "value": "a", "label": "A", "score": 80, "pros": ["p"], "cons": ["c", "d"] },
                          { "value": "b", "label": "B" }],
              "recommend": "a" },
            { "id": 7, "title": "many", "multiple": true,
              "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }, { "value": "c", "label": "C" }],
              "recommend": ["c", "a"] },
            { "id": 3, "title": "own", "allow_other": true,
              "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }] },
            { "id": 4, "title": "skip", "allow_skip": true, "allow_other": true,
              "options": many, "recommend": "v39" }
        ]
    });
    crate::validate_input(&value).expect("valid")
}

/// `flagged_input` as aide writes it to `pending.json`, with its `_meta`.
fn written() -> Pending {
    let meta = Meta {
        created_at: Timestamp::parse("2025-01-15T10:30:00+08:00").expect("time"),
        session_id: SessionId::parse("2025-01-15T10-30-00").expect("id"),
    };
    Pending::new(flagged_input(), meta)
}

/// The answers of every kind, with and without a note.
fn every_kind(input: &crate::DecideInput) -> DecideOutput {
    let body = json!({ "decisions": [
        { "id": 1, "chosen": "b", "note": "因为 \"简单\"" },
        { "id": 7, "chosen": ["c", "a"] },
        { "id": 3, "other": "  都不要  ", "note": "n" },
        { "id": 4, "skipped": true }
    ]});
    crate::validate_output(input, &body).expect("valid answers")
}

/// Files aide's own writer makes at the current version, with every
/// flag and every kind of answer, are read the fast way and read the
/// same as the careful way reads them.
#[test]
fn aides_own_files_of_every_kind_are_read_the_fast_way() {
    let written = written();
    let bytes = serde_json::to_vec_pretty(&written).expect("JSON");
    let value: Value = serde_json::from_slice(&bytes).expect("JSON");
    let fast = pending_fast(&bytes).expect("the fast way reads aide's pending.json");
    let careful = parse_pending(&value).expect("valid");
    assert_eq!(fast, careful);
    assert_eq!(fast.input.by_id, careful.input.by_id);
    assert_eq!(fast.input.items[1].recommended(), ["c", "a"]);

    let output = every_kind(&fast.input);
    let kinds: Vec<_> = output
        .decisions()
        .iter()
        .map(|d| d.answer().clone())
        .collect();
    assert!(matches!(
        kinds.as_slice(),
        [
            crate::Answer::Chosen(_),
            crate::Answer::ChosenMany(_),
            crate::Answer::Other(_),
            crate::Answer::Skipped
        ]
    ));
    // The record of a new session (its input written without a
    // version) and the record of a pending read the careful way
    // (copied whole, with its version): both read the fast way.
    for pending in [fast.clone(), careful.clone()] {
        let record = crate::DecisionRecord::new(
            pending,
            output.clone(),
            Timestamp::parse("2025-01-15T10:35:00+08:00").expect("time"),
        );
        let bytes = serde_json::to_vec_pretty(&record).expect("JSON");
        let value: Value = serde_json::from_slice(&bytes).expect("JSON");
        let careful_record = parse_record(&value, &fast.meta.session_id).expect("valid");
        assert!(careful_record.input.answers(&fast));
        assert_eq!(
            record_output_fast(&bytes, &fast),
            Some(careful_record.output),
            "the fast way reads aide's record"
        );
    }
}

/// The many-options item is told apart with a hash set: a repeated
/// value or recommendation there is still left to the careful way.
#[test]
fn a_long_item_with_a_repeated_value_is_left_to_the_careful_way() {
    let written = written();
    let mut value = serde_json::to_value(&written).expect("JSON");
    value["items"][3]["options"][30]["value"] = json!("v2");
    assert!(parse_pending(&value).is_err());
    assert_eq!(fast(&value), None);
    let mut value = serde_json::to_value(&written).expect("JSON");
    value["items"][3]["multiple"] = json!(true);
    value["items"][3]["recommend"] = json!(["v1", "v39", "v1"]);
    assert!(parse_pending(&value).is_err());
    assert_eq!(fast(&value), None);
    value["items"][3]["recommend"] = json!(["v1", "v39"]);
    assert_eq!(fast(&value), careful(&value));
}
