//! Code of a diff highlighted by its language, with `syntect` (Sublime
//! Text's grammars; Oniguruma's regexes, or fancy-regex's without the
//! server's `onig` feature). Each token is given one of a few
//! kinds (keyword, string, comment…) as a short class; the page's
//! stylesheet colours the kinds in its light and dark themes, so the HTML
//! carries no style (the page's CSP allows none inline) and no theme.

use std::fmt::Write;
use std::str::FromStr;
use std::sync::OnceLock;
use syntect::highlighting::{
    Color, HighlightIterator, HighlightState, Highlighter, ScopeSelectors, StyleModifier, Theme,
    ThemeItem,
};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference, SyntaxSet};

/// The kinds of token the page colours, each with the scopes it takes
/// (more specific scopes win, as in an editor's theme) and its class.
const KINDS: &[(&str, &str)] = &[
    ("comment", "tc"),
    (
        "string, constant.character, punctuation.definition.string",
        "ts",
    ),
    ("constant.numeric, constant.language, constant.other", "tn"),
    // `storage` holds `fn` and `let` in Rust, `int` in C: keywords to a reader.
    ("keyword, storage", "tk"),
    ("keyword.operator", "to"),
    (
        "entity.name.type, entity.name.class, support.type, support.class",
        "tt",
    ),
    (
        "entity.name.function, support.function, meta.function-call variable.function",
        "tf",
    ),
    ("entity.name.tag, markup.heading", "tg"),
    ("entity.other.attribute-name, variable.parameter", "ta"),
    ("variable.language, support.constant", "tv"),
];

/// A line longer than this is shown plain: a regex grammar may take long
/// over one very long line (minified code, a data file).
const MAX_HIGHLIGHTED_LINE: usize = 2_000;

/// The grammars, read once, when the first diff is highlighted.
fn syntaxes() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(SyntaxSet::load_defaults_newlines)
}

/// The theme whose colours are the kinds' numbers (red 1, 2, …).
fn kinds_theme() -> &'static Theme {
    static THEME: OnceLock<Theme> = OnceLock::new();
    THEME.get_or_init(|| {
        let scopes = KINDS
            .iter()
            .enumerate()
            .filter_map(|(n, (selectors, _))| {
                let kind = u8::try_from(n + 1).ok()?;
                Some(ThemeItem {
                    scope: ScopeSelectors::from_str(selectors).ok()?,
                    style: StyleModifier {
                        foreground: Some(Color {
                            r: kind,
                            g: 0,
                            b: 0,
                            a: 0xff,
                        }),
                        background: None,
                        font_style: None,
                    },
                })
            })
            .collect();
        Theme {
            scopes,
            ..Theme::default()
        }
    })
}

/// The grammar for a file named `path`, by its extension or its name
/// (`Makefile`); none for a file aide knows no grammar of.
pub fn syntax_for(path: &str) -> Option<&'static SyntaxReference> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let set = syntaxes();
    let by_extension = name
        .rsplit_once('.')
        .and_then(|(_, extension)| set.find_syntax_by_extension(extension));
    by_extension
        .or_else(|| set.find_syntax_by_extension(name))
        .filter(|syntax| syntax.name != "Plain Text")
}

/// One side of a file's lines (before or after the change), highlighted
/// in order: a grammar's state carries from one line to the next.
pub struct Side {
    parse: Option<(ParseState, HighlightState)>,
    highlighter: Highlighter<'static>,
}

impl Side {
    /// A side highlighted by `syntax` (plain text without one).
    pub fn new(syntax: Option<&SyntaxReference>) -> Side {
        let highlighter = Highlighter::new(kinds_theme());
        Side {
            parse: syntax.map(|syntax| {
                let state = HighlightState::new(&highlighter, ScopeStack::new());
                (ParseState::new(syntax), state)
            }),
            highlighter,
        }
    }

    /// The next line of this side as HTML: its text escaped, its tokens in
    /// spans of their kind. A line the grammar cannot read, or one too
    /// long, is plain text, and the side goes on plain.
    pub fn line(&mut self, text: &str, out: &mut String) {
        let Some((parse, state)) = &mut self.parse else {
            escape(text, out);
            return;
        };
        if text.len() > MAX_HIGHLIGHTED_LINE {
            self.parse = None;
            escape(text, out);
            return;
        }
        let line = format!("{text}\n");
        let Ok(ops) = parse.parse_line(&line, syntaxes()) else {
            self.parse = None;
            escape(text, out);
            return;
        };
        let mut open: u8 = 0;
        for (style, token) in HighlightIterator::new(state, &ops, &line, &self.highlighter) {
            let token = token.strip_suffix('\n').unwrap_or(token);
            if token.is_empty() {
                continue;
            }
            let kind = style.foreground.r;
            if kind != open {
                if open != 0 {
                    out.push_str("</span>");
                }
                if let Some((_, class)) = KINDS.get(usize::from(kind).wrapping_sub(1)) {
                    let _ = write!(out, "<span class=\"{class}\">");
                    open = kind;
                } else {
                    open = 0;
                }
            }
            escape(token, out);
        }
        if open != 0 {
            out.push_str("</span>");
        }
    }
}

/// `text` as HTML text: markup and script in it show as they are written.
pub fn escape(text: &str, out: &mut String) {
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html_body_text(out, text);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn highlighted(path: &str, lines: &[&str]) -> Vec<String> {
        let mut side = Side::new(syntax_for(path));
        lines
            .iter()
            .map(|line| {
                let mut out = String::new();
                side.line(line, &mut out);
                out
            })
            .collect()
    }

    #[test]
    fn tokens_get_the_class_of_their_kind_and_text_is_escaped() {
        let lines = highlighted("src/lib.rs", &["fn main() { let s = \"<b>\"; } // x < y"]);
        let html = &lines[0];
        assert!(html.contains("<span class=\"tk\">fn</span>"), "{html}");
        assert!(html.contains("&lt;b&gt;"), "{html}");
        assert!(html.contains("c"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
    }

    #[test]
    fn a_file_of_no_known_language_is_plain_escaped_text() {
        let lines = highlighted("notes.unknownext", &["<script>alert(1)</script>"]);
        assert_eq!(lines[0], "&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    #[test]
    fn a_comment_carries_over_to_the_next_line() {
        let lines = highlighted("a.c", &["/* open", "still comment */ int x;"]);
        assert!(
            lines[1].starts_with("<span class=\"tc\">still comment"),
            "{}",
            lines[1]
        );
    }
}
