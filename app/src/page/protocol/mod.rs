//! The page protocol, typed once for the browser and the server: where the
//! page sends things, what its form fields are called, and the bodies that
//! come back.
//!
//! The form is the page's state. The server renders it with the answers
//! saved so far; without JavaScript it is posted as it is (`POST /submit`);
//! the hydrated page sends the very same fields, URL-encoded, to save a
//! draft and to submit. So one reader, [`FormAnswers`], turns any of them
//! into the answers that `validate_output` and `validate_draft` check.

mod data;
mod dom;
mod field;
mod form;
mod reply;

pub use data::Data;
pub use dom::{Class, DomId};
pub use field::{CHOICE_OTHER, CHOICE_SKIP, FOLLOW, Field, LATER, NOT_SAME, NOW, OVERTURN, POSTED};
pub use form::FormAnswers;
pub use reply::{DraftSaved, Recorded, Refusal};

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
    /// `GET`: an earlier record of this project, as a page
    /// (`/record/{session_id}`): where a precedent's link leads.
    Record,
    /// `GET`: the picture of an option of the session's
    /// (`/image/{session}/{item}/{option}`, the option by position), as
    /// its media type says, to the key holder only ([`image_path`]).
    Image,
    /// `GET`: the person's standing rulings, with a form to grant one from
    /// each answer of a record (`?session=`, by default the session
    /// served); `POST`: grant, revoke, pause or resume (a plain form).
    Rulings,
    /// `POST`: the page's form fields as `aide mcp` passes them on from
    /// where the person gave them ([`Relay`]). Opened by a secret only
    /// `aide mcp` reads, never by the page's key; the route, not the
    /// request, says where the answers came from.
    Relayed(Relay),
}

/// Where the answers `aide mcp` passes on were given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relay {
    /// The MCP App view.
    View,
    /// The client's own form (form elicitation).
    Elicitation,
}

impl Relay {
    /// How the record names it.
    pub const fn via(self) -> crate::Via {
        match self {
            Relay::View => crate::Via::View,
            Relay::Elicitation => crate::Via::Elicitation,
        }
    }
}

impl Route {
    /// The path of [`Route::Record`] before the session id.
    pub const RECORD_PREFIX: &str = "/record/";

    /// The path, as the router matches it.
    pub const fn path(self) -> &'static str {
        match self {
            Route::Page => "/",
            Route::Decisions => "/api/decisions",
            Route::Draft => "/api/draft",
            Route::Form => "/submit",
            Route::Items => "/api/items",
            Route::View => "/api/view",
            Route::Outcome => "/api/outcome",
            Route::Record => "/record/{session}",
            Route::Rulings => "/rulings",
            Route::Image => "/image/{session}/{item}/{option}",
            Route::Relayed(Relay::View) => "/api/relay/view",
            Route::Relayed(Relay::Elicitation) => "/api/relay/elicitation",
        }
    }
}

/// The address of the picture of option `k` (from 0) of item `item` of
/// `session` ([`Route::Image`]): the session is in it, so a browser never
/// shows a picture it kept from another session served at the same port.
pub fn image_path(session: &crate::SessionId, item: crate::ItemId, k: usize) -> String {
    format!("/image/{session}/{item}/{k}")
}

/// How long after the last change a draft is saved: the island's and the
/// App view's, one save at a time.
pub const DRAFT_DEBOUNCE: std::time::Duration = std::time::Duration::from_millis(400);

/// How many items the page carries in full. The rest arrive from
/// [`Route::Items`] once the island runs, so a long session is quick to
/// show and to make interactive; a browser without JavaScript is sent to
/// the page with every item ([`ALL_ITEMS_QUERY`]).
pub const FIRST_ITEMS: usize = 20;

/// How many items one request to [`Route::Items`] returns at most.
pub const ITEMS_PER_REQUEST: usize = 100;

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

/// The query of [`Route::Items`]: the items from position `from` (from 0),
/// or (`item`) the one item of that id, as it is now; `inline_images` for
/// the App view, which shows pictures from the HTML itself
/// ([`crate::page::Images::Inline`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemsQuery {
    pub from: usize,
    #[serde(default)]
    pub inline_images: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<u32>,
}

impl ItemsQuery {
    /// The query as it is written after the route's path.
    pub fn query(self) -> String {
        let mut query = format!("?from={}", self.from);
        if self.inline_images {
            query.push_str("&inline_images=true");
        }
        if let Some(item) = self.item {
            query.push_str(&format!("&item={item}"));
        }
        query
    }
}

/// The request header that names the session the page shows; a page left
/// open from a replaced session can then never answer the new one. Form
/// bodies carry the same in [`Field::Session`].
pub const SESSION_HEADER: &str = "x-aide-session";

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
