//! The view's calls with their arguments: one struct per call, from which
//! its schema (`super::tools`), its parser and its dispatch (`super::run`)
//! come. Every call carries the view's token (`super::token`), required
//! by the schema and checked before anything else.

use crate::error::CliError;
use crate::mcp::args::{ToolFields, read};
use crate::mcp::tool_name::ViewCall;
use app::SessionId;
use app::i18n::Expected;
use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Deserialize;

/// `decide_view`'s arguments: the session by id, or, before the tool's
/// result names it, by the task of the tool input (bound as the call
/// arrives, `crate::mcp::conn`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenArgs {
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub session_id: Option<SessionId>,
    #[expect(dead_code, reason = "bound as the call arrives; here only checked")]
    #[serde(default)]
    pub task: Option<String>,
    #[serde(default)]
    pub lang: Option<String>,
    /// Required by the schema; checked on the raw arguments before the
    /// call is read (`view/handle.rs`), so a call without it is refused by
    /// the token's own words.
    #[expect(dead_code, reason = "checked before the call is read")]
    #[schemars(required)]
    pub view_token: Option<String>,
}

/// `decide_view_items`'s arguments: the next batch from position `from`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemsArgs {
    #[schemars(with = "String")]
    pub session_id: SessionId,
    pub from: usize,
    #[serde(default)]
    pub lang: Option<String>,
    /// Required by the schema; checked on the raw arguments before the
    /// call is read (`view/handle.rs`), so a call without it is refused by
    /// the token's own words.
    #[expect(dead_code, reason = "checked before the call is read")]
    #[schemars(required)]
    pub view_token: Option<String>,
}

/// `decide_view_draft`'s and `decide_view_answer`'s arguments: the form's
/// fields, URL-encoded as the page posts them.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormArgs {
    #[schemars(with = "String")]
    pub session_id: SessionId,
    pub form: String,
    #[serde(default)]
    pub lang: Option<String>,
    /// Required by the schema; checked on the raw arguments before the
    /// call is read (`view/handle.rs`), so a call without it is refused by
    /// the token's own words.
    #[expect(dead_code, reason = "checked before the call is read")]
    #[schemars(required)]
    pub view_token: Option<String>,
}

pub(super) const OPEN_FIELDS: ToolFields = &[
    ("session_id", Expected::SessionId),
    ("task", Expected::Text),
    ("lang", Expected::Text),
    (super::token::ARG, Expected::Text),
];
pub(super) const ITEMS_FIELDS: ToolFields = &[
    ("session_id", Expected::SessionId),
    ("from", Expected::WholeNumber),
    ("lang", Expected::Text),
    (super::token::ARG, Expected::Text),
];
pub(super) const FORM_FIELDS: ToolFields = &[
    ("session_id", Expected::SessionId),
    ("form", Expected::Text),
    ("lang", Expected::Text),
    (super::token::ARG, Expected::Text),
];

/// One view call with its own arguments.
#[derive(Debug)]
pub enum ViewRequest {
    Open(OpenArgs),
    Items(ItemsArgs),
    Draft(FormArgs),
    Answer(FormArgs),
}

impl ViewRequest {
    /// `arguments` read as `call`'s: what is missing or wrong is said in
    /// the catalogue's words.
    pub fn read(call: ViewCall, arguments: Option<JsonObject>) -> Result<Self, CliError> {
        Ok(match call {
            ViewCall::Open => ViewRequest::Open(read(arguments, OPEN_FIELDS)?),
            ViewCall::Items => ViewRequest::Items(read(arguments, ITEMS_FIELDS)?),
            ViewCall::Draft => ViewRequest::Draft(read(arguments, FORM_FIELDS)?),
            ViewCall::Answer => ViewRequest::Answer(read(arguments, FORM_FIELDS)?),
        })
    }

    /// Which call it is.
    pub fn call(&self) -> ViewCall {
        match self {
            ViewRequest::Open(_) => ViewCall::Open,
            ViewRequest::Items(_) => ViewCall::Items,
            ViewRequest::Draft(_) => ViewCall::Draft,
            ViewRequest::Answer(_) => ViewCall::Answer,
        }
    }

    /// The session the call names, if it names one.
    pub fn session_id(&self) -> Option<&SessionId> {
        match self {
            ViewRequest::Open(args) => args.session_id.as_ref(),
            ViewRequest::Items(args) => Some(&args.session_id),
            ViewRequest::Draft(args) | ViewRequest::Answer(args) => Some(&args.session_id),
        }
    }

    /// The host's locale, passed on as the page's `Accept-Language`.
    pub fn lang(&self) -> Option<&str> {
        match self {
            ViewRequest::Open(args) => args.lang.as_deref(),
            ViewRequest::Items(args) => args.lang.as_deref(),
            ViewRequest::Draft(args) | ViewRequest::Answer(args) => args.lang.as_deref(),
        }
    }
}
