//! `aide setup CLIENT [--print]` and `aide setup --list` (`setup/`).

use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::setup::{
    self, Client, Edit, Invocation, NotEdited, Places, Registration, SettingsScope,
};
use crate::stdout::print_lines;
use crate::store::{Sharing, replace_file};
use app::i18n::{AgentMsg, Msg};
use std::path::{Path, PathBuf};

/// Where each client's settings are, from this environment and project.
fn places(ctx: &Ctx) -> Places {
    Places {
        home: dirs::home_dir(),
        config: dirs::config_dir(),
        xdg_config: std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .filter(|path| path.is_absolute()),
        codex_home: std::env::var_os("CODEX_HOME")
            .map(PathBuf::from)
            .filter(|path| path.is_absolute()),
        project: ctx.project().ok().map(|p| p.root().to_path_buf()),
        windows: cfg!(windows),
    }
}

/// How this aide is started again: its absolute path, links resolved (a
/// package manager's shim moves; the binary it points at is what runs),
/// unless that is in a runner's cache.
fn launch() -> Result<Invocation, CliError> {
    let exe = std::env::current_exe().map_err(CliError::server)?;
    Ok(Invocation::of(&exe.canonicalize().unwrap_or(exe)))
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
    let launch = launch()?;
    let entry = Registration::for_client(client, &launch, project.as_deref());
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
            replace_file(&path, text.as_bytes(), Sharing::AsItWas)
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
    // What the person must know of what was written, whatever it did.
    match &launch {
        Invocation::Runner(runner) => printer.info(&Msg::Agent(AgentMsg::SetupRunner {
            runner: runner.name().to_owned(),
            command: command_line(&Registration::for_client(client, &launch, None)),
        })),
        Invocation::Path(_) if client.scope() == SettingsScope::Project => {
            printer.info(&Msg::Agent(AgentMsg::SetupShared {
                path: shown_name(&path, project.as_deref()),
            }));
        }
        Invocation::Path(_) => {}
    }
    if let Some(list) = client.trusts_folders() {
        printer.info(&Msg::Agent(AgentMsg::SetupTrust {
            client: client.to_string(),
            list: list.to_owned(),
        }));
    }
    Ok(())
}

/// `path` from the project's root, as it is committed.
fn shown_name(path: &Path, project: Option<&Path>) -> String {
    project
        .and_then(|root| path.strip_prefix(root).ok())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `aide setup --list`: each client's file, and aide's command in it.
pub fn list(ctx: &Ctx) -> Result<(), CliError> {
    let places = places(ctx);
    let printer = ctx.printer();
    let mut lines = Vec::new();
    for client in Client::ALL {
        let Some(path) = places.file(client) else {
            // A project's client, outside any project: said, not dropped.
            if let Some(file) = client.project_file() {
                lines.push(
                    Msg::Agent(AgentMsg::SetupListedNoProject {
                        client: client.to_string(),
                        file: file.to_owned(),
                    })
                    .text(printer.lang),
                );
            }
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

fn command_line(entry: &Registration) -> String {
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
