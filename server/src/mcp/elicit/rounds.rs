//! From protocol 2026-07-28 a server sends the client no requests: the
//! first `decide` stores the session and answers with an
//! `InputRequiredResult` (the prompt, and the session id as
//! `requestState`); the client asks the person and calls `decide` again
//! with the reply and that state. The retry submits nothing: it finds the
//! session the state names, and treats the state as hostile (any text a
//! client sends): it must name a session of this project that asks
//! exactly the items of the call's arguments.

use super::{ElicitReply, OpenItems};
use crate::decide::error::DecideError;
use crate::decide::watch::{Seen, Target, Watch};
use crate::error::CliError;
use crate::store::{DecisionStore, StoreError};
use app::i18n::{AgentMsg, Damage, Expected, Msg};
use app::{DecideInput, Decision, SessionId, SessionState};
use rmcp::model::{
    ElicitRequest, ElicitRequestParams, ElicitResult, InputRequest, InputRequests,
    InputRequiredResult, InputResponses,
};

/// The key of `decide`'s one input request.
pub const KEY: &str = "decide";

/// The prompt for the client, and the session to come back to.
pub fn input_required(params: ElicitRequestParams, session: &SessionId) -> InputRequiredResult {
    let mut requests = InputRequests::new();
    requests.insert(
        KEY.to_owned(),
        InputRequest::Elicitation(ElicitRequest::new(params)),
    );
    InputRequiredResult::new(Some(requests), Some(session.to_string()))
}

/// The client's reply to the prompt, if the retry carries one.
pub fn reply(responses: Option<&InputResponses>) -> Result<Option<ElicitReply>, CliError> {
    let Some(value) = responses.and_then(|responses| responses.get(KEY)) else {
        return Ok(None);
    };
    serde_json::from_value::<ElicitResult>(value.clone())
        .map(|result| Some(result.into()))
        .map_err(|_| {
            crate::mcp::args::bad_arguments(Damage::field(
                format!("inputResponses.{KEY}"),
                Some(Expected::ElicitResult),
                value,
            ))
        })
}

/// Why a retry's state is refused: it names no session of this project
/// that asks these items.
pub fn refused() -> CliError {
    Msg::Agent(AgentMsg::RequestStateRefused).into()
}

/// The session `state` names, as one look sees it, once it is known to
/// ask `input`, with the items still open of it (what rulings answered
/// at submit is not asked again). A session whose items are no longer at
/// hand (replaced or withdrawn unanswered) is only told as it ended: the
/// agent learns nothing `decide_result` would not tell it, and nothing is
/// recorded.
pub fn resume(
    store: DecisionStore,
    state: &str,
    input: DecideInput,
) -> Result<(Seen, OpenItems), CliError> {
    let session = state.parse::<SessionId>().map_err(|_| refused())?;
    let seen = match Watch::new(store.clone(), Target::Session(session.clone())).look(true) {
        Ok(seen) => seen,
        Err(DecideError::Store(StoreError::UnknownSession(_))) => return Err(refused()),
        Err(other) => return Err(other.into()),
    };
    if matches!(
        seen.state,
        SessionState::Replaced(_) | SessionState::Withdrawn(_)
    ) {
        return Ok((seen, OpenItems::new(input, &[])));
    }
    match asked(&store, &session)? {
        Some((asked, ruled)) if asked == input => Ok((seen, OpenItems::new(input, &ruled))),
        _ => Err(refused()),
    }
}

/// What `session` asks, if its items are at hand: the pending session's
/// with what rulings answered of it (a file that cannot be read answers
/// none, as the page then asks every item), or a recorded one's.
fn asked(
    store: &DecisionStore,
    session: &SessionId,
) -> Result<Option<(DecideInput, Vec<Decision>)>, CliError> {
    if let Some(found) = store.pending().find(session)? {
        let ruled = store
            .pending()
            .load_ruled(&found.pending)
            .unwrap_or_default();
        return Ok(Some((found.pending.input, ruled)));
    }
    Ok(store
        .records()
        .load(session)?
        .map(|record| (record.input.input, Vec::new())))
}
