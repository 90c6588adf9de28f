//! Standing rulings (issue 56): what `aide decide rules`, submit and the
//! page say of the rulings the person grants.

use crate::Lang;

/// Where a ruling applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleScope {
    /// This project only.
    Project,
    /// Every project of the person's.
    All,
}

/// A field of a grant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleField {
    Scope,
    Path,
    Until,
}

/// One ruling as `rules` and the page list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleLine {
    pub id: String,
    pub title: String,
    pub answer: String,
    pub scope: RuleScope,
    pub path: Option<String>,
    pub until: Option<String>,
    pub stale: bool,
}

/// A message about standing rulings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesMsg {
    /// A rulings file cannot be read: no ruling applies until it is mended.
    Off {
        file: String,
        detail: String,
    },
    /// A rulings file others may read or write, or not this user's.
    NotOurs {
        file: String,
    },
    /// Another page changed the rulings since this one was shown.
    Changed,
    /// A field of a grant that is not what it should be.
    BadField {
        field: RuleField,
        value: String,
    },
    /// The answer was not given here by the person: no ruling from it.
    NotDecidedHere {
        session: String,
    },
    /// Only an answer of one option becomes a ruling.
    NotOneOption {
        item: u32,
    },
    /// No ruling of that id.
    NoRuling {
        id: String,
    },
    /// `--revoke` without `--yes`.
    ConfirmRevoke {
        id: String,
    },
    /// No per-user folder to keep rulings for every project in.
    NoUserFolder,
    Granted {
        id: String,
    },
    Revoked {
        id: String,
    },
    Paused,
    Resumed,
    /// Every item was answered by a ruling: no page.
    AllRuled {
        items: usize,
    },
    /// One item a ruling answered.
    RuledItem {
        item: u32,
        title: String,
        answer: String,
        id: String,
    },
    /// A ruling whose option an item asking the same no longer offers.
    Stale {
        id: String,
        title: String,
    },
    /// `rules`' list: one ruling.
    Line(Box<RuleLine>),
    /// `decide_search`: standing rulings of the person's match.
    FoundRulings {
        count: usize,
    },
    /// `rules`' list when there is none.
    NoRulings {
        paused: bool,
    },
    /// `rules`' list while paused.
    PausedNote,
}

