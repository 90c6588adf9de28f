//! The page protocol, typed once for the browser and the server: where the
//! page sends things, what its form fields are called, and the bodies that
//! come back.
//!
//! The form is the page's state. The server renders it with the answers
//! saved so far; without JavaScript it is posted as it is (`POST /submit`);
//! the hydrated page sends the very same fields, URL-encoded, to save a
//! draft and to submit. So one reader, [`FormAnswers`], turns any of them
//! into the answers that `validate_output` and `validate_draft` check.

use crate::model::{DecideInput, DecideItem, DecideOutput, DraftEntry, ItemId};
use crate::validate::{Field as RawField, OneOrMany, RawDecision, ValidationErrors};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

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
    /// `GET`: the items after the first ones, as server HTML
    /// ([`ItemsQuery`]); the island fetches them once it runs.
    Items,
    /// `GET`: the form as the MCP App view shows it (its first items), as
    /// server HTML; `aide mcp` fetches it for the view.
    View,
    /// `GET`: how the session ended, once it has (a long poll): `204`
    /// while it is open, or the screen to show as server HTML, its kind in
    /// [`OUTCOME_HEADER`]. Every open page waits on it, so each learns
    /// within moments that another page answered, or that the agent
    /// withdrew the question.
    Outcome,
}

impl Route {
    pub const fn path(self) -> &'static str {
        match self {
            Route::Page => "/",
            Route::Decisions => "/api/decisions",
            Route::Draft => "/api/draft",
            Route::Form => "/submit",
            Route::Items => "/api/items",
            Route::View => "/api/view",
            Route::Outcome => "/api/outcome",
        }
    }
}

/// How many items the page carries in full. The rest arrive from
/// [`Route::Items`] once the island runs, so a long session is quick to
/// show and to make interactive; a browser without JavaScript is sent to
/// the page with every item ([`ALL_ITEMS_QUERY`]).
pub const FIRST_ITEMS: usize = 20;

/// How many items one request to [`Route::Items`] returns at most.
pub const ITEMS_PER_REQUEST: usize = 100;

/// The class of an item the page left for the island to fetch (a stub:
/// its heading only).
pub const STUB_CLASS: &str = "stub";

/// The query of the page with every item in full.
pub const ALL_ITEMS_QUERY: &str = "?items=all";

/// The page's query: `items=all` asks for every item in full.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PageQuery {
    pub items: Option<String>,
}

impl PageQuery {
    /// Whether the page should carry every item in full.
    pub fn all_items(&self) -> bool {
        self.items.as_deref() == Some("all")
    }
}

/// The query of [`Route::Items`]: the items from position `from` (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemsQuery {
    pub from: usize,
}

/// The request header that names the session the page shows; a page left
/// open from a replaced session can then never answer the new one. Form
/// bodies carry the same in [`Field::Session`].
pub const SESSION_HEADER: &str = "x-aide-session";

/// The request header with which `aide mcp` says where the person gave
/// the answers it passes on: `view` (the App view) or `elicitation` (the
/// client's own form). Without it, form fields came from the page and
/// JSON from a program (`app::Via`).
pub const VIA_HEADER: &str = "x-aide-via";

/// The request header that names one open page (a random id the island
/// picks): the server counts the pages that learned how the session
/// ended, each once, however many requests it sends.
pub const PAGE_HEADER: &str = "x-aide-page";

/// The response header of [`Route::Outcome`] that says how the session
/// ended ([`crate::page::Ended::code`]).
pub const OUTCOME_HEADER: &str = "x-aide-outcome";

/// How long the server holds a request to [`Route::Outcome`] before it
/// answers that the session is still open (the page then asks again).
pub const OUTCOME_WAIT_SECS: u64 = 20;

/// The media type of the hydrated page's form bodies.
pub const FORM_MEDIA_TYPE: &str = "application/x-www-form-urlencoded";

/// A field of the page's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The session the page shows (a hidden field).
    Session,
    /// An item's choice: an option's position in the item (from 0), or
    /// [`CHOICE_OTHER`] or [`CHOICE_SKIP`]; several for a `multiple` item.
    Choice(ItemId),
    /// The text of an answer of the person's own.
    Other(ItemId),
    /// An item's note.
    Note(ItemId),
}

/// The choice of an answer of one's own (the text is in [`Field::Other`]).
pub const CHOICE_OTHER: &str = "other";
/// The choice of leaving the item undecided.
pub const CHOICE_SKIP: &str = "skip";

