//! Reading a posted form: the page's fields, from the plain form or the
//! island, turned into one raw decision per item for the one rule pass.

use super::field::{CHOICE_OTHER, CHOICE_SKIP, Field};
use crate::model::{Answer, DecideInput, DecideItem, DecideOutput, Decision, DraftEntry, ItemId};
use crate::validate::{OneOrMany, RawDecision, RawField, ValidationErrors};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The answers a form carries, read against the input it answers: one raw
/// decision per item, in the items' order, for the one rule pass that
/// also checks answers sent as JSON (no JSON is written in between).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormAnswers {
    /// The session the form says it answers.
    pub session: Option<String>,
    /// One per item of the input, then one per unknown item the form
    /// named (so the rule pass names it).
    entries: Vec<RawDecision<'static>>,
}

/// What one item's fields said, before they are one raw decision.
#[derive(Default)]
struct Fields {
    /// Option values, in the order sent (a position the item does not
    /// have is kept as sent, so the rule pass names it).
    chosen: Vec<String>,
    other: bool,
    other_text: Option<String>,
    skipped: bool,
    note: Option<String>,
    later: bool,
}

impl FormAnswers {
    /// Reads the form's `(name, value)` pairs. Unknown fields, blank notes
    /// and the text of an own answer not chosen are ignored.
    pub fn read<K: AsRef<str>, V: AsRef<str>>(input: &DecideInput, pairs: &[(K, V)]) -> Self {
        let items = input.items();
        let mut fields: Vec<Fields> = items.iter().map(|_| Fields::default()).collect();
        // Items the input does not have (a forged or stale form): kept, so
        // the rule pass names each.
        let mut strangers: BTreeMap<ItemId, Fields> = BTreeMap::new();
        let mut session = None;
        for (name, value) in pairs {
            let value = value.as_ref();
            let (id, kind) = match Field::parse(name.as_ref()) {
                Some(Field::Session) => {
                    session = Some(value.to_owned());
                    continue;
                }
                Some(Field::Choice(id)) => (id, Field::Choice(id)),
                Some(Field::Other(id)) => (id, Field::Other(id)),
                Some(Field::Note(id)) => (id, Field::Note(id)),
                Some(Field::Later(id)) => (id, Field::Later(id)),
                None => continue,
            };
            let position = input.position(id);
            let slot = match position {
                Some(at) => &mut fields[at],
                None => strangers.entry(id).or_default(),
            };
            match kind {
                Field::Choice(_) => match value {
                    CHOICE_OTHER => slot.other = true,
                    CHOICE_SKIP => slot.skipped = true,
                    _ => slot
                        .chosen
                        .push(option_value(position.map(|at| &items[at]), value)),
                },
                Field::Other(_) => slot.other_text = Some(value.to_owned()),
                Field::Note(_) if !value.trim().is_empty() => slot.note = Some(value.to_owned()),
                Field::Later(_) => slot.later = true,
                _ => {}
            }
        }
        let known = items
            .iter()
            .zip(fields)
            .map(|(item, f)| (item.id(), item.multiple(), f));
        let strangers = strangers.into_iter().map(|(id, f)| (id, false, f));
        let entries = known
            .chain(strangers)
            .map(|(id, multiple, fields)| fields.into_raw(id, multiple))
            .collect();
        FormAnswers { session, entries }
    }

    /// The answers, checked by the rule pass: every item answered once,
    /// each problem placed at its item for the person.
    pub fn output(self, input: &DecideInput) -> Result<DecideOutput, ValidationErrors> {
        self.output_ruled(input, &[])
    }

    /// [`FormAnswers::output`] of a page that lists the items a standing
    /// ruling answered (`ruled`) apart from its open items: those answers
    /// are the ruling's, whatever the form says of the item, and say so;
    /// the person's answer to an item whose ruling they overturned says
    /// that too.
    pub fn output_ruled(
        mut self,
        input: &DecideInput,
        ruled: &[Decision],
    ) -> Result<DecideOutput, ValidationErrors> {
        for decision in ruled {
            let standing = matches!(decision.by(), crate::model::By::Ruling(_));
            let (true, Some(at), Some(value)) = (
                standing,
                input.position(decision.id()),
                ruled_value(decision),
            ) else {
                continue;
            };
            let fields = Fields {
                chosen: vec![value.to_owned()],
                ..Fields::default()
            };
            if let Some(entry) = self.entries.get_mut(at) {
                *entry = fields.into_raw(decision.id(), input.items()[at].multiple());
            }
        }
        let mut output = self.answers(input)?;
        for decision in &mut output.decisions {
            if let Some(by) = ruled.iter().find(|r| r.id() == decision.id()) {
                decision.by = by.by().clone();
            }
        }
        Ok(output)
    }

    fn answers(self, input: &DecideInput) -> Result<DecideOutput, ValidationErrors> {
        // "Decide later" is the draft's: answers submitted ignore it (the
        // item is then unanswered, and named so).
        let mut raw = self.raw();
        for entry in &mut raw {
            if let RawField::Is(entry) = entry {
                entry.later = RawField::Absent;
            }
        }
        crate::validate::form_output(input, raw)
    }

    /// The answers so far (items may be open), checked the same way.
    pub fn draft(self, input: &DecideInput) -> Result<Vec<DraftEntry>, ValidationErrors> {
        crate::validate::form_draft(input, self.raw())
    }

    fn raw(self) -> Vec<RawField<RawDecision<'static>>> {
        self.entries.into_iter().map(RawField::Is).collect()
    }
}

