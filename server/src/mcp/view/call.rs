//! The view's four calls: the session's form, the next batch of its
//! items, the answers so far (a draft), and the answers. Each finds the session's page server and asks
//! it ([`super::proxy`]); a session that is no longer waiting gets the
//! answer `decide_result` would give.

use super::proxy::{PageServer, Reply};
use super::{ANSWER, DRAFT, ITEMS, OPEN};
use crate::cmd::watch::{Seen, Target, Watch};
use crate::error::CliError;
use crate::mcp::tools::Answer;
use crate::mcp::wait::Place;
use crate::store::ServerInfo;
use app::SessionId;
use app::i18n::{Expected, ViewText};
use app::page::protocol::Relay;
use rmcp::model::JsonObject;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use tokio::time::Instant;

/// How long the view's first call waits for the session its tool call is
/// still submitting (`decide` starts the view before it has stored).
const FIND_FOR: Duration = Duration::from_secs(10);
const FIND_EVERY: Duration = Duration::from_millis(200);

/// One of the view's calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    Open,
    Items,
    Draft,
    Answer,
}

impl Call {
    pub fn named(name: &str) -> Option<Call> {
        match name {
            OPEN => Some(Call::Open),
            ITEMS => Some(Call::Items),
            DRAFT => Some(Call::Draft),
            ANSWER => Some(Call::Answer),
            _ => None,
        }
    }
}

/// The arguments of every view call (each takes the ones it needs).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ViewArgs {
    #[serde(default)]
    pub session_id: Option<SessionId>,
    /// The task of the tool input: the session found must ask it.
    #[serde(default)]
    pub task: Option<String>,
    #[serde(default)]
    pub from: Option<usize>,
    #[serde(default)]
    pub form: Option<String>,
    /// The host's locale, passed on as the page's `Accept-Language`.
    #[serde(default)]
    pub lang: Option<String>,
    /// The view's token ([`super::token`]): checked before anything else.
    #[serde(default)]
    pub view_token: Option<String>,
}

impl ViewArgs {
    pub fn read(arguments: Option<JsonObject>) -> Result<ViewArgs, CliError> {
        const FIELDS: crate::mcp::args::Fields = &[
            ("session_id", Expected::SessionId),
            ("task", Expected::Text),
            ("from", Expected::WholeNumber),
            ("form", Expected::Text),
            ("lang", Expected::Text),
            (super::token::ARG, Expected::Text),
        ];
        crate::mcp::args::read(arguments, FIELDS)
    }
}

/// What a view call answers.
pub enum Shown {
    /// Server HTML for the view: the form, or a batch of items.
    Html {
        session_id: SessionId,
        url: String,
        html: String,
        answered: usize,
        total: usize,
    },
    /// The session is not waiting (any more), or the page server refused.
    Answer(Answer),
}

/// The structured content of [`Shown::Html`].
#[derive(Serialize)]
pub struct HtmlContent<'a> {
    pub status: &'static str,
    pub session_id: &'a SessionId,
    pub url: &'a str,
    pub html: &'a str,
}

/// Runs `call` for the session `target` names.
pub async fn run(
    place: &Place,
    call: Call,
    target: Target,
    args: ViewArgs,
) -> Result<Shown, CliError> {
    let deadline = Instant::now() + FIND_FOR;
    let mut target = target;
    let found = loop {
        let task = args.task.clone();
        let looked = target.clone();
        let found = place
            .blocking(move |ctx| find(ctx.store()?, looked, task.as_deref()))
            .await?;
        match found {
            Found::Waiting(seen, server) => break (seen, server),
            Found::Done(seen) => return Ok(Shown::Answer(answer(place, seen).await?)),
            // Not this call's session (yet): `decide` may still be storing
            // it, and then it is the pending one.
            Found::Other if Instant::now() < deadline => {
                target = Target::Pending;
                tokio::time::sleep(FIND_EVERY).await;
            }
            Found::Other => {
                let lang = place.blocking(|ctx| Ok(ctx.printer.lang)).await?;
                return Ok(Shown::Answer(Answer::Error {
                    session_id: None,
                    message: ViewText::NoSession.get(lang).to_owned(),
                }));
            }
        }
    };
    let (seen, server) = found;
    let Seen::Pending {
        session_id,
        url,
        answered,
        total,
    } = seen
    else {
        return Ok(Shown::Answer(answer(place, seen).await?));
    };
    let page = PageServer::new(&server, args.lang.as_deref())?;
    let reply = match call {
        Call::Open => page.view().await?,
        Call::Items => page.items(args.from.unwrap_or_default()).await?,
        Call::Draft => page.draft(args.form.unwrap_or_default()).await?,
        Call::Answer => {
            page.answer(args.form.unwrap_or_default(), Relay::View)
                .await?
        }
    };
    match (call, reply) {
        // The session as `decide_result` tells it: decided, or (a draft)
        // pending with the items answered so far.
        (Call::Answer | Call::Draft, Reply::Ok(_)) => {
            let target = Target::Session(session_id);
            let count = call == Call::Draft;
            let seen = place
                .blocking(move |ctx| Watch::new(ctx.store()?, target).look(count))
                .await?;
            Ok(Shown::Answer(answer(place, seen).await?))
        }
        (_, Reply::Ok(html)) => Ok(Shown::Html {
            session_id,
            url,
            html,
            answered,
            total,
        }),
        (_, Reply::Refused(message)) => Ok(Shown::Answer(Answer::Error {
            session_id: Some(session_id),
            message,
        })),
    }
}

/// What a look for the view's session found.
enum Found {
    /// The session waits for the person, and this server serves it.
    Waiting(Seen, ServerInfo),
    /// Answered, withdrawn, replaced or closed.
    Done(Seen),
    /// A session that is not the one asked for (its task differs).
    Other,
}

fn find(
    store: crate::store::DecisionStore,
    target: Target,
    task: Option<&str>,
) -> Result<Found, CliError> {
    let seen = Watch::new(store.clone(), target).look(true)?;
    let Seen::Pending { session_id, .. } = &seen else {
        return Ok(Found::Done(seen));
    };
    if let Some(task) = task {
        let asks = store
            .find_pending(session_id)?
            .is_some_and(|found| found.pending.input.task() == task);
        if !asks {
            return Ok(Found::Other);
        }
    }
    match store.server_for(session_id)? {
        Some(server) => Ok(Found::Waiting(seen, server)),
        None => Ok(Found::Done(seen)),
    }
}

async fn answer(place: &Place, seen: Seen) -> Result<Answer, CliError> {
    let lang = place.blocking(|ctx| Ok(ctx.printer.lang)).await?;
    Ok(Answer::seen(seen, lang))
}
