//! The page protocol, typed once for the browser and the server: where the
//! page sends things, what its form fields are called, and the bodies that
//! come back.
//!
//! The form is the page's state. The server renders it with the answers
//! saved so far; without JavaScript it is posted as it is (`POST /submit`);
//! the hydrated page sends the very same fields, URL-encoded, to save a
//! draft and to submit. So one reader, [`FormAnswers`], turns any of them
//! into the answers that `validate_output` and `validate_draft` check.

use crate::model::{DecideInput, DecideItem, ItemId};
use serde::{Deserialize, Serialize};

/// The server's routes for the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET`: the page.
    Page,
    /// `POST`: the answers, as JSON (`{"decisions":[...]}`) or as the form.
    Decisions,
    /// `PUT`: the answers so far, as JSON or as the form.
    Draft,
    /// `POST`: the form posted without JavaScript.
    Form,
}

impl Route {
    pub const fn path(self) -> &'static str {
        match self {
            Route::Page => "/",
            Route::Decisions => "/api/decisions",
            Route::Draft => "/api/draft",
            Route::Form => "/submit",
        }
    }
}

/// The request header that names the session the page shows; a page left
/// open from a replaced session can then never answer the new one. Form
/// bodies carry the same in [`Field::Session`].
pub const SESSION_HEADER: &str = "x-aide-session";

/// The media type of the hydrated page's form bodies.
pub const FORM_MEDIA_TYPE: &str = "application/x-www-form-urlencoded";

/// A field of the page's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The session the page shows (a hidden field).
    Session,
    /// An item's choice: the option's position in the item (from 0).
    Choice(ItemId),
    /// An item's note.
    Note(ItemId),
}

impl Field {
    /// The field's `name` in the form.
    pub fn name(self) -> String {
        match self {
            Field::Session => "session".to_owned(),
            Field::Choice(id) => format!("item-{id}"),
            Field::Note(id) => format!("note-{id}"),
        }
    }

    /// The field a form name stands for, if any.
    pub fn parse(name: &str) -> Option<Field> {
        if name == "session" {
            return Some(Field::Session);
        }
        let id = |rest: &str| rest.parse::<u32>().ok().and_then(ItemId::new);
        if let Some(rest) = name.strip_prefix("item-") {
            return id(rest).map(Field::Choice);
        }
        name.strip_prefix("note-").and_then(id).map(Field::Note)
    }
}

/// The `id` of an item's fieldset in the page (and its summary row's link
/// target).
pub fn item_dom_id(id: ItemId) -> String {
    format!("item-{id}")
}

/// The `id` of an item's row in the summary.
pub fn summary_dom_id(id: ItemId) -> String {
    format!("sum-{id}")
}

/// The answers a form carries, read against the input it answers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormAnswers {
    /// The session the form says it answers.
    pub session: Option<String>,
    answers: Vec<(ItemId, Option<String>, String)>,
}

impl FormAnswers {
    /// Reads the form's `(name, value)` pairs. A choice names its option by
    /// position, which is turned back into the option's `value`; a
    /// position the item does not have is kept as it was sent, so the
    /// validator names it. Unknown fields and empty notes are ignored.
    pub fn read<K: AsRef<str>, V: AsRef<str>>(input: &DecideInput, pairs: &[(K, V)]) -> Self {
        let mut form = FormAnswers::default();
        let slot = |form: &mut FormAnswers, id: ItemId| -> usize {
            match form.answers.iter().position(|(i, _, _)| *i == id) {
                Some(at) => at,
                None => {
                    form.answers.push((id, None, String::new()));
                    form.answers.len() - 1
                }
            }
        };
        for (name, value) in pairs {
            let value = value.as_ref();
            match Field::parse(name.as_ref()) {
                Some(Field::Session) => form.session = Some(value.to_owned()),
                Some(Field::Choice(id)) => {
                    let chosen = option_value(input.item(id), value);
                    let at = slot(&mut form, id);
                    form.answers[at].1 = Some(chosen);
                }
                Some(Field::Note(id)) if !value.trim().is_empty() => {
                    let at = slot(&mut form, id);
                    form.answers[at].2 = value.to_owned();
                }
                _ => {}
            }
        }
        // In the input's order, as the output lists them.
        form.answers
            .sort_by_key(|(id, _, _)| input.position(*id).unwrap_or(usize::MAX));
        form
    }

