//! One decided item as a Markdown file in MADR's format (4.0): front
//! matter with status and date, the question, the context, the options
//! considered with their pros and cons, the outcome with the person's
//! note, and where it was decided. The last line names the item, so a
//! later export finds the file it wrote.

use super::Decided;
use app::i18n::AdrText;
use app::{Answer, DecideItem, Lang};
use std::fmt::Write;

/// The comment that ends every file aide writes: `<!-- aide-adr: SESSION ITEM -->`.
pub(super) const MARK: &str = "<!-- aide-adr:";

/// The session and item a file's last line names, if aide wrote it.
pub fn marked(text: &str) -> Option<(String, u32)> {
    let line = text.lines().rev().find(|l| !l.trim().is_empty())?;
    let rest = line.trim().strip_prefix(MARK)?.strip_suffix("-->")?;
    let mut words = rest.split_whitespace();
    let session = words.next()?.to_owned();
    let item = words.next()?.parse().ok()?;
    words.next().is_none().then_some((session, item))
}

/// A link to another record's file, or its session when it has none here.
pub enum Link {
    File(String),
    Session(String),
}

impl Link {
    fn markdown(&self, lang: Lang) -> String {
        match self {
            Link::File(name) => format!("[{}]({name})", name.trim_end_matches(".md")),
            Link::Session(session) => AdrText::SessionLink(session.clone()).text(lang),
        }
    }
}

/// The file's text, in the decision's language (its words from the
/// catalogue, `AdrText`).
pub fn render(
    decided: &Decided,
    supersedes: Option<&Link>,
    superseded_by: Option<&Link>,
) -> String {
    let item = &decided.item;
    let lang = decided.lang;
    let say = |text: AdrText| text.text(lang);
    let mut out = String::new();
    // MADR's own values, which tools read: never translated.
    let status = match superseded_by {
        Some(Link::File(name)) => format!("\"superseded by {}\"", name.trim_end_matches(".md")),
        Some(Link::Session(session)) => format!("\"superseded by aide session {session}\""),
        None => "accepted".into(),
    };
    let date = decided.date();
    let _ = write!(
        out,
        "---\nstatus: {status}\ndate: {date}\ndecision-makers: {}\n---\n\n# {}\n\n",
        say(AdrText::DecisionMakers),
        one_line(item.title())
    );
    let _ = write!(out, "## {}\n\n", say(AdrText::ContextHeading));
    if let Some(context) = item.context() {
        let _ = write!(out, "{}\n\n", context.trim_end());
    }
    let mut asked = say(AdrText::AskedWhile {
        task: without_stop(&one_line(&decided.task)),
    });
    if let Some(location) = item.location() {
        asked.push_str(&say(AdrText::Lines {
            file: location.file().to_owned(),
            start: location.start(),
            end: location.end(),
        }));
    }
    let _ = write!(
        out,
        "{}\n\n## {}\n\n",
        sentence(asked, lang),
        say(AdrText::OptionsHeading)
    );
    for option in item.options() {
        let recommended = item.recommended().iter().any(|v| v == option.value());
        let _ = write!(out, "* {}", one_line(option.label()));
        if let Some(score) = option.score() {
            out.push_str(&say(AdrText::Score(score.get())));
        }
        if recommended {
            out.push_str(&say(AdrText::Recommended));
        }
        out.push('\n');
    }
    let _ = write!(out, "\n## {}\n\n", say(AdrText::OutcomeHeading));
    let mut outcome = say(outcome(item, &decided.answer));
    if let Some(note) = &decided.note {
        outcome.push_str(&say(AdrText::Because(without_stop(&one_line(note)))));
    }
    let _ = write!(out, "{}\n\n", sentence(outcome, lang));
    chosen_shown(item, &decided.answer, &mut out);
    pros_and_cons(item, lang, &mut out);
    let session = decided.session.to_string();
    let _ = write!(
        out,
        "## {}\n\n{}\n",
        say(AdrText::MoreHeading),
        say(AdrText::DecidedIn {
            date,
            session: session.clone(),
            item: decided.item_id,
        })
    );
    if let Some(earlier) = supersedes {
        let _ = writeln!(
            out,
            "\n{}",
            say(AdrText::Supersedes(earlier.markdown(lang)))
        );
    }
    if let Some(later) = superseded_by {
        let _ = writeln!(
            out,
            "\n{}",
            say(AdrText::SupersededBy(later.markdown(lang)))
        );
    }
    let _ = writeln!(out, "\n{MARK} {session} {} -->", decided.item_id);
    out
}

/// What was chosen, as MADR words it.
fn outcome(item: &DecideItem, answer: &Answer) -> AdrText {
    let label = |value: &String| {
        item.option(value)
            .map_or_else(|| value.clone(), |o| one_line(o.label()))
    };
    match answer {
        Answer::Chosen(value) => AdrText::Chosen(vec![label(value)]),
        Answer::ChosenMany(values) => AdrText::Chosen(values.iter().map(label).collect()),
        Answer::Other(text) => AdrText::OwnAnswer(one_line(text)),
        // Never exported (not decided); said plainly should it be.
        Answer::Skipped => AdrText::Undecided,
    }
}

