//! `aide flow`: the task's progress as seed-format history and git commits.

use clap::{Args, Subcommand};

/// Record where an agent is in a task (phase and step); every record is a
/// git commit with a predictable subject.
///
/// Phases come from `[flow] phases` in .aide/config.toml. Each action stages
/// everything but .aide/ and commits `[aide] <phase>: <summary>` (or
/// `[aide] <phase> issue|error|back-step|back-part: …`), then writes
/// .aide/flow-status.json with the commit's hash.
#[derive(Debug, Subcommand)]
pub enum FlowCommand {
    /// Start a new task at PHASE (any configured phase)
    Start {
        #[arg(value_name = "PHASE")]
        phase: String,
        #[arg(value_name = "SUMMARY")]
        summary: String,
        /// Archive an unfinished active task instead of refusing
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Record the next step in the current phase
    NextStep {
        #[arg(value_name = "SUMMARY")]
        summary: String,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Record going back a step (the step number still counts up)
    BackStep {
        #[arg(value_name = "REASON")]
        reason: String,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Move on to PHASE, which must be the phase right after the current one
    NextPart {
        #[arg(value_name = "PHASE")]
        phase: String,
        #[arg(value_name = "SUMMARY")]
        summary: String,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Go back to PHASE, any phase before the current one
    BackPart {
        #[arg(value_name = "PHASE")]
        phase: String,
        #[arg(value_name = "REASON")]
        reason: String,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Record a problem found in the current phase
    Issue {
        #[arg(value_name = "TEXT")]
        text: String,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Record an error in the current phase (prints ✗, exits 0)
    Error {
        #[arg(value_name = "TEXT")]
        text: String,
        #[command(flatten)]
        record: RecordArgs,
    },
    /// Show the active task
    Status {
        /// Print the status file as JSON on stdout
        #[arg(long)]
        json: bool,
    },
    /// List the active and archived tasks, newest first
    List {
        /// Print {"tasks":[...]} as one JSON line on stdout
        #[arg(long)]
        json: bool,
    },
    /// Show a task's history [default: the active task]
    Show {
        #[arg(value_name = "TASK_ID")]
        task_id: Option<String>,
        /// Print the stored status as JSON on stdout
        #[arg(long)]
        json: bool,
    },
    /// Move the active task to .aide/logs/
    Archive {
        /// Archive it even if it has not reached the last phase
        #[arg(long)]
        force: bool,
    },
}

/// Options of every command that records an entry.
#[derive(Debug, Default, Args)]
pub struct RecordArgs {
    /// Print the new entry as one JSON line on stdout
    #[arg(long)]
    pub json: bool,
    /// A decide session this entry rests on (repeatable)
    #[arg(long = "decision", value_name = "SESSION_ID")]
    pub decisions: Vec<String>,
}
