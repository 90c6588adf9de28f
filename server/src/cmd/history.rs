use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::output::Printer;
use crate::stdout::{print_json, print_lines};
use crate::store::History;
use app::i18n::{HistoryWord, Msg, StoreMsg};
use unicode_width::UnicodeWidthStr;

/// `aide decide history`: past sessions, newest first.
pub fn run(ctx: &Ctx, as_json: bool) -> Result<(), CliError> {
    let store = ctx.store()?;
    // Which records are the person's own answers, given here; a ledger
    // that cannot be read proves none.
    let words = crate::search::Words::default();
    let here = crate::search::decided_here(&store, &words).unwrap_or_default();
    let history = store.records().history(Some(&here))?;
    let printer = ctx.printer();
    warn_unreadable(&history, printer);
    if as_json {
        /// `history --json`: `{"sessions":[...]}`, newest first.
        #[derive(serde::Serialize)]
        struct HistoryJson<'a> {
            sessions: &'a [crate::store::SessionSummary],
        }
        return print_json(&HistoryJson {
            sessions: &history.sessions,
        });
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
            [
                s.session_id.to_string(),
                if s.decided_here == Some(false) {
                    HistoryWord::DecidedElsewhere.text(lang)
                } else {
                    HistoryWord::from(s.status).text(lang)
                },
                HistoryWord::Items(s.items).text(lang),
                s.task.clone(),
            ]
        })
        .collect();
    let width = |column: usize| rows.iter().map(|r| r[column].width()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2)];
    // One line per session: the printer escapes what the task holds.
    let lines = rows.iter().map(|row| {
        let mut line = String::new();
        for (cell, width) in row.iter().zip(widths) {
            line.push_str(cell);
            line.push_str(&" ".repeat(width - cell.width() + 2));
        }
        line.push_str(&row[3]);
        line
    });
    print_lines(lines)
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

#[cfg(test)]
mod tests {
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!("已决策".width(), 6);
        assert_eq!("2 items".width(), 7);
    }
}
