//! The whole command-line surface; doc comments are the help text.

use crate::config::{MAX_PORT, MAX_TIMEOUT_SECS, is_http_url, parse_bind};
use crate::decide::settings::Overrides;
use app::{Lang, SessionId};
use clap::{Args, Parser, Subcommand};
use std::net::IpAddr;
use std::path::PathBuf;

mod flow;
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

/// The agent's whole recipe under `aide decide submit --help`: no other
/// page is needed to ask a first question.
const SUBMIT_EXAMPLE: &str = r#"Example, as an agent whose commands are killed after a time limit:

  aide init    # once per project
  aide decide submit - --detach --json <<'JSON'
  {"task":"Add login","source":"chat","items":[{"id":1,"title":"How long does a login last?",
   "options":[{"value":"1h","label":"1 hour","pros":["safer"]},{"value":"8h","label":"8 hours"}],
   "recommend":"8h"}]}
  JSON
  # -> {"session_id":"…","url":"…","message":"…","port":…,"pid":…}: paste message to the person
  aide decide result --wait --timeout 100 --session ID
  # -> {"decisions":[{"id":1,"chosen":"8h"}]} with exit 0; exit 124: not yet, run it again

source is the document the questions come from (a file path), or "chat"."#;

#[derive(Debug, Subcommand)]
pub enum DecideCommand {
    /// Store pending items, serve the decision page and wait for the answers
    ///
    /// Prints the page's address and blocks until the person submits, then
    /// prints "✓ Decisions completed" and exits 0. With --detach it returns as soon as
    /// the page is reachable; collect the answers with `aide decide result
    /// --wait`. A second submit while a page still waits for answers keeps
    /// both, each on its own page (then pass --session to result and
    /// cancel); --replace stops that page instead. Input format: the
    /// example below, README.md or `aide decide schema`.
    #[command(after_long_help = SUBMIT_EXAMPLE)]
    Submit {
        /// The input: JSON text, the path of a JSON file, or - for stdin
        #[arg(value_name = "JSON|FILE|-")]
        input: String,
        #[command(flatten)]
        server: ServerArgs,
        /// Stop the server of an unanswered earlier session and replace it
        #[arg(long)]
        replace: bool,
        /// Print {"session_id","url","message","port","pid"} as one JSON
        /// line on stdout as soon as the page is reachable; message is one
        /// line to paste to the person (the address and what to do)
        #[arg(long)]
        json: bool,
        /// Only validate the input and report locations whose file or lines
        /// are missing; store and start nothing
        #[arg(long, conflicts_with_all = ["json", "replace", "detach"])]
        check: bool,
    },
    /// Serve the pending session's page again (after a timeout, a reboot or
    /// a killed agent)
    ///
    /// At the address it had where it can: the same key, and the same port
    /// when it is free and --port is not given, so the link the person was
    /// given opens again. An agent with a time limit runs it with --detach
    /// --json, then waits with `aide decide result --wait --session ID`.
    Serve {
        #[command(flatten)]
        server: ServerArgs,
        /// Print {"session_id","url","message","port","pid"} as one JSON
        /// line on stdout as soon as the page is reachable (as `submit
        /// --json`)
        #[arg(long)]
        json: bool,
    },
    /// Print the person's answers, {"decisions":[...]}, as compact JSON on
    /// stdout
    ///
    /// Each outcome has its own exit code: 0 the answers are printed; 124
    /// not answered yet, with --wait when --timeout seconds pass or with
    /// --session (run it again to keep waiting); 4 with --wait, the page
    /// closed without answers (aide decide serve --detach serves it again); 3
    /// the question was withdrawn; 5 a later submit replaced it unanswered; 6
    /// provisional answers only: the person has not answered, but items'
    /// if_unanswered rules fired, so the JSON holds what they took, each
    /// "by":"provisional" with its reason, and "waiting" the other items (at
    /// once, also with --wait; run it again later for the person's answers,
    /// which then list in "differs" the items answered otherwise); 2
    /// which session is meant cannot be told (pass --session); 1 any other
    /// failure. Without --wait and --session it is the spec's command: no
    /// answers yet is "✗ No decision result yet", exit 1.
    ///
    /// With --session it answers for that session only, whatever was
    /// submitted since. Without it, it answers for the session submitted
    /// last, and refuses, naming them, while another session is pending
    /// beside it or was open at the same time (its answers could be another
    /// agent's); once the project has had several sessions, stderr names the
    /// session it speaks of.
    Result {
        /// The session to answer for (`submit --json` prints its id); without
        /// it, the one session waiting for answers
        #[arg(long = "session", value_name = "ID", value_parser = session_arg)]
        session: Option<SessionId>,
        /// Wait for the answers while the page is being served
        #[arg(long)]
        wait: bool,
        /// With --wait: stop waiting after this many seconds with exit 124,
        /// the page still serving (pick less than your tool's command time
        /// limit)
        #[arg(long, value_name = "SECONDS", requires = "wait", value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT_SECS))]
        timeout: Option<u64>,
    },
    /// Withdraw a question: its page stops and says so, and every wait on it
    /// ends with exit 3
    ///
    /// For a question that became moot or was answered in the chat. Without
    /// --session it withdraws the pending session (refused while several
    /// are pending). Exit 0 once it is withdrawn (or was already); exit 1
    /// when the person answered it first ("already answered": the answers
    /// stand and `aide decide result` prints them).
    Cancel {
        /// The session to withdraw (`submit --json` prints its id)
        #[arg(long = "session", value_name = "ID", value_parser = session_arg)]
        session: Option<SessionId>,
        /// Why, in a few words: the page shows it to the person
        #[arg(long, value_name = "TEXT", value_parser = reason_arg)]
        reason: Option<String>,
    },
    /// Tell whether a session is pending, where its page is, and whether it
    /// is answered (one block per pending session)
    Status {
        /// Print the status as one JSON object on stdout ({"sessions":[...]}
        /// with several pending)
        #[arg(long)]
        json: bool,
    },
    /// List past sessions, newest first: when, status, items and task
    ///
    /// Status is pending (waiting for answers), decided (record stored) or
    /// replaced (a newer submit took its place before it was answered).
    History {
        /// Print {"sessions":[...]} as one JSON line on stdout
        #[arg(long)]
        json: bool,
    },
    /// List every question waiting for you on this machine, in every
    /// project, with its page's address
    ///
    /// Read from the per-user registry of running pages
    /// ($XDG_STATE_HOME/aide/servers, by default ~/.local/state/aide/servers),
    /// the longest waiting first. Works from any folder.
    Waiting {
        /// Print {"waiting":[...]} as one JSON line on stdout
        #[arg(long)]
        json: bool,
    },
    /// List the person's standing rulings; pause, resume or revoke them
    ///
    /// A ruling answers, at submit, every question like one the person
    /// answered (the same question, its option still offered), in this
    /// project or all of theirs. Rulings are granted only on the page of an
    /// answered question (its link "Standing rulings"), never here.
    /// Revoking needs --yes: the person, at their terminal.
    Rules {
        /// Print {"paused":…,"rulings":[...]} as one JSON line on stdout
        #[arg(long)]
        json: bool,
        /// Pause every ruling: each question comes to the person
        #[arg(long, conflicts_with_all = ["resume", "revoke"])]
        pause: bool,
        /// Resume the rulings paused
        #[arg(long, conflicts_with = "revoke")]
        resume: bool,
        /// Revoke the ruling ID (as listed), with --yes
        #[arg(long, value_name = "ID")]
        revoke: Option<String>,
        /// Confirms --revoke
        #[arg(long, requires = "revoke")]
        yes: bool,
    },
    /// Find what the person decided before: past answers of this project
    /// that match the words of QUERY, best first
    ///
    /// Searches each decided item's title, context, options, the answer
    /// and the note, in Chinese and English. Ask only when nothing found
    /// answers the question, or the situation changed since.
    Search {
        /// Words of the question (any language; quote several words)
        #[arg(value_name = "QUERY")]
        query: String,
        /// Print {"hits":[...]} as one JSON line on stdout
        #[arg(long)]
        json: bool,
        /// Search every project on this user's list, not only this one
        #[arg(long)]
        all_projects: bool,
        /// At most this many hits
        #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=100))]
        limit: u16,
    },
    /// Write each decided item as an architecture decision record
    ///
    /// One Markdown file per item in MADR's format (status, date, context,
    /// the options considered with their pros and cons, the outcome with
    /// the person's note, a link back to the session), numbered as
    /// adr-tools numbers them. Running it again rewrites a file only when
    /// what it says changed; a later decision of the same question
    /// supersedes the earlier one. A file aide did not write is never
    /// overwritten.
    Export {
        /// The folder of the records (made if missing), e.g. docs/adr
        #[arg(long, value_name = "DIR")]
        adr: PathBuf,
        /// Only this session (repeat for several)
        #[arg(long = "session", value_name = "ID", value_parser = session_arg)]
        sessions: Vec<SessionId>,
        /// Only decisions made on this day or later
        #[arg(long, value_name = "YYYY-MM-DD")]
        since: Option<chrono::NaiveDate>,
    },
    /// Print the stored record of one session (as JSON on stdout)
    Show {
        /// The session id, as `history` lists it (YYYY-MM-DDTHH-mm-ss)
        #[arg(value_name = "SESSION_ID")]
        session_id: String,
    },
    /// Remove old sessions' records and drafts; never the pending session
    ///
    /// Give --keep, --older-than or both (then only sessions both select are
    /// removed). The pending session and the record `result` reads are always
    /// kept and not counted by --keep.
    #[command(group = clap::ArgGroup::new("rule").required(true).multiple(true))]
    Clean {
        /// Keep the N newest sessions
        #[arg(long, value_name = "N", group = "rule")]
        keep: Option<usize>,
        /// Remove sessions started more than DAYS days ago
        #[arg(long, value_name = "DAYS", group = "rule")]
        older_than: Option<u32>,
    },
    /// Print the JSON Schema of the submit input (generated from aide's own
    /// types)
    Schema {
        /// Print the schema of the output (what `result` prints) instead
        #[arg(long)]
        output: bool,
    },
    /// Print instructions for agents (for AGENTS.md or CLAUDE.md): when to
    /// hand a decision to the person with aide, and how
    Guide,
    /// Run the server of a detached submit (internal)
    #[command(hide = true)]
    ServeDetached {
        #[command(flatten)]
        server: ServerArgs,
    },
    /// Serve the pages of this user's questions that have ended, handed
    /// over with their ports, so a late click on a link hears how its
    /// question ended (internal)
    #[command(hide = true)]
    ServeEnded,
}

