//! Target 2: the bodies the page posts to `PUT /api/draft` and
//! `POST /api/decisions` (and `/submit`), read as `web/api.rs` reads them:
//! JSON text straight into the rule pass, or URL-encoded form fields read
//! by `FormAnswers` into the same raw answers.

use super::{assert_paths_point_into, bounded};
use app::page::{Field, FormAnswers};
use app::validate::{Place, ReadError, parse_draft, parse_draft_body, parse_output};
use app::{
    DecideInput, DecideOutput, Draft, DraftEntry, SessionId, Timestamp, ValidationErrors,
    validate_output,
};
use serde_json::Value;

/// A JSON body for `input`'s page, as a draft and as the answers.
pub fn json_body(input: &DecideInput, bytes: &[u8]) {
    bounded(bytes, || {
        let value = serde_json::from_slice::<Value>(bytes).ok();
        let refused = |error: ReadError| match (error, &value) {
            (ReadError::Invalid(errors), Some(value)) => assert_paths_point_into(value, &errors),
            (ReadError::Invalid(errors), None) => {
                panic!("text that is not JSON broke rules: {errors}")
            }
            (ReadError::Json(_), Some(_)) => panic!("JSON that parses was refused as not JSON"),
            (ReadError::Json(_), None) => {}
        };
        match parse_draft_body(input, bytes) {
            Ok(kept) => draft_kept(input, kept),
            Err(error) => refused(error),
        }
        match parse_output(input, bytes) {
            Ok(output) => answers_kept(input, &output),
            Err(error) => refused(error),
        }
    });
}

/// A form body for `input`'s page (`application/x-www-form-urlencoded`),
/// split into its pairs as the server does, then read by `FormAnswers`.
pub fn form_body(input: &DecideInput, bytes: &[u8]) {
    bounded(bytes, || {
        let pairs: Vec<(String, String)> = form_urlencoded::parse(bytes).into_owned().collect();
        let form = FormAnswers::read(input, &pairs);
        match form.clone().draft(input) {
            Ok(kept) => draft_kept(input, kept),
            Err(errors) => placed_at_items(input, &errors),
        }
        match form.output(input) {
            Ok(output) => answers_kept(input, &output),
            Err(errors) => placed_at_items(input, &errors),
        }
    });
}

/// An accepted draft keeps each item at most once, in the input's order,
/// and reads back the same from its stored form.
fn draft_kept(input: &DecideInput, kept: Vec<DraftEntry>) {
    let at: Vec<usize> = kept
        .iter()
        .map(|e| input.position(e.id()).expect("a known item"))
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "order or repeats: {at:?}"
    );
    let draft = Draft::new(session(), saved_at(), kept);
    let written = serde_json::to_vec(&draft).expect("a draft serialises");
    let read = parse_draft(&written, input).expect("a saved draft reads back");
    assert_eq!(read, draft);
}

/// Accepted answers answer every item and validate back to themselves.
fn answers_kept(input: &DecideInput, output: &DecideOutput) {
    assert_eq!(output.decisions().len(), input.items().len());
    let written = serde_json::to_value(output).expect("answers serialise");
    let again = validate_output(input, &written).expect("valid again");
    assert_eq!(&again, output);
}

/// A form's refusal names the person's items (or, for a form that names
/// an item the input does not have, the field it sent).
fn placed_at_items(input: &DecideInput, errors: &ValidationErrors) {
    for error in errors.errors() {
        match &error.place {
            Place::Item { number, title } => {
                let item = &input.items()[number - 1];
                assert_eq!(item.title(), title);
            }
            Place::Field(path) => assert!(path.starts_with("decisions["), "{path}"),
        }
    }
}

fn session() -> SessionId {
    "2025-01-15T10-30-00"
        .parse::<SessionId>()
        .expect("a session id")
}

fn saved_at() -> Timestamp {
    Timestamp::parse("2025-01-15T10:32:00+08:00").expect("a time")
}

/// The inputs the libFuzzer target answers: the examples of the project,
/// which between them have every flag (`multiple`, `allow_other`,
/// `allow_skip`).
pub fn example_inputs() -> Vec<DecideInput> {
    [
        include_str!("../../../examples/auth.json"),
        include_str!("../../../examples/cache.json"),
        include_str!("../../../examples/choices.json"),
    ]
    .iter()
    .map(|text| {
        crate::decide::input::parse_input(text, &app::validate::NoFiles)
            .expect("an example is valid")
    })
    .collect()
}

/// Answers to every item of `input`: its first option.
pub fn first_answers(input: &DecideInput) -> Value {
    let decisions: Vec<Value> = input
        .items()
        .iter()
        .map(|item| {
            let first = item
                .options()
                .first()
                .map(|o| o.value())
                .unwrap_or_default();
            let chosen = if item.multiple() {
                serde_json::json!([first])
            } else {
                serde_json::json!(first)
            };
            serde_json::json!({ "id": item.id().get(), "chosen": chosen })
        })
        .collect();
    serde_json::json!({ "decisions": decisions })
}

/// The form the page sends for [`first_answers`]: each item's first
/// option by its position, and the session.
pub fn first_form(input: &DecideInput) -> String {
    let mut form = form_urlencoded::Serializer::new(String::new());
    form.append_pair(&Field::Session.name(), "2025-01-15T10-30-00");
    for item in input.items() {
        form.append_pair(&Field::Choice(item.id()).name(), "0");
        form.append_pair(&Field::Note(item.id()).name(), "why");
    }
    form.finish()
}

/// libFuzzer's input: byte 0 picks an example input and the kind of body,
/// the rest is the body as [`super::shaped`] reads it (whole, or spliced
/// into a valid body, so the fuzzer starts near one).
pub fn from_fuzzer(inputs: &[DecideInput], data: &[u8]) {
    let Some((&pick, data)) = data.split_first() else {
        return;
    };
    let input = &inputs[usize::from(pick >> 1) % inputs.len()];
    if pick & 1 == 0 {
        let valid = first_answers(input).to_string();
        json_body(input, &super::shaped(valid.as_bytes(), data));
    } else {
        form_body(input, &super::shaped(first_form(input).as_bytes(), data));
    }
}
