//! The shapes of aide's formats: the fields each raw struct knows, and
//! which of them hold raw structs, for naming unknown fields anywhere.

use super::raw::{
    RawDecision, RawDraft, RawInput, RawItem, RawLocation, RawMeta, RawOption, RawOutput,
    RawRecord, RawRule, known,
};

/// The fields a raw struct knows, and which of them hold raw structs.
pub(crate) struct Shape {
    pub(super) known: fn() -> &'static [&'static str],
    pub(super) nested: &'static [(&'static str, Nested)],
}

#[derive(Clone, Copy)]
pub(super) enum Nested {
    /// The field holds one.
    One(&'static Shape),
    /// The field is an array of them.
    Each(&'static Shape),
}

static OPTION: Shape = Shape {
    known: || known::<RawOption>(),
    nested: &[],
};

static LOCATION: Shape = Shape {
    known: || known::<RawLocation>(),
    nested: &[],
};

static RULE: Shape = Shape {
    known: || known::<RawRule>(),
    nested: &[],
};

static ITEM: Shape = Shape {
    known: || known::<RawItem>(),
    nested: &[
        ("location", Nested::One(&LOCATION)),
        ("if_unanswered", Nested::One(&RULE)),
        ("options", Nested::Each(&OPTION)),
    ],
};

static META: Shape = Shape {
    known: || known::<RawMeta>(),
    nested: &[],
};

pub(crate) static INPUT: Shape = Shape {
    known: || known::<RawInput>(),
    nested: &[
        ("items", Nested::Each(&ITEM)),
        ("_meta", Nested::One(&META)),
    ],
};

static DECISION: Shape = Shape {
    known: || known::<RawDecision>(),
    nested: &[],
};

pub(crate) static OUTPUT: Shape = Shape {
    known: || known::<RawOutput>(),
    nested: &[("decisions", Nested::Each(&DECISION))],
};

pub(crate) static RECORD: Shape = Shape {
    known: || known::<RawRecord>(),
    nested: &[
        ("input", Nested::One(&INPUT)),
        ("output", Nested::One(&OUTPUT)),
    ],
};

pub(crate) static DRAFT: Shape = Shape {
    known: || known::<RawDraft>(),
    nested: &[("decisions", Nested::Each(&DECISION))],
};
