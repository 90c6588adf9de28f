//! A small decision as the client's own form, and that form's answers as
//! the page's form fields.
//!
//! The form's properties are named as the page's fields are
//! (`item-{id}`, `note-{id}`): per item one required choice, titled with
//! each option's label, score and whether it is recommended, the
//! recommendation as its default, a choice to skip when the item allows
//! it; and an optional note. Its answers name options by value; the page
//! takes positions, so they are turned back into positions here, and the
//! page's one parser and validation do the rest.

use super::OpenItems;
use app::i18n::{AgentMsg, Msg};
use app::page::protocol::{CHOICE_SKIP, Field};
use app::{DecideItem, Lang, SessionId};
use rmcp::model::{
    ConstTitle, ElicitationSchema, EnumSchema, LegacyEnumSchema, PrimitiveSchemaDefinition,
    SingleSelectEnumSchema, StringSchema, TitledSingleSelectEnumSchema,
};
use serde_json::Value;
use std::collections::BTreeMap;

/// The form asking the open items: `titled` choices (`oneOf`, 2025-11-25
/// on), else `enum` with `enumNames` (2025-06-18).
pub fn schema(open: &OpenItems, titled: bool, lang: Lang) -> ElicitationSchema {
    let text = |msg: AgentMsg| Msg::Agent(msg).text(lang);
    let mut properties = BTreeMap::new();
    let mut order = Vec::new();
    let mut required = Vec::new();
    for item in open.items() {
        let choices: Vec<(String, String)> = item
            .options()
            .iter()
            .map(|option| {
                let title = text(AgentMsg::FormChoice {
                    label: option.label().to_owned(),
                    score: option.score().map(app::Score::get),
                    recommended: item.recommended().iter().any(|v| v == option.value()),
                });
                (option.value().to_owned(), title)
            })
            .chain(
                item.allow_skip()
                    .then(|| (skip_value(item), text(AgentMsg::FormSkip))),
            )
            .collect();
        let choice = Field::Choice(item.id()).name();
        let note = Field::Note(item.id()).name();
        properties.insert(
            choice.clone(),
            PrimitiveSchemaDefinition::Enum(choice_schema(item, choices, titled)),
        );
        let title = text(AgentMsg::FormNote {
            title: item.title().to_owned(),
        });
        properties.insert(
            note.clone(),
            PrimitiveSchemaDefinition::String(StringSchema::new().title(title)),
        );
        required.push(choice.clone());
        order.extend([choice, note]);
    }
    let mut schema = ElicitationSchema::new(properties)
        .with_required(required)
        .with_title(open.input().task().to_owned());
    schema.property_order = Some(order);
    schema
}

/// One item's choice: titled by the item, explained by its context, the
/// recommendation preselected.
fn choice_schema(item: &DecideItem, choices: Vec<(String, String)>, titled: bool) -> EnumSchema {
    let title = Some(item.title().to_owned().into());
    let description = item.context().map(|c| c.to_owned().into());
    let default = item.recommend().map(str::to_owned);
    if titled {
        let one_of = choices
            .into_iter()
            .map(|(value, title)| ConstTitle::new(value, title))
            .collect();
        let mut schema = TitledSingleSelectEnumSchema::new(one_of);
        schema.title = title;
        schema.description = description;
        schema.default = default;
        EnumSchema::Single(SingleSelectEnumSchema::Titled(schema))
    } else {
        let (values, names) = choices.into_iter().unzip();
        let mut schema = LegacyEnumSchema::new(values);
        schema.enum_names = Some(names);
        schema.title = title;
        schema.description = description;
        schema.default = default;
        EnumSchema::Legacy(schema)
    }
}

/// The value of an item's skip choice: `skip`, unless an option already
/// has that value (then `_skip`, `__skip`…).
fn skip_value(item: &DecideItem) -> String {
    let mut value = CHOICE_SKIP.to_owned();
    while item.option(&value).is_some() {
        value.insert(0, '_');
    }
    value
}

/// The page's form fields for the form's answers (`content`, as the
/// client sent it: untrusted). A choice that names none of the item's
/// options is refused here, by name; an item left out is left for the
/// page's validation to name; a ruled item is not asked, so nothing sent
/// for it is passed on (the page records the ruling's answer).
pub fn fields(
    open: &OpenItems,
    session: &SessionId,
    content: Option<&Value>,
) -> Result<String, AgentMsg> {
    let empty = serde_json::Map::new();
    let content = content.and_then(Value::as_object).unwrap_or(&empty);
    let mut form = form_urlencoded::Serializer::new(String::new());
    form.append_pair(&Field::Session.name(), &session.to_string());
    for item in open.items() {
        let unknown = |value: String| AgentMsg::FormUnknownChoice {
            item: item.id().get(),
            value: app::i18n::cut(&value, app::i18n::ECHO_CHARS),
        };
        let choice = Field::Choice(item.id()).name();
        match content.get(&choice) {
            None | Some(Value::Null) => {}
            Some(Value::String(value)) if item.allow_skip() && *value == skip_value(item) => {
                form.append_pair(&choice, CHOICE_SKIP);
            }
            Some(Value::String(value)) => {
                let at = item
                    .options()
                    .iter()
                    .position(|option| option.value() == value)
                    .ok_or_else(|| unknown(value.clone()))?;
                form.append_pair(&choice, &at.to_string());
            }
            Some(other) => return Err(unknown(other.to_string())),
        }
        let note = Field::Note(item.id()).name();
        if let Some(Value::String(text)) = content.get(&note)
            && !text.trim().is_empty()
        {
            form.append_pair(&note, text);
        }
    }
    Ok(form.finish())
}
