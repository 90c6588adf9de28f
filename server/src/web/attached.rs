//! What the options of a session show besides their words, prepared once
//! when its page server starts (as contexts are): each preview rendered
//! from Markdown as a context is, each diff's lines numbered, marked and
//! highlighted by their file's language. The page then only places the
//! HTML, however often it is rendered.

use super::highlight::{Side, syntax_for};
use app::page::{ItemAttached, OptionAttached};
use app::{Change, DecideItem, DecideOption, DiffFile};
use std::fmt::Write;

/// How many lines of a session's diffs are highlighted; the lines after
/// them are shown plain (numbered and marked all the same). Highlighting
/// takes about a tenth of a millisecond a line on one core of the build
/// machine, paid once when the page server starts (bench/previews.md).
pub const MAX_HIGHLIGHTED_LINES: usize = 3_000;

/// What each item that has any shows, in the items' order.
pub fn prepare_all(items: &[DecideItem]) -> Vec<ItemAttached> {
    let mut budget = MAX_HIGHLIGHTED_LINES;
    items
        .iter()
        .filter(|item| item.options().iter().any(DecideOption::has_attached))
        .map(|item| ItemAttached {
            id: item.id(),
            options: item
                .options()
                .iter()
                .map(|option| prepare(option, &mut budget))
                .collect(),
        })
        .collect()
}

/// One option's, if it shows anything; `budget` is the lines left to
/// highlight.
fn prepare(option: &DecideOption, budget: &mut usize) -> Option<OptionAttached> {
    if !option.has_attached() {
        return None;
    }
    Some(OptionAttached {
        preview: option.preview().map(super::markdown::render),
        files: option
            .diff()
            .map(|diff| diff.files().iter().map(|file| rows(file, budget)).collect())
            .unwrap_or_default(),
    })
}

/// A file's lines as table rows: a row per hunk's header (class `h`),
/// then a row per line (`s` in both files, `a` added, `d` removed) with
/// its number on each side, its mark, and its code, highlighted while
/// `budget` lasts. The lines are read by the grammar in the diff's order,
/// once each (reading the old and the new side apart read the lines both
/// have twice). Classes are one letter and cells bare: a 300-line diff has
/// 300 rows.
pub fn rows(file: &DiffFile, budget: &mut usize) -> String {
    if file.binary() {
        return String::new();
    }
    let syntax = syntax_for(file.path()).filter(|_| *budget > 0);
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
            if *budget == 0 {
                super::highlight::escape(line.text(), &mut out);
            } else {
                *budget -= 1;
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

    #[test]
    fn a_diff_is_numbered_marked_and_its_html_is_text() {
        let prepared = prepare(&option(json!({ "diff": DIFF })), &mut 100).unwrap();
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
        let prepared = prepare(&option(preview), &mut 100).unwrap();
        let html = prepared.preview.unwrap();
        assert!(html.contains("<strong>bold</strong>"), "{html}");
        assert!(html.contains("&lt;img"), "{html}");
        assert!(!html.contains("<img"), "{html}");
    }

    #[test]
    fn lines_past_the_budget_are_plain_but_numbered_and_marked() {
        let mut budget = 2;
        let prepared = prepare(&option(json!({ "diff": DIFF })), &mut budget).unwrap();
        let rows = &prepared.files[0];
        assert_eq!(budget, 0);
        assert!(rows.contains("<span class=\"tk\">fn</span>"), "{rows}");
        assert!(
            rows.contains(
                "<tr class=\"a\"><td></td><td>4</td><td>+</td><td>    let x = 2;</td></tr>"
            ),
            "{rows}"
        );
    }

    #[test]
    fn options_without_anything_to_show_prepare_nothing() {
        assert_eq!(prepare(&option(json!({})), &mut 100), None);
        let value = json!({ "task": "t", "source": "s", "items": [{
            "id": 1, "title": "q",
            "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }]
        }]});
        let input = app::validate_input(&value).unwrap();
        assert!(prepare_all(input.items()).is_empty());
    }

    #[test]
    fn escape_writes_markup_as_text() {
        let mut out = String::new();
        super::super::highlight::escape("<a href=\"x\">&", &mut out);
        assert_eq!(out, "&lt;a href=\"x\"&gt;&amp;");
    }
}