/// Server settings; each overrides `[decide]` in .aide/config.toml for one
/// run.
#[derive(Debug, Default, Args)]
pub struct ServerArgs {
    /// First port to try; when it is taken or browsers refuse it, the next 9
    /// are tried [default: decide.port, else 3721]
    #[arg(long, value_name = "PORT", value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_PORT)))]
    pub port: Option<u16>,
    /// Address to listen on, e.g. 0.0.0.0 to let other machines in
    /// [default: decide.bind, else 127.0.0.1]
    #[arg(long, value_name = "ADDRESS", value_parser = bind_arg)]
    pub bind: Option<IpAddr>,
    /// Address to print instead of the generated one, for SSH tunnels and
    /// proxies [default: decide.url]
    #[arg(long, value_name = "URL", value_parser = url_arg)]
    pub url: Option<String>,
    /// Stop serving the page after this many seconds without answers; 0
    /// never. Not how long a command waits: that is `result --wait
    /// --timeout` [default: decide.timeout, else 0]
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(0..=MAX_TIMEOUT_SECS))]
    pub timeout: Option<u64>,
    /// Open the page in the default browser [default: decide.open, else
    /// with $BROWSER, on a desktop session or under WSL; never under CI; over
    /// plain SSH aide prints the tunnel to run instead]
    #[arg(long, overrides_with = "no_open")]
    pub open: bool,
    /// Do not open a browser
    #[arg(long, overrides_with = "open")]
    pub no_open: bool,
    /// Return as soon as the page is reachable and keep serving in the
    /// background
    #[arg(long)]
    pub detach: bool,
    /// Also print the address as a QR code, to answer from a phone (with
    /// --bind 0.0.0.0 it encodes this machine's address on the network)
    #[arg(long)]
    pub qr: bool,
}

