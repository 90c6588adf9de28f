//! The kinds of answer in drafts: partial, as typed, and still one kind.

use super::answer_tests::input;
use super::*;
use crate::Lang;
use serde_json::json;

#[test]
fn drafts_hold_partial_answers_of_every_kind() {
    let input = input();
    let body = json!({ "decisions": [
        { "id": 4, "skipped": true },
        { "id": 3, "other": " Cockroach", "note": "" },
        { "id": 2, "chosen": ["offsite", "daily"] },
        { "id": 1, "note": "ask the team" },
    ]});
    let answers = validate_draft(&input, &body).expect("valid");
    assert_eq!(answers.len(), 4);
    assert_eq!(answers[0].answer(), None, "a note alone answers nothing");
    assert_eq!(answers[0].note(), Some("ask the team"));
    assert_eq!(
        answers[1].answer(),
        Some(&crate::Answer::ChosenMany(vec![
            "daily".into(),
            "offsite".into()
        ])),
        "the options' order"
    );
    assert_eq!(
        answers[2].answer(),
        Some(&crate::Answer::Other("Cockroach".into())),
        "trimmed, as an answer is"
    );
    assert_eq!(answers[3].answer(), Some(&crate::Answer::Skipped));
    let written = serde_json::to_value(&answers).expect("ser");
    assert_eq!(
        written,
        json!([
            { "id": 1, "note": "ask the team" },
            { "id": 2, "chosen": ["daily", "offsite"] },
            { "id": 3, "other": "Cockroach" },
            { "id": 4, "skipped": true },
        ])
    );
    let back = validate_draft(&input, &json!({ "decisions": written })).expect("reads back");
    assert_eq!(back, answers);

    // What is not given yet: a blank own answer, an empty list, a false skip.
    let body = json!({ "decisions": [
        { "id": 2, "chosen": [] },
        { "id": 3, "other": "   " },
        { "id": 4, "skipped": false },
    ]});
    assert_eq!(validate_draft(&input, &body), Ok(Vec::new()));

    // Still at most one kind, each allowed by the item.
    let body = json!({ "decisions": [
        { "id": 1, "other": "x" },
        { "id": 4, "chosen": "mit", "skipped": true },
    ]});
    let errors = validate_draft(&input, &body).expect_err("refused");
    assert_eq!(
        errors.messages(Lang::En),
        [
            "decisions[0].other is not allowed: items[0] does not set allow_other, so the answer must be one of its options",
            "decisions[1].skipped cannot come with chosen: give only one of chosen, other and skipped"
        ]
    );
}

#[test]
fn a_multiple_item_with_one_value_in_a_draft_reads_back_the_same() {
    let input = input();
    let body = json!({ "decisions": [{ "id": 2, "chosen": ["weekly"] }] });
    let answers = validate_draft(&input, &body).expect("valid");
    let written = serde_json::to_value(&answers).expect("ser");
    assert_eq!(written, json!([{ "id": 2, "chosen": ["weekly"] }]));
    // A string is read as one value for a multiple item too.
    let one = validate_draft(
        &input,
        &json!({ "decisions": [{ "id": 2, "chosen": "weekly" }] }),
    );
    assert_eq!(one.expect("valid"), answers);
    let again = validate_draft(&input, &json!({ "decisions": written })).expect("valid");
    assert_eq!(again, answers);
}

#[test]
fn a_draft_says_decide_later_which_an_answer_takes_back_and_answers_never_say() {
    let input = input();
    let body = json!({ "decisions": [
        { "id": 1, "later": true, "note": "after the meeting" },
        { "id": 2, "chosen": ["daily"], "later": true },
        { "id": 3, "later": false },
    ]});
    let entries = validate_draft(&input, &body).expect("valid");
    let written = serde_json::to_value(&entries).expect("ser");
    assert_eq!(
        written,
        json!([
            { "id": 1, "later": true, "note": "after the meeting" },
            { "id": 2, "chosen": ["daily"] },
        ]),
        "an answer takes \"later\" back; false says nothing"
    );
    let back = validate_draft(&input, &json!({ "decisions": written })).expect("reads back");
    assert_eq!(back, entries);

    let wrong = validate_draft(
        &input,
        &json!({ "decisions": [{ "id": 1, "later": "yes" }] }),
    );
    let errors = wrong
        .expect_err("not a boolean")
        .messages(Lang::En)
        .join("\n");
    assert!(errors.starts_with("decisions[0].later"), "{errors}");

    // The person's answers (a result, a record) have no such field.
    let answers = json!({ "decisions": [
        { "id": 1, "chosen": "postgres", "later": true },
    ]});
    let errors = validate_output(&input, &answers)
        .expect_err("refused")
        .messages(Lang::En)
        .join("\n");
    assert!(errors.starts_with("decisions[0].later"), "{errors}");
}
