use super::*;
use crate::Lang;
use serde_json::{Value, json};

const EXAMPLE: &str = include_str!("../../../examples/auth.json");

fn example() -> Value {
    serde_json::from_str(EXAMPLE).expect("examples/auth.json is JSON")
}

/// The Chinese messages for `value`, which must fail validation.
fn errors_zh(value: &Value) -> Vec<String> {
    validate_input(value)
        .expect_err("should be rejected")
        .messages(Lang::Zh)
}

fn assert_rejects(value: &Value, expected: &str) {
    let messages = errors_zh(value);
    assert!(
        messages.iter().any(|m| m == expected),
        "expected {expected:?}, got {messages:?}"
    );
}

#[test]
fn the_spec_example_is_valid_and_round_trips() {
    let input = validate_input(&example()).expect("valid");
    assert_eq!(input.task(), "实现用户认证模块");
    assert_eq!(input.items().len(), 2);
    assert_eq!(input.items()[0].recommend(), Some("jwt"));
    let again = validate_input(&serde_json::to_value(&input).expect("serialises")).expect("valid");
    assert_eq!(again, input);
    assert_eq!(serde_json::to_value(&input).expect("serialises"), example());
}

#[test]
fn top_level_fields_are_required_and_non_empty() {
    let mut v = example();
    v.as_object_mut().unwrap().remove("task");
    v["source"] = json!("  ");
    let messages = errors_zh(&v);
    assert_eq!(
        messages,
        ["task 是必填字段,但未提供", "source 不能为空字符串"]
    );
    assert_rejects(&json!([]), "输入 应为对象,当前为数组");
}

#[test]
fn items_must_be_a_non_empty_array() {
    let mut v = example();
    v["items"] = json!([]);
    assert_rejects(&v, "items 至少需要 1 个待定项,当前为空数组");
    v["items"] = json!({});
    assert_rejects(&v, "items 应为数组,当前为对象");
}

#[test]
fn too_few_options_gives_the_spec_message_and_hint() {
    let mut v = example();
    v["items"][0]["options"] = json!([{ "value": "a", "label": "A" }]);
    v["items"][0].as_object_mut().unwrap().remove("recommend");
    let errors = validate_input(&v).expect_err("rejected");
    assert_eq!(
        errors.messages(Lang::Zh),
        ["items[0].options 至少需要 2 个选项,当前只有 1 个"]
    );
    assert_eq!(
        errors.hints(Lang::Zh),
        ["为每个待定项提供至少 2 个可选方案"]
    );
    assert_eq!(
        errors.messages(Lang::En),
        ["items[0].options needs at least 2 options, got only 1"]
    );
}

#[test]
fn recommend_must_name_an_option_with_the_spec_message() {
    let mut v = example();
    v["items"][1]["recommend"] = json!("invalid");
    let errors = validate_input(&v).expect_err("rejected");
    assert_eq!(
        errors.messages(Lang::Zh),
        [r#"items[1].recommend 值 "invalid" 不在 options 中"#]
    );
    assert_eq!(
        errors.hints(Lang::Zh),
        ["recommend 必须是 options 中某个选项的 value"]
    );
}

#[test]
fn ids_must_be_positive_integers_in_range_and_unique() {
    for (id, message) in [
        (
            json!(0),
            "items[0].id 应为 1 到 4294967295 之间的整数,当前为 0",
        ),
        (
            json!(-3),
            "items[0].id 应为 1 到 4294967295 之间的整数,当前为 -3",
        ),
        (
            json!(1.5),
            "items[0].id 应为 1 到 4294967295 之间的整数,当前为 1.5",
        ),
        (
            json!(4_294_967_296_u64),
            "items[0].id 应为 1 到 4294967295 之间的整数,当前为 4294967296",
        ),
        (json!("1"), "items[0].id 应为整数,当前为字符串"),
    ] {
        let mut v = example();
        v["items"][0]["id"] = id;
        assert_rejects(&v, message);
    }
    let mut v = example();
    v["items"][1]["id"] = json!(1);
    assert_rejects(
        &v,
        "items[1].id 值 1 与 items[0].id 重复,id 在 items 中必须唯一",
    );
}

#[test]
fn titles_values_and_labels_must_be_non_empty_strings() {
    let mut v = example();
    v["items"][0]["title"] = json!("");
    v["items"][0]["options"][0]["value"] = json!(7);
    v["items"][0]["options"][1]["label"] = Value::Null;
    let messages = errors_zh(&v);
    assert!(
        messages.contains(&"items[0].title 不能为空字符串".to_owned()),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"items[0].options[0].value 应为字符串,当前为数字".to_owned()),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"items[0].options[1].label 是必填字段,但未提供".to_owned()),
        "{messages:?}"
    );
}

#[test]
fn option_values_are_unique_within_an_item() {
    let mut v = example();
    v["items"][0]["options"][1]["value"] = json!("jwt");
    assert_rejects(
        &v,
        r#"items[0].options[1].value 值 "jwt" 与第 0 个选项重复,value 在同一待定项中必须唯一"#,
    );
    // The same value in different items is fine.
    let mut v = example();
    v["items"][1]["options"][0]["value"] = json!("jwt");
    v["items"][1]["recommend"] = json!("jwt");
    assert!(validate_input(&v).is_ok());
}

#[test]
fn scores_are_integers_from_0_to_100() {
    for ok in [0, 100] {
        let mut v = example();
        v["items"][0]["options"][0]["score"] = json!(ok);
        assert!(validate_input(&v).is_ok(), "score {ok}");
    }
    for (score, shown) in [
        (json!(101), "101"),
        (json!(-1), "-1"),
        (json!(50.5), "50.5"),
    ] {
        let mut v = example();
        v["items"][0]["options"][0]["score"] = score;
        assert_rejects(
            &v,
            &format!("items[0].options[0].score 应为 0 到 100 之间的整数,当前为 {shown}"),
        );
    }
}

