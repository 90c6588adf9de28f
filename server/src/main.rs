//! `aide`: the command line, the local web server and the store.

mod cli;
mod cmd;
mod config;
mod error;
mod lang;
mod open;
mod output;
mod store;
mod web;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Usage errors exit 2 (clap); --help and --version exit 0.
    let cli = cli::Cli::parse();
    let result = cmd::Ctx::new(cli.lang)
        .and_then(|ctx| cmd::run(cli.command, &ctx).map_err(|error| (ctx.printer, error)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((printer, error)) => {
            error.print(&printer);
            ExitCode::from(error.exit_code())
        }
    }
}
