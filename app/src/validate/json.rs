//! Text that is not JSON: where it stops being JSON, and what stands
//! there, so the reader can find the place without serde's own words.

/// Where a text stops being JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// The text ends before the JSON does.
    pub ends_early: bool,
    /// The text around the place, on one line, at most about 40
    /// characters (empty when the text ends there).
    pub near: String,
}

/// How many characters of context are shown on each side.
const CONTEXT: usize = 20;

impl JsonError {
    /// The place `error` names in `text`.
    pub fn new(error: &serde_json::Error, text: &[u8]) -> Self {
        let (line, column) = (error.line().max(1), error.column().max(1));
        let text = String::from_utf8_lossy(text);
        let near = text
            .lines()
            .nth(line - 1)
            .map(|line_text| {
                let chars: Vec<char> = line_text.chars().collect();
                let at = (column - 1).min(chars.len());
                let from = at.saturating_sub(CONTEXT);
                let to = (at + CONTEXT).min(chars.len());
                chars[from..to].iter().collect::<String>().trim().to_owned()
            })
            .unwrap_or_default();
        JsonError {
            line,
            column,
            ends_early: error.is_eof(),
            near,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> JsonError {
        let error = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        JsonError::new(&error, text.as_bytes())
    }

    #[test]
    fn the_place_and_what_stands_there_are_named() {
        let error = error_of("{\n  \"task\": \"t\",,\n  \"source\": \"s\"\n}");
        assert_eq!((error.line, error.column, error.ends_early), (2, 15, false));
        assert_eq!(error.near, "\"task\": \"t\",,");
        let error = error_of("{\"task\": ");
        assert!(error.ends_early);
        let long = format!("[{}x]", "1,".repeat(100));
        let error = error_of(&long);
        assert!(error.near.chars().count() <= 2 * CONTEXT, "{}", error.near);
        assert!(error.near.contains('x'), "{}", error.near);
    }
}
