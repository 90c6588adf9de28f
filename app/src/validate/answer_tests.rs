//! The kinds of answer: every rule of `answer.rs` and of the item flags,
//! accepted and refused.

use super::*;
use crate::model::Answer;
use crate::{DecideInput, Lang};
use serde_json::{Value, json};

/// An input with an item of each kind: plain, several, own answer, skip.
fn input_value() -> Value {
    let options = |values: &[&str]| -> Value {
        values
            .iter()
            .map(|v| json!({ "value": v, "label": v.to_uppercase() }))
            .collect()
    };
    json!({
        "task": "t",
        "source": "s",
        "items": [
            { "id": 1, "title": "auth", "options": options(&["jwt", "session"]), "recommend": "jwt" },
            { "id": 2, "title": "backups", "options": options(&["daily", "weekly", "offsite"]),
              "multiple": true, "recommend": ["offsite", "daily"] },
            { "id": 3, "title": "db", "options": options(&["pg", "mysql"]), "allow_other": true },
            { "id": 4, "title": "licence", "options": options(&["mit", "gpl"]), "allow_skip": true },
        ]
    })
}

pub(super) fn input() -> DecideInput {
    validate_input(&input_value()).expect("valid")
}

fn answers(decisions: Value) -> Value {
    json!({ "decisions": decisions })
}

/// A valid answer to every item, each of its own kind.
fn good() -> Value {
    answers(json!([
        { "id": 1, "chosen": "jwt" },
        { "id": 2, "chosen": ["offsite", "daily"] },
        { "id": 3, "other": "  CockroachDB, we already run it " },
        { "id": 4, "skipped": true, "note": "Ask legal first" },
    ]))
}

/// `good()` with decision `at` replaced by `decision`.
fn with(at: usize, decision: Value) -> Value {
    let mut value = good();
    value["decisions"][at] = decision;
    value
}

fn refused(value: &Value, lang: Lang) -> Vec<String> {
    validate_output(&input(), value)
        .expect_err("refused")
        .messages(lang)
}

#[test]
fn items_carry_their_flags_and_recommendations() {
    let input = input();
    let [plain, many, other, skip] = input.items() else {
        panic!("four items");
    };
    assert!(!plain.multiple() && !plain.allow_other() && !plain.allow_skip());
    assert_eq!(plain.recommended(), ["jwt"]);
    assert!(many.multiple());
    assert_eq!(many.recommended(), ["offsite", "daily"]);
    assert_eq!(many.recommend(), Some("offsite"));
    assert!(other.allow_other() && other.recommended().is_empty());
    assert!(skip.allow_skip());
    let written = serde_json::to_value(&input).expect("ser");
    assert_eq!(written, input_value(), "flags written only when set");
}

#[test]
fn flags_must_be_booleans_named_by_their_path() {
    let mut value = input_value();
    value["items"][0]["multiple"] = json!("yes");
    value["items"][2]["allow_other"] = json!(1);
    value["items"][3]["allow_skip"] = Value::Null;
    let errors = validate_input(&value).expect_err("refused");
    assert_eq!(
        errors.messages(Lang::En),
        [
            "items[0].multiple must be a boolean, got a string",
            "items[2].allow_other must be a boolean, got a number"
        ]
    );
    assert_eq!(
        errors.messages(Lang::Zh)[0],
        "items[0].multiple 应为布尔值,当前为字符串"
    );
}

#[test]
fn several_recommendations_need_multiple_and_known_unique_values() {
    let cases = [
        (
            0,
            json!(["jwt"]),
            "items[0].recommend must be one value: the item does not set multiple, so it cannot recommend several",
        ),
        (
            1,
            json!([]),
            "items[1].recommend needs at least 1 value, got an empty array",
        ),
        (
            1,
            json!(["daily", "daily"]),
            r#"items[1].recommend[1] is "daily", the same as value 0; list each value once"#,
        ),
        (
            1,
            json!(["daily", "hourly"]),
            r#"items[1].recommend[1] is "hourly", which is not the value of any option"#,
        ),
        (
            1,
            json!(["daily", 3]),
            "items[1].recommend[1] must be a string, got a number",
        ),
    ];
    for (at, recommend, expected) in cases {
        let mut value = input_value();
        value["items"][at]["recommend"] = recommend;
        let errors = validate_input(&value).expect_err("refused");
        assert_eq!(errors.messages(Lang::En), [expected]);
        let bytes = serde_json::to_vec(&value).expect("JSON");
        assert_eq!(
            parse_input(&bytes),
            Err(ReadError::Invalid(errors)),
            "{expected}"
        );
    }
}

#[test]
fn every_kind_of_answer_is_read_and_written_flat() {
    let output = validate_output(&input(), &good()).expect("valid");
    let answers: Vec<&Answer> = output.decisions().iter().map(|d| d.answer()).collect();
    assert_eq!(
        answers,
        [
            &Answer::Chosen("jwt".into()),
            &Answer::ChosenMany(vec!["daily".into(), "offsite".into()]),
            &Answer::Other("CockroachDB, we already run it".into()),
            &Answer::Skipped,
        ]
    );
    assert_eq!(output.decisions()[0].chosen(), Some("jwt"));
    assert_eq!(output.decisions()[1].chosen(), None);
    assert_eq!(
        output.to_compact_json(),
        r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":["daily","offsite"]},{"id":3,"other":"CockroachDB, we already run it"},{"id":4,"skipped":true,"note":"Ask legal first"}]}"#
    );
    // One value for a multiple item is read as a list of one.
    let one = with(1, json!({ "id": 2, "chosen": "weekly" }));
    let output = validate_output(&input(), &one).expect("valid");
    assert_eq!(
        output.decisions()[1].answer(),
        &Answer::ChosenMany(vec!["weekly".into()])
    );
    // Flagged items still take a single option.
    let plain = with(2, json!({ "id": 3, "chosen": "pg" }));
    assert!(validate_output(&input(), &plain).is_ok());
}

