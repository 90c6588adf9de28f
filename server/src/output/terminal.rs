//! Text from an agent or a file, made safe to show in a terminal: every
//! character that would move the cursor, clear the screen, start an escape
//! sequence or reorder what follows is shown as an escape instead (`\u{1b}`,
//! `\r`, `\n`, `\t`, `\u{202e}`). Ordinary text, CJK and emoji pass as they
//! are. The printers (`output.rs` on stderr, `stdout.rs`) pass every line
//! through here, so no command escapes on its own.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` must not reach a terminal as it is: C0 (ESC, CR, LF, TAB,
/// …), DEL and C1 (of which CSI opens an escape sequence on its own), the
/// bidirectional marks, embeddings, overrides and isolates that reorder a
/// line as it is drawn, the line and paragraph separators, and the
/// characters that draw nothing at all (zero-width space, word joiner,
/// invisible operators, the byte-order mark, soft hyphen, the Mongolian
/// vowel separator, the deprecated format characters, interlinear
/// annotation), which would hide words in or between what is shown. The
/// zero-width joiner and non-joiner stay: they shape emoji and scripts.
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00ad}'
                | '\u{061c}'
                | '\u{180e}'
                | '\u{200b}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// Whether `text` may hold an unsafe character: every one of them is
/// encoded with a leading byte below 0x20, 0x7f, 0xc2 (C1, U+00AD), 0xd8
/// (U+061C), 0xe1 (U+180E), 0xe2 (U+2000 to U+2FFF) or 0xef (U+FEFF,
/// U+FFF9 to U+FFFB), so most text is passed after a byte scan.
fn may_need_escaping(text: &str) -> bool {
    text.bytes()
        .any(|b| b < 0x20 || matches!(b, 0x7f | 0xc2 | 0xd8 | 0xe1 | 0xe2 | 0xef))
}

/// `text` as one line for a terminal: every unsafe character, line breaks
/// and tabs included, written as its Rust escape (`\n`, `\u{1b}`).
pub fn line(text: &str) -> Cow<'_, str> {
    escape(text, |out, c| {
        let _ = write!(out, "{}", c.escape_default());
    })
}

/// JSON text for a terminal, still the same JSON: every unsafe character
/// but the line breaks of pretty JSON becomes `\uXXXX`. Inside a string
/// that is the same string; outside one serde writes no other control
/// character, and DEL, C1 and the bidirectional and separator characters,
/// which JSON allows raw, can only be inside strings.
pub fn json(text: &str) -> Cow<'_, str> {
    escape(text, |out, c| {
        if c == '\n' {
            out.push(c);
        } else {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        }
    })
}

fn escape(text: &str, write: impl Fn(&mut String, char)) -> Cow<'_, str> {
    if !may_need_escaping(text) || !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            write(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn escape_sequences_line_breaks_and_overrides_are_shown_not_obeyed() {
        assert_eq!(
            line("a\u{1b}[2Jb\rc\nd\te\u{202e}f\u{7f}\u{9b}g\u{2028}h\u{2066}"),
            r"a\u{1b}[2Jb\rc\nd\te\u{202e}f\u{7f}\u{9b}g\u{2028}h\u{2066}"
        );
    }

    #[test]
    fn characters_that_draw_nothing_are_shown_not_hidden() {
        assert_eq!(
            line("rm\u{200b} -rf\u{2060}/\u{feff}x\u{00ad}y\u{180e}z\u{2064}w\u{206a}v\u{fff9}"),
            r"rm\u{200b} -rf\u{2060}/\u{feff}x\u{ad}y\u{180e}z\u{2064}w\u{206a}v\u{fff9}"
        );
        let value = serde_json::json!({ "task": "a\u{200b}b\u{feff}" });
        let shown = json(&serde_json::to_string(&value).unwrap()).into_owned();
        assert_eq!(shown, r#"{"task":"a\u200bb\ufeff"}"#);
        // Joiners shape emoji and scripts: they stay.
        let family = "👨\u{200d}👩\u{200d}👧 می\u{200c}خواهم";
        assert!(matches!(line(family), Cow::Borrowed(t) if t == family));
    }

    #[test]
    fn ordinary_text_cjk_and_emoji_pass_unchanged() {
        for text in [
            "实现用户认证模块",
            "C:\\work\\a.rs — “ok” ✓ 🚀",
            "é ü ß",
            "",
        ] {
            assert!(matches!(line(text), Cow::Borrowed(t) if t == text));
            assert!(matches!(json(text), Cow::Borrowed(t) if t == text));
        }
    }

    #[test]
    fn json_stays_the_same_json() {
        let value = serde_json::json!({ "task": "a\u{1b}[2J\r\n\u{202e}b\u{9b}\u{7f}\u{2029}" });
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let shown = json(&pretty);
        assert!(!shown.chars().any(|c| is_unsafe(c) && c != '\n'));
        assert!(shown.contains(r"\u202e"));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&shown).unwrap(),
            value
        );
    }

    proptest! {
        #[test]
        fn no_unsafe_character_survives_and_safe_text_is_kept(text in any::<String>()) {
            let shown = line(&text);
            prop_assert!(!shown.chars().any(is_unsafe));
            // Escapes are ASCII: every other character is there, in order.
            let wide = |t: &str| -> String { t.chars().filter(|&c| !c.is_ascii() && !is_unsafe(c)).collect() };
            prop_assert_eq!(wide(&shown), wide(&text));
        }

        #[test]
        fn json_of_any_string_reads_back_the_same(text in any::<String>()) {
            let value = serde_json::json!({ "s": text, "n": [1, 2] });
            let compact = serde_json::to_string(&value).unwrap();
            let shown = json(&compact);
            prop_assert!(!shown.chars().any(is_unsafe));
            let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
            prop_assert_eq!(back, value);
        }
    }
}
