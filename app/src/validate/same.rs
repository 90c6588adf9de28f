//! Whether a record's raw `input` is exactly a validated input: a record
//! that asks what the pending session asks needs no rule pass of its own
//! (equal to a valid input is valid), and comparing borrows every text.

use super::raw::{
    Number, OneOrMany, RawField, RawInput, RawItem, RawLocation, RawMeta, RawOption, RawRule, Text,
};
use crate::model::input::Recommend;
use crate::model::{
    DecideInput, DecideItem, DecideOption, Diff, IfUnanswered, Image, Location, Meta, Take,
};

fn text(field: &RawField<Text<'_>>, written: &str) -> bool {
    matches!(field, RawField::Is(text) if text == written)
}

fn optional_text(field: &RawField<Text<'_>>, written: Option<&str>) -> bool {
    match (field, written) {
        (RawField::Absent, None) => true,
        (field, Some(written)) => text(field, written),
        _ => false,
    }
}

fn number(field: &RawField<Number>, written: u64) -> bool {
    matches!(field, RawField::Is(Number::Unsigned(n)) if *n == written)
}

fn flag(field: &RawField<bool>, written: bool) -> bool {
    match field {
        RawField::Absent => !written,
        RawField::Is(flag) => *flag == written,
        RawField::Not(_) => false,
    }
}

fn texts(field: &RawField<Vec<RawField<Text<'_>>>>, written: &[String]) -> bool {
    match field {
        RawField::Absent => written.is_empty(),
        RawField::Is(list) => {
            list.len() == written.len() && list.iter().zip(written).all(|(a, b)| text(a, b))
        }
        RawField::Not(_) => false,
    }
}

/// Whether `raw` asks exactly what `input` asks.
pub(crate) fn same_input(raw: &RawInput<'_>, input: &DecideInput) -> bool {
    let RawField::Is(items) = &raw.items else {
        return false;
    };
    text(&raw.task, input.task())
        && text(&raw.source, input.source())
        && items.len() == input.items().len()
        && items
            .iter()
            .zip(input.items())
            .all(|(raw, item)| match raw {
                RawField::Is(raw) => same_item(raw, item),
                _ => false,
            })
}

fn same_item(raw: &RawItem<'_>, item: &DecideItem) -> bool {
    let RawField::Is(options) = &raw.options else {
        return false;
    };
    number(&raw.id, u64::from(item.id().get()))
        && text(&raw.title, item.title())
        && same_location(&raw.location, item.location())
        && optional_text(&raw.context, item.context())
        && same_recommend(&raw.recommend, item.recommend.as_ref())
        && flag(&raw.multiple, item.multiple())
        && flag(&raw.allow_other, item.allow_other())
        && flag(&raw.allow_skip, item.allow_skip())
        && flag(&raw.reversible, item.reversible())
        && same_rule(&raw.if_unanswered, item.if_unanswered())
        && optional_text(&raw.ask, item.ask_always().then_some("always"))
        && options.len() == item.options().len()
        && options
            .iter()
            .zip(item.options())
            .all(|(raw, option)| match raw {
                RawField::Is(raw) => same_option(raw, option),
                _ => false,
            })
}

fn same_location(raw: &RawField<RawLocation<'_>>, written: Option<&Location>) -> bool {
    match (raw, written) {
        (RawField::Absent, None) => true,
        (RawField::Is(raw), Some(location)) => {
            text(&raw.file, location.file())
                && number(&raw.start, u64::from(location.start()))
                && number(&raw.end, u64::from(location.end()))
        }
        _ => false,
    }
}

fn same_rule(raw: &RawField<RawRule<'_>>, written: Option<&IfUnanswered>) -> bool {
    match (raw, written) {
        (RawField::Absent, None) => true,
        (RawField::Is(raw), Some(rule)) => {
            text(&raw.after, rule.after().written()) && text(&raw.take, Take::NAMES[0])
        }
        _ => false,
    }
}

fn same_recommend(raw: &RawField<OneOrMany<'_>>, written: Option<&Recommend>) -> bool {
    match (raw, written) {
        (RawField::Absent, None) => true,
        (RawField::Is(OneOrMany::One(raw)), Some(Recommend::One(value))) => raw == value,
        (RawField::Is(OneOrMany::Many(raw)), Some(Recommend::Many(values))) => {
            raw.len() == values.len() && raw.iter().zip(values).all(|(a, b)| text(a, b))
        }
        _ => false,
    }
}

fn same_option(raw: &RawOption<'_>, option: &DecideOption) -> bool {
    let score = match (&raw.score, option.score()) {
        (RawField::Absent, None) => true,
        (field, Some(score)) => number(field, u64::from(score.get())),
        _ => false,
    };
    text(&raw.value, option.value())
        && text(&raw.label, option.label())
        && score
        && texts(&raw.pros, option.pros())
        && texts(&raw.cons, option.cons())
        && optional_text(&raw.preview, option.preview())
        && optional_text(&raw.diff, option.diff().map(Diff::text))
        && optional_text(&raw.diff_file, option.diff_file())
        && same_image(raw, option.image())
}

/// The same picture: its path, and its bytes as written.
fn same_image(raw: &RawOption<'_>, image: Option<&Image>) -> bool {
    use base64::Engine;
    match image {
        None => matches!(
            (&raw.image, &raw.image_data),
            (RawField::Absent, RawField::Absent)
        ),
        Some(image) => {
            let data = base64::engine::general_purpose::STANDARD.encode(image.bytes());
            text(&raw.image, image.file()) && text(&raw.image_data, &data)
        }
    }
}

/// Whether a record's `_meta` agrees with the pending session's: a record
/// without one (the format's own shape) agrees with any.
pub(crate) fn same_meta(raw: &RawField<RawMeta<'_>>, meta: &Meta) -> bool {
    match raw {
        RawField::Absent => true,
        RawField::Is(raw) => {
            let created = match &raw.created_at {
                RawField::Is(text) => crate::model::Timestamp::parse(text) == Some(meta.created_at),
                _ => false,
            };
            let session = matches!(&raw.session_id, RawField::Is(text)
                if text.parse::<crate::model::SessionId>().as_ref() == Ok(&meta.session_id));
            created && session
        }
        RawField::Not(_) => false,
    }
}
