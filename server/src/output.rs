//! Lines for people, on stderr, with the spec's prefixes; and the one line
//! of data on stdout.

pub mod terminal;

use app::Lang;
use app::i18n::Msg;
use std::io::{self, Write};

/// Prints messages in one language.
#[derive(Clone, Copy, Debug)]
pub struct Printer {
    pub lang: Lang,
}

impl Printer {
    /// Warns when a ledger line could not be written; the data it
    /// describes is saved either way.
    pub fn logged(&self, result: Result<(), crate::store::StoreError>) {
        if let Err(error) = result {
            self.warn(&error.ledger_failed(self.lang));
        }
    }

    pub fn ok(&self, msg: &Msg) {
        self.line('✓', &msg.text(self.lang));
    }

    pub fn info(&self, msg: &Msg) {
        self.line('→', &msg.text(self.lang));
    }

    pub fn warn(&self, msg: &Msg) {
        self.line('⚠', &msg.text(self.lang));
    }

    /// `⚠ text` and its hint line: a warning the person can act on (the
    /// spec's warnings keep their one line).
    pub fn warn_hinted(&self, msg: &Msg) {
        self.warn(msg);
        if let Some(hint) = msg.hint(self.lang) {
            self.hint(hint);
        }
    }

    /// `✗ text` and, if the message has one, its `建议:` line.
    pub fn error(&self, msg: &Msg) {
        self.line('✗', &msg.text(self.lang));
        if let Some(hint) = msg.hint(self.lang) {
            self.hint(hint);
        }
    }

    /// `✗ text` without a hint (for several errors sharing hints).
    pub fn line_error(&self, msg: &Msg) {
        self.line('✗', &msg.text(self.lang));
    }

    pub fn hint(&self, hint: &str) {
        eprintln_lossy(&format!("{}: {hint}", hint_label(self.lang)));
    }

    /// A line written as it is (prefix included), control characters
    /// escaped like every line.
    pub fn raw(&self, line: &str) {
        eprintln_lossy(line);
    }

    /// Lines aide drew itself (a QR code): each escaped, the breaks kept.
    pub fn block(&self, text: &str) {
        for line in text.lines() {
            eprintln_lossy(line);
        }
    }

    fn line(&self, prefix: char, text: &str) {
        eprintln_lossy(&format!("{prefix} {text}"));
    }
}

/// What starts a hint line: `建议` or `Hint`.
pub fn hint_label(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "建议",
        Lang::En => "Hint",
    }
}

/// Writes a line to stderr with its control characters escaped, so text
/// from an agent or a file can neither drive the terminal nor forge a
/// line; a closed stderr is not worth failing over.
fn eprintln_lossy(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", terminal::line(line));
}

#[cfg(test)]
mod ledger_tests {
    use super::*;
    use crate::store::StoreError;

    #[test]
    fn a_ledger_failure_is_said_in_the_readers_language() {
        let error = || StoreError::Io {
            op: app::i18n::FileOp::Write,
            path: "/p/.aide/decisions/ledger.jsonl".into(),
            source: std::io::Error::from(std::io::ErrorKind::StorageFull),
        };
        let zh = error().ledger_failed(Lang::Zh).text(Lang::Zh);
        assert!(
            zh.starts_with(
                "无法写入 ledger.jsonl(决策数据已保存): 无法写入 /p/.aide/decisions/ledger.jsonl: "
            ),
            "{zh}"
        );
        let en = error().ledger_failed(Lang::En).text(Lang::En);
        assert!(
            en.starts_with("Cannot append to ledger.jsonl (the decision data is saved): Cannot write /p/.aide/decisions/ledger.jsonl: "),
            "{en}"
        );
        // Not the store error's old English Display ("cannot Write …").
        assert!(
            !en.contains("cannot Write") && !zh.contains("cannot"),
            "{en} / {zh}"
        );
    }
}
