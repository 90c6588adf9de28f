//! A tool's answer as MCP returns it: structured content, and a text
//! that tells the model what happened and what to do next.

use super::tools::ToolAnswer;
use crate::error::CliError;
use crate::search::Hit;
use app::i18n::{AgentMsg, Msg};
use app::{Lang, SessionId};
use rmcp::model::{CallToolResult, ContentBlock, InputRequiredResult};

/// What a tool call answers: the answer, or (protocol 2026-07-28) a prompt
/// for the client to show the person before it calls again.
pub enum Outcome {
    Answer(ToolAnswer),
    Input(InputRequiredResult),
    /// `decide_search`'s hits (the query, for the text when none).
    Found {
        hits: Vec<Hit>,
        /// The person's standing rulings that match (issue 56).
        rulings: Vec<crate::store::Ruling>,
        query: String,
    },
}

/// A failed call, and the session it was about when there is one.
pub struct Failure {
    pub session_id: Option<SessionId>,
    pub error: CliError,
}

impl From<CliError> for Failure {
    fn from(error: CliError) -> Self {
        Failure {
            session_id: None,
            error,
        }
    }
}

impl Failure {
    /// A failure about `session`.
    pub fn about(session: &SessionId) -> impl FnOnce(CliError) -> Failure + '_ {
        move |error| Failure {
            session_id: Some(session.clone()),
            error,
        }
    }
}

/// The answer as structured content, and as text that tells the model
/// what to do next.
pub fn answered(answer: &ToolAnswer, submitted: bool, lang: Lang) -> CallToolResult {
    let text = match answer {
        ToolAnswer::Decided { output, .. } => format!(
            "{}\n{}",
            Msg::Agent(AgentMsg::Decided).text(lang),
            output.to_compact_json()
        ),
        ToolAnswer::Provisional {
            output,
            hint,
            message,
            ..
        } => match message {
            Some(message) => format!("{message}\n{hint}\n{}", output.to_compact_json()),
            None => format!("{hint}\n{}", output.to_compact_json()),
        },
        ToolAnswer::Pending {
            url,
            message: Some(message),
            ..
        } if submitted => format!(
            "{}\n{}",
            Msg::Agent(AgentMsg::Submitted { url: url.clone() }).text(lang),
            Msg::Agent(AgentMsg::RelayLine {
                message: message.clone()
            })
            .text(lang)
        ),
        // Why the question is still open (the person declined the
        // client's prompt, or its form was refused), and what to do.
        ToolAnswer::Pending {
            message: Some(message),
            ..
        } => message.clone(),
        ToolAnswer::Pending {
            url,
            answered,
            total,
            ..
        } => Msg::Agent(AgentMsg::StillPending {
            url: url.clone(),
            answered: *answered,
            total: *total,
        })
        .text(lang),
        ToolAnswer::Closed { hint, .. } | ToolAnswer::Replaced { hint, .. } => hint.clone(),
        ToolAnswer::Withdrawn { session_id, reason } => {
            Msg::Store(app::i18n::StoreMsg::Withdrawn {
                session: session_id.to_string(),
                reason: reason.clone(),
            })
            .text(lang)
        }
        ToolAnswer::Error { message, .. } => message.clone(),
    };
    let mut result = CallToolResult::structured(serde_json::to_value(answer).unwrap_or_default());
    result.content = vec![ContentBlock::text(text)];
    if matches!(answer, ToolAnswer::Error { .. }) {
        result.is_error = Some(true);
    }
    result
}

/// A search's hits as structured content (`{"hits":[...]}`), and as text
/// that tells the model to quote a precedent rather than ask again.
pub fn found(
    hits: &[Hit],
    rulings: &[crate::store::Ruling],
    query: &str,
    lang: Lang,
) -> CallToolResult {
    let mut value = serde_json::json!({ "hits": hits });
    if !rulings.is_empty() {
        value["rulings"] = serde_json::json!(rulings);
    }
    let mut text = if hits.is_empty() {
        Msg::Agent(AgentMsg::FoundNothing {
            query: app::i18n::echo(query),
        })
        .text(lang)
    } else {
        let mut said = Msg::Agent(AgentMsg::FoundBefore { count: hits.len() }).text(lang);
        let elsewhere = hits.iter().filter(|hit| !hit.decided_here).count();
        if elsewhere > 0 {
            said.push(' ');
            said.push_str(
                &Msg::Agent(AgentMsg::FoundFromRepository { count: elsewhere }).text(lang),
            );
        }
        format!("{said}\n{value}")
    };
    if !rulings.is_empty() {
        let said = Msg::Rules(app::i18n::RulesMsg::FoundRulings {
            count: rulings.len(),
        });
        text = format!("{}\n{text}", said.text(lang));
        if hits.is_empty() {
            text.push_str(&format!("\n{value}"));
        }
    }
    let mut result = CallToolResult::structured(value);
    result.content = vec![ContentBlock::text(text)];
    result
}

/// A tool error: every line the CLI would print, hints included, and the
/// session it was about.
pub fn failed(failure: Failure, lang: Lang) -> CallToolResult {
    let mut lines = failure.error.lines(lang);
    if lines.is_empty() {
        lines.push(failure.error.message(lang).text(lang));
    }
    let answer = ToolAnswer::Error {
        session_id: failure.session_id,
        message: lines.join("\n"),
    };
    answered(&answer, false, lang)
}
