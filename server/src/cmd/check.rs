//! `aide decide submit --check`: validate the input and look for each
//! item's location, store and start nothing.
//!
//! Locations are looked up through `crate::project_file`, the reader the
//! page uses, so `--check` reads nothing the page would not: a missing file
//! or line is a failure (exit 1), and a location the page would show no
//! lines for (outside the project, in `.aide/` or `.git/`, not a regular
//! file, too large, unreadable) is a warning that says why (exit 0: the
//! input is usable, the page shows a note in place of the lines).

use crate::decide::ctx::Ctx;
use crate::decide::input::{parse_input, read_input};
use crate::error::CliError;
use crate::project_file::lines::{End, MAX_READ, reach};
use crate::project_file::{self, LocationRefusal};
use app::i18n::{AgentMsg, Msg};
use app::{DecideInput, Location};
use std::path::Path;

/// What is wrong with a location.
#[derive(Debug, PartialEq)]
enum Finding {
    /// Failures: the file is not there, or has only this many lines.
    MissingFile,
    MissingLines(u32),
    /// A warning: the page will not show the lines, for this reason.
    NotShown(LocationRefusal),
    /// A warning: the last line lies past what aide reads.
    TooLarge,
}

impl Finding {
    fn is_failure(&self) -> bool {
        matches!(self, Finding::MissingFile | Finding::MissingLines(_))
    }
}

pub fn run(ctx: &Ctx, arg: &str) -> Result<(), CliError> {
    let input = parse_input(&read_input(arg)?, &ctx.input_files())?;
    // Locations are relative to the project root (the page reads them
    // there); without a project, to the current folder.
    let root = match ctx.project() {
        Ok(project) => project.root().to_path_buf(),
        Err(_) => std::env::current_dir().unwrap_or_default(),
    };
    let findings = look_for_locations(&input, &root);
    let printer = ctx.printer();
    for (path, location, finding) in &findings {
        let message = Msg::Agent(message(path.clone(), location, finding));
        if finding.is_failure() {
            printer.line_error(&message);
        } else {
            printer.warn(&message);
        }
    }
    let failures = findings.iter().filter(|(_, _, f)| f.is_failure()).count();
    if failures == 0 {
        printer.ok(&Msg::Agent(AgentMsg::CheckPassed {
            items: input.items().len(),
        }));
        return Ok(());
    }
    Err(Msg::Agent(AgentMsg::CheckFailed { count: failures }).into())
}

fn message(path: String, location: &Location, finding: &Finding) -> AgentMsg {
    let file = location.file().to_owned();
    match finding {
        Finding::MissingFile | Finding::NotShown(LocationRefusal::NotFound) => {
            AgentMsg::MissingFile { path, file }
        }
        Finding::MissingLines(lines) => AgentMsg::MissingLines {
            path,
            file,
            lines: usize::try_from(*lines).unwrap_or(usize::MAX),
        },
        Finding::NotShown(LocationRefusal::Absolute) => AgentMsg::LocationAbsolute { path, file },
        Finding::NotShown(LocationRefusal::Outside) => AgentMsg::LocationOutside { path, file },
        Finding::NotShown(LocationRefusal::Private) => AgentMsg::LocationPrivate { path, file },
        Finding::NotShown(LocationRefusal::NotRegular) => {
            AgentMsg::LocationNotRegular { path, file }
        }
        Finding::NotShown(LocationRefusal::Unreadable) => {
            AgentMsg::LocationUnreadable { path, file }
        }
        Finding::TooLarge => AgentMsg::LocationTooLarge {
            path,
            file,
            line: location.end(),
            mib: MAX_READ / (1024 * 1024),
        },
    }
}

/// Each location that is missing or that the page would not show, with
/// its field path.
fn look_for_locations<'a>(
    input: &'a DecideInput,
    root: &Path,
) -> Vec<(String, &'a Location, Finding)> {
    input
        .items()
        .iter()
        .enumerate()
        .filter_map(|(index, item)| {
            let location = item.location()?;
            let finding = look_for(root, location)?;
            Some((format!("items[{index}].location"), location, finding))
        })
        .collect()
}

/// Whether the file has line `location.end()`; only that far is read.
fn look_for(root: &Path, location: &Location) -> Option<Finding> {
    let file = match project_file::open(root, Path::new(location.file())) {
        Ok(file) => file,
        Err(LocationRefusal::NotFound) => return Some(Finding::MissingFile),
        Err(refusal) => return Some(Finding::NotShown(refusal)),
    };
    match reach(file, location.end()) {
        End::Reached => None,
        End::Ended { last_line } => Some(Finding::MissingLines(last_line)),
        End::Cut => Some(Finding::TooLarge),
        End::Failed => Some(Finding::NotShown(LocationRefusal::Unreadable)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each finding as (field path, file, finding).
    fn findings(json_items: &str, root: &Path) -> Vec<(String, String, Finding)> {
        let input = crate::decide::input::parse_input(
            &format!(r#"{{"task":"t","source":"s","items":[{json_items}]}}"#),
            &app::validate::NoFiles,
        )
        .unwrap();
        look_for_locations(&input, root)
            .into_iter()
            .map(|(path, location, finding)| (path, location.file().to_owned(), finding))
            .collect()
    }

    fn item(id: u32, file: &str, start: u32, end: u32) -> String {
        format!(
            r#"{{"id":{id},"title":"q","location":{{"file":"{file}","start":{start},"end":{end}}},"options":[{{"value":"x","label":"X"}},{{"value":"y","label":"Y"}}]}}"#
        )
    }

    #[test]
    fn missing_files_and_lines_are_found() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.rs"), "1\n2\n3\n").unwrap();
        let items = [
            item(1, "a.rs", 1, 3),
            item(2, "a.rs", 2, 9),
            item(3, "gone.rs", 1, 1),
        ];
        assert_eq!(
            findings(&items.join(","), dir.path()),
            vec![
                (
                    "items[1].location".into(),
                    "a.rs".into(),
                    Finding::MissingLines(3)
                ),
                (
                    "items[2].location".into(),
                    "gone.rs".into(),
                    Finding::MissingFile
                ),
            ]
        );
    }

    #[test]
    fn locations_the_page_would_not_show_are_warnings_that_say_why() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        std::fs::create_dir_all(root.join(".aide")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::write(root.join(".aide/config.toml"), "key\n").unwrap();
        std::fs::write(root.join(".git/config"), "[core]\n").unwrap();
        std::fs::write(dir.path().join("x"), "outside\n").unwrap();
        let items = [
            item(1, "/etc/passwd", 1, 1),
            item(2, "../x", 1, 1),
            item(3, ".aide/config.toml", 1, 1),
            item(4, ".git/config", 1, 1),
            item(5, ".", 1, 1),
        ];
        let found: Vec<Finding> = findings(&items.join(","), &root)
            .into_iter()
            .map(|(_, _, finding)| finding)
            .collect();
        assert_eq!(
            found,
            vec![
                Finding::NotShown(LocationRefusal::Absolute),
                Finding::NotShown(LocationRefusal::Outside),
                Finding::NotShown(LocationRefusal::Private),
                Finding::NotShown(LocationRefusal::Private),
                Finding::NotShown(LocationRefusal::NotRegular),
            ]
        );
        assert!(found.iter().all(|finding| !finding.is_failure()));
    }
}
