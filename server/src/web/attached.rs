//! What the options of a session show besides their words, prepared once
//! when its page server starts (as contexts are): each preview rendered
//! from Markdown as a context is, each diff's lines numbered, marked and
//! highlighted by their file's language. The page then only places the
//! HTML, however often it is rendered.

use super::highlight::{Side, syntax_for};
use app::page::{ItemAttached, OptionAttached};
use app::{Change, DecideItem, DecideOption, DiffFile};
use std::fmt::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many lines of a session's diffs are highlighted at most, a limit
/// against abuse only (the schema states it): the lines after them are
/// shown plain, numbered and marked all the same. A 10-item page whose
/// options each carry a 300-line diff has 12,000; every line of it is
/// highlighted, on every core (bench/previews.md).
pub const MAX_HIGHLIGHTED_LINES: usize = 20_000;

/// How many threads highlight one session's diffs at most: the grammars
/// read each file on its own, so the files are shared out.
const MAX_WORKERS: usize = 8;

/// What each item that has any shows, in the items' order.
pub fn prepare_all(items: &[DecideItem]) -> Vec<ItemAttached> {
    prepare_within(items, MAX_HIGHLIGHTED_LINES)
}

/// `prepare_all`, highlighting at most `max` lines.
fn prepare_within(items: &[DecideItem], max: usize) -> Vec<ItemAttached> {
    let shown: Vec<&DecideItem> = items
        .iter()
        .filter(|item| item.options().iter().any(DecideOption::has_attached))
        .collect();
    // The session's lines to highlight go to its files in the diffs'
    // order, before any is read: which lines are highlighted does not
    // depend on which thread reads which file first.
    let mut budget = max;
    let files: Vec<(&DiffFile, usize)> = shown
        .iter()
        .flat_map(|item| item.options())
        .filter_map(DecideOption::diff)
        .flat_map(|diff| diff.files())
        .map(|file| {
            let lines = file.hunks().iter().map(|hunk| hunk.lines().len()).sum();
            let highlighted = budget.min(lines);
            budget -= highlighted;
            (file, highlighted)
        })
        .collect();
    let mut rows = all_rows(&files).into_iter();
    shown
        .iter()
        .map(|item| ItemAttached {
            id: item.id(),
            options: item
                .options()
                .iter()
                .map(|option| prepare(option, &mut rows))
                .collect(),
        })
        .collect()
}

/// One option's, if it shows anything: its preview rendered, and its
/// diff's files taken from `rows`, the session's files' rows in order.
fn prepare(
    option: &DecideOption,
    rows: &mut impl Iterator<Item = String>,
) -> Option<OptionAttached> {
    if !option.has_attached() {
        return None;
    }
    Some(OptionAttached {
        preview: option.preview().map(super::markdown::render),
        files: option
            .diff()
            .map(|diff| rows.take(diff.files().len()).collect())
            .unwrap_or_default(),
    })
}

/// The rows of each of `files` (each with the lines of it to highlight),
/// in their order. The files are shared out among the machine's cores,
/// this thread one of them: a grammar reads a line in some hundredths of
/// a millisecond (a tenth without the `onig` feature), and a file's lines
/// only after each other. When no thread
/// can be started this one reads them all.
fn all_rows(files: &[(&DiffFile, usize)]) -> Vec<String> {
    let workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(MAX_WORKERS)
        .min(files.len());
    let next = AtomicUsize::new(0);
    // Each worker takes the next file not taken until none is left.
    let work = || {
        let mut done = Vec::new();
        loop {
            let n = next.fetch_add(1, Ordering::Relaxed);
            let Some((file, highlighted)) = files.get(n) else {
                return done;
            };
            done.push((n, rows(file, *highlighted)));
        }
    };
    let mut out = vec![String::new(); files.len()];
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..workers)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .name("aide-highlight".into())
                    .spawn_scoped(scope, work)
                    .ok()
            })
            .collect();
        let mut done = work();
        for helper in helpers {
            // A helper that panicked is the panic of this thread.
            match helper.join() {
                Ok(rows) => done.extend(rows),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        for (n, rows) in done {
            out[n] = rows;
        }
    });
    out
}