/// What the chosen option showed the person (its preview, its diff, its
/// picture's path), so the record keeps what was decided on.
fn chosen_shown(item: &DecideItem, answer: &Answer, out: &mut String) {
    let chosen: &[String] = match answer {
        Answer::Chosen(value) => std::slice::from_ref(value),
        Answer::ChosenMany(values) => values,
        Answer::Other(_) | Answer::Skipped => &[],
    };
    for option in chosen.iter().filter_map(|value| item.option(value)) {
        if !option.has_attached() {
            continue;
        }
        let _ = write!(out, "### What \"{}\" shows\n\n", one_line(option.label()));
        if let Some(preview) = option.preview() {
            let _ = write!(out, "{}\n\n", preview.trim_end());
        }
        if let Some(diff) = option.diff() {
            let fence = fence(diff.text());
            let _ = write!(out, "{fence}diff\n{}\n{fence}\n\n", diff.text().trim_end());
        }
        if let Some(image) = option.image() {
            let _ = write!(out, "Picture: `{}`\n\n", image.file());
        }
    }
}

/// A code fence longer than any run of backticks in `text`, so the text
/// cannot end it.
fn fence(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

fn pros_and_cons(item: &DecideItem, lang: Lang, out: &mut String) {
    let with_any = item
        .options()
        .iter()
        .any(|o| !o.pros().is_empty() || !o.cons().is_empty());
    if !with_any {
        return;
    }
    let _ = write!(out, "## {}\n\n", AdrText::ProsConsHeading.text(lang));
    for option in item.options() {
        let _ = write!(out, "### {}\n\n", one_line(option.label()));
        for pro in option.pros() {
            let _ = writeln!(out, "* {}", AdrText::Good(one_line(pro)).text(lang));
        }
        for con in option.cons() {
            let _ = writeln!(out, "* {}", AdrText::Bad(one_line(con)).text(lang));
        }
        if option.pros().is_empty() && option.cons().is_empty() {
            let _ = writeln!(out, "* {}", AdrText::NeitherProsNorCons.text(lang));
        }
        out.push('\n');
    }
}

/// `text` without the full stops it ends with, for a sentence that ends
/// it with its own ("… working on: Add login." once read "login..").
fn without_stop(text: &str) -> String {
    text.trim_end_matches(['.', '。', '．']).to_owned()
}

/// `text` as a sentence: with a full stop unless it ends with a question
/// or an exclamation mark already.
fn sentence(mut text: String, lang: Lang) -> String {
    if !text.ends_with(['?', '!', '？', '！', '…']) {
        text.push_str(&AdrText::Stop.text(lang));
    }
    text
}

/// `text` on one line: a heading or list item cannot hold a line break.
pub(super) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fence_is_longer_than_any_backticks_inside() {
        assert_eq!(fence("plain"), "```");
        assert_eq!(fence("a ```` b"), "`````");
    }

    #[test]
    fn the_chosen_options_preview_and_diff_go_into_the_record() {
        let value = serde_json::json!({ "task": "t", "source": "s", "items": [{
            "id": 1, "title": "q",
            "options": [
                { "value": "a", "label": "A", "preview": "**A** looks so",
                  "diff": "--- a/x.rs\n+++ b/x.rs\n@@ -1 +1 @@\n-old\n+new\n" },
                { "value": "b", "label": "B", "preview": "B looks otherwise" }
            ]
        }]});
        let input = app::validate_input(&value).unwrap();
        let mut out = String::new();
        chosen_shown(&input.items()[0], &Answer::Chosen("a".into()), &mut out);
        assert!(out.contains("### What \"A\" shows"), "{out}");
        assert!(out.contains("**A** looks so"), "{out}");
        assert!(
            out.contains("```diff\n--- a/x.rs\n+++ b/x.rs\n@@ -1 +1 @@\n-old\n+new\n```"),
            "{out}"
        );
        assert!(!out.contains("B looks otherwise"), "{out}");
        let mut none = String::new();
        chosen_shown(&input.items()[0], &Answer::Other("mine".into()), &mut none);
        assert_eq!(none, "");
    }

    #[test]
    fn the_last_line_names_the_item_of_a_file_aide_wrote() {
        let text = "# T\n\n<!-- aide-adr: 2026-11-25T10-30-00 3 -->\n\n";
        assert_eq!(marked(text), Some(("2026-11-25T10-30-00".into(), 3)));
        assert_eq!(marked("# Mine\n\nno mark\n"), None);
        assert_eq!(marked("<!-- aide-adr: x -->"), None);
    }

    #[test]
    fn a_sentence_ends_with_one_stop() {
        assert_eq!(
            without_stop("Add login to the app."),
            "Add login to the app"
        );
        assert_eq!(without_stop("实现登录。"), "实现登录");
        assert_eq!(without_stop("Why?"), "Why?");
        assert_eq!(without_stop("etc..."), "etc");
        let said = |text: &str, lang| sentence(without_stop(text), lang);
        assert_eq!(
            said("Add login to the app.", Lang::En),
            "Add login to the app."
        );
        assert_eq!(said("Is it safe?", Lang::En), "Is it safe?");
        assert_eq!(said("实现登录。", Lang::Zh), "实现登录。");
        assert_eq!(said("实现登录", Lang::Zh), "实现登录。");
    }
}
