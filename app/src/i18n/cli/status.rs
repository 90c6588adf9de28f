//! Messages of `aide decide status`.

use super::Msg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &Msg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        Msg::StatusSession {
            session,
            task,
            items,
            state,
        } => {
            use super::HistoryWord as W;
            let count = W::Items(*items).text(lang);
            use crate::model::SessionState as S;
            let (zh_word, en_word) = match state {
                W::State(S::Decided(())) => ("已决策", "Decided"),
                W::DecidedElsewhere => ("来自仓库的已决策", "Decided (from the repository)"),
                W::State(S::Withdrawn(())) => ("已撤回", "Withdrawn"),
                W::State(S::Replaced(())) => ("已替换", "Replaced"),
                W::State(S::Pending(())) | W::Items(_) => ("待定", "Pending"),
            };
            if zh {
                format!("{zh_word}会话 {session}: {task}({count})")
            } else {
                format!("{en_word} session {session}: {task} ({count})")
            }
        }
        Msg::StatusServed { url, pid } if zh => format!("页面: {url}(服务进程 {pid})"),
        Msg::StatusServed { url, pid } => format!("Page: {url} (server process {pid})"),
        Msg::StatusNotServed => lang
            .pick("没有服务在运行", "No server is running for it")
            .into(),
        Msg::StatusAnswered => lang
            .pick(
                "已完成决策,用 aide decide result 获取结果",
                "Decided; get the answers with aide decide result",
            )
            .into(),
        Msg::StatusUnanswered => lang.pick("尚未完成决策", "Not decided yet").into(),
        _ => unreachable!("not a message of status.rs: {msg:?}"),
    }
}
