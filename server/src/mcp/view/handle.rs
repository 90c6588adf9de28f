//! The handler's side of a view call: which session it is about (one its
//! connection submitted, [`crate::mcp::conn`]), who may make it, and its
//! result.

use super::update::ViewUpdate;
use crate::error::CliError;
use crate::mcp::conn::Bound;
use crate::mcp::elicit::Ability;
use crate::mcp::handler::{Aide, either};
use crate::mcp::reply::{Failure, answered, failed};
use crate::mcp::tools::ToolAnswer;
use app::SessionId;
use app::i18n::{AgentMsg, Msg, ViewText};
use rmcp::RoleServer;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use tokio_util::sync::CancellationToken;

impl Aide {
    /// The session a view call is about: one this connection submitted,
    /// the one it names or else the one it was bound to as it arrived;
    /// `None` when there is none, and then it shows no session at all.
    /// The id alone is not enough: the model and every other local client
    /// of `--http` may know it (docs/mcp.md, "Which session a view shows").
    async fn view_session(
        &self,
        named: Option<SessionId>,
        bound: Bound,
        cancel: &CancellationToken,
    ) -> Result<Option<SessionId>, Failure> {
        Ok(match (named, bound) {
            (Some(session), _) => self.conn.submitted(&session).then_some(session),
            (None, Bound::Session(session)) => Some(session),
            (None, Bound::Submit(submit)) => Some(Self::submitted(&submit, cancel).await?),
            (None, Bound::Pending | Bound::Unseen | Bound::Nothing) => None,
        })
    }

    /// One of the view's calls, for the session its connection submitted.
    pub(in crate::mcp) async fn view_call(
        &self,
        call: crate::mcp::tool_name::ViewCall,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        let lang = self.lang();
        let bound = self.conn.bound(&context.id);
        let cancel = either(&context.ct, self.conn.closed());
        let _stop = cancel.clone().drop_guard();
        let shown = async {
            let name = request.name.to_string();
            // Only aide's view may call these: a client that draws Apps,
            // and a call that holds the token only the view was given.
            if !Ability::of(context).app {
                return Err(CliError::from(Msg::Agent(AgentMsg::AppOnly { name })).into());
            }
            // The token before anything else of the call is read.
            let token = request
                .arguments
                .as_ref()
                .and_then(|arguments| arguments.get(super::token::ARG))
                .and_then(serde_json::Value::as_str);
            if !super::token::holds(token) {
                let refused = AgentMsg::ViewTokenRefused { name };
                return Err(CliError::from(Msg::Agent(refused)).into());
            }
            let request = super::ViewRequest::read(call, request.arguments)?;
            let Some(session) = self
                .view_session(request.session_id().cloned(), bound, &cancel)
                .await?
            else {
                return Ok(super::ViewAnswer::Answer(ToolAnswer::Error {
                    session_id: None,
                    message: ViewText::NotBound.get(lang).to_owned(),
                }));
            };
            super::run(&self.place, session, request)
                .await
                .map_err(Failure::from)
        };
        match shown.await {
            Ok(super::ViewAnswer::Html {
                session_id,
                url,
                html,
                answered,
                total,
                update,
            }) => {
                let content = super::HtmlContent {
                    status: "pending",
                    session_id: &session_id,
                    url: &url,
                    html: &html,
                    update: &update,
                };
                let text = Msg::Agent(AgentMsg::StillPending {
                    url: url.clone(),
                    answered,
                    total,
                })
                .text(lang);
                let mut result =
                    CallToolResult::structured(serde_json::to_value(content).unwrap_or_default());
                result.content = vec![ContentBlock::text(text)];
                result
            }
            Ok(super::ViewAnswer::Answer(answer)) => {
                let decided = matches!(answer, ToolAnswer::Decided { .. });
                let mut result = answered(&answer, false, lang);
                ViewUpdate::settled(call, decided).add_to(&mut result);
                result
            }
            Err(failure) => {
                let mut result = failed(failure, lang);
                ViewUpdate::settled(call, false).add_to(&mut result);
                result
            }
        }
    }
}
