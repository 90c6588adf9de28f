//! `aide mcp --http ADDR`: the same tools as over stdio, on MCP's
//! streamable HTTP (rmcp's `StreamableHttpService`) at `http://ADDR/mcp`.
//!
//! Each MCP session (`Mcp-Session-Id`) gets its own handler and its own
//! connection state, as each stdio client does. Loopback is reachable by
//! every account on the machine, so every request carries the project's
//! token (`token.rs`, as MCP's transport guidance asks: bind to localhost,
//! authenticate every connection), checked before anything of MCP runs
//! (`guard.rs`). A web page reaching it through DNS rebinding carries its
//! own name as Host or Origin: rmcp refuses both, with the names aide
//! gives it. Sessions are capped and expire when idle (`sessions.rs`);
//! connections get the page server's header deadline, bodies a deadline
//! of their own.

mod bounds;
mod guard;
mod sessions;
mod token;

use super::handler::Aide;
use super::task::Tasks;
use super::{project, transport, wait};
use crate::error::CliError;
use crate::web::Signals;
use app::Lang;
use app::i18n::{AgentMsg, Msg};
use bounds::SessionBounds;
use hyper_util::server::graceful::GracefulShutdown;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use sessions::Sessions;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
pub use token::Token;
use tokio_util::sync::CancellationToken;

/// Where MCP is served on the address.
pub const PATH: &str = "/mcp";

/// How long open streams get to end once a stop signal arrives.
const GRACE: Duration = Duration::from_secs(2);

/// What one server holds at most, and how long it waits for a client.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Sessions open at once: far more than the agents of one person use,
    /// few enough that their memory is small (a session is tens of KB).
    pub sessions: usize,
    /// A session with no request in flight and no message for this long
    /// is closed; its client starts a new one (MCP's 404 rule).
    pub idle: Duration,
    /// How long a request's headers may take to arrive.
    pub header: Duration,
    /// How long a POST's whole body may take to arrive.
    pub body: Duration,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            sessions: 64,
            idle: Duration::from_secs(30 * 60),
            header: crate::web::HEADER_TIMEOUT,
            body: Duration::from_secs(10),
        }
    }
}

/// Serves the tools on `addr` until Ctrl-C, SIGTERM or SIGHUP.
pub fn run_http(
    project: Option<PathBuf>,
    lang_flag: Option<Lang>,
    addr: SocketAddr,
) -> Result<(), CliError> {
    let start = project::start_dir(project)?;
    let printer = crate::output::Printer {
        lang: crate::decide::ctx::Ctx::at(start.clone(), lang_flag).lang,
    };
    let token = Token::of_project(&start)?;
    let runtime = crate::decide::runtime()?;
    let result = runtime.block_on(async {
        // Caught from here on, before the address is printed.
        let signals = Signals::listen(true);
        let bind_failed = |e: std::io::Error| {
            CliError::from(Msg::Agent(AgentMsg::McpHttpBind {
                addr: addr.to_string(),
                detail: e.to_string(),
            }))
        };
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(bind_failed)?;
        let bound = listener.local_addr().map_err(bind_failed)?;
        if !bound.ip().is_loopback() {
            printer.warn(&Msg::Agent(AgentMsg::McpHttpExposed {
                bind: bound.ip().to_string(),
            }));
        }
        let stop = CancellationToken::new();
        let bounds = Bounds::default();
        let endpoint = Endpoint {
            start,
            lang_flag,
            lang: printer.lang,
            bound,
            token: token.clone(),
            bounds,
        };
        let (router, _) = endpoint.router(stop.clone());
        printer.info(&Msg::Agent(AgentMsg::McpHttpServing {
            url: format!("http://{bound}{PATH}"),
        }));
        printer.info(&Msg::Agent(AgentMsg::McpHttpHeader {
            header: format!("Authorization: {}", token.header_value()),
        }));
        serve(listener, router, bounds.header, signals.recv(), &stop).await;
        Ok(())
    });
    // A tool still waiting for the person is not worth holding the exit.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}

/// Accepts connections (the page server's loop, with its header deadline)
/// until `until` resolves; then cancels `stop`, which ends every session (a
/// tool waiting for the person returns) and every open stream, and lets
/// the connections close (at most `GRACE`).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    header: Duration,
    until: impl Future<Output = ()>,
    stop: &CancellationToken,
) {
    let graceful = GracefulShutdown::new();
    {
        let accepting = crate::web::accept(&listener, router, &graceful, header);
        tokio::select! {
            () = accepting => {}
            () = until => {}
        }
    }
    drop(listener);
    stop.cancel();
    let _ = tokio::time::timeout(GRACE, graceful.shutdown()).await;
}

