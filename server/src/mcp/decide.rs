//! `decide`: submits, waits for the person, and answers with the answers.
//! How the person is reached depends on the client ([`elicit`]): aide's
//! view inside it, a prompt of its own (the page's URL, or a small form),
//! or the page's link alone; in every case the page serves the session,
//! and whichever way the person answers first is recorded.

use super::elicit::{self, Ability, Asking, rounds};
use super::handler::Aide;
use super::reply::{Failure, Outcome};
use super::tools::{self, ToolAnswer};
use super::wait::{self, Ends, Reporter};
use crate::decide::watch::{Awaiting, Seen, Target};
use app::{Lang, SessionId, SessionState};
use rmcp::RoleServer;
use rmcp::model::{CallToolRequestParams, InputResponses, JsonObject};
use rmcp::service::RequestContext;
use tokio_util::sync::CancellationToken;

/// One `decide` call: what its client can do, and how it waits.
struct Call<'a> {
    ability: Ability,
    reporter: Option<Reporter>,
    cancel: &'a CancellationToken,
    lang: Lang,
}

impl Aide {
    /// Runs `decide`; `cancel` ends its wait.
    pub(super) async fn decide(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
        cancel: &CancellationToken,
    ) -> Result<Outcome, Failure> {
        let call = Call {
            ability: Ability::of(context),
            reporter: self.reporter(&request, context),
            cancel,
            lang: self.lang(),
        };
        if let Some(state) = request.request_state {
            let responses = request.input_responses;
            return self
                .retry(&call, &state, responses.as_ref(), request.arguments)
                .await;
        }
        let running = self.conn.running(&context.id);
        let submitted = self.submit(request.arguments, running).await?;
        if submitted.ruled {
            // Every item answered by a ruling of the person's: no page.
            return Ok(Outcome::Answer(submitted.answer));
        }
        let session = &submitted.session_id;
        let Some(ask) = call.ability.ask(&submitted.open) else {
            return self.waited(&call, session).await;
        };
        // 2026-07-28 has no elicitation id: the session travels as the
        // request's state instead.
        let id = if call.ability.modern {
            String::new()
        } else {
            session.to_string()
        };
        let open = &submitted.open;
        let params = elicit::params(ask, call.ability, open, &submitted.url, &id, call.lang);
        if call.ability.modern {
            return Ok(Outcome::Input(rounds::input_required(params, session)));
        }
        let asking = Asking {
            place: &self.place,
            session,
            open,
            cancel,
            reporter: call.reporter.as_ref(),
            lang: call.lang,
        };
        elicit::during(asking, &context.peer, ask, params)
            .await
            .map(Outcome::Answer)
            .map_err(Failure::about(session))
    }

    /// The call again, with the client's reply to the prompt (2026-07-28):
    /// nothing is submitted; the session `state` names is the one asked.
    async fn retry(
        &self,
        call: &Call<'_>,
        state: &str,
        responses: Option<&InputResponses>,
        arguments: Option<JsonObject>,
    ) -> Result<Outcome, Failure> {
        // The input read as the first call read it (its files too), to be
        // compared with the session that call stored.
        let (seen, open) = {
            let state = state.to_owned();
            self.place
                .blocking(move |ctx| {
                    let (input, _) = tools::submit_args(arguments, &ctx.input_files())?;
                    rounds::resume(ctx.store()?, &state, input)
                })
                .await?
        };
        let Seen {
            session_id: session,
            state: SessionState::Pending(Awaiting::Served { url, .. }),
        } = seen
        else {
            return Ok(Outcome::Answer(ToolAnswer::seen(seen, call.lang)));
        };
        let Some(ask) = call.ability.ask(&open) else {
            return self.waited(call, &session).await;
        };
        let about = Failure::about(&session);
        match rounds::reply(responses).map_err(about)? {
            // No reply yet: the same prompt again, as the spec asks.
            None => {
                let params = elicit::params(ask, call.ability, &open, &url, "", call.lang);
                Ok(Outcome::Input(rounds::input_required(params, &session)))
            }
            Some(reply) => {
                let settled = elicit::settle(&self.place, &session, &open, ask, reply, call.lang)
                    .await
                    .map_err(Failure::about(&session))?;
                match settled {
                    Some(answer) => Ok(Outcome::Answer(answer)),
                    // The person answers the open items (the form's are
                    // recorded; a URL's on the page).
                    None => self.waited(call, &session).await,
                }
            }
        }
    }

    /// Waits for the person with progress, as `decide` always has. What
    /// standing rulings answered at submit does not end it: the person is
    /// asked the open items, and the answer carries every item (issue 56).
    async fn waited(&self, call: &Call<'_>, session: &SessionId) -> Result<Outcome, Failure> {
        let target = Target::Session(session.clone());
        let reporter = call.reporter.as_ref();
        let ends = Ends::PastRulings;
        wait::wait(&self.place, target, None, call.cancel, reporter, ends)
            .await
            .map(Outcome::Answer)
            .map_err(Failure::about(session))
    }
}
