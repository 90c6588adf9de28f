//! The words of the rulings page (`/rulings`), and its link from an
//! answered page.

use crate::Lang;

/// The words of the rulings page (`/rulings`), and its link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesText {
    Title,
    Intro,
    /// The link from an answered page.
    Link,
    AnswerLike {
        answer: String,
    },
    ScopeProject,
    ScopeAll,
    PathLabel,
    UntilLabel,
    Grant,
    Revoke,
    Pause,
    Resume,
    Current,
    /// The heading of the items a ruling answered, on an open page.
    RuledTitle,
    /// One item a ruling answered: its answer and the ruling.
    RuledBy {
        answer: String,
        ruling: String,
    },
    /// A ruled item's button: the person answers it instead.
    Overturn,
    /// An answered item's link to the form that makes it a ruling.
    GrantThis,
}

impl RulesText {
    /// Every text (for the catalogue's check).
    pub fn all() -> Vec<RulesText> {
        vec![
            RulesText::Title,
            RulesText::Intro,
            RulesText::Link,
            RulesText::AnswerLike {
                answer: "ANSWER".into(),
            },
            RulesText::ScopeProject,
            RulesText::ScopeAll,
            RulesText::PathLabel,
            RulesText::UntilLabel,
            RulesText::Grant,
            RulesText::Revoke,
            RulesText::Pause,
            RulesText::Resume,
            RulesText::Current,
            RulesText::RuledTitle,
            RulesText::RuledBy {
                answer: "ANSWER".into(),
                ruling: "RULING".into(),
            },
            RulesText::Overturn,
            RulesText::GrantThis,
        ]
    }

    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            RulesText::Title => lang.pick("常设裁定", "Standing rulings").into(),
            RulesText::Intro => lang
                .pick(
                    "裁定会在提交时用同一回答答复以后与此相同的问题。只有你能在这里授予裁定。",
                    "A ruling answers, at submit, each later question like this one the same way. Only you grant one, here.",
                )
                .into(),
            RulesText::Link => lang
                .pick("把回答设为常设裁定…", "Make an answer a standing ruling…")
                .into(),
            RulesText::AnswerLike { answer } if zh => {
                format!("以后类似的问题都回答「{answer}」")
            }
            RulesText::AnswerLike { answer } => {
                format!("Answer questions like this with “{answer}”")
            }
            RulesText::ScopeProject => lang.pick("本项目", "This project").into(),
            RulesText::ScopeAll => lang.pick("我的所有项目", "All my projects").into(),
            RulesText::PathLabel => lang
                .pick(
                    "仅限代码位置匹配的文件(glob,可选)",
                    "Only where the code location's file matches (a glob, optional)",
                )
                .into(),
            RulesText::UntilLabel => lang.pick("有效至(可选)", "Until (optional)").into(),
            RulesText::Grant => lang.pick("授予裁定", "Grant the ruling").into(),
            RulesText::Revoke => lang.pick("撤销", "Revoke").into(),
            RulesText::Pause => lang.pick("暂停所有裁定", "Pause every ruling").into(),
            RulesText::Resume => lang.pick("恢复裁定", "Resume rulings").into(),
            RulesText::Current => lang.pick("你的裁定", "Your rulings").into(),
            RulesText::RuledTitle => lang
                .pick(
                    "已由你的常设裁定回答(提交前可推翻)",
                    "Answered by your standing rulings (you may overturn each until you submit)",
                )
                .into(),
            RulesText::RuledBy { answer, ruling } if zh => {
                format!("由你的裁定 {ruling} 回答:「{answer}」")
            }
            RulesText::RuledBy { answer, ruling } => {
                format!("answered by your ruling {ruling}: “{answer}”")
            }
            RulesText::Overturn => lang
                .pick("推翻,我自己回答", "Overturn: I answer this myself")
                .into(),
            RulesText::GrantThis => lang
                .pick("以后类似的问题都这样回答…", "Answer questions like this from now on…")
                .into(),
        }
    }
}
