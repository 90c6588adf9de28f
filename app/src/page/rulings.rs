//! The rulings page (`/rulings`, issue 56): where the person, holding the
//! page's key, grants a standing ruling from an answer of theirs, revokes
//! one, or pauses them all. Plain server HTML and forms, so it works
//! without JavaScript; the server gathers what it shows
//! ([`RulingsPage`]), this view writes it, every text from the catalogue.

use super::Route;
use super::shell::head_start;
use crate::Lang;
use crate::i18n::{Msg, RulesMsg, RulesText};
use leptos::prelude::*;

/// What the rulings page shows.
#[derive(Clone, Debug)]
pub struct RulingsPage {
    pub lang: Lang,
    /// What the last change did: done (a status) or refused (an alert).
    pub notice: Option<Notice>,
    /// The answers of the record the page was opened from, if any.
    pub record: Option<Grantable>,
    /// The rulings now, or why they cannot be read.
    pub standing: Result<RulingsListed, String>,
}

/// What the last change did.
#[derive(Clone, Debug)]
pub struct Notice {
    pub done: bool,
    pub text: String,
}

/// A record's answers a ruling can be granted from.
#[derive(Clone, Debug)]
pub enum Grantable {
    /// The person's own answers of one option, each a form.
    Here {
        session: String,
        answers: Vec<Granted>,
    },
    /// A record that came from elsewhere: no ruling comes from it.
    NotHere { session: String },
}

/// One answer a ruling can be granted from.
#[derive(Clone, Debug)]
pub struct Granted {
    pub item: u32,
    pub title: String,
    /// The label of the option chosen.
    pub answer: String,
}

/// The rulings as they stand, and the stamps a change is asked against.
#[derive(Clone, Debug)]
pub struct RulingsListed {
    pub paused: bool,
    pub lines: Vec<(String, RulesMsg)>,
    /// `PAUSES:RULINGS`, the stamps of the files the page was shown.
    pub seen: String,
}

impl RulingsPage {
    /// The whole document: `style`, the sheets, inline under `nonce`.
    pub fn html(&self, style: &str, nonce: &str) -> String {
        let lang = self.lang;
        let title = RulesText::Title.text(lang);
        let seen = match &self.standing {
            Ok(standing) => standing.seen.clone(),
            Err(_) => String::new(),
        };
        let notice = self.notice.as_ref().map(|notice| {
            let (class, role) = if notice.done {
                ("notice", "status")
            } else {
                ("refused", "alert")
            };
            view! { <p class=class role=role>{notice.text.clone()}</p> }
        });
        let record = self
            .record
            .as_ref()
            .map(|record| grant_forms(record, &seen, lang));
        let standing = match &self.standing {
            Ok(standing) => listed(standing, lang).into_any(),
            Err(text) => view! { <p class="refused" role="alert">{text.clone()}</p> }.into_any(),
        };
        let document = view! {
            <!DOCTYPE html>
            <html lang=lang.html_tag()>
                <head>
                    {head_start(title.clone())}
                    <style nonce=nonce.to_owned() inner_html=style.to_owned()></style>
                </head>
                <body>
                    <main class="page rulings">
                        <h1>{title}</h1>
                        <p>{RulesText::Intro.text(lang)}</p>
                        {notice}
                        {record}
                        <h2>{RulesText::Current.text(lang)}</h2>
                        {standing}
                    </main>
                </body>
            </html>
        };
        document.to_html()
    }
}

/// A form per answer a ruling can be granted from.
fn grant_forms(record: &Grantable, seen: &str, lang: Lang) -> AnyView {
    let (session, answers) = match record {
        Grantable::NotHere { session } => {
            let text = Msg::Rules(RulesMsg::NotDecidedHere {
                session: session.clone(),
            })
            .text(lang);
            return view! { <p class="refused">{text}</p> }.into_any();
        }
        Grantable::Here { session, answers } => (session, answers),
    };
    answers
        .iter()
        .map(|granted| {
            let id = granted.item;
            view! {
                <form
                    method="post"
                    action=Route::Rulings.path()
                    class="grant"
                    id=format!("grant-{id}")
                    data-item=id.to_string()
                >
                    <fieldset>
                        <legend>{granted.title.clone()}</legend>
                        <p>
                            {RulesText::AnswerLike {
                                answer: granted.answer.clone(),
                            }
                                .text(lang)}
                        </p>
                        <input type="hidden" name="action" value="grant" />
                        <input type="hidden" name="session" value=session.clone() />
                        <input type="hidden" name="item" value=id.to_string() />
                        <input type="hidden" name="seen" value=seen.to_owned() />
                        <label>
                            <input type="radio" name="scope" value="project" checked=true />
                            " "
                            {RulesText::ScopeProject.text(lang)}
                        </label>
                        " "
                        <label>
                            <input type="radio" name="scope" value="all" />
                            " "
                            {RulesText::ScopeAll.text(lang)}
                        </label>
                        <br />
                        <label>
                            {RulesText::PathLabel.text(lang)}
                            " "
                            <input name="path" value="" />
                        </label>
                        <br />
                        <label>
                            {RulesText::UntilLabel.text(lang)}
                            " "
                            <input type="date" name="until" />
                        </label>
                        <br />
                        <button type="submit">{RulesText::Grant.text(lang)}</button>
                    </fieldset>
                </form>
            }
        })
        .collect_view()
        .into_any()
}

