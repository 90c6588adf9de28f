//! The lines an item's `location` names, read from inside the project only.
//!
//! Input may come from a prompt-injected agent, so the path is distrusted:
//! absolute paths are refused, `..` may not climb out of the project,
//! symlinks are followed and must land inside it, and aide's own `.aide/`
//! folder (which holds the session key) is never shown. Reading stops after
//! `MAX_READ` bytes and `MAX_SNIPPET_LINES` lines; long lines are cut.

use app::Location;
use app::page::{MAX_SNIPPET_LINES, Snippet};
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read};
use std::path::{Component, Path, PathBuf};

/// How far into a file aide reads to find the lines.
const MAX_READ: u64 = 4 * 1024 * 1024;
/// Characters shown of one line.
const MAX_LINE_CHARS: usize = 400;

/// The snippet for `location` in the project at `root`.
pub fn read(root: &Path, location: &Location) -> Snippet {
    let relative = Path::new(location.file());
    if relative.has_root()
        || relative
            .components()
            .any(|c| matches!(c, Component::Prefix(_)))
    {
        return Snippet::Absolute;
    }
    if climbs_out(relative) {
        return Snippet::Outside;
    }
    let Ok(root) = root.canonicalize() else {
        return Snippet::Unreadable;
    };
    let real = match root.join(relative).canonicalize() {
        Ok(real) => real,
        Err(e) if e.kind() == ErrorKind::NotFound => return not_found(&root, relative),
        Err(_) => return Snippet::Unreadable,
    };
    if !real.starts_with(&root) || real.starts_with(root.join(".aide")) {
        return Snippet::Outside;
    }
    match File::open(&real) {
        Ok(file) if file.metadata().is_ok_and(|m| m.is_file()) => lines(file, location),
        _ => Snippet::Unreadable,
    }
}

/// Whether `..` components take the path above where it starts.
fn climbs_out(path: &Path) -> bool {
    let mut depth: i32 = 0;
    for component in path.components() {
        match component {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// A missing file; a dangling symlink that points outside still says so.
fn not_found(root: &Path, relative: &Path) -> Snippet {
    let link = root.join(relative);
    match std::fs::read_link(&link) {
        Ok(target) => {
            let target: PathBuf = link.parent().unwrap_or(root).join(target);
            if target.starts_with(root) && !climbs_out(target.strip_prefix(root).unwrap_or(&target))
            {
                Snippet::NotFound
            } else {
                Snippet::Outside
            }
        }
        Err(_) => Snippet::NotFound,
    }
}

fn lines(file: File, location: &Location) -> Snippet {
    let (start, end) = (location.start(), location.end());
    let last_shown = end.min(start.saturating_add(MAX_SNIPPET_LINES - 1));
    let mut reader = BufReader::new(file.take(MAX_READ));
    let mut buf = Vec::new();
    let mut shown = Vec::new();
    let mut number: u32 = 0;
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(_) => return Snippet::Unreadable,
        }
        if !buf.ends_with(b"\n") && reader.get_ref().limit() == 0 {
            // Cut off by MAX_READ: this line and the rest are unknown.
            break;
        }
        number += 1;
        if number >= start {
            shown.push(line_text(&buf));
        }
        if number == last_shown {
            return Snippet::Lines {
                start,
                lines: shown,
                last_line: None,
                capped: last_shown < end,
            };
        }
    }
    let limited = reader.get_ref().limit() == 0;
    match (number < start, limited) {
        (_, true) => Snippet::TooLarge,
        (true, false) => Snippet::NoSuchLines { last_line: number },
        (false, false) => Snippet::Lines {
            start,
            lines: shown,
            last_line: Some(number),
            capped: false,
        },
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
    use std::fs;

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
}
