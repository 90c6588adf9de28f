//! The whole command-line surface; doc comments are the help text.

use clap::{Parser, Subcommand};

/// aide: hand the decisions an agent must not make alone to a person, and
/// get the answers back as data.
#[derive(Debug, Parser)]
#[command(name = "aide", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create .aide/ in the current folder (the project root)
    Init,
    /// Submit pending decisions and read the person's answers
    #[command(subcommand)]
    Decide(DecideCommand),
}

#[derive(Debug, Subcommand)]
pub enum DecideCommand {
    /// Store pending items, serve the decision page and wait for the answers
    ///
    /// Prints the page's address on stderr and blocks until the person
    /// submits; then prints "✓" and exits 0. See README.md for the format.
    Submit {
        /// The input: JSON text, the path of a JSON file, or - for stdin
        #[arg(value_name = "JSON|FILE|-")]
        input: String,
        /// First port to try; when it is taken the next 9 are tried
        #[arg(long, value_name = "PORT", default_value_t = 3721, value_parser = clap::value_parser!(u16).range(1..=65526))]
        port: u16,
    },
    /// Print the answers of the pending session as compact JSON on stdout
    Result,
}
