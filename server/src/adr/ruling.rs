//! A standing ruling (issue 56) as an accepted decision record: what it
//! answers, where it applies and until when, and the answer it stands for.
//! Marked as aide's like every record (`render::marked`), by the ruling's
//! answer: `<!-- aide-adr: ruling:SESSION ITEM -->`.

use super::render::{MARK, one_line};
use crate::store::Ruling;
use app::Lang;
use app::i18n::AdrText;
use std::fmt::Write;

/// The key a ruling's file is marked with.
pub fn key(ruling: &Ruling) -> (String, u32) {
    (format!("ruling:{}", ruling.record), ruling.item.get())
}

/// The file's text, in `lang`.
pub fn render(ruling: &Ruling, lang: Lang) -> String {
    let say = |text: AdrText| text.text(lang);
    let date = ruling.granted_at.get().format("%Y-%m-%d").to_string();
    let mut out = String::new();
    let _ = write!(
        out,
        "---\nstatus: accepted\ndate: {date}\ndecision-makers: {}\n---\n\n# {}\n\n## {}\n\n{}\n\n## {}\n\n{}\n\n## {}\n\n{}\n",
        say(AdrText::DecisionMakers),
        say(AdrText::RulingTitle(one_line(&ruling.title))),
        say(AdrText::ContextHeading),
        say(AdrText::RulingScope {
            all_projects: ruling.all_projects,
            path: ruling.path.clone(),
            until: ruling.until.map(|day| day.to_string()),
        }),
        say(AdrText::OutcomeHeading),
        say(AdrText::RulingOutcome(one_line(&ruling.label))),
        say(AdrText::MoreHeading),
        say(AdrText::RulingFrom {
            date: date.clone(),
            session: ruling.record.to_string(),
            item: ruling.item.get(),
        }),
    );
    let (session, item) = key(ruling);
    let _ = writeln!(out, "\n{MARK} {session} {item} -->");
    out
}
