//! One `decide` task, from the stored session to the result `decide`
//! would have returned: it follows the session, tells how far the person
//! is in its status, asks through the client when the client can prompt
//! (as the extension asks: an input request that `tasks/get` shows and
//! `tasks/update` answers), and withdraws the question on `tasks/cancel`.

use super::status;
use crate::decide::watch::{LOOK_EVERY, Target, Watch};
use crate::error::CliError;
use crate::mcp::elicit::{self, Ability, OpenItems, rounds};
use crate::mcp::handler::Aide;
use crate::mcp::reply::{self, Failure};
use crate::mcp::tools::ToolAnswer;
use crate::mcp::view;
use crate::mcp::wait::{self, CallContext, Ends};
use app::{Lang, SessionId};
use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CreateTaskResult, ElicitRequest,
    InputRequest, InputResponses,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskContext, TaskExit};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// What one task asks, and of which client: all it keeps while it runs.
pub struct TaskCall {
    place: CallContext,
    session: SessionId,
    /// The items the client's prompt may ask.
    open: OpenItems,
    url: String,
    ability: Ability,
    lang: Lang,
}

impl Aide {
    /// `decide` for a client that declared the Tasks extension: answers
    /// with its task at once, and the task stores the session as `decide`
    /// does. Input that is refused is refused at once, as `decide`
    /// refuses it: there is nothing to wait for.
    pub(in crate::mcp) async fn decide_task(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let lang = self.lang();
        let running = self.conn.running(&context.id);
        let (input, replace) = match self.parse(request.arguments).await {
            Ok(parsed) => parsed,
            Err(error) => return reply::failed(error.into(), lang).into(),
        };
        let ability = Ability::of(context);
        let aide = self.clone();
        // Storing the session and starting its page take a process start:
        // the task does it, so the call comes back at once.
        let task = self.tasks.spawn(move |ctx, stop| {
            Box::pin(async move {
                let stored = {
                    let _turn = aide.tasks.turn_to_store().await;
                    aide.store(input, replace, running).await
                };
                let submitted = match stored {
                    Ok(submitted) => submitted,
                    Err(error) => return Ok(reply::failed(error.into(), lang)),
                };
                let asked = TaskCall {
                    place: aide.place.clone(),
                    session: submitted.session_id,
                    open: submitted.open,
                    url: submitted.url,
                    ability,
                    lang,
                };
                asked.run(ctx, stop).await
            })
        });
        let mut created = CreateTaskResult::new(task);
        // A host that draws aide's view hands it its token from the call's
        // answer, as from `decide`'s result.
        if ability.app {
            created = created.with_meta(view::token::meta());
        }
        CallToolResponse::Task(created)
    }
}

impl TaskCall {
    /// The task's operation: `decide`'s result, or cancelled.
    async fn run(
        self,
        ctx: TaskContext,
        stop: CancellationToken,
    ) -> Result<CallToolResult, TaskExit> {
        let outcome = tokio::select! {
            outcome = self.answer(&ctx) => outcome,
            () = ctx.cancelled() => return self.withdraw().await,
            // The server stops: the question stays for `decide_result`.
            () = stop.cancelled() => return Err(TaskExit::Cancelled),
        };
        Ok(self.result(outcome))
    }

    /// The result exactly as `decide` returns it (`handler::call_tool`).
    fn result(&self, outcome: Result<ToolAnswer, Failure>) -> CallToolResult {
        let mut result = match outcome {
            Ok(answer) => reply::answered(&answer, false, self.lang),
            Err(failure) => reply::failed(failure, self.lang),
        };
        if self.ability.app {
            result.meta = Some(view::token::meta());
        }
        result
    }

    /// Follows the session until it ends; when the client can prompt the
    /// person, asks through it meanwhile, and whichever way the person
    /// answers first is the answer.
    async fn answer(&self, ctx: &TaskContext) -> Result<ToolAnswer, Failure> {
        let about = || Failure::about(&self.session);
        let Some(ask) = self.ability.ask(&self.open) else {
            return self.follow(ctx).await.map_err(about());
        };
        // As `decide` asks it; 2026-07-28 has no elicitation id.
        let id = if self.ability.modern {
            String::new()
        } else {
            self.session.to_string()
        };
        let params = elicit::params(ask, self.ability, &self.open, &self.url, &id, self.lang);
        let prompt = InputRequest::Elicitation(ElicitRequest::new(params));
        let reply = tokio::select! {
            answer = self.follow(ctx) => return answer.map_err(about()),
            reply = ctx.request_input(rounds::KEY, prompt) => reply,
        };
        // No reply (the task is being cancelled): follow until `run` ends.
        let Ok(reply) = reply else {
            return self.follow(ctx).await.map_err(about());
        };
        let responses = InputResponses::from([(rounds::KEY.to_owned(), reply)]);
        if let Some(reply) = rounds::reply(Some(&responses)).map_err(about())? {
            let (place, session, open) = (&self.place, &self.session, &self.open);
            let settled = elicit::settle(place, session, open, ask, reply, self.lang)
                .await
                .map_err(about())?;
            if let Some(answer) = settled {
                return Ok(answer);
            }
        }
        self.follow(ctx).await.map_err(about())
    }

    /// Looks at the session until it ends, keeping the task's status
    /// message up to date (a look every 100 ms, as `decide_result` waits).
    async fn follow(&self, ctx: &TaskContext) -> Result<ToolAnswer, CliError> {
        let target = Target::Session(self.session.clone());
        let mut watch = self
            .place
            .blocking(move |ctx| Ok(Watch::new(ctx.store()?, target)))
            .await?;
        let mut said = None;
        loop {
            let (next, seen) = wait::look(&self.place, watch, true).await?;
            watch = next;
            let Some(message) = status::message(&seen, self.lang) else {
                return Ok(ToolAnswer::seen(seen, self.lang));
            };
            if said.as_ref() != Some(&message) {
                ctx.set_status_message(message.clone());
                said = Some(message);
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }

    /// `tasks/cancel`: withdraws the question as `decide_cancel` does. One
    /// the person answered (or a later submit replaced) before the cancel
    /// took ends the task with that, as the extension allows.
    async fn withdraw(&self) -> Result<CallToolResult, TaskExit> {
        let session = self.session.clone();
        let withdrawn = self
            .place
            .blocking(move |ctx| Ok(crate::decide::withdraw::withdraw(ctx, Some(session), None)?))
            .await;
        if withdrawn.is_ok() {
            return Err(TaskExit::Cancelled);
        }
        let target = Target::Session(self.session.clone());
        let now = Some(Instant::now());
        let seen = wait::wait(
            &self.place,
            target,
            now,
            &CancellationToken::new(),
            None,
            Ends::AtProvisional,
        )
        .await;
        Ok(self.result(seen.map_err(Failure::about(&self.session))))
    }
}
