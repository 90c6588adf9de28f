//! The fields of the page's form: their names, for the server's markup,
//! the browser's reads and the reader of posted forms.

use crate::model::ItemId;

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
    /// A hidden field: the person said "Decide later" for the item (its
    /// value `1`); an answer to the item takes it back.
    Later(ItemId),
}

/// The choice of an answer of one's own (the text is in [`Field::Other`]).
pub const CHOICE_OTHER: &str = "other";
/// The choice of leaving the item undecided.
pub const CHOICE_SKIP: &str = "skip";
/// The name of the button that says an item's precedent is not the same
/// question (its value: the item's id). The form posted with it is kept
/// as the draft, not submitted; answers read from a form ignore it.
pub const NOT_SAME: &str = "not_same";
/// The name of an item's "Decide later" button (its value: the item's
/// id): as [`NOT_SAME`], the form is kept as the draft with the item
/// marked to decide later.
pub const LATER: &str = "later";
/// The name of an item's "Decide now" button (its value: the item's id):
/// the form is kept as the draft without that mark.
pub const NOW: &str = "now";
/// The name of a ruled item's "Overturn" button (its value: the item's
/// id): as [`NOT_SAME`], the form is kept as the draft, and the standing
/// ruling's answer to the item is overturned: the item is open again.
pub const OVERTURN: &str = "overturn";
/// The name of a precedent's "Same as before" button (its value: the
/// item's id): as [`NOT_SAME`], the form is kept as the draft, with the
/// item answered as its precedent was. The island answers in place; the
/// App view posts the form with it (`server/src/web/posted.rs`).
pub const FOLLOW: &str = "follow";
/// Every button that posts the form without submitting it.
pub const POSTED: [&str; 5] = [NOT_SAME, LATER, NOW, OVERTURN, FOLLOW];

impl Field {
    /// The field's `name` in the form.
    pub fn name(self) -> String {
        match self {
            Field::Session => "session".to_owned(),
            Field::Choice(id) => format!("item-{id}"),
            Field::Other(id) => format!("other-{id}"),
            Field::Note(id) => format!("note-{id}"),
            Field::Later(id) => format!("later-{id}"),
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
            "later" => Some(Field::Later(id)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_names_round_trip() {
        let id = ItemId::new(12).unwrap();
        for field in [
            Field::Session,
            Field::Choice(id),
            Field::Other(id),
            Field::Note(id),
            Field::Later(id),
        ] {
            assert_eq!(Field::parse(&field.name()), Some(field));
        }
        for name in ["item-0", "item-x", "other", "item-", "items-1", "note-1-2"] {
            assert_eq!(Field::parse(name), None, "{name}");
        }
    }
}
