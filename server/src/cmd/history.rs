use super::Ctx;
use crate::error::CliError;
use crate::output::{Printer, print_data};
use crate::store::{History, SessionStatus};
use app::i18n::{HistoryWord, Msg, StoreMsg};
use serde_json::json;

/// `aide decide history`: past sessions, newest first.
pub fn run(ctx: &Ctx, as_json: bool) -> Result<(), CliError> {
    let store = ctx.store()?;
    let history = store.history()?;
    let printer = ctx.printer;
    warn_unreadable(&history, printer);
    if as_json {
        let line = json!({ "sessions": history.sessions }).to_string();
        return print_data(&line).map_err(CliError::Stdout);
    }
    if history.sessions.is_empty() {
        printer.info(&Msg::Store(StoreMsg::NoSessions));
        return Ok(());
    }
    let lang = printer.lang;
    let rows: Vec<[String; 4]> = history
        .sessions
        .iter()
        .map(|s| {
            let status = match s.status {
                SessionStatus::Pending => HistoryWord::Pending,
                SessionStatus::Decided => HistoryWord::Decided,
                SessionStatus::Replaced => HistoryWord::Replaced,
            };
            [
                s.session_id.to_string(),
                status.text(lang),
                HistoryWord::Items(s.items).text(lang),
                s.task.clone(),
            ]
        })
        .collect();
    let width = |column: usize| {
        rows.iter()
            .map(|r| display_width(&r[column]))
            .max()
            .unwrap_or(0)
    };
    let widths = [width(0), width(1), width(2)];
    let mut out = String::new();
    for row in &rows {
        for (cell, width) in row.iter().zip(widths) {
            out.push_str(cell);
            out.push_str(&" ".repeat(width - display_width(cell) + 2));
        }
        out.push_str(&row[3]);
        out.push('\n');
    }
    print_data(out.trim_end()).map_err(CliError::Stdout)
}

/// Files that exist but cannot be read are named, not hidden.
pub fn warn_unreadable(history: &History, printer: Printer) {
    for error in &history.unreadable {
        printer.warn(&error.message(printer.lang));
    }
    if history.skipped_lines > 0 {
        printer.warn(&Msg::Store(StoreMsg::LedgerSkipped {
            lines: history.skipped_lines,
        }));
    }
}

/// Columns a terminal gives `text`: CJK and other wide characters take two.
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| match u32::from(c) {
            0x1100..=0x115F
            | 0x2E80..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(super::display_width("已决策"), 6);
        assert_eq!(super::display_width("2 items"), 7);
    }
}
