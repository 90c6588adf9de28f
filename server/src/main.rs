//! `aide`: the command line, the local web server and the store.

mod cli;
mod cmd;
mod error;
mod lang;
mod output;
mod store;
mod web;

use clap::Parser;
use output::Printer;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Usage errors exit 2 (clap); --help and --version exit 0.
    let cli = cli::Cli::parse();
    let printer = Printer {
        lang: lang::from_env(),
    };
    match cmd::run(cli.command, printer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            error.print(&printer);
            ExitCode::FAILURE
        }
    }
}
