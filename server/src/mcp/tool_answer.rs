//! What the tools answer an agent: one shape for `decide_submit`,
//! `decide_result` and `decide`, each naming its session.

use crate::decide::watch::{Awaiting, Seen};
use app::i18n::{AgentMsg, Msg};
use app::{DecideOutput, Lang, SessionId, SessionState};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

/// What `decide_submit`, `decide_result` and `decide` answer, as
/// structured content. Every answer names its session, so an agent can
/// tell its own answers from another session's.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ToolAnswer {
    /// The person answered.
    Decided {
        /// The session answered.
        #[schemars(with = "String")]
        session_id: SessionId,
        /// `decisions`: exactly what `aide decide result --session` prints.
        #[serde(flatten)]
        #[schemars(with = "DecisionsShape")]
        output: DecideOutput,
    },
    /// The person has not answered yet, but items' rules have fired: the
    /// agent may go on with these provisional answers.
    Provisional {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// `decisions` (each `"by":"provisional"`, with its `reason`),
        /// `"final":false` and `waiting` (the items still waiting for the
        /// person): what `aide decide result --session` prints (exit 6).
        #[serde(flatten)]
        #[schemars(with = "DecisionsShape")]
        output: DecideOutput,
        /// The page's address, where the person may still answer.
        url: String,
        /// What it means for the agent.
        hint: String,
        /// When the person declined the client's own prompt (or the page
        /// refused its form's answers): why the rest is still open, and
        /// what to do.
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
    /// The page waits for the person.
    Pending {
        /// The session the page asks about.
        #[schemars(with = "String")]
        session_id: SessionId,
        /// The page's address, with its key: show it to the person.
        url: String,
        /// Just submitted: one line to paste to the person, with the
        /// address. When the person declined the client's own prompt (or
        /// the page refused its form's answers): why the question is still
        /// open, and what to do.
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
        /// Items answered so far (the page saves as the person works).
        answered: usize,
        /// Items asked.
        total: usize,
    },
    /// No server serves the session any more, and it has no answers.
    Closed {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// How to serve it again.
        hint: String,
    },
    /// A later submit replaced the session before it was answered.
    Replaced {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// The session that replaced it.
        #[schemars(with = "String")]
        by: SessionId,
        /// What it means for the agent.
        hint: String,
    },
    /// The agent withdrew the session (`decide_cancel`, `aide decide
    /// cancel`): no answers will come.
    Withdrawn {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// Why, as the agent said it.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The call failed; the text content says why and what to do.
    Error {
        /// The session the call was about, `null` when there is none (an
        /// input that was not stored, a submit that failed).
        #[schemars(with = "Option<String>")]
        session_id: Option<SessionId>,
        /// Every line the CLI would print, hints included.
        message: String,
    },
}

impl ToolAnswer {
    /// What a look at a session saw, told to an agent in `lang`.
    pub fn seen(seen: Seen, lang: Lang) -> ToolAnswer {
        let text = |msg: AgentMsg| Msg::Agent(msg).text(lang);
        let Seen { session_id, state } = seen;
        match state {
            SessionState::Decided(output) => ToolAnswer::Decided { session_id, output },
            SessionState::Pending(Awaiting::Served {
                url,
                provisional: Some(output),
                ..
            }) => ToolAnswer::Provisional {
                session_id,
                output,
                url,
                hint: text(AgentMsg::Provisional),
                message: None,
            },
            SessionState::Pending(Awaiting::Served {
                url,
                answered,
                total,
                provisional: None,
            }) => ToolAnswer::Pending {
                session_id,
                url,
                message: None,
                answered,
                total,
            },
            SessionState::Pending(Awaiting::Closed) => ToolAnswer::Closed {
                session_id,
                hint: text(AgentMsg::Closed),
            },
            SessionState::Withdrawn(reason) => ToolAnswer::Withdrawn { session_id, reason },
            SessionState::Replaced(by) => ToolAnswer::Replaced {
                hint: text(AgentMsg::Replaced { by: by.to_string() }),
                session_id,
                by,
            },
        }
    }
}

/// The shape of `aide decide result`'s output, for the schema only.
#[derive(JsonSchema)]
#[allow(dead_code, reason = "describes a type serialised elsewhere")]
struct DecisionsShape {
    /// One answer per item, in the order of the items: as `aide decide
    /// result` prints them.
    decisions: Vec<serde_json::Map<String, Value>>,
}
