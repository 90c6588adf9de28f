//! The page's one island: it wraps the server-rendered form and makes it
//! live. The form is the state: the island reads and writes its fields and
//! keeps progress, the summary and drafts in step with them. What only the
//! island works (the actions above the items, progress, the submit bar and
//! the final screen) the server renders in place ([`bars`]); the island's
//! own view is the form element alone, so the WASM carries no view of the
//! page to hydrate. In the browser its state is plain cells (`state`), and
//! each change is shown as it is made (`paint`): no signal or effect
//! of its own, each of which would be its own code in the WASM.

mod bars;
#[cfg(feature = "hydrate")]
mod browser;
#[cfg(feature = "hydrate")]
pub(crate) mod draft;
#[cfg(feature = "hydrate")]
mod ending;
#[cfg(feature = "hydrate")]
mod fields;
#[cfg(feature = "hydrate")]
mod focus;
#[cfg(feature = "hydrate")]
mod follow;
#[cfg(feature = "hydrate")]
mod keys;
#[cfg(feature = "hydrate")]
mod more;
#[cfg(feature = "hydrate")]
mod paint;
#[cfg(feature = "hydrate")]
mod request;
#[cfg(feature = "hydrate")]
mod send;
#[cfg(feature = "hydrate")]
mod show;
#[cfg(feature = "hydrate")]
mod state;
#[cfg(feature = "hydrate")]
mod tally;

pub use bars::{DoneScreen, submit_bar, toolbar};
#[cfg(feature = "hydrate")]
pub(crate) use state::{DraftStatus, Live, Phase, Rest};

use super::protocol::{Class, Route};
use crate::Lang;
use leptos::prelude::*;

/// Where the island starts, as the server renders the bars from it. In
/// the browser the island reads what it needs of it from the page itself
/// (its language, its items, whether some were left out) and counts the
/// rest. So the island has no props: no JSON, and no JSON reader in the
/// WASM.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    pub lang: Lang,
    /// How many items the page has.
    pub total: usize,
    /// How many are answered in the form as rendered (from the draft).
    pub answered: usize,
    /// Whether any item has a recommendation (for accept-all).
    pub has_recommendations: bool,
    /// How many unanswered items have one (what accept-all would fill).
    pub open_recommended: usize,
    /// Whether any item takes an answer of one's own, or a skip (for the
    /// list of shortcuts).
    pub has_other: bool,
    pub has_skip: bool,
    /// Whether the page left items for the island to fetch.
    pub partial: bool,
    /// Where the person makes the answers a standing ruling, once they
    /// are recorded: the rulings page of the session (issue 56).
    pub rulings: Option<String>,
}

/// The form and everything live around it. `children` are the form's
/// fields, the summary and the bars, as the server rendered them. The
/// browser does not restore fields on a reload (`autocomplete="off"`): the
/// server renders them from the draft, which is the truth.
#[island]
pub fn LiveForm(children: Children) -> impl IntoView {
    #[cfg(feature = "hydrate")]
    browser::wake();
    view! {
        <form
            class=Class::Decisions.name()
            method="post"
            action=Route::Form.path()
            autocomplete="off"
        >
            {children()}
        </form>
    }
}
