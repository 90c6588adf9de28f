//! `aide`: the command line, the local web server and the store.
//!
//! The binary (`main.rs`) only calls [`run`]; the store and the web server
//! are public so the benchmarks under `benches/` can drive them directly.

mod adr;
mod cli;
mod clock;
mod cmd;
mod config;
mod decide;
mod error;
/// The fuzz targets (issue 28), for the tests and the `fuzz/` crate.
#[cfg(any(test, feature = "fuzzing"))]
#[doc(hidden)]
pub mod fuzz;
mod lang;
mod mcp;
mod notify;
mod output;
mod present;
mod project_file;
mod reach;
mod rulings;
mod search;
mod secret;
mod setup;
mod stdout;
pub mod store;
mod typed;
pub mod web;

use clap::Parser;
use std::process::ExitCode;

/// Parses the command line, hands the command to its front end (the
/// command line's own, or `aide mcp`) and maps its outcome to the exit
/// code (`docs/cli.md`).
pub fn run() -> ExitCode {
    setup::die_with_launcher();
    // Usage errors exit 2 (clap); --help and --version exit 0.
    let cli = cli::Cli::parse();
    let result = decide::ctx::Ctx::new(cli.lang)
        .map_err(|(lang, error)| (lang, error::CliError::from(error)))
        .and_then(|ctx| {
            let ran = match cli.command {
                cli::Command::Cli(command) => cmd::run(command, &ctx),
                cli::Command::Mcp {
                    project,
                    http: None,
                } => mcp::run(project, ctx.lang_flag),
                cli::Command::Mcp {
                    project,
                    http: Some(addr),
                } => mcp::run_http(project, ctx.lang_flag, addr),
            };
            ran.map_err(|error| (ctx.lang, error))
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((lang, error)) => {
            error.print(&output::Printer { lang });
            ExitCode::from(error.exit_code())
        }
    }
}