#[test]
fn an_item_without_flags_refuses_every_other_shape() {
    let cases = [
        (
            json!({ "id": 1, "chosen": ["jwt"] }),
            "decisions[0].chosen must be one value: items[0] does not set multiple, so it takes one option",
        ),
        (
            json!({ "id": 1, "other": "OAuth" }),
            "decisions[0].other is not allowed: items[0] does not set allow_other, so the answer must be one of its options",
        ),
        (
            json!({ "id": 1, "skipped": true }),
            "decisions[0].skipped is not allowed: items[0] does not set allow_skip, so it cannot be skipped",
        ),
        (
            json!({ "id": 1 }),
            "decisions[0].chosen is required but missing",
        ),
    ];
    for (decision, expected) in cases {
        assert_eq!(refused(&with(0, decision), Lang::En), [expected]);
    }
    assert_eq!(
        refused(&with(0, json!({ "id": 1, "chosen": ["jwt"] })), Lang::Zh),
        ["decisions[0].chosen 应为单个值:items[0] 未设置 multiple,不能选择多个选项"]
    );
}

#[test]
fn each_kind_follows_its_own_rules() {
    let long = "x".repeat(4_001);
    let cases = [
        (
            1,
            json!({ "id": 2, "chosen": [] }),
            "decisions[1].chosen needs at least 1 value, got an empty array",
        ),
        (
            1,
            json!({ "id": 2, "chosen": ["daily", "daily"] }),
            r#"decisions[1].chosen[1] is "daily", the same as value 0; list each value once"#,
        ),
        (
            1,
            json!({ "id": 2, "chosen": ["daily", "hourly"] }),
            r#"decisions[1].chosen[1] is "hourly", not one of the item's options ("daily", "weekly", "offsite")"#,
        ),
        (
            2,
            json!({ "id": 3, "other": "  " }),
            "decisions[2].other must be a non-empty string",
        ),
        (
            2,
            json!({ "id": 3, "other": long }),
            "decisions[2].other is too long: at most 4000 characters, got 4001",
        ),
        (
            2,
            json!({ "id": 3, "chosen": "pg", "other": "x" }),
            "decisions[2].other cannot come with chosen: give only one of chosen, other and skipped",
        ),
        (
            2,
            json!({ "id": 3 }),
            "decisions[2] has no answer: give one of chosen, other",
        ),
        (
            3,
            json!({ "id": 4, "skipped": false }),
            "decisions[3].skipped can only be true; leave it out when the item is not skipped",
        ),
        (
            3,
            json!({ "id": 4, "skipped": "yes" }),
            "decisions[3].skipped must be a boolean, got a string",
        ),
        (
            3,
            json!({ "id": 4, "chosen": "mit", "skipped": true }),
            "decisions[3].skipped cannot come with chosen: give only one of chosen, other and skipped",
        ),
    ];
    for (at, decision, expected) in cases {
        assert_eq!(refused(&with(at, decision), Lang::En), [expected]);
    }
    let exactly = with(2, json!({ "id": 3, "other": "字".repeat(4_000) }));
    assert!(
        validate_output(&input(), &exactly).is_ok(),
        "characters, not bytes"
    );
    assert_eq!(
        refused(&with(2, json!({ "id": 3 })), Lang::Zh),
        ["decisions[2] 没有回答:需要给出 chosen、other 之一"]
    );
}

#[test]
fn every_refusal_is_listed_at_once_with_its_hint() {
    let value = answers(json!([
        { "id": 1, "other": "x" },
        { "id": 2, "chosen": [] },
        { "id": 3, "skipped": true },
        { "id": 4, "skipped": false },
    ]));
    let errors = validate_output(&input(), &value).expect_err("refused");
    assert_eq!(errors.errors().len(), 4, "{:?}", errors.messages(Lang::En));
    assert!(
        errors
            .hints(Lang::En)
            .iter()
            .any(|h| h.contains("allow_skip"))
    );
    assert!(
        errors
            .hints(Lang::Zh)
            .iter()
            .any(|h| h.contains("跳过") || h.contains("allow_skip"))
    );
}

#[test]
fn bytes_that_are_not_utf8_are_not_json_whatever_they_hold() {
    // Found by the bodies fuzz target: an array where the object belongs,
    // with a string that is not UTF-8 inside it, was named "must be an
    // object" (serde skipped the string unchecked) instead of "not JSON".
    let input = input();
    for body in [
        &b"[[[\"_[item-\xbaa\"]]]"[..],
        b"{\"decisions\":[{\"id\":1,\"note\":\"\xff\"}]}",
    ] {
        assert!(
            matches!(parse_output(&input, body), Err(ReadError::Json(_))),
            "{body:?}"
        );
        assert!(
            matches!(parse_draft_body(&input, body), Err(ReadError::Json(_))),
            "{body:?}"
        );
    }
}