impl ServerArgs {
    /// What these flags ask of the server, for the service.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            port: self.port,
            bind: self.bind,
            url: self.url.clone(),
            timeout: self.timeout,
            // `--open` / `--no-open`, if either was given.
            open: match (self.open, self.no_open) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            detach: self.detach,
            qr: self.qr,
        }
    }
}

fn lang_arg(text: &str) -> Result<Lang, String> {
    Lang::from_code(text).ok_or_else(|| "expected zh or en".into())
}

fn bind_arg(text: &str) -> Result<IpAddr, String> {
    parse_bind(text).ok_or_else(|| "expected an IP address such as 127.0.0.1 or 0.0.0.0".into())
}

fn session_arg(text: &str) -> Result<SessionId, String> {
    text.parse()
        .map_err(|_| "expected a session id such as 2025-01-15T10-30-00".into())
}

fn reason_arg(text: &str) -> Result<String, String> {
    let max = crate::store::MAX_REASON_CHARS;
    if text.chars().count() > max {
        return Err(format!("expected at most {max} characters"));
    }
    Ok(text.to_owned())
}

fn url_arg(text: &str) -> Result<String, String> {
    if is_http_url(text) {
        Ok(text.to_owned())
    } else {
        Err("expected an address starting with http:// or https://".into())
    }
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
