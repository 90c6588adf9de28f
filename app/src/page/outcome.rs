//! How a session ended, as a page shows it when the page itself did not
//! end it: the answers another page sent (or that were sent before this
//! page was opened), a question the agent withdrew, or one a newer
//! question replaced. The server renders the screen; an open page receives
//! it from [`super::Route::Outcome`] and shows it in place of the form.

use super::choice::{Picks, labels};
use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideInput, DecideOutput, SessionState};
use leptos::prelude::*;
use std::convert::Infallible;
use std::sync::Arc;

/// How the served session ended: where it stands once it is no longer
/// pending (so it has no pending state: `Infallible`), with the recorded
/// answers or the withdrawal's reason. Its kind's word
/// (`ended.kind().word()`) is what [`super::protocol::OUTCOME_HEADER`] and
/// the screen's `data-outcome` say.
pub type Ended = SessionState<Infallible, Arc<DecideOutput>, (), Option<String>>;

/// Each item's recorded answer, "N. title: answer", in the wording of the
/// summary the person checked before submitting.
pub fn recorded_lines(input: &DecideInput, output: &DecideOutput, lang: Lang) -> Vec<String> {
    let picks = Picks::from_output(input, output);
    input
        .items()
        .iter()
        .enumerate()
        .map(|(n, item)| {
            let picked = picks.of(n);
            let mut text = picked
                .text(|positions| labels(item, positions), lang)
                .unwrap_or_else(|| PageText::SummaryOpen.get(lang));
            // A skip's note is its reason, said already; any other note
            // follows the answer.
            let note = picked.note.trim();
            if !picked.skipped() && !note.is_empty() {
                text = format!("{text} ({}: {note})", PageText::RecordedNote.get(lang));
            }
            format!(
                "{} {}: {text}",
                PageText::ItemNumber(n + 1).get(lang),
                item.title()
            )
        })
        .collect()
}

/// Whether the person's answer `decision` may become a standing ruling:
/// one option, given by the person (as the rulings page offers it).
fn grantable(decision: &crate::model::Decision) -> bool {
    let one = match decision.answer() {
        crate::model::Answer::Chosen(_) => true,
        crate::model::Answer::ChosenMany(values) => values.len() == 1,
        crate::model::Answer::Other(_) | crate::model::Answer::Skipped => false,
    };
    one && decision.by().is_person()
}

/// The screen for `ended`, in place of the form.
pub fn ended_screen(
    input: &DecideInput,
    session: &crate::SessionId,
    ended: &Ended,
    lang: Lang,
) -> AnyView {
    let (title, body) = match ended {
        Ended::Pending(never) => match *never {},
        Ended::Decided(_) => (PageText::DoneTitle, PageText::RecordedAnswers),
        Ended::Withdrawn(_) => (PageText::WithdrawnTitle, PageText::WithdrawnBody),
        Ended::Replaced(()) => (PageText::ReplacedTitle, PageText::Replaced),
    };
    let mark = match ended {
        Ended::Decided(_) => "✓",
        _ => "–",
    };
    let details = match ended {
        Ended::Decided(output) => {
            // Where the person makes an answer a standing ruling (issue 56):
            // each answer of one option the person gave leads to its form.
            let rulings = format!("{}?session={session}", super::Route::Rulings.path());
            let lines = recorded_lines(input, output, lang)
                .into_iter()
                .zip(output.decisions())
                .map(|(line, decision)| {
                    let grant = grantable(decision).then(|| {
                        let href = format!("{rulings}#grant-{}", decision.id());
                        view! {
                            " "
                            <a class="grant-this" href=href>
                                {crate::i18n::RulesText::GrantThis.text(lang)}
                            </a>
                        }
                    });
                    view! { <li>{line}{grant}</li> }
                })
                .collect_view();
            view! {
                <ul class="recorded-answers">{lines}</ul>
                <p>{PageText::CanClose.get(lang)}</p>
                <p class="rulings-link">
                    <a href=rulings>{crate::i18n::RulesText::Link.text(lang)}</a>
                </p>
            }
            .into_any()
        }
        Ended::Withdrawn(Some(reason)) => view! {
            <p class="withdrawn-reason">{format!("{}: {reason}", PageText::WithdrawnReason.get(lang))}</p>
        }
        .into_any(),
        Ended::Pending(never) => match *never {},
        Ended::Withdrawn(None) | Ended::Replaced(()) => ().into_any(),
    };
    view! {
        <section class="done ended" data-outcome=ended.kind().word() role="status" aria-live="polite">
            <p class="done-mark" aria-hidden="true">{mark}</p>
            <h2>{title.get(lang)}</h2>
            <p>{body.get(lang)}</p>
            {details}
        </section>
    }
    .into_any()
}

/// [`ended_screen`] as server HTML, for [`super::Route::Outcome`].
#[cfg(feature = "ssr")]
pub fn ended_html(
    input: &DecideInput,
    session: &crate::SessionId,
    ended: &Ended,
    lang: Lang,
) -> String {
    ended_screen(input, session, ended, lang).to_html()
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use serde_json::json;

    fn input() -> DecideInput {
        let options =
            json!([{ "value": "a", "label": "Alpha" }, { "value": "b", "label": "Beta" }]);
        crate::validate_input(&json!({ "task": "t", "source": "s", "items": [
            { "id": 7, "title": "one", "options": options, "multiple": true },
            { "id": 3, "title": "two", "options": options, "allow_other": true },
            { "id": 5, "title": "three", "options": options, "allow_skip": true }
        ] }))
        .expect("valid input")
    }

    #[test]
    fn the_recorded_answers_read_as_the_summary_does() {
        let input = input();
        let output = crate::validate_output(
            &input,
            &json!({ "decisions": [
                { "id": 7, "chosen": ["a", "b"], "note": "both" },
                { "id": 3, "other": "Gamma" },
                { "id": 5, "skipped": true, "note": "later" }
            ] }),
        )
        .expect("valid answers");
        let lines = recorded_lines(&input, &output, Lang::En);
        assert_eq!(lines.len(), 3);
        assert!(
            lines[0].ends_with("one: Alpha, Beta (note: both)"),
            "{lines:?}"
        );
        assert!(
            lines[1].contains("two: ") && lines[1].ends_with("Gamma"),
            "{lines:?}"
        );
        assert!(lines[2].ends_with(": later"), "{lines:?}");
        let html = ended_html(
            &input,
            &"2026-01-01T00-00-00".parse().expect("id"),
            &Ended::Decided(Arc::new(output)),
            Lang::En,
        );
        assert!(html.contains(r#"data-outcome="decided""#), "{html}");
        assert!(html.contains("Alpha, Beta"), "{html}");
    }

    #[test]
    fn a_withdrawn_question_says_why_and_escapes_it() {
        let ended = Ended::Withdrawn(Some("<b>moot</b>".into()));
        let html = ended_html(
            &input(),
            &"2026-01-01T00-00-00".parse().expect("id"),
            &ended,
            Lang::En,
        );
        assert!(html.contains("Question withdrawn"), "{html}");
        assert!(html.contains("&lt;b&gt;moot&lt;/b&gt;"), "{html}");
    }
}