/// The rulings, each with its revoke button, and the pause switch.
fn listed(standing: &RulingsListed, lang: Lang) -> impl IntoView {
    let paused = standing.paused.then(|| {
        view! { <p class="paused">{Msg::Rules(RulesMsg::PausedNote).text(lang)}</p> }
    });
    let (switch, label) = if standing.paused {
        ("resume", RulesText::Resume)
    } else {
        ("pause", RulesText::Pause)
    };
    let rulings = if standing.lines.is_empty() {
        let text = Msg::Rules(RulesMsg::NoRulings {
            paused: standing.paused,
        })
        .text(lang);
        view! { <p class="none">{text}</p> }.into_any()
    } else {
        let items = standing
            .lines
            .iter()
            .map(|(id, line)| {
                view! {
                    <li id=format!("ruling-{id}") data-ruling=id.clone()>
                        {Msg::Rules(line.clone()).text(lang)}
                        <form method="post" action=Route::Rulings.path() class="revoke">
                            <input type="hidden" name="action" value="revoke" />
                            <input type="hidden" name="id" value=id.clone() />
                            <input type="hidden" name="seen" value=standing.seen.clone() />
                            <button type="submit">{RulesText::Revoke.text(lang)}</button>
                        </form>
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="rulings-list">{items}</ul> }.into_any()
    };
    view! {
        {paused}
        <form method="post" action=Route::Rulings.path() class="pause">
            <input type="hidden" name="action" value=switch />
            <button type="submit">{label.text(lang)}</button>
        </form>
        {rulings}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(standing: Result<RulingsListed, String>, record: Option<Grantable>) -> RulingsPage {
        RulingsPage {
            lang: Lang::En,
            notice: Some(Notice {
                done: false,
                text: "<b>refused</b>".into(),
            }),
            record,
            standing,
        }
    }

    #[test]
    fn every_text_is_escaped_and_each_answer_gets_its_form() {
        let record = Grantable::Here {
            session: "s-1".into(),
            answers: vec![Granted {
                item: 2,
                title: "Which <db>?".into(),
                answer: "\"pg\" & co".into(),
            }],
        };
        let standing = RulingsListed {
            paused: false,
            lines: Vec::new(),
            seen: "3:4".into(),
        };
        let html = page(Ok(standing), Some(record)).html("main{}", "n0nce");
        assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
        assert!(
            html.contains(r#"<style nonce="n0nce">main{}</style>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<link rel="icon" href="/favicon.svg""#),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;refused&lt;/b&gt;"), "{html}");
        assert!(html.contains("Which &lt;db&gt;?"), "{html}");
        assert!(html.contains("&amp; co"), "{html}");
        assert!(!html.contains("<db>"), "{html}");
        assert!(html.contains(r#"data-item="2""#), "{html}");
        assert!(html.contains(r#"name="seen" value="3:4""#), "{html}");
        assert!(html.contains(r#"class="pause""#), "{html}");
        assert!(html.contains(r#"class="none""#), "{html}");
    }

    #[test]
    fn a_record_from_elsewhere_and_unreadable_rulings_are_said() {
        let html = page(
            Err("rulings.json: not readable".into()),
            Some(Grantable::NotHere {
                session: "s-9".into(),
            }),
        )
        .html("", "n");
        assert!(!html.contains("form class=\"grant\""), "{html}");
        assert!(html.contains("s-9"), "{html}");
        assert!(
            html.contains(r#"<p role="alert" class="refused">rulings.json: not readable</p>"#),
            "{html}"
        );
        assert!(!html.contains(r#"class="pause""#), "{html}");
    }
}
