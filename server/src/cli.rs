//! The whole command-line surface; doc comments are the help text.

use app::Lang;
use args::lang_arg;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

mod args;
mod decide;
mod example;
mod flow;
pub use args::ServerArgs;
pub use decide::DecideCommand;
pub use flow::{FlowCommand, RecordArgs};

/// What `aide --version` prints: the release, the version of the files it
/// writes (a reader of `.aide/` needs both), and the commit it was built
/// from.
fn version() -> &'static str {
    static TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "{} (record format {}, commit {})",
            env!("CARGO_PKG_VERSION"),
            app::validate::CURRENT_VERSION,
            env!("VERGEN_GIT_SHA"),
        )
    });
    &TEXT
}

/// aide: hand the decisions an agent must not make alone to a person, and
/// get the answers back as data.
///
/// Messages go to stderr, prefixed ✓ (done), ✗ (failed, followed by a hint),
/// → (information) and ⚠ (warning); only data goes to stdout. Exit codes: 0
/// success, 1 failure, 2 usage error (also: say which session with
/// --session), 3 withdrawn, 4 the page closed without answers, 5 replaced by
/// a later submit, 6 provisional answers only, 124 not answered yet with
/// --wait or --session (see `aide decide result --help`).
#[derive(Debug, Parser)]
#[command(name = "aide", version = version(), about, long_about)]
pub struct Cli {
    /// Language of messages and of the page: zh or en [default: AIDE_LANG,
    /// then decide.lang in .aide/config.toml, then the locale]
    #[arg(long, global = true, value_name = "LANG", value_parser = lang_arg)]
    pub lang: Option<Lang>,
    #[command(subcommand)]
    pub command: Command,
}

/// Every command, by the front end that runs it: the command line's
/// (`cmd`) and `aide mcp` (`mcp`).
#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(flatten)]
    Cli(CliCommand),
    /// Serve aide's tools to an agent over MCP (JSON-RPC on stdin/stdout)
    ///
    /// Tools: decide_submit (store the items, start the page, return its
    /// address), decide_result (the answers, or how far the person is),
    /// decide (both, waiting for the person with progress notifications),
    /// decide_cancel (withdraw a question) and decide_search (what the
    /// person decided before). Clients with MCP Apps show
    /// the form inline (docs/mcp.md). Register it with your agent as the command `aide mcp`; it serves the
    /// nearest .aide/ above the folder it is started in and ends when stdin
    /// closes. With --http it serves the same tools over MCP's streamable
    /// HTTP instead, until Ctrl-C. See README.md, "Agent quick start".
    Mcp {
        /// The project folder [default: the nearest folder with .aide/ at or
        /// above the current one]
        #[arg(long, value_name = "DIR")]
        project: Option<PathBuf>,
        /// Serve over streamable HTTP at http://ADDR/mcp instead of stdio,
        /// e.g. 127.0.0.1:8765 (port 0 picks a free one). Every request
        /// must carry the header it prints on stderr, "Authorization:
        /// Bearer TOKEN" (401 without it); the token is kept for this user
        /// in .aide/ (mode 0600) and reused on the next start. Keep it on
        /// loopback (any other address is warned about): a request whose
        /// Host or Origin is not localhost, 127.0.0.1, [::1] or the bound
        /// address, with this port, is refused (403)
        #[arg(long, value_name = "ADDR")]
        http: Option<std::net::SocketAddr>,
    },
}

/// The commands the command line runs itself (`cmd::run`).
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Create .aide/ and a commented .aide/config.toml in the current folder
    Init,
    /// Submit pending decisions and read the person's answers
    #[command(subcommand)]
    Decide(DecideCommand),
    /// Record a task's progress as phases and steps, each a git commit
    #[command(subcommand)]
    Flow(FlowCommand),
    /// Register `aide mcp` with an agent's client, in its own settings
    ///
    /// Writes the client's MCP configuration with the absolute path of this
    /// aide (a client started from the desktop does not read your PATH),
    /// keeps everything else in the file, comments included, and does
    /// nothing when aide is there already. A file it cannot read is refused
    /// with its line and the reason, unchanged. Claude Code, Codex and Goose
    /// are set up for your user; Cursor, VS Code and Gemini for this project
    /// (.cursor/, .vscode/, .gemini/); Claude Desktop for your user, naming
    /// this project.
    #[command(group = clap::ArgGroup::new("what").required(true))]
    Setup {
        /// The client
        #[arg(value_enum, group = "what")]
        client: Option<crate::setup::Client>,
        /// Print what would be added (on stdout) without writing it
        #[arg(long, requires = "client")]
        print: bool,
        /// Say where aide is registered, client by client
        #[arg(long, group = "what")]
        list: bool,
    },
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
