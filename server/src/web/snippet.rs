//! The lines an item's `location` names, as the page shows them.
//!
//! The file is opened and read by `crate::project_file`, the one confined
//! reader `submit --check` uses too: only regular files inside the project,
//! never `.aide/` or `.git/`, at most `MAX_READ` bytes and only up to the
//! last line shown. Long lines are cut.

use crate::project_file::lines::{End, KEPT_LINE_BYTES, scan};
use crate::project_file::{self, LocationRefusal};
use app::Location;
use app::page::{MAX_SNIPPET_LINES, Snippet};
use std::path::Path;

/// Characters shown of one line.
const MAX_LINE_CHARS: usize = 400;
// A line kept cut still has more characters than are shown, so it gets '…'.
const _: () = assert!(KEPT_LINE_BYTES > 4 * MAX_LINE_CHARS);

/// The snippet for `location` in the project at `root`.
pub fn read(root: &Path, location: &Location) -> Snippet {
    let file = match project_file::open(root, Path::new(location.file())) {
        Ok(file) => file,
        Err(LocationRefusal::Absolute) => return Snippet::Absolute,
        Err(LocationRefusal::Outside | LocationRefusal::Private) => return Snippet::Outside,
        Err(LocationRefusal::NotFound) => return Snippet::NotFound,
        Err(LocationRefusal::NotRegular | LocationRefusal::Unreadable) => {
            return Snippet::Unreadable;
        }
    };
    let (start, end) = (location.start(), location.end());
    let last_shown = end.min(start.saturating_add(MAX_SNIPPET_LINES - 1));
    let scanned = scan(file, start..=last_shown, last_shown);
    let lines = scanned.kept.iter().map(|line| line_text(line)).collect();
    match scanned.end {
        End::Reached => Snippet::Lines {
            start,
            lines,
            last_line: None,
            capped: last_shown < end,
        },
        End::Ended { last_line } if last_line < start => Snippet::NoSuchLines { last_line },
        End::Ended { last_line } => Snippet::Lines {
            start,
            lines,
            last_line: Some(last_line),
            capped: false,
        },
        End::Cut => Snippet::TooLarge,
        End::Failed => Snippet::Unreadable,
    }
}

/// One line as text: without its line ending, invalid UTF-8 replaced, and
/// cut after `MAX_LINE_CHARS` characters.
fn line_text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_end_matches(['\n', '\r']);
    let mut cut: String = text.chars().take(MAX_LINE_CHARS).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project_file::lines::MAX_READ;
    use std::fs;
    use std::path::PathBuf;

    fn location(file: &str, start: u32, end: u32) -> Location {
        let value = serde_json::json!({ "task": "t", "source": "s", "items": [{
            "id": 1, "title": "q", "location": { "file": file, "start": start, "end": end },
            "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }]
        }]});
        let input = app::validate_input(&value).unwrap();
        input.items()[0].location().unwrap().clone()
    }

    fn project() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        fs::create_dir_all(root.join("src")).unwrap();
        fs::create_dir_all(root.join(".aide/decisions")).unwrap();
        let text: String = (1..=500).map(|n| format!("line {n}\r\n")).collect();
        fs::write(root.join("src/lib.rs"), text).unwrap();
        fs::write(
            root.join(".aide/decisions/server.json"),
            "{\"url\":\"key\"}",
        )
        .unwrap();
        fs::write(dir.path().join("secret.txt"), "outside\n").unwrap();
        (dir, root)
    }

    #[test]
    fn lines_inside_the_project_are_shown_with_their_numbers() {
        let (_dir, root) = project();
        assert_eq!(
            read(&root, &location("src/lib.rs", 2, 3)),
            Snippet::Lines {
                start: 2,
                lines: vec!["line 2".into(), "line 3".into()],
                last_line: None,
                capped: false,
            }
        );
        assert_eq!(
            read(&root, &location("./src/../src/lib.rs", 500, 510)),
            Snippet::Lines {
                start: 500,
                lines: vec!["line 500".into()],
                last_line: Some(500),
                capped: false,
            }
        );
        assert_eq!(
            read(&root, &location("src/lib.rs", 501, 502)),
            Snippet::NoSuchLines { last_line: 500 }
        );
        assert_eq!(
            read(&root, &location("src/missing.rs", 1, 1)),
            Snippet::NotFound
        );
        match read(&root, &location("src/lib.rs", 1, 400)) {
            Snippet::Lines { lines, capped, .. } => {
                assert_eq!(lines.len(), MAX_SNIPPET_LINES as usize);
                assert!(capped);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn paths_that_leave_the_project_are_refused() {
        let (dir, root) = project();
        let secret = dir.path().join("secret.txt");
        assert_eq!(
            read(&root, &location(secret.to_str().unwrap(), 1, 1)),
            Snippet::Absolute
        );
        assert_eq!(
            read(&root, &location("/etc/passwd", 1, 1)),
            Snippet::Absolute
        );
        assert_eq!(
            read(&root, &location("../secret.txt", 1, 1)),
            Snippet::Outside
        );
        assert_eq!(
            read(&root, &location("src/../../secret.txt", 1, 1)),
            Snippet::Outside
        );
        assert_eq!(
            read(&root, &location(".aide/decisions/server.json", 1, 1)),
            Snippet::Outside
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&secret, root.join("src/link.txt")).unwrap();
            std::os::unix::fs::symlink(dir.path(), root.join("up")).unwrap();
            std::os::unix::fs::symlink("/nonexistent/x", root.join("dangling")).unwrap();
            assert_eq!(
                read(&root, &location("src/link.txt", 1, 1)),
                Snippet::Outside
            );
            assert_eq!(
                read(&root, &location("up/secret.txt", 1, 1)),
                Snippet::Outside
            );
            assert_eq!(read(&root, &location("dangling", 1, 1)), Snippet::Outside);
        }
        assert_eq!(read(&root, &location("src", 1, 1)), Snippet::Unreadable);
    }

    #[test]
    fn long_lines_are_cut_and_far_lines_are_not_read() {
        let (_dir, root) = project();
        let long = "x".repeat(1000) + "\n";
        fs::write(root.join("long.txt"), &long).unwrap();
        match read(&root, &location("long.txt", 1, 1)) {
            Snippet::Lines { lines, .. } => {
                assert_eq!(lines[0].chars().count(), MAX_LINE_CHARS + 1);
                assert!(lines[0].ends_with('…'));
            }
            other => panic!("{other:?}"),
        }
        let big = "y\n".repeat((MAX_READ as usize) / 2 + 10);
        fs::write(root.join("big.txt"), big).unwrap();
        let far = u32::try_from(MAX_READ / 2 + 5).unwrap();
        assert_eq!(
            read(&root, &location("big.txt", far, far)),
            Snippet::TooLarge
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_not_opened_and_git_is_not_shown() {
        let (_dir, root) = project();
        nix::unistd::mkfifo(&root.join("src/pipe"), nix::sys::stat::Mode::S_IRWXU).unwrap();
        fs::create_dir_all(root.join(".git")).unwrap();
        fs::write(root.join(".git/config"), "[core]\n").unwrap();
        // Opening a FIFO for reading waits for a writer: this returning at
        // all is the test.
        assert_eq!(
            read(&root, &location("src/pipe", 1, 1)),
            Snippet::Unreadable
        );
        assert_eq!(
            read(&root, &location(".git/config", 1, 1)),
            Snippet::Outside
        );
    }
}
