//! The view's four calls: the session's form, the next batch of its
//! items, the answers so far (a draft, or the form posted by a button that
//! posts it without submitting it), and the answers, for the session the
//! handler bound the call to. Each finds the session's page server and
//! asks it ([`super::proxy`]); a session that is no longer waiting gets the
//! answer `decide_result` would give. What the view then changes is said
//! with the answer ([`super::update`]).

use super::args::ViewRequest;
use super::proxy::{PageReply, PageServer};
use super::update::ViewUpdate;
use crate::decide::watch::{Awaiting, Seen, Target, Watch};
use crate::error::CliError;
use crate::mcp::tool_name::ViewCall;
use crate::mcp::tools::ToolAnswer;
use crate::mcp::wait::CallContext;
use crate::store::ServerInfo;
use app::page::protocol::{POSTED, Relay};
use app::{ItemId, SessionId, SessionState};
use serde::Serialize;

/// What a view call answers.
pub enum ViewAnswer {
    /// Server HTML for the view: the form, a batch of items, or an item
    /// as a button left it; and where it goes.
    Html {
        session_id: SessionId,
        url: String,
        html: String,
        answered: usize,
        total: usize,
        update: ViewUpdate,
    },
    /// The session is not waiting (any more), or the page server refused.
    Answer(ToolAnswer),
}

/// The structured content of [`ViewAnswer::Html`].
#[derive(Serialize)]
pub struct HtmlContent<'a> {
    pub status: &'static str,
    pub session_id: &'a SessionId,
    pub url: &'a str,
    pub html: &'a str,
    #[serde(flatten)]
    pub update: &'a ViewUpdate,
}

/// Runs `call` for `session`, a session this call's connection submitted
/// (the handler binds it: [`crate::mcp::conn`]).
pub async fn run(
    place: &CallContext,
    session: SessionId,
    request: ViewRequest,
) -> Result<ViewAnswer, CliError> {
    let call = request.call();
    let target = Target::Session(session);
    let (seen, server) = match place
        .blocking(move |ctx| find(ctx.store()?, target))
        .await?
    {
        Looked::Awaiting(seen, server) => (seen, server),
        Looked::Done(seen) => return Ok(ViewAnswer::Answer(answer(place, seen).await?)),
    };
    let Seen {
        session_id,
        state:
            SessionState::Pending(Awaiting::Served {
                url,
                answered,
                total,
                ..
            }),
    } = seen
    else {
        return Ok(ViewAnswer::Answer(answer(place, seen).await?));
    };
    let page = PageServer::new(&server, request.lang())?;
    let mut from = 0;
    let mut pressed = None;
    let reply = match request {
        ViewRequest::Open(_) => page.view().await?,
        ViewRequest::Items(args) => {
            from = args.from;
            page.items(args.from, None).await?
        }
        ViewRequest::Draft(args) => match pressed_in(&args.form) {
            // As the page without JavaScript posts it; then the item as
            // the button left it.
            Some(id) => match page.post(args.form).await? {
                PageReply::Ok(_) => {
                    pressed = Some(id);
                    page.items(0, Some(id.get())).await?
                }
                refused => refused,
            },
            None => page.draft(args.form).await?,
        },
        ViewRequest::Answer(args) => page.answer(args.form, Relay::View).await?,
    };
    let html = |html, update| ViewAnswer::Html {
        session_id: session_id.clone(),
        url: url.clone(),
        html,
        answered,
        total,
        update,
    };
    match (call, reply) {
        (ViewCall::Draft, PageReply::Ok(item)) if let Some(id) = pressed => {
            Ok(html(item, ViewUpdate::item(id)))
        }
        // The session as `decide_result` tells it: decided, or (a draft)
        // pending with the items answered so far.
        (ViewCall::Answer | ViewCall::Draft, PageReply::Ok(_)) => {
            let target = Target::Session(session_id);
            let count = call == ViewCall::Draft;
            let seen = place
                .blocking(move |ctx| Ok(Watch::new(ctx.store()?, target).look(count)?))
                .await?;
            Ok(ViewAnswer::Answer(answer(place, seen).await?))
        }
        (ViewCall::Items, PageReply::Ok(batch)) => Ok(html(batch, ViewUpdate::batch(from, total))),
        (_, PageReply::Ok(form)) => Ok(html(form, ViewUpdate::form(total))),
        (_, PageReply::Refused(message)) => Ok(ViewAnswer::Answer(ToolAnswer::Error {
            session_id: Some(session_id),
            message,
        })),
    }
}

/// The item whose button posted `form` without submitting it, if one did.
fn pressed_in(form: &str) -> Option<ItemId> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(form).ok()?;
    let (_, item) = pairs
        .iter()
        .find(|(name, _)| POSTED.contains(&name.as_str()))?;
    ItemId::new(item.trim().parse().ok()?)
}

/// What a look for the view's session found.
enum Looked {
    /// The session waits for the person, and this server serves it.
    Awaiting(Seen, ServerInfo),
    /// Answered, withdrawn, replaced or closed.
    Done(Seen),
}

fn find(store: crate::store::DecisionStore, target: Target) -> Result<Looked, CliError> {
    let seen = Watch::new(store.clone(), target).look(true)?;
    let Seen {
        session_id,
        state: SessionState::Pending(Awaiting::Served { .. }),
    } = &seen
    else {
        return Ok(Looked::Done(seen));
    };
    match store.servers().for_session(session_id)? {
        Some(server) => Ok(Looked::Awaiting(seen, server)),
        None => Ok(Looked::Done(seen)),
    }
}

async fn answer(place: &CallContext, seen: Seen) -> Result<ToolAnswer, CliError> {
    let lang = place.blocking(|ctx| Ok(ctx.lang)).await?;
    Ok(ToolAnswer::seen(seen, lang))
}
