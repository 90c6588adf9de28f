//! A unified diff read into its files, by `diffy`'s parser of patch sets
//! (what `git diff` prints, git's extended headers and binary files
//! included).

use crate::model::{Change, DiffFile, DiffLine, Hunk};
use diffy::patch_set::{FileOperation, ParseOptions, PatchKind, PatchSet};

/// The files of the diff `text`, or the line (from 1) where it stops being
/// a unified diff. Text with a `diff --git` line is read as git writes it
/// (extended headers, renames, binary files); other text as a plain
/// unified diff (`diff -u`).
pub(crate) fn files(text: &str) -> Result<Vec<DiffFile>, usize> {
    let git = text.lines().any(|line| line.starts_with(GIT_HEADER));
    let options = if git {
        ParseOptions::gitdiff()
    } else {
        ParseOptions::unidiff()
    };
    let mut files = Vec::new();
    for patch in PatchSet::parse(text, options) {
        let patch = patch.map_err(|error| line_at(text, at(text, git, files.len(), &error)))?;
        let (old, new) = paths(patch.operation());
        let file = match patch.patch() {
            PatchKind::Binary(_) => DiffFile {
                old,
                new,
                binary: true,
                hunks: Vec::new(),
            },
            PatchKind::Text(patch) => DiffFile {
                old,
                new,
                binary: false,
                hunks: patch.hunks().iter().map(hunk).collect(),
            },
        };
        files.push(file);
    }
    Ok(files)
}

const GIT_HEADER: &str = "diff --git ";

/// Where in `text` reading stopped, `parsed` files in. `diffy` says so
/// only in its message: "… patches at byte N" counts from the start of
/// the text, "… patch at byte N" (a file's hunks) from that file's `---`
/// line. The message is read here and nowhere else; one without a byte
/// stands for the start of that file.
fn at(text: &str, git: bool, parsed: usize, error: &diffy::patch_set::PatchSetParseError) -> usize {
    let said = error.to_string();
    let byte = |marker: &str| {
        let (_, rest) = said.split_once(marker)?;
        rest.split(':').next()?.trim().parse::<usize>().ok()
    };
    if let Some(byte) = byte("patches at byte ") {
        return byte;
    }
    let start = file_start(text, git, parsed);
    start + byte("patch at byte ").unwrap_or(0)
}

/// Where the `---` line of file `n` (from 0) of `text` starts.
fn file_start(text: &str, git: bool, n: usize) -> usize {
    let mut offset = 0;
    let mut headers = 0;
    let mut in_file = false;
    for line in text.split_inclusive('\n') {
        if git && line.starts_with(GIT_HEADER) {
            headers += 1;
            in_file = headers == n + 1;
        } else if line.starts_with("--- ") && (in_file || !git) {
            if git || headers == n {
                return offset;
            }
            headers += 1;
        }
        offset += line.len();
    }
    0
}

/// The line (from 1) the byte `offset` of `text` is on.
fn line_at(text: &str, offset: usize) -> usize {
    let before = text.get(..offset).unwrap_or(text);
    before.bytes().filter(|b| *b == b'\n').count() + 1
}

/// The paths before and after, without git's `a/` and `b/`.
fn paths(operation: &FileOperation<'_, str>) -> (Option<String>, Option<String>) {
    let side = |path: &str, prefix: &str| path.strip_prefix(prefix).unwrap_or(path).to_owned();
    let (old, new) = match operation {
        FileOperation::Create(path) => (None, Some(path)),
        FileOperation::Delete(path) => (Some(path), None),
        FileOperation::Modify { original, modified } => (Some(original), Some(modified)),
        FileOperation::Rename { from, to } | FileOperation::Copy { from, to } => {
            (Some(from), Some(to))
        }
    };
    (
        old.map(|path| side(path, "a/")),
        new.map(|path| side(path, "b/")),
    )
}

fn hunk(hunk: &diffy::Hunk<'_, str>) -> Hunk {
    let text = |line: &str| line.trim_end_matches(['\n', '\r']).to_owned();
    let lines = hunk
        .lines()
        .iter()
        .map(|line| match line {
            diffy::Line::Context(t) => DiffLine {
                change: Change::Same,
                text: text(t),
            },
            diffy::Line::Delete(t) => DiffLine {
                change: Change::Removed,
                text: text(t),
            },
            diffy::Line::Insert(t) => DiffLine {
                change: Change::Added,
                text: text(t),
            },
        })
        .collect();
    let start = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Hunk {
        old_start: start(hunk.old_range().start()),
        new_start: start(hunk.new_range().start()),
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_where_reading_stops_is_counted_in_the_whole_text() {
        let plain = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/y\n+++ b/y\n@@ -1,3 +1,3 @@\n-a\n+b\nbad\n";
        assert_eq!(files(plain), Err(11));
        let git = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/y b/y\nindex 1..2 100644\n--- a/y\n+++ b/y\n@@ -1,3 +1,3 @@\n-a\n+b\nbad\n";
        assert_eq!(files(git), Err(14));
        let first = "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+c\nstray\n";
        assert_eq!(files(first), Err(7));
        // Text after a whole file is skipped, as `patch` skips it.
        let trailing = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\nsigned, me\n";
        assert_eq!(files(trailing).map(|f| f.len()), Ok(1));
        assert_eq!(files("no diff here\n"), Err(1));
    }

    #[test]
    fn a_plain_diff_and_a_git_diff_name_their_files() {
        let plain = files("--- before.py\n+++ after.py\n@@ -1 +1 @@\n-a\n+b\n").unwrap();
        assert_eq!(
            (plain[0].old_path(), plain[0].new_path()),
            (Some("before.py"), Some("after.py"))
        );
        let git = "diff --git a/old.rs b/new.rs\nsimilarity index 90%\nrename from old.rs\nrename to new.rs\n--- a/old.rs\n+++ b/new.rs\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n";
        let git = files(git).unwrap();
        assert_eq!(
            (git[0].old_path(), git[0].new_path()),
            (Some("old.rs"), Some("new.rs"))
        );
        assert_eq!(
            (git[1].old_path(), git[1].new_path(), git[1].path()),
            (Some("gone.txt"), None, "gone.txt")
        );
    }
}
