//! Elicitation: `decide` asks the person through the agent's own client
//! when the client cannot draw aide's view (MCP Apps) but can prompt the
//! person itself.
//!
//! - URL mode: the client asks the person to open the page (the same
//!   page `decide_submit` returns), and aide tells the client when the
//!   question is answered (`notifications/elicitation/complete`).
//! - Form mode: a small decision (1 to 3 items, one choice each) is asked
//!   as the client's own form; its answers are recorded through the page
//!   server, as the App view's are ([`record`]).
//!
//! Either way only the items still open are asked ([`OpenItems`]): those a
//! standing ruling answered at submit are the ruling's (issue 56).
//!
//! Up to protocol 2025-11-25 aide sends `elicitation/create` while the
//! call waits ([`during`]); from 2026-07-28 the call answers with an
//! `InputRequiredResult` and the client calls again ([`rounds`]).

mod during;
mod form;
mod record;
pub mod rounds;

pub use during::{Asking, during};
pub use record::settle;

use super::view;
use app::i18n::{AgentMsg, Msg};
use app::{By, DecideInput, DecideItem, Decision, ItemId, Lang, SessionId};
use rmcp::RoleServer;
use rmcp::model::{
    CustomNotification, ElicitRequestParams, ElicitResult, ElicitationAction, ProtocolVersion,
    ServerNotification,
};
use rmcp::service::RequestContext;

/// The most items a decision asked as the client's form may have.
const FORM_MAX_ITEMS: usize = 3;

/// What the client of one request can show the person.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ability {
    /// Protocol 2026-07-28 or later: no server-to-client requests, an
    /// `InputRequiredResult` instead.
    pub modern: bool,
    /// It draws MCP Apps (aide's view).
    pub app: bool,
    /// It opens a URL for the person (URL-mode elicitation).
    pub url: bool,
    /// It draws a form (form-mode elicitation).
    pub form: bool,
    /// Its forms take titled choices (`oneOf`, protocol 2025-11-25 on);
    /// before, `enum` with `enumNames`.
    pub titled: bool,
    /// It declared the Tasks extension: `decide` answers with a task.
    pub tasks: bool,
}

/// The items of a session the client's prompt asks: all but those a
/// standing ruling of the person's answered at submit (issue 56). The page
/// lists those apart and records them as the ruling's, whatever a form
/// sends, so a prompt never asks them again; one the person overturned on
/// the page is open again.
#[derive(Clone, Debug)]
pub struct OpenItems {
    input: DecideInput,
    ruled: Vec<ItemId>,
}

impl OpenItems {
    /// `input`'s items but those `ruled` (what the rulings answered of
    /// the session, as `load_ruled` or the submit gives it) still answers.
    pub fn new(input: DecideInput, ruled: &[Decision]) -> OpenItems {
        let ruled = ruled
            .iter()
            .filter(|decision| matches!(decision.by(), By::Ruling(_)))
            .map(Decision::id)
            .collect();
        OpenItems { input, ruled }
    }

    /// The whole input the session asks, ruled items too.
    pub fn input(&self) -> &DecideInput {
        &self.input
    }

    /// The items the person is asked, in the input's order.
    pub fn items(&self) -> impl Iterator<Item = &DecideItem> {
        let ruled = &self.ruled;
        self.input
            .items()
            .iter()
            .filter(move |item| !ruled.contains(&item.id()))
    }
}

/// How `decide` asks the person through the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElicitMode {
    Url,
    Form,
}

impl Ability {
    /// The ability the request declares: its own `_meta` (2026-07-28),
    /// else what the client said at `initialize`.
    pub fn of(context: &RequestContext<RoleServer>) -> Ability {
        let capabilities = context.client_capabilities().unwrap_or_default();
        let version = context.protocol_version();
        let app = capabilities
            .extensions
            .as_ref()
            .is_some_and(|extensions| extensions.contains_key(view::EXTENSION));
        let (form, url) = match &capabilities.elicitation {
            None => (false, false),
            // `"elicitation": {}` is form mode (spec 2025-11-25).
            Some(e) if e.form.is_none() && e.url.is_none() => (true, false),
            Some(e) => (e.form.is_some(), e.url.is_some()),
        };
        Ability {
            tasks: capabilities.supports_tasks(),
            ..Ability::new(version.as_ref(), app, form, url)
        }
    }