/// A file's lines as table rows: a row per hunk's header (class `h`),
/// then a row per line (`s` in both files, `a` added, `d` removed) with
/// its number on each side, its mark, and its code, the first
/// `highlighted` lines highlighted. The lines are read by the grammar in the diff's order,
/// once each (reading the old and the new side apart read the lines both
/// have twice). Classes are one letter and cells bare: a 300-line diff has
/// 300 rows.
pub fn rows(file: &DiffFile, highlighted: usize) -> String {
    if file.binary() {
        return String::new();
    }
    let mut budget = highlighted;
    let syntax = syntax_for(file.path()).filter(|_| budget > 0);
    let mut out = String::with_capacity(file.hunks().len() * 2048);
    for hunk in file.hunks() {
        let mut side = Side::new(syntax);
        let _ = write!(
            out,
            "<tr class=\"h\"><td colspan=\"4\">@@ -{} +{} @@</td></tr>",
            hunk.old_start(),
            hunk.new_start()
        );
        for (old_no, new_no, line) in hunk.numbered() {
            let (class, sign) = match line.change() {
                Change::Same => ("s", " "),
                Change::Added => ("a", "+"),
                Change::Removed => ("d", "\u{2212}"),
            };
            let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
            let _ = write!(
                out,
                "<tr class=\"{class}\"><td>{}</td><td>{}</td><td>{sign}</td><td>",
                number(old_no),
                number(new_no)
            );
            if budget == 0 {
                super::highlight::escape(line.text(), &mut out);
            } else {
                budget -= 1;
                side.line(line.text(), &mut out);
            }
            out.push_str("</td></tr>");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn option(fields: serde_json::Value) -> DecideOption {
        let mut first = json!({ "value": "a", "label": "A" });
        for (key, value) in fields.as_object().unwrap() {
            first[key] = value.clone();
        }
        let value = json!({ "task": "t", "source": "s", "items": [{
            "id": 1, "title": "q",
            "options": [first, { "value": "b", "label": "B" }]
        }]});
        app::validate_input(&value).unwrap().items()[0].options()[0].clone()
    }

    const DIFF: &str = "diff --git a/src/a.rs b/src/a.rs\n--- a/src/a.rs\n+++ b/src/a.rs\n@@ -3,3 +3,3 @@\n fn a() {\n-    let x = \"<script>alert(1)</script>\";\n+    let x = 2;\n }\n";

    /// What `option` shows, the first `highlighted` lines of each of its
    /// diff's files highlighted.
    fn prepared(option: &DecideOption, highlighted: usize) -> Option<OptionAttached> {
        let files = option.diff().map(|diff| diff.files()).unwrap_or_default();
        let mut shown = files.iter().map(|file| rows(file, highlighted));
        prepare(option, &mut shown)
    }

    #[test]
    fn a_diff_is_numbered_marked_and_its_html_is_text() {
        let prepared = prepared(&option(json!({ "diff": DIFF })), 100).unwrap();
        let rows = &prepared.files[0];
        assert!(rows.starts_with("<tr class=\"h\"><td colspan=\"4\">@@ -3 +3 @@</td></tr>"));
        assert!(
            rows.contains("<tr class=\"d\"><td>4</td><td></td><td>\u{2212}</td>"),
            "{rows}"
        );
        assert!(
            rows.contains("<tr class=\"a\"><td></td><td>4</td><td>+</td>"),
            "{rows}"
        );
        assert!(rows.contains("&lt;script&gt;"), "{rows}");
        assert!(!rows.contains("<script>"), "{rows}");
        assert!(
            rows.contains("<span class=\"tk\">let</span>"),
            "highlighted as Rust: {rows}"
        );
    }

    #[test]
    fn a_preview_is_markdown_with_its_html_shown_as_text() {
        let preview = json!({ "preview": "**bold** <img src=x onerror=alert(1)>" });
        let prepared = prepared(&option(preview), 100).unwrap();
        let html = prepared.preview.unwrap();
        assert!(html.contains("<strong>bold</strong>"), "{html}");
        assert!(html.contains("&lt;img"), "{html}");
        assert!(!html.contains("<img"), "{html}");
    }

    #[test]
    fn lines_past_the_budget_are_plain_but_numbered_and_marked() {
        let prepared = prepared(&option(json!({ "diff": DIFF })), 2).unwrap();
        let rows = &prepared.files[0];
        assert!(rows.contains("<span class=\"tk\">fn</span>"), "{rows}");
        assert!(
            rows.contains(
                "<tr class=\"a\"><td></td><td>4</td><td>+</td><td>    let x = 2;</td></tr>"
            ),
            "{rows}"
        );
    }

    #[test]
    fn the_sessions_lines_to_highlight_go_to_its_files_in_order() {
        let option = |value: &str| json!({ "value": value, "label": value, "diff": DIFF });
        let value = json!({ "task": "t", "source": "s", "items": [
            { "id": 1, "title": "q", "options": [option("a"), { "value": "b", "label": "B" }] },
            { "id": 2, "title": "r", "options": [option("c"), option("d")] }
        ]});
        let input = app::validate_input(&value).unwrap();
        // Four lines a file: the first in full, two of the second, none of
        // the third, however the threads shared them out.
        let prepared = prepare_within(input.items(), 6);
        let keywords = |item: usize, option: usize| {
            let shown = prepared[item].options[option].as_ref().unwrap();
            shown.files[0].matches("class=\"tk\"").count()
        };
        assert_eq!([keywords(0, 0), keywords(1, 0), keywords(1, 1)], [3, 2, 0]);
        assert_eq!(prepared[0].options[1], None);
    }

    #[test]
    fn options_without_anything_to_show_prepare_nothing() {
        assert_eq!(prepared(&option(json!({})), 100), None);
        let value = json!({ "task": "t", "source": "s", "items": [{
            "id": 1, "title": "q",
            "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }]
        }]});
        let input = app::validate_input(&value).unwrap();
        assert!(prepare_all(input.items()).is_empty());
    }

    #[test]
    fn the_schema_states_the_limit_of_highlighted_lines() {
        // Its descriptions keep the doc comments' line breaks.
        let schema = app::model::input_schema().to_string().replace("\\n", " ");
        let limit = format!(
            "the first {},{:03} lines of a question's diffs",
            MAX_HIGHLIGHTED_LINES / 1000,
            MAX_HIGHLIGHTED_LINES % 1000
        );
        assert!(schema.contains(&limit), "{limit}");
    }

    #[test]
    fn escape_writes_markup_as_text() {
        let mut out = String::new();
        super::super::highlight::escape("<a href=\"x\">&", &mut out);
        assert_eq!(out, "&lt;a href=\"x\"&gt;&amp;");
    }
}
