//! The `aide` binary driven as its users drive it: the CLI in a project
//! folder, `aide mcp` over stdio and HTTP, the page's server over a socket,
//! another account's attempts. One test binary, not one per file: each
//! file's tests used to link their own copy of `support` (34 links), and
//! cargo ran the binaries one after another, so the waits of one file
//! (servers that linger, timeouts) never overlapped another's.

mod support;

mod cli_agents;
mod cli_answers;
mod cli_attached;
mod cli_cancel;
mod cli_check;
mod cli_config;
mod cli_edges;
mod cli_export;
// FIFOs and a tmpfs: Unix.
#[cfg(unix)]
mod cli_faults;
mod cli_flow;
mod cli_flow_crash;
mod cli_flow_moves;
mod cli_late;
mod cli_later;
mod cli_lifecycle;
mod cli_provisional;
mod cli_reach;
mod cli_result;
// The grant goes through the ended page, which serves on only on Unix.
#[cfg(unix)]
mod cli_ruled_part;
#[cfg(unix)]
mod cli_rulings;
mod cli_search;
mod cli_security;
mod cli_serve;
mod cli_sessions;
mod cli_setup;
mod cli_setup_places;
mod cli_store;
mod cli_submit;
mod cli_terminal;
mod cli_waiting;
#[cfg(unix)]
mod launchers;
mod mcp;
mod mcp_elicit;
mod mcp_http;
mod mcp_http_elicit;
mod mcp_http_view;
mod mcp_records;
mod mcp_rounds;
#[cfg(unix)]
mod mcp_ruled;
#[cfg(unix)]
mod mcp_ruled_open;
mod mcp_sessions;
mod mcp_tasks;
mod mcp_view;
mod mcp_view_follow;
mod one_name;
// A second account: useradd, setuid and Unix modes.
#[cfg(unix)]
mod other_user;
mod race;
