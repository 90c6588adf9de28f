//! `aide setup CLIENT [--print]` and `aide setup --list` (`setup/`).

use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::setup::{self, Client, Edit, Entry, NotEdited, Places};
use crate::stdout::print_lines;
use app::i18n::{AgentMsg, Msg};
use std::path::{Path, PathBuf};

/// Where each client's settings are, from this environment and project.
fn places(ctx: &Ctx) -> Places {
    Places {
        home: dirs::home_dir(),
        config: dirs::config_dir(),
        codex_home: std::env::var_os("CODEX_HOME")
            .map(PathBuf::from)
            .filter(|path| path.is_absolute()),
        project: ctx.project().ok().map(|p| p.root().to_path_buf()),
        windows: cfg!(windows),
    }
}

/// This aide, as a client must start it: its absolute path, links
/// resolved (a package manager's shim moves; the binary it points at is
/// what runs).
fn exe() -> Result<PathBuf, CliError> {
    let exe = std::env::current_exe().map_err(CliError::server)?;
    Ok(exe.canonicalize().unwrap_or(exe))
}

pub fn run(ctx: &Ctx, client: Client, print: bool) -> Result<(), CliError> {
    let places = places(ctx);
    // The clients whose settings are the project's need one.
    let project = if client.needs_project() {
        Some(ctx.project()?.root().to_path_buf())
    } else {
        None
    };
    let path = places.file(client).ok_or_else(|| {
        Msg::Agent(AgentMsg::SetupNowhere {
            client: client.to_string(),
        })
    })?;
    let shown = path.display().to_string();
    let text = setup::read(&path).map_err(|e| refused(&path, NotEdited::Shape(e.to_string())))?;
    let entry = Entry::for_client(client, &exe()?, project.as_deref());
    let outcome =
        setup::register(client, &text, &entry).map_err(|refusal| refused(&path, refusal))?;
    let printer = ctx.printer();
    match outcome {
        Edit::Already => {
            printer.info(&Msg::Agent(AgentMsg::SetupAlready {
                client: client.to_string(),
                path: shown,
            }));
        }
        Edit::Changed { entry, .. } if print => {
            printer.info(&Msg::Agent(AgentMsg::SetupWould {
                client: client.to_string(),
                path: shown,
            }));
            print_lines(entry.lines().map(str::to_owned))?;
        }
        Edit::Changed {
            text,
            entry,
            replaced,
        } => {
            setup::write(&path, &text)
                .map_err(|e| refused(&path, NotEdited::Shape(e.to_string())))?;
            printer.ok(&Msg::Agent(AgentMsg::SetupDone {
                client: client.to_string(),
                path: shown,
                replaced: replaced.map(|old| command_line(&old)),
            }));
            for line in entry.lines() {
                printer.raw(&format!("  {line}"));
            }
        }
    }
    Ok(())
}

/// `aide setup --list`: each client's file, and aide's command in it.
pub fn list(ctx: &Ctx) -> Result<(), CliError> {
    let places = places(ctx);
    let printer = ctx.printer();
    let mut lines = Vec::new();
    for client in Client::ALL {
        let Some(path) = places.file(client) else {
            continue;
        };
        let command = match setup::read(&path) {
            Ok(text) => match setup::registered(client, &text) {
                Ok(entry) => entry.map(|e| command_line(&e)),
                Err(refusal) => {
                    printer.warn(&refused(&path, refusal).message(printer.lang));
                    None
                }
            },
            Err(e) => {
                let error = refused(&path, NotEdited::Shape(e.to_string()));
                printer.warn(&error.message(printer.lang));
                None
            }
        };
        lines.push(
            Msg::Agent(AgentMsg::SetupListed {
                client: client.to_string(),
                path: path.display().to_string(),
                command,
            })
            .text(printer.lang),
        );
    }
    print_lines(lines)
}

fn command_line(entry: &Entry) -> String {
    std::iter::once(entry.command.as_str())
        .chain(entry.args.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ")
}

fn refused(path: &Path, refusal: NotEdited) -> CliError {
    let path = path.display().to_string();
    Msg::Agent(match refusal {
        NotEdited::Parse {
            line,
            column,
            reason,
        } => AgentMsg::SetupUnreadable {
            path,
            line,
            column,
            reason,
        },
        NotEdited::Shape(reason) => AgentMsg::SetupRefused { path, reason },
    })
    .into()
}