    /// `{"decisions":[...]}` of the items with a choice, for
    /// `validate_output` (which names any item left open).
    pub fn output_json(&self) -> serde_json::Value {
        let decisions: Vec<AnswerJson<'_>> = self
            .answers
            .iter()
            .filter_map(|(id, chosen, note)| {
                Some(AnswerJson {
                    id: *id,
                    chosen: Some(chosen.as_deref()?),
                    note: (!note.is_empty()).then_some(note.as_str()),
                })
            })
            .collect();
        serde_json::json!({ "decisions": decisions })
    }

    /// `{"decisions":[...]}` of every item with a choice or a note, for
    /// `validate_draft`.
    pub fn draft_json(&self) -> serde_json::Value {
        let decisions: Vec<AnswerJson<'_>> = self
            .answers
            .iter()
            .map(|(id, chosen, note)| AnswerJson {
                id: *id,
                chosen: chosen.as_deref(),
                note: (!note.is_empty()).then_some(note.as_str()),
            })
            .collect();
        serde_json::json!({ "decisions": decisions })
    }
}

/// One answer as the validators read it.
#[derive(Serialize)]
struct AnswerJson<'a> {
    id: ItemId,
    #[serde(skip_serializing_if = "Option::is_none")]
    chosen: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

/// The `value` of the option at position `sent` of `item`, or `sent` itself
/// when it names none (the validator then refuses it by name).
fn option_value(item: Option<&DecideItem>, sent: &str) -> String {
    item.and_then(|item| item.options().get(sent.parse::<usize>().ok()?))
        .map_or_else(|| sent.to_owned(), |option| option.value().to_owned())
}

/// `{"ok":true}`: the answers are recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded {
    pub ok: bool,
}

/// `{"ok":true,"saved_at":…}`: the draft is saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftSaved {
    pub ok: bool,
    pub saved_at: crate::model::Timestamp,
}

/// `{"error":"…","hint":…}`: why a request was refused, in the page's
/// language, and what to do about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    pub error: String,
    #[serde(default)]
    pub hint: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input() -> DecideInput {
        crate::validate_input(&json!({
            "task": "t", "source": "s",
            "items": [
                {"id": 2, "title": "a", "options": [{"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]},
                {"id": 7, "title": "b", "options": [{"value": "p", "label": "P"}, {"value": "q", "label": "Q"}]}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn field_names_round_trip() {
        let id = ItemId::new(12).unwrap();
        for field in [Field::Session, Field::Choice(id), Field::Note(id)] {
            assert_eq!(Field::parse(&field.name()), Some(field));
        }
        assert_eq!(Field::parse("item-0"), None);
        assert_eq!(Field::parse("item-x"), None);
        assert_eq!(Field::parse("other"), None);
    }

    #[test]
    fn a_form_reads_as_answers_in_the_inputs_order() {
        let pairs = [
            ("session", "s1"),
            ("note-7", "why"),
            ("item-7", "1"),
            ("item-2", "0"),
            ("note-2", "  "),
            ("stray", "1"),
        ];
        let form = FormAnswers::read(&input(), &pairs);
        assert_eq!(form.session.as_deref(), Some("s1"));
        assert_eq!(
            form.output_json(),
            json!({"decisions": [{"id": 2, "chosen": "x"}, {"id": 7, "chosen": "q", "note": "why"}]})
        );
        let output = crate::validate_output(&input(), &form.output_json()).unwrap();
        assert_eq!(output.decisions().len(), 2);
    }

    #[test]
    fn a_draft_keeps_notes_of_open_items_and_an_unknown_position_is_named() {
        let form = FormAnswers::read(&input(), &[("note-2", "later"), ("item-7", "9")]);
        assert_eq!(
            form.draft_json(),
            json!({"decisions": [{"id": 2, "note": "later"}, {"id": 7, "chosen": "9"}]})
        );
        let errors = crate::validate_draft(&input(), &form.draft_json()).unwrap_err();
        assert!(
            errors.to_string().contains("decisions[1].chosen"),
            "{errors}"
        );
    }
}
