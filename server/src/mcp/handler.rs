//! The MCP server: lists the tools and runs a call through the same code
//! as `aide decide submit --detach` and `aide decide result`.

use super::tools::{self, Answer, DECIDE, RESULT, SUBMIT};
use super::wait::{self, Place, Reporter};
use crate::error::CliError;
use app::Lang;
use app::i18n::{AgentMsg, Msg};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use std::path::PathBuf;
use std::time::Duration;
use tokio::time::Instant;

/// aide's tools for one project folder.
#[derive(Clone)]
pub struct Aide {
    place: Place,
    progress_every: Duration,
}

impl Aide {
    pub fn new(start: PathBuf, lang_flag: Option<Lang>, progress_every: Duration) -> Self {
        Aide {
            place: Place { start, lang_flag },
            progress_every,
        }
    }

    /// aide's language for this project (flag, `AIDE_LANG`, config, locale).
    fn lang(&self) -> Lang {
        super::project::context(&self.place.start, self.place.lang_flag)
            .printer
            .lang
    }

    /// Validates, stores and starts the page in the background, exactly as
    /// `submit --detach`; the answer is the pending session.
    async fn submit(&self, arguments: Option<JsonObject>) -> Result<Answer, CliError> {
        self.place
            .blocking(move |ctx| {
                let (input, replace) = tools::submit_args(arguments)?;
                let total = input.items().len();
                let settings = ctx.server_settings(&crate::cli::ServerArgs::default())?;
                let started = crate::cmd::submit::submit_detached(ctx, input, &settings, replace)?;
                Ok(Answer::Pending {
                    session_id: started.session_id.to_string(),
                    url: started.url,
                    answered: 0,
                    total,
                })
            })
            .await
    }

    async fn call(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<Answer, CliError> {
        let arguments = request.arguments;
        match request.name.as_ref() {
            SUBMIT => self.submit(arguments).await,
            RESULT => {
                let args = tools::result_args(arguments)?;
                let until = Instant::now() + Duration::from_secs(args.wait_seconds);
                wait::wait(&self.place, Some(until), &context.ct, None).await
            }
            _ => {
                let submitted = self.submit(arguments).await?;
                if !matches!(submitted, Answer::Pending { .. }) {
                    return Ok(submitted);
                }
                let token = request
                    .meta
                    .as_ref()
                    .and_then(|meta| meta.get_progress_token())
                    .or_else(|| context.meta.get_progress_token());
                let reporter = token.map(|token| Reporter {
                    peer: context.peer.clone(),
                    token,
                    every: self.progress_every,
                });
                wait::wait(&self.place, None, &context.ct, reporter.as_ref()).await
            }
        }
    }
}

impl ServerHandler for Aide {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("aide", env!("CARGO_PKG_VERSION")))
            .with_instructions(Msg::Agent(AgentMsg::SubmitTool).text(self.lang()))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools::list(self.lang())))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.clone();
        if ![SUBMIT, RESULT, DECIDE].contains(&name.as_ref()) {
            return Err(ErrorData::invalid_params(
                format!("unknown tool: {name}"),
                None,
            ));
        }
        let submitted = name == SUBMIT;
        let outcome = self.call(request, &context).await;
        let lang = self.lang();
        Ok(match outcome {
            Ok(answer) => answered(&answer, submitted, lang),
            Err(error) => failed(&error, lang),
        }
        .into())
    }
}

/// The answer as structured content, and as text that tells the model
/// what to do next.
fn answered(answer: &Answer, submitted: bool, lang: Lang) -> CallToolResult {
    let value = serde_json::to_value(answer).unwrap_or_default();
    let text = match answer {
        Answer::Decided(output) => format!(
            "{}\n{}",
            Msg::Agent(AgentMsg::Decided).text(lang),
            output.to_compact_json()
        ),
        Answer::Pending { url, .. } if submitted => {
            Msg::Agent(AgentMsg::Submitted { url: url.clone() }).text(lang)
        }
        Answer::Pending {
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
        Answer::Closed { hint, .. } => hint.clone(),
    };
    let mut result = CallToolResult::structured(value);
    result.content = vec![ContentBlock::text(text)];
    result
}

/// A tool error: every line the CLI would print, hints included.
fn failed(error: &CliError, lang: Lang) -> CallToolResult {
    let mut lines = error.lines(lang);
    if lines.is_empty() {
        lines.push(error.message(lang).text(lang));
    }
    CallToolResult::error(vec![ContentBlock::text(lines.join("\n"))])
}