#[test]
fn pros_and_cons_are_lists_of_strings() {
    let mut v = example();
    v["items"][0]["options"][0]["pros"] = json!("fast");
    v["items"][0]["options"][1]["cons"] = json!(["ok", 3]);
    let messages = errors_zh(&v);
    assert!(
        messages.contains(&"items[0].options[0].pros 应为数组,当前为字符串".to_owned()),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"items[0].options[1].cons[1] 应为字符串,当前为数字".to_owned()),
        "{messages:?}"
    );
}

#[test]
fn location_lines_are_positive_and_end_is_not_before_start() {
    let mut v = example();
    v["items"][0]["location"] = json!({ "file": "a.rs", "start": 9, "end": 3 });
    assert_rejects(
        &v,
        "items[0].location.end 值 3 小于 start 值 9,结束行不能在起始行之前",
    );
    v["items"][0]["location"] = json!({ "file": "a.rs", "start": 0, "end": 3 });
    assert_rejects(
        &v,
        "items[0].location.start 应为 1 到 4294967295 之间的整数,当前为 0",
    );
    v["items"][0]["location"] = json!({ "start": 1, "end": 3 });
    assert_rejects(&v, "items[0].location.file 是必填字段,但未提供");
    v["items"][0]["location"] = json!({ "file": "a.rs", "start": 4, "end": 4 });
    assert!(validate_input(&v).is_ok());
}

#[test]
fn optional_fields_may_be_absent_or_null() {
    let v = json!({
        "task": "t", "source": "s",
        "items": [{ "id": 1, "title": "q", "context": null, "location": null, "recommend": null,
            "options": [{ "value": "a", "label": "A", "score": null, "pros": null }, { "value": "b", "label": "B" }] }]
    });
    let input = validate_input(&v).expect("valid");
    assert_eq!(input.items()[0].options()[0].score(), None);
}

#[test]
fn unknown_fields_are_named_with_a_suggestion() {
    let mut v = example();
    v["items"][0]["recomend"] = json!("jwt");
    let errors = validate_input(&v).expect_err("rejected");
    assert_eq!(
        errors.messages(Lang::Zh),
        ["items[0].recomend 不是已知字段,是否想写 recommend?"]
    );
    assert_eq!(
        errors.messages(Lang::En),
        ["items[0].recomend is not a known field; did you mean recommend?"]
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let v = json!({ "task": "", "items": [{ "id": 1, "options": [] }, { "id": 1, "title": "x", "options": [1, 2] }] });
    let messages = errors_zh(&v);
    assert!(messages.len() >= 6, "{messages:?}");
}

#[test]
fn long_error_lists_are_capped() {
    let items: Vec<Value> = (0..30).map(|_| json!({ "id": 0 })).collect();
    let v = json!({ "task": "t", "source": "s", "items": items });
    let messages = errors_zh(&v);
    assert_eq!(messages.len(), MAX_REPORTED_ERRORS + 1);
    assert!(messages.last().unwrap().contains("未列出"));
}

fn input() -> crate::DecideInput {
    validate_input(&example()).expect("valid")
}

#[test]
fn output_in_any_order_comes_back_in_item_order_without_blank_notes() {
    let body = json!({ "decisions": [
        { "id": 2, "chosen": "argon2", "note": "团队更熟悉" },
        { "id": 1, "chosen": "jwt", "note": "   " }
    ]});
    let output = validate_output(&input(), &body).expect("valid");
    assert_eq!(
        output.to_compact_json(),
        r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"argon2","note":"团队更熟悉"}]}"#
    );
}

#[test]
fn output_must_decide_each_item_exactly_once_among_its_values() {
    let cases = [
        (
            json!({ "decisions": [{ "id": 1, "chosen": "jwt" }] }),
            "decisions 缺少待定项 2 的决策",
        ),
        (
            json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "md5" }] }),
            r#"decisions[1].chosen 值 "md5" 不在该待定项的 options 中(可选: "bcrypt", "argon2")"#,
        ),
        (
            json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 1, "chosen": "session" }, { "id": 2, "chosen": "bcrypt" }] }),
            "decisions[1].id 值 1 与 decisions[0] 重复,每个待定项只能决策一次",
        ),
        (
            json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt" }, { "id": 9, "chosen": "x" }] }),
            "decisions[2].id 值 9 不是任何待定项的 id",
        ),
        (
            json!({ "decisions": "all" }),
            "decisions 应为数组,当前为字符串",
        ),
        (
            json!({ "decisions": [{ "id": 1, "chosen": "jwt", "note": 5 }, { "id": 2, "chosen": "bcrypt" }] }),
            "decisions[0].note 应为字符串,当前为数字",
        ),
    ];
    let invalid_only =
        json!({ "decisions": [{ "id": 1, "chosen": "nope" }, { "id": 2, "chosen": "bcrypt" }] });
    let messages = validate_output(&input(), &invalid_only)
        .expect_err("rejected")
        .messages(Lang::Zh);
    assert_eq!(
        messages.len(),
        1,
        "an invalid answer is not also missing: {messages:?}"
    );
    for (body, expected) in cases {
        let messages = validate_output(&input(), &body)
            .expect_err("rejected")
            .messages(Lang::Zh);
        assert!(
            messages.iter().any(|m| m == expected),
            "expected {expected:?}, got {messages:?}"
        );
    }
}
