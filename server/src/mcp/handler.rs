//! The MCP server: lists the tools and runs a call through the same code
//! as `aide decide submit --detach` and `aide decide result`.

use super::conn::{Bound, Conn, Running, Submit};
use super::elicit::{Ability, OpenItems};
use super::records;
use super::reply::{Failure, Outcome, answered, failed};
use super::task::Tasks;
use super::tool_name::{AgentTool, ToolName};
use super::tools::{self, ToolAnswer};
use super::view;
use super::wait::{self, CallContext, Ends, Reporter};
use crate::decide::error::DecideError;
use crate::decide::rulings::RuledSubmit;
use crate::decide::search::Scope;
use crate::decide::settings::Overrides;
use crate::decide::watch::Target;
use crate::error::CliError;
use crate::present::Terminal;
use crate::search;
use crate::store::StoreError;
use app::i18n::{AgentMsg, Msg};
use app::{DecideInput, Lang, SessionId};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, GetTaskParams, GetTaskResult,
    Implementation, JsonObject, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ServerCapabilities,
    ServerConfig, TASKS_EXTENSION_ID, UpdateTaskParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// aide's tools for one project folder, on one connection.
#[derive(Clone)]
pub struct Aide {
    pub(super) place: CallContext,
    progress_every: Duration,
    pub(super) conn: Arc<Conn>,
    /// The server's tasks, shared by every connection it serves.
    pub(super) tasks: Arc<Tasks>,
}

/// A submit that stored its session and started its page.
pub struct Submitted {
    pub session_id: SessionId,
    /// `decide_submit`'s answer: the session, its page, the line for the
    /// person.
    pub answer: ToolAnswer,
    /// The page's address, with its key.
    pub url: String,
    /// What the session asks, but the items rulings answered.
    pub open: OpenItems,
    /// The person's standing rulings answered every item: recorded, no
    /// page (`answer` is the answers).
    pub ruled: bool,
}

impl Aide {
    pub fn new(
        start: PathBuf,
        lang_flag: Option<Lang>,
        progress_every: Duration,
        conn: Arc<Conn>,
        tasks: Arc<Tasks>,
    ) -> Self {
        Aide {
            place: CallContext::new(start, lang_flag),
            progress_every,
            conn,
            tasks,
        }
    }

    /// aide's language for this project (flag, `AIDE_LANG`, config, locale).
    pub(super) fn lang(&self) -> Lang {
        self.place.lang()
    }

    /// These tools for one call: the project, its config and language read
    /// once, for every look the call makes.
    async fn for_call(&self) -> Aide {
        Aide {
            place: self.place.read_once().await,
            ..self.clone()
        }
    }

    /// Validates, stores and starts the page in the background, exactly as
    /// `submit --detach`; the answer is the pending session. Whatever
    /// happens, `running` learns the outcome, so a result call waiting for
    /// this submit ends.
    pub(super) async fn submit(
        &self,
        arguments: Option<JsonObject>,
        running: Running,
    ) -> Result<Submitted, CliError> {
        let (input, replace) = self.parse(arguments).await?;
        self.store(input, replace, running).await
    }

    /// A submit's arguments, validated: the input, and whether it replaces
    /// the pending session.
    pub(super) async fn parse(
        &self,
        arguments: Option<JsonObject>,
    ) -> Result<(DecideInput, bool), CliError> {
        self.place
            .blocking(move |ctx| tools::submit_args(arguments, &ctx.input_files()))
            .await
    }

