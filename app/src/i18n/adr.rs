//! The words of an architecture decision record (`aide decide export
//! --adr`): MADR's headings and phrases, in the language of the question
//! (the server's `adr/render.rs` puts them together). The front matter's
//! keys and values stay MADR's own (`status: accepted`), which tools read.

use crate::Lang;

/// A phrase of a decision record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdrText {
    /// Front matter: who decided.
    DecisionMakers,
    ContextHeading,
    /// The task the question was asked in (its own full stop left out).
    AskedWhile {
        task: String,
    },
    /// Where in the project the question comes from.
    Lines {
        file: String,
        start: u32,
        end: u32,
    },
    OptionsHeading,
    /// After an option: its score.
    Score(u8),
    /// After an option: the agent recommended it.
    Recommended,
    OutcomeHeading,
    /// The options chosen, as their labels.
    Chosen(Vec<String>),
    /// None of the options: the person's own answer.
    OwnAnswer(String),
    /// Skipped (never exported; said plainly should it be).
    Undecided,
    /// The person's note, after the outcome.
    Because(String),
    ProsConsHeading,
    Good(String),
    Bad(String),
    NeitherProsNorCons,
    MoreHeading,
    /// Where and when it was decided.
    DecidedIn {
        date: String,
        session: String,
        item: u32,
    },
    /// A session without a record in this folder, for a link.
    SessionLink(String),
    Supersedes(String),
    SupersededBy(String),
    /// The end of a sentence.
    Stop,
    /// A standing ruling's title (issue 56).
    RulingTitle(String),
    /// Where a standing ruling applies, and until when.
    RulingScope {
        all_projects: bool,
        path: Option<String>,
        until: Option<String>,
    },
    /// What a standing ruling answers.
    RulingOutcome(String),
    /// The answer a standing ruling stands for.
    RulingFrom {
        date: String,
        session: String,
        item: u32,
    },
}

impl AdrText {
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            AdrText::DecisionMakers => lang
                .pick("用户(通过 aide 询问)", "the person, asked through aide")
                .into(),
            AdrText::ContextHeading => lang
                .pick("背景与问题", "Context and Problem Statement")
                .into(),
            AdrText::AskedWhile { task } if zh => format!("提问时的任务:{task}"),
            AdrText::AskedWhile { task } => format!("Asked while working on: {task}"),
            AdrText::Lines { file, start, end } if zh => {
                format!("(`{file}`,第 {start}-{end} 行)")
            }
            AdrText::Lines { file, start, end } => format!(" (`{file}`, lines {start}-{end})"),
            AdrText::OptionsHeading => lang.pick("考虑过的选项", "Considered Options").into(),
            AdrText::Score(score) if zh => format!("(评分 {score})"),
            AdrText::Score(score) => format!(" (score {score})"),
            AdrText::Recommended => lang.pick("(推荐)", " (recommended)").into(),
            AdrText::OutcomeHeading => lang.pick("决策结果", "Decision Outcome").into(),
            AdrText::Chosen(labels) if zh => {
                let quoted: Vec<String> = labels.iter().map(|l| format!("“{l}”")).collect();
                format!("选择的选项:{}", quoted.join("、"))
            }
            AdrText::Chosen(labels) => {
                let quoted: Vec<String> = labels.iter().map(|l| format!("\"{l}\"")).collect();
                match quoted.as_slice() {
                    [one] => format!("Chosen option: {one}"),
                    many => format!("Chosen options: {}", many.join(", ")),
                }
            }
            AdrText::OwnAnswer(text) if zh => {
                format!("未选考虑过的选项,用户给出了自己的答案:“{text}”")
            }
            AdrText::OwnAnswer(text) => format!(
                "Chosen option: none of those considered; the person's own answer: \"{text}\""
            ),
            AdrText::Undecided => lang.pick("未作决定", "Left undecided").into(),
            AdrText::Because(note) if zh => format!(",因为{note}"),
            AdrText::Because(note) => format!(", because {note}"),
            AdrText::ProsConsHeading => lang
                .pick("各选项的利弊", "Pros and Cons of the Options")
                .into(),
            AdrText::Good(pro) if zh => format!("好,因为{pro}"),
            AdrText::Good(pro) => format!("Good, because {pro}"),
            AdrText::Bad(con) if zh => format!("坏,因为{con}"),
            AdrText::Bad(con) => format!("Bad, because {con}"),
            AdrText::NeitherProsNorCons => lang
                .pick("未给出利弊", "Neither pros nor cons were given")
                .into(),
            AdrText::MoreHeading => lang.pick("更多信息", "More Information").into(),
            AdrText::DecidedIn {
                date,
                session,
                item,
            } if zh => format!(
                "用户于 {date} 在 aide 会话 [{session}](aide://session/{session}) 的第 {item} 项中作出决定(`aide decide show {session}`)。"
            ),
            AdrText::DecidedIn {
                date,
                session,
                item,
            } => format!(
                "Decided by the person on {date} in aide session [{session}](aide://session/{session}), item {item} (`aide decide show {session}`)."
            ),
            AdrText::SessionLink(session) if zh => format!("aide 会话 {session}"),
            AdrText::SessionLink(session) => format!("aide session {session}"),
            AdrText::Supersedes(link) if zh => format!("取代 {link}。"),
            AdrText::Supersedes(link) => format!("Supersedes {link}."),
            AdrText::SupersededBy(link) if zh => format!("被 {link} 取代。"),
            AdrText::SupersededBy(link) => format!("Superseded by {link}."),
            AdrText::Stop => lang.pick("。", ".").into(),
            AdrText::RulingTitle(title) if zh => format!("常设裁定:{title}"),
            AdrText::RulingTitle(title) => format!("Standing ruling: {title}"),
            AdrText::RulingScope {
                all_projects,
                path,
                until,
            } => {
                let mut text = match (all_projects, zh) {
                    (true, true) => "用户的常设裁定,适用于其所有项目".to_owned(),
                    (false, true) => "用户的常设裁定,适用于本项目".to_owned(),
                    (true, false) => {
                        "A standing ruling of the person's, for all their projects".to_owned()
                    }
                    (false, false) => {
                        "A standing ruling of the person's, for this project".to_owned()
                    }
                };
                if let Some(path) = path {
                    text.push_str(&if zh {
                        format!(",代码位置匹配 `{path}` 时")
                    } else {
                        format!(", where the code location matches `{path}`")
                    });
                }
                if let Some(until) = until {
                    text.push_str(&if zh {
                        format!(",有效至 {until}")
                    } else {
                        format!(", until {until}")
                    });
                }
                text.push_str(lang.pick(
                    ":此后与此相同的问题在提交时直接按此回答,不再询问。",
                    ": every later question like this one is answered this way at submit, without asking.",
                ));
                text
            }
            AdrText::RulingOutcome(label) if zh => format!("选择的选项:“{label}”,每次都如此。"),
            AdrText::RulingOutcome(label) => format!("Chosen option: \"{label}\", every time."),
            AdrText::RulingFrom {
                date,
                session,
                item,
            } if zh => format!(
                "用户于 {date} 由 aide 会话 [{session}](aide://session/{session}) 第 {item} 项的回答授予(`aide decide rules`)。"
            ),
            AdrText::RulingFrom {
                date,
                session,
                item,
            } => format!(
                "Granted by the person on {date} from their answer in aide session [{session}](aide://session/{session}), item {item} (`aide decide rules`)."
            ),
        }
    }
}