    /// The ability of a client on `version` that declares these; a mode
    /// its protocol version does not have is not used (elicitation came
    /// in 2025-06-18, URL mode in 2025-11-25).
    fn new(version: Option<&ProtocolVersion>, app: bool, form: bool, url: bool) -> Ability {
        let at_least = |v: ProtocolVersion| version.is_some_and(|version| *version >= v);
        Ability {
            modern: at_least(ProtocolVersion::V_2026_07_28),
            app,
            url: url && at_least(ProtocolVersion::V_2025_11_25),
            form: form && at_least(ProtocolVersion::V_2025_06_18),
            titled: at_least(ProtocolVersion::V_2025_11_25),
            tasks: false,
        }
    }

    /// How to ask for `open`: nothing when the client draws aide's view
    /// (or can do neither) or nothing is open (rulings answered every
    /// item), else the page's URL, else a form when the decision fits one.
    pub fn ask(&self, open: &OpenItems) -> Option<ElicitMode> {
        if self.app || open.items().next().is_none() {
            None
        } else if self.url {
            Some(ElicitMode::Url)
        } else if self.form && fits_a_form(open) {
            Some(ElicitMode::Form)
        } else {
            None
        }
    }
}

/// 1 to 3 items, each answered with one of its options (or a skip): what
/// a flat form of single choices can ask without losing anything. Options
/// with previews, diffs or pictures need the page, which shows them.
fn fits_a_form(open: &OpenItems) -> bool {
    (1..=FORM_MAX_ITEMS).contains(&open.items().count())
        && open
            .items()
            .all(|item| !item.multiple() && !item.allow_other())
        && !shows_anything(open)
}

/// Whether an option of an open item shows a preview, a diff or a picture.
fn shows_anything(open: &OpenItems) -> bool {
    open.items()
        .flat_map(|item| item.options())
        .any(app::DecideOption::has_attached)
}

/// The `elicitation/create` parameters for `open`, whose page is at
/// `url`; `id` is the elicitation's id (empty from 2026-07-28 on, which
/// has none).
pub fn params(
    ask: ElicitMode,
    ability: Ability,
    open: &OpenItems,
    url: &str,
    id: &str,
    lang: Lang,
) -> ElicitRequestParams {
    let text = |msg: AgentMsg| Msg::Agent(msg).text(lang);
    let task = open.input().task().to_owned();
    let items = open.items().count();
    match ask {
        ElicitMode::Url => ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: text(AgentMsg::ElicitOpen {
                task,
                items,
                shows: shows_anything(open),
            }),
            url: url.to_owned(),
            elicitation_id: id.to_owned(),
        },
        ElicitMode::Form => ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: text(AgentMsg::ElicitForm { task, items }),
            requested_schema: form::schema(open, ability.titled, lang),
        },
    }
}

/// What the person did with the client's prompt.
#[derive(Debug, PartialEq)]
pub enum ElicitReply {
    /// Consented (URL mode: opened the page) or filled in the form.
    Accept(Option<serde_json::Value>),
    /// Declined, or dismissed the prompt.
    Decline,
}

impl From<ElicitResult> for ElicitReply {
    fn from(result: ElicitResult) -> Self {
        match result.action {
            ElicitationAction::Accept => ElicitReply::Accept(result.content),
            // Decline, Cancel, and any action a later protocol adds.
            _ => ElicitReply::Decline,
        }
    }
}

/// `notifications/elicitation/complete` for the elicitation of `session`
/// (rmcp has no type for it).
pub fn complete(session: &SessionId) -> ServerNotification {
    let params = serde_json::json!({ "elicitationId": session });
    CustomNotification::new("notifications/elicitation/complete", Some(params)).into()
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
