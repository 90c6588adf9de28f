//! Every text of the catalogue, in both languages, checked against
//! `golden.txt`. Moving a text from one file to another cannot change it;
//! a changed text shows in review (`AIDE_BLESS=1 cargo test -p app golden`
//! writes the file anew); and a message whose Chinese and English are the
//! same, which is how an English literal slips past the catalogue, fails.
//! Each enum's variants are listed in a `match` without a wildcard, so a
//! new message does not compile here until it has a sample.

/// `$name(value)` names the variant `value` is, and every variant there is.
macro_rules! kinds {
    ($name:ident: $ty:ty { $($pat:pat),* $(,)? }) => {
        pub(super) fn $name(value: &$ty) -> (&'static str, &'static [&'static str]) {
            const ALL: &[&str] = &[$(stringify!($pat)),*];
            let kind = match value {
                $($pat => stringify!($pat),)*
            };
            (kind, ALL)
        }
    };
}

mod adr;
mod agent;
mod flow;
mod msg;
mod page;
mod rules;
mod store;
mod values;
mod view;

use super::{AgentMsg, FlowField, FlowMsg, Lang, Msg, StoreMsg, ViewText};
use crate::i18n::Standout;
use crate::i18n::{FileOp, HistoryWord, PageText};

/// One sample's texts: what it is, then each text with its label.
struct Sample {
    key: String,
    texts: Vec<(&'static str, Option<String>)>,
}

fn msg_entry(msg: Msg) -> Sample {
    let text = |lang| Some(msg.text(lang));
    let hint = |lang| msg.hint(lang).map(str::to_owned);
    Sample {
        key: format!("{msg:?}"),
        texts: vec![
            ("zh", text(Lang::Zh)),
            ("en", text(Lang::En)),
            ("zh hint", hint(Lang::Zh)),
            ("en hint", hint(Lang::En)),
        ],
    }
}

fn entry(key: String, text: impl Fn(Lang) -> String) -> Sample {
    Sample {
        key,
        texts: vec![("zh", Some(text(Lang::Zh))), ("en", Some(text(Lang::En)))],
    }
}

/// Every sample of every message, in a fixed order.
fn entries() -> Vec<Sample> {
    let mut entries: Vec<Sample> = msg::msgs().into_iter().map(msg_entry).collect();
    entries.extend(
        store::store_msgs()
            .into_iter()
            .map(|m| msg_entry(Msg::Store(m))),
    );
    entries.extend(
        flow::flow_msgs()
            .into_iter()
            .map(|m| msg_entry(Msg::Flow(m))),
    );
    entries.extend(
        agent::agent_msgs()
            .into_iter()
            .map(|m| msg_entry(Msg::Agent(m))),
    );
    entries.extend(
        rules::rules_msgs()
            .into_iter()
            .map(|m| msg_entry(Msg::Rules(m))),
    );
    entries.extend(
        page::page_texts()
            .into_iter()
            .map(|t| entry(format!("{t:?}"), |lang| t.get(lang))),
    );
    entries.extend(
        ViewText::ALL
            .into_iter()
            .map(|t| entry(format!("{t:?}"), |lang| t.get(lang).to_owned())),
    );
    entries.extend(
        view::VIEW_TOOLS
            .into_iter()
            .map(|t| entry(format!("ViewTool::{t:?}"), |lang| t.get(lang).to_owned())),
    );
    entries.extend(
        store::search_words()
            .into_iter()
            .map(|w| entry(format!("SearchWord::{w:?}"), |lang| w.text(lang))),
    );
    entries.extend(
        adr::adr_texts()
            .into_iter()
            .map(|t| entry(format!("AdrText::{t:?}"), |lang| t.text(lang))),
    );
    entries.extend(
        crate::i18n::RulesText::all()
            .into_iter()
            .map(|t| entry(format!("RulesText::{t:?}"), |lang| t.text(lang))),
    );
    entries.extend(
        values::EXPECTED
            .into_iter()
            .map(|e| entry(format!("Expected::{e:?}"), |lang| e.text(lang))),
    );
    entries.extend(
        values::damages()
            .into_iter()
            .map(|d| entry(format!("Damage::{d:?}"), |lang| d.text(lang))),
    );
    entries
}

/// The entries as `golden.txt` holds them: the sample, then each text
/// indented (a text's own lines indented further).
fn render(entries: &[Sample]) -> String {
    let mut out = String::new();
    for entry in entries {
        out.push_str(&entry.key);
        out.push('\n');
        for (label, text) in &entry.texts {
            let Some(text) = text else { continue };
            out.push_str(&format!(
                "  {label:<8}{}\n",
                text.replace('\n', "\n          ")
            ));
        }
    }
    out
}

/// Every variant of each enum has a sample.
fn check_covered<T>(samples: &[T], kinds: fn(&T) -> (&'static str, &'static [&'static str])) {
    let seen: std::collections::HashSet<&str> = samples.iter().map(|s| kinds(s).0).collect();
    let all = samples.first().map_or(&[][..], |s| kinds(s).1);
    let missing: Vec<&&str> = all.iter().filter(|k| !seen.contains(**k)).collect();
    assert!(missing.is_empty(), "no sample of {missing:?}");
}

#[test]
fn every_message_has_a_sample() {
    let msgs = msg::msgs();
    let wrapped = [
        Msg::Store(StoreMsg::NoSessions),
        Msg::Flow(FlowMsg::NoActive),
        Msg::Agent(AgentMsg::Decided),
        Msg::Rules(crate::i18n::RulesMsg::Paused),
    ];
    check_covered(&[&msgs[..], &wrapped].concat(), msg::msg);
    check_covered(&store::store_msgs(), store::store_msg);
    check_covered(&store::search_words(), store::search_word);
    check_covered(&flow::flow_msgs(), flow::flow_msg);
    check_covered(&agent::agent_msgs(), agent::agent_msg);
    check_covered(&rules::rules_msgs(), rules::rules_msg);
    check_covered(&page::page_texts(), page::page_text);
    check_covered(&adr::adr_texts(), adr::adr_text);
    check_covered(&view::VIEW_TOOLS, view::view_tool);
    let ops: Vec<FileOp> = msgs
        .iter()
        .filter_map(|m| match m {
            Msg::Io { op, .. } => Some(*op),
            _ => None,
        })
        .collect();
    check_covered(&ops, msg::file_op);
    check_covered(&values::EXPECTED, values::expected_kind);
    check_covered(&values::damages(), values::damage_kind);
    check_covered(&values::flow_damages(), values::flow_damage_kind);
    let words: Vec<HistoryWord> = msgs
        .iter()
        .filter_map(|m| match m {
            Msg::StatusSession { state, .. } => Some(*state),
            _ => None,
        })
        .collect();
    check_covered(&words, msg::history_word);
    let fields: Vec<FlowField> = flow::flow_msgs()
        .iter()
        .filter_map(|m| match m {
            FlowMsg::Field { field, .. } => Some(*field),
            _ => None,
        })
        .collect();
    check_covered(&fields, flow::flow_field);
    let standouts: Vec<Standout> = page::page_texts()
        .iter()
        .filter_map(|t| match t {
            PageText::Standout(s) => Some(*s),
            _ => None,
        })
        .collect();
    check_covered(&standouts, page::standout);
}

#[test]
fn every_text_is_as_golden_txt_says() {
    let rendered = render(&entries());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/i18n/golden/golden.txt");
    if std::env::var_os("AIDE_BLESS").is_some() {
        std::fs::write(path, &rendered).expect("golden.txt written");
        return;
    }
    let golden = include_str!("golden.txt");
    if let Some((n, (want, got))) = golden
        .lines()
        .zip(rendered.lines())
        .enumerate()
        .find(|(_, (want, got))| want != got)
    {
        panic!("golden.txt line {}: expected\n{want}\nfound\n{got}", n + 1);
    }
    assert_eq!(
        golden.lines().count(),
        rendered.lines().count(),
        "golden.txt's length"
    );
}

/// Texts that are the same in both languages on purpose.
const SAME_IN_BOTH: &[&str] = &[];

#[test]
fn every_text_is_said_in_each_language() {
    for entry in entries() {
        let text = |label: &str| {
            entry
                .texts
                .iter()
                .find(|(l, _)| *l == label)
                .and_then(|(_, t)| t.clone())
        };
        for (zh, en) in [("zh", "en"), ("zh hint", "en hint")] {
            let (zh, en) = (text(zh), text(en));
            assert_eq!(
                zh.is_some(),
                en.is_some(),
                "{}: a hint in one language only",
                entry.key
            );
            let (Some(zh), Some(en)) = (zh, en) else {
                continue;
            };
            assert!(
                !zh.trim().is_empty() && !en.trim().is_empty(),
                "{}: empty",
                entry.key
            );
            if !SAME_IN_BOTH.contains(&entry.key.as_str()) {
                assert_ne!(
                    zh, en,
                    "{}: the same text in Chinese and English",
                    entry.key
                );
            }
        }
    }
}
