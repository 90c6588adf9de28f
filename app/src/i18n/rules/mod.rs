//! Standing rulings (issue 56): what `aide decide rules`, submit and the
//! page say of the rulings the person grants.

use crate::Lang;

mod page;
mod said;

pub use page::RulesText;

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