    /// Stores a validated input and starts its page (the rest of
    /// [`Self::submit`]).
    pub(super) async fn store(
        &self,
        input: DecideInput,
        replace: bool,
        running: Running,
    ) -> Result<Submitted, CliError> {
        let submitted = self
            .place
            .blocking(move |ctx| {
                let asked = input.clone();
                let settings = ctx.server_settings(&Overrides::default())?;
                // On stderr, as `submit --detach` prints it (never stdout:
                // the transport's); the answer carries the page.
                let report = Terminal::new(ctx.printer(), &settings, false, false);
                let mut told = Vec::new();
                let store = ctx.store()?;
                let ruled = crate::decide::rulings::submit_ruled(
                    &store, &asked, &settings, replace, &mut told,
                );
                let some = match report.tell(&mut told, ruled)? {
                    RuledSubmit::All(ruled) => {
                        let open = OpenItems::new(asked, ruled.output.decisions());
                        return Ok(Submitted {
                            session_id: ruled.session_id.clone(),
                            answer: ToolAnswer::Decided {
                                session_id: ruled.session_id,
                                output: ruled.output,
                            },
                            url: String::new(),
                            open,
                            ruled: true,
                        });
                    }
                    RuledSubmit::Ask(some) => some,
                };
                let started = crate::decide::submit::submit_detached(
                    ctx, input, &settings, replace, &some, &mut told,
                );
                let started = report.tell(&mut told, started)?;
                let answer = ToolAnswer::Pending {
                    session_id: started.session_id.clone(),
                    url: started.url.clone(),
                    message: Some(started.message),
                    answered: 0,
                    // The items asked, as the page and the waits count
                    // them: those a ruling answered are reported apart.
                    total: asked.items().len() - some.len(),
                };
                Ok(Submitted {
                    session_id: started.session_id,
                    answer,
                    url: started.url,
                    open: OpenItems::new(asked, &some),
                    ruled: false,
                })
            })
            .await?;
        running.stored(&submitted.session_id);
        Ok(submitted)
    }

