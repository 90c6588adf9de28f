//! `aide decide submit --check`: validate the input and look for each
//! item's location, store and start nothing.

use super::ctx::Ctx;
use super::submit::{parse_input, read_input};
use crate::error::CliError;
use app::DecideInput;
use app::i18n::{AgentMsg, Msg};
use std::path::Path;

/// What is wrong with a location.
#[derive(Debug, PartialEq)]
enum Missing {
    File,
    /// The file has only this many lines.
    Lines(usize),
}

pub fn run(ctx: &Ctx, arg: &str) -> Result<(), CliError> {
    let input = parse_input(&read_input(arg)?)?;
    // Locations are relative to the project root (the page reads them
    // there); without a project, to the current folder.
    let root = match ctx.project() {
        Ok(project) => project.root().to_path_buf(),
        Err(_) => std::env::current_dir().unwrap_or_default(),
    };
    let problems = missing_locations(&input, &root);
    let printer = ctx.printer;
    if problems.is_empty() {
        printer.ok(&Msg::Agent(AgentMsg::CheckPassed {
            items: input.items().len(),
        }));
        return Ok(());
    }
    for (path, file, missing) in &problems {
        let (path, file) = (path.clone(), file.clone());
        printer.line_error(&Msg::Agent(match missing {
            Missing::File => AgentMsg::MissingFile { path, file },
            Missing::Lines(lines) => AgentMsg::MissingLines {
                path,
                file,
                lines: *lines,
            },
        }));
    }
    Err(Msg::Agent(AgentMsg::CheckFailed {
        count: problems.len(),
    })
    .into())
}

/// Each location whose file is not there or ends before its last line,
/// with its field path.
fn missing_locations(input: &DecideInput, root: &Path) -> Vec<(String, String, Missing)> {
    let mut problems = Vec::new();
    for (index, item) in input.items().iter().enumerate() {
        let Some(location) = item.location() else {
            continue;
        };
        let path = format!("items[{index}].location");
        let file = location.file().to_owned();
        match std::fs::read(root.join(&file)) {
            Err(_) => problems.push((path, file, Missing::File)),
            Ok(bytes) => {
                let lines = line_count(&bytes);
                if usize::try_from(location.end()).unwrap_or(usize::MAX) > lines {
                    problems.push((path, file, Missing::Lines(lines)));
                }
            }
        }
    }
    problems
}

/// Lines as an editor counts them: a last line without a newline counts.
fn line_count(bytes: &[u8]) -> usize {
    let newlines = bytes.iter().filter(|b| **b == b'\n').count();
    newlines + usize::from(bytes.last().is_some_and(|b| *b != b'\n'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_counted_as_an_editor_shows_them() {
        assert_eq!(line_count(b""), 0);
        assert_eq!(line_count(b"a"), 1);
        assert_eq!(line_count(b"a\n"), 1);
        assert_eq!(line_count(b"a\nb"), 2);
    }

    #[test]
    fn missing_files_and_lines_are_found() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.rs"), "1\n2\n3\n").unwrap();
        let input = crate::cmd::submit::parse_input(
            r#"{"task":"t","source":"s","items":[
              {"id":1,"title":"a","location":{"file":"a.rs","start":1,"end":3},"options":[{"value":"x","label":"X"},{"value":"y","label":"Y"}]},
              {"id":2,"title":"b","location":{"file":"a.rs","start":2,"end":9},"options":[{"value":"x","label":"X"},{"value":"y","label":"Y"}]},
              {"id":3,"title":"c","location":{"file":"gone.rs","start":1,"end":1},"options":[{"value":"x","label":"X"},{"value":"y","label":"Y"}]}
            ]}"#,
        )
        .unwrap();
        let problems = missing_locations(&input, dir.path());
        assert_eq!(
            problems,
            vec![
                ("items[1].location".into(), "a.rs".into(), Missing::Lines(3)),
                ("items[2].location".into(), "gone.rs".into(), Missing::File),
            ]
        );
    }
}