impl RulesMsg {
    /// The text, without its prefix.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            RulesMsg::Off { file, detail } if zh => {
                format!("裁定已停用: 无法读取 {file}({detail}),未应用任何裁定")
            }
            RulesMsg::Off { file, detail } => format!(
                "Rulings are off: {file} cannot be read ({detail}); no ruling was applied"
            ),
            RulesMsg::NotOurs { file } if zh => {
                format!("裁定已停用: {file} 不只属于你(其他用户可读写或不归你所有)")
            }
            RulesMsg::NotOurs { file } => format!(
                "Rulings are off: {file} is not yours alone (others may read or write it, or it is not yours)"
            ),
            RulesMsg::Changed => lang
                .pick(
                    "此页面显示之后裁定已被另一页面更改: 本次未做任何更改",
                    "The rulings changed on another page since this one was shown: nothing was changed",
                )
                .into(),
            RulesMsg::BadField { field, value } => {
                let name = field.name();
                let expected = field.expected(lang);
                if zh {
                    format!("{name}: 应为{expected}, 实为 \"{value}\"")
                } else {
                    format!("{name}: expected {expected}, found \"{value}\"")
                }
            }
            RulesMsg::NotDecidedHere { session } if zh => {
                format!("会话 {session} 的回答不是你在本机给出的: 不能由它生成裁定")
            }
            RulesMsg::NotDecidedHere { session } => format!(
                "The answers of session {session} were not given here by you: no ruling comes from them"
            ),
            RulesMsg::NotOneOption { item } if zh => {
                format!("待定项 {item} 的回答不是单个选项: 只有选定一个选项的回答才能成为裁定")
            }
            RulesMsg::NotOneOption { item } => format!(
                "Item {item} was not answered with one option: only such an answer can become a ruling"
            ),
            RulesMsg::NoRuling { id } if zh => format!("没有裁定 {id}"),
            RulesMsg::NoRuling { id } => format!("No ruling {id}"),
            RulesMsg::ConfirmRevoke { id } if zh => {
                format!("撤销裁定 {id} 需要确认")
            }
            RulesMsg::ConfirmRevoke { id } => format!("Revoking ruling {id} needs a confirmation"),
            RulesMsg::NoUserFolder => lang
                .pick(
                    "找不到用户目录,无法保存适用于所有项目的裁定",
                    "No home folder: rulings for all projects cannot be kept",
                )
                .into(),
            RulesMsg::Granted { id } if zh => format!("已授予裁定 {id}"),
            RulesMsg::Granted { id } => format!("Ruling {id} granted"),
            RulesMsg::Revoked { id } if zh => format!("已撤销裁定 {id}"),
            RulesMsg::Revoked { id } => format!("Ruling {id} revoked"),
            RulesMsg::Paused => lang
                .pick(
                    "裁定已暂停: 每个问题都会交给你",
                    "Rulings paused: every question comes to you",
                )
                .into(),
            RulesMsg::Resumed => lang
                .pick("裁定已恢复", "Rulings resumed")
                .into(),
            RulesMsg::AllRuled { items } if zh => {
                format!("全部 {items} 个待定项已由你的裁定回答,未打开页面")
            }
            RulesMsg::AllRuled { items } => format!(
                "All {items} item(s) answered by your rulings; no page was opened"
            ),
            RulesMsg::RuledItem {
                item,
                title,
                answer,
                id,
            } if zh => format!("待定项 {item}「{title}」: {answer}(由你的裁定 {id} 回答)"),
            RulesMsg::RuledItem {
                item,
                title,
                answer,
                id,
            } => format!("Item {item} “{title}”: {answer} (answered by your ruling {id})"),
            RulesMsg::Stale { id, title } if zh => {
                format!("裁定 {id} 已过时: 「{title}」不再提供它的选项,已交给你决定")
            }
            RulesMsg::Stale { id, title } => format!(
                "Ruling {id} is stale: “{title}” no longer offers its option; asked you instead"
            ),
            RulesMsg::Line(line) => {
                let RuleLine {
                    id,
                    title,
                    answer,
                    scope,
                    path,
                    until,
                    stale,
                } = &**line;
                let scope = match (scope, zh) {
                    (RuleScope::Project, true) => "本项目",
                    (RuleScope::Project, false) => "this project",
                    (RuleScope::All, true) => "所有项目",
                    (RuleScope::All, false) => "all projects",
                };
                let mut line = if zh {
                    format!("{id}  「{title}」→ {answer}({scope}")
                } else {
                    format!("{id}  “{title}” → {answer} ({scope}")
                };
                if let Some(path) = path {
                    line.push_str(&if zh {
                        format!(",路径 {path}")
                    } else {
                        format!(", path {path}")
                    });
                }
                if let Some(until) = until {
                    line.push_str(&if zh {
                        format!(",至 {until}")
                    } else {
                        format!(", until {until}")
                    });
                }
                line.push(')');
                if *stale {
                    line.push_str(lang.pick(" [已过时]", " [stale]"));
                }
                line
            }
            RulesMsg::FoundRulings { count } if zh => format!(
                "用户有 {count} 条常设裁定与此相符(见 rulings):同一问题提交时会由裁定直接回答"
            ),
            RulesMsg::FoundRulings { count } => format!(
                "{count} standing ruling(s) of the person's match (see rulings): a submit of the same question is answered by them at once"
            ),
            RulesMsg::NoRulings { paused: false } => lang.pick("没有裁定", "No rulings").into(),
            RulesMsg::NoRulings { paused: true } => lang
                .pick("没有裁定(已暂停)", "No rulings (paused)")
                .into(),
            RulesMsg::PausedNote => lang
                .pick(
                    "裁定已暂停: 以下裁定不会应用",
                    "Rulings are paused: none below applies",
                )
                .into(),
        }
    }

    /// The `建议:` line of an error.
    pub fn hint(&self, lang: Lang) -> Option<&'static str> {
        Some(match self {
            RulesMsg::Off { .. } => lang.pick(
                "修复或删除该文件;修复之前裁定不会应用,文件保持原样",
                "Mend or remove the file; until then no ruling applies, and the file is left as it is",
            ),
            RulesMsg::NotOurs { .. } => lang.pick(
                "只有你能读写的文件中的裁定才会应用(chmod 600)",
                "Only rulings in a file that you alone can read and write apply (chmod 600)",
            ),
            RulesMsg::Changed => lang.pick(
                "重新加载页面后再试",
                "Reload the page and try again",
            ),
            RulesMsg::BadField { .. } => lang.pick(
                "路径模式如 src/auth/**,日期如 2026-12-31",
                "A path pattern such as src/auth/**, a date such as 2026-12-31",
            ),
            RulesMsg::NotDecidedHere { .. } => lang.pick(
                "只有你在本机给出的回答才能成为裁定",
                "Only answers you gave on this machine can become rulings",
            ),
            RulesMsg::NotOneOption { .. } | RulesMsg::NoRuling { .. } => lang.pick(
                "用 aide decide rules 列出裁定",
                "List the rulings with aide decide rules",
            ),
            RulesMsg::ConfirmRevoke { .. } => lang.pick(
                "在记录页面上撤销,或在终端加上 --yes 确认",
                "Revoke it on the record's page, or confirm at your terminal with --yes",
            ),
            RulesMsg::NoUserFolder => lang.pick(
                "设置 HOME 或 XDG_STATE_HOME,或只授予本项目的裁定",
                "Set HOME or XDG_STATE_HOME, or grant the ruling for this project only",
            ),
            _ => return None,
        })
    }
}

impl RuleField {
    /// The form field's name.
    pub fn name(self) -> &'static str {
        match self {
            RuleField::Scope => "scope",
            RuleField::Path => "path",
            RuleField::Until => "until",
        }
    }

    fn expected(self, lang: Lang) -> &'static str {
        match self {
            RuleField::Scope => lang.pick("project 或 all", "project or all"),
            RuleField::Path => lang.pick("路径的 glob 模式", "a glob pattern of paths"),
            RuleField::Until => lang.pick(
                "今天或之后的日期 YYYY-MM-DD",
                "a date YYYY-MM-DD, today or later",
            ),
        }
    }
}

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
        }
    }
}