    /// Where `decide` reports progress: the call's progress token, if it
    /// has one (rmcp moves the request's `_meta` into the context).
    pub(super) fn reporter(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Option<Reporter> {
        let token = request
            .meta
            .as_ref()
            .and_then(|meta| meta.get_progress_token())
            .or_else(|| context.meta.get_progress_token());
        token.map(|token| Reporter {
            peer: context.peer.clone(),
            token,
            every: self.progress_every,
        })
    }

    /// The session a submit sent before this call on this connection
    /// stored, once it is stored.
    pub(super) async fn submitted(
        submit: &Submit,
        cancel: &CancellationToken,
    ) -> Result<SessionId, Failure> {
        let outcome = tokio::select! {
            outcome = submit.outcome() => outcome,
            () = cancel.cancelled() => None,
        };
        outcome.ok_or_else(|| CliError::from(Msg::Agent(AgentMsg::SubmitFailed)).into())
    }

    /// The session a result or cancel call is about: the one named, else
    /// what the connection bound it to.
    async fn target(
        &self,
        named: Option<SessionId>,
        bound: Bound,
        cancel: &CancellationToken,
    ) -> Result<Target, Failure> {
        Ok(match (named, bound) {
            (Some(session_id), _) => Target::Session(session_id),
            (None, Bound::Pending) => Target::Pending,
            (None, Bound::Session(session_id)) => Target::Session(session_id),
            (None, Bound::Submit(submit)) => {
                Target::Session(Self::submitted(&submit, cancel).await?)
            }
            // Only view calls are bound to nothing; as one that stands alone.
            (None, Bound::Unseen | Bound::Nothing) => self.unbound().await?,
        })
    }

    /// The session a call without a session id is about when nothing
    /// binds it to a submit (over HTTP on 2026-07-28 each request stands
    /// alone): the project's pending session, when it has exactly one.
    async fn unbound(&self) -> Result<Target, Failure> {
        let pending = self
            .place
            .blocking(|ctx| {
                // Several pending: the agent must name its own.
                match ctx.store()?.pending().sole() {
                    Ok((pending, _)) => Ok(Some(pending.meta.session_id)),
                    Err(StoreError::NoPending) => Ok(None),
                    Err(other) => Err(other.into()),
                }
            })
            .await?;
        pending
            .map(Target::Session)
            .ok_or_else(|| CliError::from(Msg::Agent(AgentMsg::SessionIdNeeded)).into())
    }

    async fn call(
        &self,
        tool: AgentTool,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<Outcome, Failure> {
        // Ends a wait when the call is cancelled or the client goes away.
        let cancel = either(&context.ct, self.conn.closed());
        let _stop = cancel.clone().drop_guard();
        let answer = match tool {
            AgentTool::Submit => {
                let running = self.conn.running(&context.id);
                self.submit(request.arguments, running).await?.answer
            }
            AgentTool::Result => {
                // Taken at once, whatever the arguments, so it is not kept.
                let bound = self.conn.bound(&context.id);
                let args = tools::result_args(request.arguments)?;
                let target = self.target(args.session_id, bound, &cancel).await?;
                let session_id = match &target {
                    Target::Session(id) => Some(id.clone()),
                    Target::Pending => None,
                };
                let until = Instant::now() + Duration::from_secs(args.wait_seconds);
                wait::wait(
                    &self.place,
                    target,
                    Some(until),
                    &cancel,
                    None,
                    Ends::AtProvisional,
                )
                .await
                .map_err(|error| Failure { session_id, error })?
            }
            AgentTool::Cancel => {
                let bound = self.conn.bound(&context.id);
                let args = tools::cancel_args(request.arguments)?;
                let session = match self.target(args.session_id, bound, &cancel).await? {
                    Target::Session(session_id) => Some(session_id),
                    Target::Pending => None,
                };
                let named = session.clone();
                let withdrawal = self
                    .place
                    .blocking(move |ctx| {
                        Ok(crate::decide::withdraw::withdraw(
                            ctx,
                            session,
                            args.reason,
                        )?)
                    })
                    .await
                    .map_err(|error| Failure {
                        session_id: named,
                        error,
                    })?;
                ToolAnswer::Withdrawn {
                    session_id: withdrawal.session_id,
                    reason: withdrawal.reason,
                }
            }
            AgentTool::Decide => return self.decide(request, context, &cancel).await,
            AgentTool::Search => {
                let args = tools::search_args(request.arguments)?;
                let query = args.query.clone();
                let searched = self
                    .place
                    .blocking(move |ctx| {
                        let scope = if args.all_projects {
                            Scope::AllProjects
                        } else {
                            Scope::ThisProject
                        };
                        // Unreadable records are passed by; the agent is
                        // told of what was found.
                        let limit = search::DEFAULT_LIMIT;
                        let found = crate::decide::search::search(ctx, &args.query, scope, limit)?;
                        Ok((found.hits, found.rulings))
                    })
                    .await?;
                let (hits, rulings) = searched;
                return Ok(Outcome::Found {
                    hits,
                    rulings,
                    query,
                });
            }
        };
        Ok(Outcome::Answer(answer))
    }
}

/// A token cancelled when `a` or `b` is (or when it is dropped through its
/// guard, which ends the task that links them).
pub(super) fn either(a: &CancellationToken, b: &CancellationToken) -> CancellationToken {
    let both = CancellationToken::new();
    let (a, b, linked) = (a.clone(), b.clone(), both.clone());
    tokio::spawn(async move {
        tokio::select! {
            () = a.cancelled() => {}
            () = b.cancelled() => {}
            () = linked.cancelled() => {}
        }
        linked.cancel();
    });
    both
}

impl ServerHandler for Aide {
    fn get_info(&self) -> ServerConfig {
        let mut extensions = view::extension();
        extensions.insert(TASKS_EXTENSION_ID.into(), JsonObject::new());
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_extensions_with(extensions)
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("aide", env!("CARGO_PKG_VERSION")))
            .with_instructions(Msg::Agent(AgentMsg::Instructions).text(self.lang()))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let lang = self.lang();
        // The app-only tools, and the view's token, only for a client
        // that draws MCP Apps: any other would show them to its model.
        let app = Ability::of(&context).app;
        let mut all = tools::list(lang, app);
        if app {
            all.extend(view::tools(lang));
        }
        Ok(ListToolsResult::with_all_items(all))
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let cursor = request.and_then(|request| request.cursor);
        let lang = self.lang();
        let first_page = cursor.is_none();
        let place = self.for_call().await.place;
        let listed = place
            .blocking(move |ctx| {
                let store = ctx.store()?;
                let (mut records, next) = records::page(&store, cursor.as_deref(), lang)?;
                if first_page {
                    records.extend(records::rulings(&store, lang));
                }
                Ok((records, next))
            })
            .await;
        let (records, next) = match listed {
            Ok(listed) => listed,
            // A project without `.aide/` has no records: the view alone.
            Err(CliError::Service(DecideError::Store(_))) if first_page => (Vec::new(), None),
            Err(error) => {
                let text = error.message(lang).text(lang);
                return Err(ErrorData::invalid_params(text, None));
            }
        };
        let mut resources = if first_page {
            vec![view::resource()]
        } else {
            Vec::new()
        };
        resources.extend(records);
        let mut result = ListResourcesResult::with_all_items(resources);
        result.next_cursor = next;
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri == view::URI {
            return Ok(ReadResourceResult::new(vec![view::contents()]).into());
        }
        let lang = self.lang();
        let unknown = || {
            let uri = app::i18n::cut(&request.uri, app::i18n::ECHO_CHARS);
            let text = Msg::Agent(AgentMsg::UnknownResource { uri }).text(lang);
            ErrorData::resource_not_found(text, None)
        };
        let place = self.for_call().await.place;
        if request.uri.starts_with(records::RULING_PREFIX) {
            let uri = request.uri.clone();
            let read = place
                .blocking(move |ctx| records::read_ruling(&ctx.store()?, &uri))
                .await;
            return match read {
                Ok(Some(contents)) => Ok(ReadResourceResult::new(vec![contents]).into()),
                Ok(None) => Err(unknown()),
                Err(error) => Err(ErrorData::internal_error(
                    error.message(lang).text(lang),
                    None,
                )),
            };
        }
        let Some(session) = records::session_of(&request.uri) else {
            return Err(unknown());
        };
        let read = place
            .blocking(move |ctx| records::read(&ctx.store()?, &session))
            .await;
        match read {
            Ok(Some(contents)) => Ok(ReadResourceResult::new(vec![contents]).into()),
            Ok(None) => Err(unknown()),
            Err(error) => Err(ErrorData::internal_error(
                error.message(lang).text(lang),
                None,
            )),
        }
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let this = self.for_call().await;
        let tool = match ToolName::of(&request.name) {
            Some(ToolName::View(call)) => {
                return Ok(this.view_call(call, request, &context).await.into());
            }
            Some(ToolName::Agent(tool)) => tool,
            None => {
                let name = app::i18n::cut(&request.name, app::i18n::ECHO_CHARS);
                let text = Msg::Agent(AgentMsg::UnknownTool { name }).text(self.lang());
                return Err(ErrorData::invalid_params(text, None));
            }
        };
        // A client that declared the Tasks extension gets `decide` as a
        // task (`task/`); a call that carries a reply to `decide`'s prompt
        // (2026-07-28) goes on as the call it answers.
        if tool == AgentTool::Decide
            && request.request_state.is_none()
            && Ability::of(&context).tasks
        {
            return Ok(this.decide_task(request, &context).await);
        }
        let submitted = tool == AgentTool::Submit;
        // The tools that name the view hand it its token in their
        // result's `_meta`, which hosts pass to the view and not to the
        // model.
        let with_view = tool.shows_the_view() && Ability::of(&context).app;
        let outcome = this.call(tool, request, &context).await;
        let lang = this.lang();
        let mut result = match outcome {
            Ok(Outcome::Answer(answer)) => answered(&answer, submitted, lang),
            Ok(Outcome::Input(input)) => return Ok(input.into()),
            Ok(Outcome::Found {
                hits,
                rulings,
                query,
            }) => super::reply::found(&hits, &rulings, &query, lang),
            Err(failure) => failed(failure, lang),
        };
        if with_view {
            result.meta = Some(view::token::meta());
        }
        Ok(result.into())
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let task = self.tasks.get(&request.task_id, self.lang())?;
        Ok(GetTaskResult::new(task))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let lang = self.lang();
        self.tasks
            .update(&request.task_id, request.input_responses, lang)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks.cancel(&request.task_id, self.lang())
    }
}
