//! `aide mcp --http ADDR`: the same tools as over stdio, on MCP's
//! streamable HTTP (rmcp's `StreamableHttpService`) at `http://ADDR/mcp`.
//!
//! Each MCP session (`Mcp-Session-Id`) gets its own handler and its own
//! connection state, as each stdio client does. There is no key: like any
//! local MCP server it relies on listening on loopback, and on refusing a
//! request whose Host or Origin is not this server's own (a web page
//! reaching it through DNS rebinding carries its own name there). rmcp
//! checks both; aide gives it the names to accept.

mod sessions;

use super::handler::Aide;
use super::{project, transport, wait};
use crate::error::CliError;
use crate::web::Signals;
use app::Lang;
use app::i18n::{AgentMsg, Msg};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use sessions::Sessions;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Where MCP is served on the address.
pub const PATH: &str = "/mcp";

/// How long open streams get to end once a stop signal arrives.
const GRACE: Duration = Duration::from_secs(2);

/// Serves the tools on `addr` until Ctrl-C, SIGTERM or SIGHUP.
pub fn run_http(
    project: Option<PathBuf>,
    lang_flag: Option<Lang>,
    addr: SocketAddr,
) -> Result<(), CliError> {
    let start = project::start_dir(project)?;
    let printer = project::context(&start, lang_flag).printer;
    let runtime = crate::cmd::serving::runtime()?;
    let result = runtime.block_on(async {
        // Caught from here on, before the address is printed.
        let signals = Signals::listen(true);
        let bind_failed = |e: std::io::Error| {
            CliError::Msg(Msg::Agent(AgentMsg::McpHttpBind {
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
        let router = router(start, lang_flag, bound, stop.clone());
        printer.info(&Msg::Agent(AgentMsg::McpHttpServing {
            url: format!("http://{bound}{PATH}"),
        }));
        let stopped = stop.clone();
        let serving = axum::serve(listener, router)
            .with_graceful_shutdown(async move { stopped.cancelled().await })
            .into_future();
        tokio::pin!(serving);
        tokio::select! {
            result = &mut serving => return result.map_err(CliError::server),
            () = signals.recv() => {}
        }
        // Ends every session (a tool waiting for the person returns) and
        // every open stream; then the connections close.
        stop.cancel();
        match tokio::time::timeout(GRACE, serving).await {
            Ok(result) => result.map_err(CliError::server),
            Err(_) => Ok(()),
        }
    });
    // A tool still waiting for the person is not worth holding the exit.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}

/// The MCP endpoint for a server bound to `bound`; `stop` ends its
/// sessions.
pub fn router(
    start: PathBuf,
    lang_flag: Option<Lang>,
    bound: SocketAddr,
    stop: CancellationToken,
) -> axum::Router {
    let authorities = own_authorities(bound);
    let origins: Vec<String> = authorities.iter().map(|a| format!("http://{a}")).collect();
    let config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(authorities)
        .with_allowed_origins(origins)
        .with_cancellation_token(stop)
        // The longest message stdio takes, so the same calls fit.
        .with_max_request_body_bytes(transport::MAX_LINE);
    let progress_every = wait::progress_interval();
    let service = StreamableHttpService::new(
        move || {
            let conn = sessions::conn_for_new_handler();
            Ok(Aide::new(start.clone(), lang_flag, progress_every, conn))
        },
        Arc::new(Sessions::default()),
        config,
    );
    axum::Router::new().route_service(PATH, service)
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