impl Field {
    /// The field's `name` in the form.
    pub fn name(self) -> String {
        match self {
            Field::Session => "session".to_owned(),
            Field::Choice(id) => format!("item-{id}"),
            Field::Other(id) => format!("other-{id}"),
            Field::Note(id) => format!("note-{id}"),
        }
    }

    /// The field a form name stands for, if any.
    pub fn parse(name: &str) -> Option<Field> {
        if name == "session" {
            return Some(Field::Session);
        }
        let (kind, id) = name.split_once('-')?;
        let id = ItemId::new(id.parse().ok()?)?;
        match kind {
            "item" => Some(Field::Choice(id)),
            "other" => Some(Field::Other(id)),
            "note" => Some(Field::Note(id)),
            _ => None,
        }
    }
}

/// The `id` of an element of the page that the island looks up: one
/// spelling for the server's markup and the browser's look-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DomId<'a> {
    /// An item's fieldset (also its summary row's link target).
    Item(ItemId),
    /// An item's row in the summary.
    Summary(ItemId),
    /// The input of one choice: an option's position, [`CHOICE_OTHER`] or
    /// [`CHOICE_SKIP`].
    Choice(ItemId, &'a str),
    /// The text box of an answer of one's own.
    OtherText(ItemId),
    /// The note (its id is its field's name).
    Note(ItemId),
    /// The line that says the items after the first ones are on their way.
    MoreItems,
}

impl DomId<'_> {
    pub fn get(self) -> String {
        match self {
            DomId::Item(id) => format!("item-{id}"),
            DomId::Summary(id) => format!("sum-{id}"),
            DomId::Choice(id, choice) => format!("o{id}-{choice}"),
            DomId::OtherText(id) => format!("o{id}-other-text"),
            DomId::Note(id) => Field::Note(id).name(),
            DomId::MoreItems => "more-items".to_owned(),
        }
    }

    /// The item whose fieldset has the id `dom_id`.
    pub fn item_of(dom_id: &str) -> Option<ItemId> {
        ItemId::new(dom_id.strip_prefix("item-")?.parse().ok()?)
    }
}

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
        crate::validate::form_output(input, self.raw())
    }

    /// The answers so far (items may be open), checked the same way.
    pub fn draft(self, input: &DecideInput) -> Result<Vec<DraftEntry>, ValidationErrors> {
        crate::validate::form_draft(input, self.raw())
    }

    fn raw(self) -> Vec<RawField<RawDecision<'static>>> {
        self.entries.into_iter().map(RawField::Is).collect()
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
        }
    }
}

/// The `value` of the option at position `sent` of `item`, or `sent` itself
/// when it names none (the rule pass then refuses it by name).
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

impl Refusal {
    /// The name of the message's field, as serde writes it.
    pub const ERROR_FIELD: &str = "error";

    /// The message of a refusal's JSON text, read by the browser's own
    /// JSON reader: the WASM carries no JSON reader of its own.
    #[cfg(feature = "hydrate")]
    pub fn error_in(text: &str) -> Option<String> {
        let value = js_sys::JSON::parse(text).ok()?;
        js_sys::Reflect::get(&value, &Self::ERROR_FIELD.into())
            .ok()?
            .as_string()
    }
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
    fn the_browser_reads_a_refusal_by_the_name_serde_writes() {
        let refusal = Refusal {
            error: "why".into(),
            hint: None,
        };
        let value = serde_json::to_value(&refusal).unwrap();
        assert_eq!(value[Refusal::ERROR_FIELD], "why");
    }

    #[test]
    fn an_items_dom_id_names_it() {
        let id = ItemId::new(7).unwrap();
        assert_eq!(DomId::item_of(&DomId::Item(id).get()), Some(id));
        assert_eq!(DomId::item_of(&DomId::Summary(id).get()), None);
        assert_eq!(DomId::Note(id).get(), Field::Note(id).name());
    }

    #[test]
    fn field_names_round_trip() {
        let id = ItemId::new(12).unwrap();
        for field in [
            Field::Session,
            Field::Choice(id),
            Field::Other(id),
            Field::Note(id),
        ] {
            assert_eq!(Field::parse(&field.name()), Some(field));
        }
        for name in ["item-0", "item-x", "other", "item-", "items-1", "note-1-2"] {
            assert_eq!(Field::parse(name), None, "{name}");
        }
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
