//! The page's `data-` attributes: written by the server, read and changed
//! by the island, each spelled once here.

use leptos::attr::Attribute;
use leptos::attr::custom::custom_attribute;

/// A `data-` attribute of the page's markup. A flag is written
/// `="true"` when set and left out otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Data {
    /// An item's position in the session (from 0).
    N,
    /// The positions of an item's recommended options: `0,2`.
    Recommend,
    /// A stub's flag: the item is answered (the island counts it before
    /// the item arrives).
    Answered,
    /// A stub's flag: its answer differs from the recommendation.
    Differs,
    /// An item's flag: it takes several options.
    Multiple,
    /// An item's flag: it takes an answer of one's own.
    Other,
    /// An item's flag: it may be skipped.
    Skip,
    /// A summary row's flag: the item is open.
    Open,
    /// `<main>`'s flag: the island has hydrated and counted the form (on
    /// a page without an island, the islands script sets it).
    Hydrated,
    /// The flag of the line about the items on their way: they could not
    /// be fetched.
    Failed,
    /// The draft's state on its status line: `unchanged`, `saved`,
    /// `failed`.
    Draft,
    /// A precedent's button: the positions of the options it chooses
    /// (`0,2`), or empty with [`Data::FollowOther`].
    Follow,
    /// A precedent's button: the own answer it writes.
    FollowOther,
}

impl Data {
    pub const fn name(self) -> &'static str {
        match self {
            Data::N => "data-n",
            Data::Recommend => "data-recommend",
            Data::Answered => "data-answered",
            Data::Differs => "data-differs",
            Data::Multiple => "data-multiple",
            Data::Other => "data-other",
            Data::Skip => "data-skip",
            Data::Open => "data-open",
            Data::Hydrated => "data-hydrated",
            Data::Failed => "data-failed",
            Data::Draft => "data-draft",
            Data::Follow => "data-follow",
            Data::FollowOther => "data-follow-other",
        }
    }

    /// The value a flag is written with.
    pub const FLAG: &str = "true";

    /// The selector `[data-…]`: elements that carry the attribute.
    pub fn present(self) -> String {
        format!("[{}]", self.name())
    }

    /// The attribute with `value`, as an attribute of a `view!`.
    pub fn attr<V: leptos::attr::AttributeValue>(self, value: V) -> impl Attribute {
        custom_attribute(self.name(), value)
    }

    /// The flag when `on` is true (left out otherwise), as an attribute of
    /// a `view!`.
    pub fn flag(self, on: bool) -> impl Attribute {
        self.attr(on.then_some(Self::FLAG))
    }
}
