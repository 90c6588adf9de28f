//! The short run of target 2 (the long one is `bench/fuzz.sh`).

use super::bodies::{example_inputs, first_answers, first_form, form_body, from_fuzzer, json_body};
use app::arbitrary::bytes::{garbled, hostile};
use app::arbitrary::{input_with_answers, input_with_draft, text};
use app::{DecideInput, validate_input};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::Value;

fn valid(value: &Value) -> DecideInput {
    validate_input(value).expect("a valid input")
}

/// A form's pairs as the page might send them, and as it never would:
/// known names of known and unknown items, positions, values and the
/// choices of Other and Skip, and any text.
fn form_pairs(input: Value) -> impl Strategy<Value = (Value, Vec<u8>)> {
    let ids: Vec<u64> = input["items"]
        .as_array()
        .map(|items| items.iter().filter_map(|i| i["id"].as_u64()).collect())
        .unwrap_or_default();
    let id = prop_oneof![4 => select(ids), 1 => any::<u64>()];
    let name = (select(vec!["item", "other", "note", "session", "x"]), id)
        .prop_map(|(kind, id)| format!("{kind}-{id}"));
    let value = prop_oneof![
        (0..6u8).prop_map(|n| n.to_string()),
        select(vec!["other", "skip", "", " "]).prop_map(str::to_owned),
        text(),
        ".{0,20}",
    ];
    let pairs = prop::collection::vec((name, value), 0..12).prop_map(|pairs| {
        let mut form = form_urlencoded::Serializer::new(String::new());
        form.extend_pairs(pairs);
        form.finish().into_bytes()
    });
    (Just(input), pairs)
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn json_answers((input, body) in input_with_answers()
        .prop_flat_map(|(input, answers)| (Just(input), hostile(move || Just(answers.clone()))))) {
        json_body(&valid(&input), &body);
    }

    #[test]
    fn json_drafts((input, body) in input_with_draft()
        .prop_flat_map(|(input, draft)| (Just(input), hostile(move || Just(draft.clone()))))) {
        json_body(&valid(&input), &body);
    }

    #[test]
    fn forms((input, body) in app::arbitrary::valid_input()
        .prop_flat_map(form_pairs)
        .prop_flat_map(|(input, body)| (Just(input), garbled(body)))) {
        form_body(&valid(&input), &body);
    }

    #[test]
    fn the_fuzzers_bytes(data in prop::collection::vec(any::<u8>(), 0..200)) {
        from_fuzzer(&example_inputs(), &data);
    }
}

#[test]
fn the_valid_bodies_of_the_examples_are_accepted() {
    for input in example_inputs() {
        let answers = first_answers(&input);
        assert!(app::validate_output(&input, &answers).is_ok());
        assert!(app::validate_draft(&input, &answers).is_ok());
        let pairs: Vec<(String, String)> = form_urlencoded::parse(first_form(&input).as_bytes())
            .into_owned()
            .collect();
        let form = app::page::FormAnswers::read(&input, &pairs);
        assert!(form.output(&input).is_ok());
        json_body(&input, answers.to_string().as_bytes());
        form_body(&input, first_form(&input).as_bytes());
    }
}
