//! `aide decide`: the agent's questions, from submit to result, and the
//! person's records.

use super::ServerArgs;
use super::args::{reason_arg, session_arg};
use super::example::SUBMIT_EXAMPLE;
use crate::config::MAX_TIMEOUT_SECS;
use app::SessionId;
use clap::Subcommand;
use std::path::PathBuf;

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
