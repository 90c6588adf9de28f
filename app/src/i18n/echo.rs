//! What a message echoes of a person's or agent's own text (a query, a
//! cursor, an argument, a value found in a file): at most [`ECHO_CHARS`]
//! characters, with `…` when cut. A 10 MB query once came back whole, as
//! a 10 MB answer, into an agent's context.

/// The most characters of someone's own text a message repeats.
pub const ECHO_CHARS: usize = 60;

/// `text` cut to `max` characters, with `…` when something was cut.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// `text` as a message quotes it: a JSON string (its quotes and escapes
/// show exactly what was given) of at most [`ECHO_CHARS`] characters.
pub fn echo(text: &str) -> String {
    serde_json::Value::from(cut(text, ECHO_CHARS)).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_an_ellipsis_and_short_text_kept() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "abc…");
        assert_eq!(cut("缓存用哪个数据库", 2), "缓存…");
        assert_eq!(echo("say \"hi\""), r#""say \"hi\"""#);
        let huge = "x".repeat(10 * 1024 * 1024);
        let echoed = echo(&huge);
        assert_eq!(echoed.chars().count(), ECHO_CHARS + 3, "quotes and …");
        assert!(echoed.ends_with("x…\""), "{echoed}");
    }
}
