//! The lines of a project file, read only as far as they are needed and
//! never past `MAX_READ` bytes or `MAX_READ_TIME`.

use super::ProjectFile;
use std::io::{BufRead, BufReader, ErrorKind, Read};
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

/// How far into a file aide reads to find the lines.
pub const MAX_READ: u64 = 4 * 1024 * 1024;
/// How long aide reads one file: a local file of `MAX_READ` takes a few
/// milliseconds, a stalled network file system for ever.
const MAX_READ_TIME: Duration = Duration::from_secs(2);
/// Bytes kept of one line: a line longer than this is kept cut, which is
/// more than any reader shows of it.
pub const KEPT_LINE_BYTES: usize = 4096;
/// Bytes read at once.
const CHUNK: usize = 64 * 1024;

/// What reading found.
#[derive(Debug, PartialEq, Eq)]
pub struct Scanned {
    /// The lines asked for that were reached, each with its line ending and
    /// at most `KEPT_LINE_BYTES` long.
    pub kept: Vec<Vec<u8>>,
    pub end: End,
}

/// Where reading stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum End {
    /// The file has the line reading was to stop at.
    Reached,
    /// The file ends first, after `last_line` lines (a last line without a
    /// newline counts, as in an editor).
    Ended { last_line: u32 },
    /// The line lies beyond `MAX_READ` bytes, or reading took too long.
    Cut,
    /// Reading failed.
    Failed,
}

/// Whether `file` has line `line`, reading no further than that line.
pub fn reach(file: ProjectFile, line: u32) -> End {
    // Lines are counted from 1: line 0 is never kept.
    scan(file, 0..=0, line).end
}

/// Reads `file` up to line `stop` (counted from 1), keeping the lines in
/// `keep`.
pub fn scan(file: ProjectFile, keep: RangeInclusive<u32>, stop: u32) -> Scanned {
    // A file that ends exactly at MAX_READ is read whole; only a longer one
    // is cut.
    let longer = file.len > MAX_READ;
    let mut reader = BufReader::with_capacity(CHUNK, file.file.take(MAX_READ));
    let deadline = Instant::now() + MAX_READ_TIME;
    let mut kept = Vec::new();
    let mut line = Vec::new();
    // Lines complete so far, and whether the next one has begun.
    let mut number: u32 = 0;
    let mut begun = false;
    let done = |kept, end| Scanned { kept, end };
    if stop == 0 {
        return done(kept, End::Reached);
    }
    loop {
        if Instant::now() > deadline {
            return done(kept, End::Cut);
        }
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return done(kept, End::Failed),
        };
        if chunk.is_empty() {
            if longer {
                return done(kept, End::Cut);
            }
            if begun {
                number += 1;
                if keep.contains(&number) {
                    kept.push(line);
                }
            }
            let end = if number >= stop {
                End::Reached
            } else {
                End::Ended { last_line: number }
            };
            return done(kept, end);
        }
        let size = chunk.len();
        let mut at = 0;
        while at < size {
            let newline = chunk[at..].iter().position(|b| *b == b'\n');
            let until = newline.map_or(size, |i| at + i + 1);
            if keep.contains(&(number + 1)) {
                let room = KEPT_LINE_BYTES.saturating_sub(line.len());
                line.extend_from_slice(&chunk[at..until.min(at.saturating_add(room))]);
            }
            at = until;
            begun = newline.is_none();
            if newline.is_some() {
                number += 1;
                if keep.contains(&number) {
                    kept.push(std::mem::take(&mut line));
                }
                if number == stop {
                    return done(kept, End::Reached);
                }
            }
        }
        reader.consume(size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn scan_text(text: &[u8], keep: RangeInclusive<u32>, stop: u32) -> Scanned {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("f"), text).unwrap();
        let file = super::super::open(dir.path(), "f".as_ref()).unwrap();
        scan(file, keep, stop)
    }

    #[test]
    fn lines_are_counted_as_an_editor_shows_them() {
        let ended = |text: &[u8]| scan_text(text, 0..=0, 100).end;
        assert_eq!(ended(b""), End::Ended { last_line: 0 });
        assert_eq!(ended(b"a"), End::Ended { last_line: 1 });
        assert_eq!(ended(b"a\n"), End::Ended { last_line: 1 });
        assert_eq!(ended(b"a\nb"), End::Ended { last_line: 2 });
        assert_eq!(ended(b"\n\n"), End::Ended { last_line: 2 });
        assert_eq!(scan_text(b"a\nb", 0..=0, 2).end, End::Reached);
    }

    #[test]
    fn only_the_lines_asked_for_are_kept_and_long_ones_are_cut() {
        let long = "x".repeat(3 * KEPT_LINE_BYTES);
        let text = format!("1\n2\r\n{long}\n4");
        let scanned = scan_text(text.as_bytes(), 2..=4, 4);
        assert_eq!(scanned.end, End::Reached);
        assert_eq!(scanned.kept.len(), 3);
        assert_eq!(scanned.kept[0], b"2\r\n");
        assert_eq!(scanned.kept[1].len(), KEPT_LINE_BYTES);
        assert_eq!(scanned.kept[2], b"4");
        // Reading stops at the line asked for.
        let scanned = scan_text(text.as_bytes(), 1..=1, 1);
        assert_eq!(
            (scanned.kept, scanned.end),
            (vec![b"1\n".to_vec()], End::Reached)
        );
    }

    #[test]
    fn lines_past_max_read_are_cut_and_a_file_of_exactly_max_read_is_whole() {
        let lines = usize::try_from(MAX_READ / 2).unwrap();
        let exact = "y\n".repeat(lines);
        let last = u32::try_from(lines).unwrap();
        assert_eq!(scan_text(exact.as_bytes(), 0..=0, last).end, End::Reached);
        assert_eq!(
            scan_text(exact.as_bytes(), 0..=0, last + 1).end,
            End::Ended { last_line: last }
        );
        let longer = exact + "y\n";
        assert_eq!(scan_text(longer.as_bytes(), 0..=0, last + 1).end, End::Cut);
        assert_eq!(scan_text(longer.as_bytes(), 0..=0, last).end, End::Reached);
    }
}
