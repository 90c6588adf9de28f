//! Up to protocol 2025-11-25: `decide` sends `elicitation/create` itself
//! and waits for the person meanwhile, reporting progress as it always
//! does. The client's reply does not end the wait unless the person
//! declined: a consent (URL mode) only means the page is being opened,
//! and a form's answers end it once the page has recorded them. What
//! standing rulings answered at submit does not end it either: the person
//! is being asked the rest right now.

use super::record::settle;
use super::{ElicitMode, ElicitReply, OpenItems};
use crate::decide::watch::Target;
use crate::error::CliError;
use crate::mcp::tools::ToolAnswer;
use crate::mcp::wait::{self, CallContext, Ends, Reporter};
use app::{Lang, SessionId};
use rmcp::model::{ClientResult, ElicitRequest, ElicitRequestParams, ServerRequest};
use rmcp::service::{PeerRequestOptions, RequestHandle};
use rmcp::{Peer, RoleServer};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// How long a notice to the client may take to send.
const SEND_FOR: Duration = Duration::from_secs(1);

/// The session `decide` stored, and how it waits for it.
pub struct Asking<'a> {
    pub place: &'a CallContext,
    pub session: &'a SessionId,
    pub open: &'a OpenItems,
    pub cancel: &'a CancellationToken,
    pub reporter: Option<&'a Reporter>,
    pub lang: Lang,
}

/// One turn of the wait: the session ended (or the call did), or the
/// client replied.
enum Step {
    Ended(Result<ToolAnswer, CliError>),
    Replied(Option<ClientResult>),
}

/// Asks the person through the client (`params`) while waiting for the
/// session; answers as `decide` does.
pub async fn during(
    asking: Asking<'_>,
    peer: &Peer<RoleServer>,
    ask: ElicitMode,
    params: ElicitRequestParams,
) -> Result<ToolAnswer, CliError> {
    let Asking {
        place,
        session,
        open,
        cancel,
        reporter,
        lang,
    } = asking;
    let waiting = wait::wait(
        place,
        Target::Session(session.clone()),
        None,
        cancel,
        reporter,
        Ends::PastRulings,
    );
    tokio::pin!(waiting);
    // Sent from the call's own task: rmcp sends it as part of the call (over
    // HTTP, on the call's stream) and refuses it on 2026-07-28.
    let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
    let mut handle = tokio::select! {
        sent = peer.send_request_with_option(request, PeerRequestOptions::no_options()) => sent.ok(),
        () = cancel.cancelled() => None,
    };
    loop {
        let prompting = handle.is_some();
        let step = tokio::select! {
            answer = &mut waiting => Step::Ended(answer),
            reply = async { (&mut handle.as_mut()?.rx).await.ok()?.ok() }, if prompting => Step::Replied(reply),
        };
        match step {
            Step::Ended(answer) => {
                let answer = answer?;
                finish(peer, handle, ask, session, &answer).await;
                return Ok(answer);
            }
            // An error, a reply of another kind, a client gone: the page
            // is up, so the wait goes on as it would without elicitation.
            Step::Replied(reply) => {
                handle = None;
                let Some(ClientResult::ElicitResult(result)) = reply else {
                    continue;
                };
                let reply = ElicitReply::from(result);
                if let Some(answer) = settle(place, session, open, ask, reply, lang).await? {
                    return Ok(answer);
                }
            }
        }
    }
}

/// Once the wait is over: the client's prompt, if still open, is
/// withdrawn (the person answered elsewhere, or the call ended), and a URL
/// elicitation whose session ended is told complete. A client that has
/// gone takes nothing, so each send is given a moment, no more.
async fn finish(
    peer: &Peer<RoleServer>,
    handle: Option<RequestHandle<RoleServer>>,
    ask: ElicitMode,
    session: &SessionId,
    answer: &ToolAnswer,
) {
    if let Some(handle) = handle {
        let _ = tokio::time::timeout(SEND_FOR, handle.cancel(None)).await;
    }
    // Pending: the call was cancelled, not the session ended.
    if ask == ElicitMode::Url && !matches!(answer, ToolAnswer::Pending { .. }) {
        let done = peer.send_notification(super::complete(session));
        let _ = tokio::time::timeout(SEND_FOR, done).await;
    }
}
