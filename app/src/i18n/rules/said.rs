//! What `aide decide rules`, submit and the page say of the rulings, in
//! each language.

use super::{RuleLine, RuleScope, RulesMsg};
use crate::Lang;

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
}
