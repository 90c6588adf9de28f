//! Prompts through the agent's own client (MCP elicitation): the URL prompt and the form.

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        AgentMsg::ElicitOpen { task, items, shows } if zh => {
            let shows = if *shows {
                "其选项附有预览、diff 或图片,可在页面上并排比较。"
            } else {
                ""
            };
            format!(
                "aide 请你回答「{task}」的 {items} 个问题。{shows}打开决策页面作答,智能体正在等待你的答案。"
            )
        }
        AgentMsg::ElicitOpen { task, items, shows } => {
            let noun = if *items == 1 { "question" } else { "questions" };
            let shows = if *shows {
                " The options come with previews, diffs or pictures to compare side by side on the page."
            } else {
                ""
            };
            format!(
                "aide asks you {items} {noun} for \"{task}\".{shows} Open the decision page to answer; the agent waits for your answers."
            )
        }
        AgentMsg::ElicitForm { task, items } if zh => {
            format!("请为「{task}」做决定({items} 个问题),智能体正在等待你的答案。")
        }
        AgentMsg::ElicitForm { task, items } => {
            let noun = if *items == 1 { "question" } else { "questions" };
            format!(
                "Please decide for \"{task}\" ({items} {noun}); the agent waits for your answers."
            )
        }
        AgentMsg::FormChoice {
            label,
            score,
            recommended,
        } => {
            let mut title = label.clone();
            if let Some(score) = score {
                title.push_str(&format!(" · {} {score}", lang.pick("评分", "score")));
            }
            if *recommended {
                title.push_str(&format!(" · {}", lang.pick("推荐", "recommended")));
            }
            title
        }
        AgentMsg::FormSkip => lang
            .pick("跳过(暂不决定)", "Skip (leave it undecided)")
            .into(),
        AgentMsg::FormNote { title } if zh => format!("「{title}」的备注(可选)"),
        AgentMsg::FormNote { title } => format!("Note on \"{title}\" (optional)"),
        AgentMsg::ElicitDeclined { url } if zh => format!(
            "用户拒绝在客户端中作答。问题仍在 {url} 等待回答:稍后用 decide_result(带此 session_id)获取答案,或用 decide_cancel 撤回。"
        ),
        AgentMsg::ElicitDeclined { url } => format!(
            "The person declined to answer in the client. The question stays open at {url}: call decide_result later (with this session_id) to collect the answers, or decide_cancel to withdraw it."
        ),
        AgentMsg::FormRefused { detail, url } if zh => format!(
            "客户端表单的答案未被记录: {detail}\n问题仍在 {url} 等待回答:稍后用 decide_result(带此 session_id)获取答案,或用 decide_cancel 撤回。"
        ),
        AgentMsg::FormRefused { detail, url } => format!(
            "The answers of the client's form were not recorded: {detail}\nThe question stays open at {url}: call decide_result later (with this session_id) to collect the answers, or decide_cancel to withdraw it."
        ),
        AgentMsg::FormUnknownChoice { item, value } if zh => {
            format!("第 {item} 项: 「{value}」不是它的选项")
        }
        AgentMsg::FormUnknownChoice { item, value } => {
            format!("item {item}: \"{value}\" is not one of its choices")
        }
        _ => unreachable!("not a text of elicit.rs: {msg:?}"),
    }
}