/// The one option a ruling answered with.
fn ruled_value(decision: &Decision) -> Option<&str> {
    match decision.answer() {
        Answer::Chosen(value) => Some(value),
        Answer::ChosenMany(values) if values.len() == 1 => Some(&values[0]),
        _ => None,
    }
}

impl Fields {
    fn into_raw(self, id: ItemId, multiple: bool) -> RawDecision<'static> {
        let text = |text: String| RawField::Is(Cow::Owned(text));
        let mut chosen = self.chosen;
        let chosen = match chosen.len() {
            0 => RawField::Absent,
            1 if !multiple => RawField::Is(OneOrMany::One(Cow::Owned(chosen.remove(0)))),
            _ => RawField::Is(OneOrMany::Many(chosen.into_iter().map(text).collect())),
        };
        RawDecision {
            id: RawField::Is(crate::validate::Number::Unsigned(u64::from(id.get()))),
            chosen,
            // The text counts only when its choice is made; chosen without
            // text, it is an empty own answer (named as such).
            other: if self.other {
                text(self.other_text.unwrap_or_default())
            } else {
                RawField::Absent
            },
            skipped: if self.skipped {
                RawField::Is(true)
            } else {
                RawField::Absent
            },
            note: self.note.map_or(RawField::Absent, text),
            by: RawField::Absent,
            ruled_by: RawField::Absent,
            overturned: RawField::Absent,
            later: if self.later {
                RawField::Is(true)
            } else {
                RawField::Absent
            },
        }
    }
}

/// The `value` of the option at position `sent` of `item`, or `sent` itself
/// when it names none (the rule pass then refuses it by name).
fn option_value(item: Option<&DecideItem>, sent: &str) -> String {
    item.and_then(|item| item.options().get(sent.parse::<usize>().ok()?))
        .map_or_else(|| sent.to_owned(), |option| option.value().to_owned())
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
                {"id": 7, "title": "b", "options": [{"value": "p", "label": "P"}, {"value": "q", "label": "Q"}]},
                {"id": 8, "title": "c", "multiple": true, "allow_skip": true,
                 "options": [{"value": "m", "label": "M"}, {"value": "n", "label": "N"}, {"value": "o", "label": "O"}]},
                {"id": 9, "title": "d", "allow_other": true, "allow_skip": true,
                 "options": [{"value": "r", "label": "R"}, {"value": "s", "label": "S"}]}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn a_form_reads_as_answers_in_the_inputs_order() {
        let pairs = [
            ("session", "s1"),
            ("note-7", "why"),
            ("item-7", "1"),
            ("item-2", "0"),
            ("note-2", "  "),
            ("item-8", "2"),
            ("item-8", "0"),
            ("other-9", "my own"),
            ("item-9", "other"),
            ("stray", "1"),
        ];
        let input = input();
        let form = FormAnswers::read(&input, &pairs);
        assert_eq!(form.session.as_deref(), Some("s1"));
        let expected = crate::validate_output(
            &input,
            &json!({"decisions": [
                {"id": 2, "chosen": "x"},
                {"id": 7, "chosen": "q", "note": "why"},
                {"id": 8, "chosen": ["m", "o"]},
                {"id": 9, "other": "my own"}
            ]}),
        )
        .unwrap();
        assert_eq!(form.output(&input).unwrap(), expected);
    }

    #[test]
    fn a_skip_and_a_blank_own_answer_are_placed_at_their_item() {
        let input = input();
        let pairs = [
            ("item-2", "0"),
            ("item-7", "0"),
            ("item-8", "skip"),
            ("note-8", "ask legal"),
            ("item-9", "other"),
            ("other-9", " "),
        ];
        let form = FormAnswers::read(&input, &pairs);
        // A blank own answer is no draft yet, but an answer names it.
        let draft = form.clone().draft(&input).unwrap();
        let expected = crate::validate_draft(
            &input,
            &json!({"decisions": [
                {"id": 2, "chosen": "x"}, {"id": 7, "chosen": "p"},
                {"id": 8, "skipped": true, "note": "ask legal"}
            ]}),
        )
        .unwrap();
        assert_eq!(draft, expected);
        let errors = form.output(&input).unwrap_err();
        let error = errors.first();
        assert_eq!(
            error.place,
            crate::validate::Place::Item {
                number: 4,
                title: "d".into()
            }
        );
        assert_eq!(error.kind, crate::validate::ErrorKind::EmptyString);
    }

    #[test]
    fn an_item_left_open_and_an_unknown_position_are_named_by_item() {
        let input = input();
        let form = FormAnswers::read(&input, &[("note-2", "later"), ("item-7", "9")]);
        let draft_errors = form.clone().draft(&input).unwrap_err();
        assert_eq!(
            draft_errors.first().place,
            crate::validate::Place::Item {
                number: 2,
                title: "b".into()
            },
            "{draft_errors}"
        );
        let errors = form.output(&input).unwrap_err();
        let places: Vec<_> = errors.errors().iter().map(|e| e.place.clone()).collect();
        assert!(places.contains(&crate::validate::Place::Item {
            number: 1,
            title: "a".into()
        }));
        // A form naming an item the input does not have is refused too.
        let stale = FormAnswers::read(&input, &[("item-99", "0")]);
        let errors = stale.draft(&input).unwrap_err();
        assert_eq!(
            errors.first().kind,
            crate::validate::ErrorKind::UnknownItem { id: 99 }
        );
    }
}