/// What one `aide mcp --http` serves, and to whom.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub start: PathBuf,
    pub lang_flag: Option<Lang>,
    /// The language of its own refusals (401, 408, ...).
    pub lang: Lang,
    /// The address it is bound to.
    pub bound: SocketAddr,
    pub token: Token,
    pub bounds: Bounds,
}

impl Endpoint {
    /// The MCP endpoint behind its guard, and its sessions; `stop` ends
    /// the sessions. Call it inside the runtime: it starts the task that
    /// expires idle sessions.
    pub fn router(self, stop: CancellationToken) -> (axum::Router, Arc<Sessions>) {
        let authorities = own_authorities(self.bound);
        let origins: Vec<String> = authorities.iter().map(|a| format!("http://{a}")).collect();
        let config = StreamableHttpServerConfig::default()
            .with_allowed_hosts(authorities)
            .with_allowed_origins(origins)
            .with_cancellation_token(stop.clone())
            // The longest message stdio takes, so the same calls fit.
            .with_max_request_body_bytes(transport::MAX_LINE);
        let sessions = Arc::new(Sessions::new(SessionBounds {
            sessions: self.bounds.sessions,
            idle: self.bounds.idle,
        }));
        tokio::spawn(Sessions::expire_idle(
            Arc::downgrade(&sessions),
            stop.clone(),
        ));
        let progress_every = wait::progress_interval();
        // One set of tasks for every session: a client that reconnects
        // (its session expired, or it speaks 2026-07-28, where each
        // request stands alone) finds its task.
        let tasks = Arc::new(Tasks::new(stop));
        let (start, lang_flag) = (self.start, self.lang_flag);
        let service = StreamableHttpService::new(
            move || {
                let conn = sessions::conn_for_new_handler();
                let tasks = tasks.clone();
                Ok(Aide::new(
                    start.clone(),
                    lang_flag,
                    progress_every,
                    conn,
                    tasks,
                ))
            },
            sessions.clone(),
            config,
        );
        let guard = guard::Guard {
            token: self.token,
            sessions: sessions.clone(),
            body_deadline: self.bounds.body,
            max_body: transport::MAX_LINE,
            lang: self.lang,
        };
        let router = axum::Router::new()
            .route_service(PATH, service)
            .layer(axum::middleware::from_fn_with_state(guard, guard::guard));
        (router, sessions)
    }
}

/// The `host:port` names a request to this server may carry as Host (and,
/// with `http://`, as Origin): the loopback names, and the address it is
/// bound to (or, bound to every interface, this machine's addresses).
pub fn own_authorities(bound: SocketAddr) -> Vec<String> {
    let port = bound.port();
    let mut hosts = vec![format!("localhost:{port}")];
    let mut ips: Vec<IpAddr> = vec![[127, 0, 0, 1].into(), std::net::Ipv6Addr::LOCALHOST.into()];
    let ip = bound.ip();
    if ip.is_unspecified() {
        ips.extend(crate::reach::network_addresses(ip.is_ipv6()));
    } else if !ip.is_loopback() {
        ips.push(ip);
    }
    hosts.extend(
        ips.into_iter()
            .map(|ip| SocketAddr::new(ip, port).to_string()),
    );
    if port == 80 {
        // A client may leave out the default port.
        hosts.push("localhost".into());
    }
    hosts
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
