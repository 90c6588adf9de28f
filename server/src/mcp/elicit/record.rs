//! What comes of the person's reply to the client's prompt: a form's
//! answers recorded through the session's page server (exactly as the App
//! view's are, so the page's one parser and validation run), and the
//! pending answer that tells the agent why the question is still open.

use super::form;
use crate::decide::watch::Target;
use crate::error::CliError;
use crate::mcp::tools::ToolAnswer;
use crate::mcp::view::proxy::{PageReply, PageServer};
use crate::mcp::wait::{self, CallContext, Ends};
use app::i18n::{AgentMsg, Msg};
use app::page::protocol::Relay;
use app::{Lang, SessionId};
use serde_json::Value;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// Whether the page recorded the form's answers.
pub enum Relayed {
    Yes,
    /// Refused, and why (the page's words, or aide's for a choice the
    /// item does not have).
    Refused(String),
}

/// Posts the form's answers (`content`, untrusted) to the page server of
/// `session` as the page's own form fields.
pub async fn record(
    place: &CallContext,
    session: &SessionId,
    open: &super::OpenItems,
    content: Option<&Value>,
    lang: Lang,
) -> Result<Relayed, CliError> {
    let fields = match form::fields(open, session, content) {
        Ok(fields) => fields,
        Err(refusal) => return Ok(Relayed::Refused(Msg::Agent(refusal).text(lang))),
    };
    let wanted = session.clone();
    let server = place
        .blocking(move |ctx| Ok(ctx.store()?.servers().for_session(&wanted)?))
        .await?;
    let Some(server) = server else {
        // The page has stopped: a look tells the agent how the session ended.
        let gone = AgentMsg::PageUnreachable {
            detail: session.to_string(),
        };
        return Ok(Relayed::Refused(Msg::Agent(gone).text(lang)));
    };
    Ok(
        match PageServer::new(&server, None)?
            .answer(fields, Relay::Elicitation)
            .await?
        {
            PageReply::Ok(_) => Relayed::Yes,
            PageReply::Refused(why) => Relayed::Refused(why),
        },
    )
}

/// One look at `session`: still pending (or with provisional answers, as
/// a partly ruled session has), it carries the message `why` makes of its
/// address; otherwise how it ended (the person may have answered on the
/// page meanwhile).
pub async fn look_telling(
    place: &CallContext,
    session: &SessionId,
    lang: Lang,
    why: impl FnOnce(String) -> AgentMsg,
) -> Result<ToolAnswer, CliError> {
    let target = Target::Session(session.clone());
    let now = Some(Instant::now());
    let cancel = CancellationToken::new();
    let answer = wait::wait(place, target, now, &cancel, None, Ends::AtProvisional).await?;
    Ok(match answer {
        ToolAnswer::Pending {
            session_id,
            url,
            answered,
            total,
            ..
        } => ToolAnswer::Pending {
            message: Some(Msg::Agent(why(url.clone())).text(lang)),
            session_id,
            url,
            answered,
            total,
        },
        // Items standing rulings answered (or whose rule fired): they come
        // with why the rest is still open, as an unruled session's would.
        ToolAnswer::Provisional {
            session_id,
            output,
            url,
            hint,
            ..
        } => ToolAnswer::Provisional {
            message: Some(Msg::Agent(why(url.clone())).text(lang)),
            session_id,
            output,
            url,
            hint,
        },
        ended => ended,
    })
}

/// What the person's reply to the client's prompt comes to, whichever way
/// it came (a reply to the server's request, or 2026-07-28's answer to
/// `input_required`): the answer to give at once (declined, or a form the
/// page refused, each with why the question is still open), or `None`:
/// wait on, the form's answers, if any, recorded.
pub async fn settle(
    place: &CallContext,
    session: &SessionId,
    open: &super::OpenItems,
    ask: super::ElicitMode,
    reply: super::ElicitReply,
    lang: Lang,
) -> Result<Option<ToolAnswer>, CliError> {
    use super::ElicitReply;
    match reply {
        ElicitReply::Decline => {
            let why = |url| AgentMsg::ElicitDeclined { url };
            look_telling(place, session, lang, why).await.map(Some)
        }
        ElicitReply::Accept(content) if ask == super::ElicitMode::Form => {
            match record(place, session, open, content.as_ref(), lang).await? {
                Relayed::Refused(detail) => {
                    let why = |url| AgentMsg::FormRefused { detail, url };
                    look_telling(place, session, lang, why).await.map(Some)
                }
                // Recorded: the next look sees the answers.
                Relayed::Yes => Ok(None),
            }
        }
        ElicitReply::Accept(_) => Ok(None),
    }
}
