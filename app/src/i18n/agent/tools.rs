//! The MCP tools' descriptions, their arguments' and the server's instructions.

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    match msg {
        AgentMsg::SubmitTool => lang
            .pick(
                "把你不应独自做出的决定交给用户:存储待定项,在后台启动决策页面,并立即返回页面地址。把地址告诉用户,然后调用 decide_result 获取答案。参数与 aide decide schema 相同;仍在等待的其他会话保留在新会话旁边,各有页面,replace: true 则停止并替换最近的那个。",
                "Hand the person decisions you should not make alone: stores the items, starts the decision page in the background and returns its address at once. Show the address to the person, then call decide_result for the answers. Arguments as `aide decide schema`; a session still waiting stays beside the new one, each on its own page, unless replace: true stops and replaces the latest one.",
            )
            .into(),
        AgentMsg::ResultTool => lang
            .pick(
                "获取用户对一个会话的答案:session_id 指定的会话;未指定时,为本连接上此前提交的会话(仍在提交中则等它完成),否则为项目当前的待定会话(有多个待定会话时拒绝并列出它们)。最多等待 wait_seconds 秒(默认 0;须小于客户端工具调用时限,常见的 60 秒时限下取 50;上限 600)。每个结果都带 session_id:decided 及答案、pending 及进度、closed(页面已不在服务)或 replaced(被之后的提交替换)。从不猜测答案,也从不返回其他会话的答案。",
                "Get the person's answers to one session: the one session_id names; without it, the session submitted before this call on this connection (waiting for that submit if it is still being stored), else the project's pending session (refused, naming them, while several are pending). Waits up to wait_seconds for the person (default 0; keep it below your client's tool-call time limit: 50 where calls may last 60 s; at most 600). Every result names its session_id: decided with the answers, pending with how far the person is, closed when no page serves the session any more, or replaced when a later submit replaced it. Never a guessed answer, never another session's answers.",
            )
            .into(),
        AgentMsg::DecideTool => lang
            .pick(
                "与 decide_submit 参数相同:提交后一直等待用户作答并返回答案,等待期间发送进度通知。适合没有工具调用时限的客户端;被取消时页面保持打开,之后用 decide_result 获取答案。",
                "The arguments of decide_submit: submits, then waits for the person and returns the answers, sending progress notifications while it waits. For clients without a short tool time limit; when cancelled the page stays up and decide_result collects the answers later.",
            )
            .into(),
        AgentMsg::ReplaceArg => lang
            .pick(
                "停止仍在等待答案的旧会话的页面并替换它",
                "Stop the page of an earlier session still waiting for answers and replace it",
            )
            .into(),
        AgentMsg::WaitArg => lang
            .pick(
                "最多等待用户作答的秒数(0-600);须小于客户端工具调用时限,60 秒时限下取 50",
                "How many seconds to wait for the person (0-600); below your client's tool-call time limit: 50 where calls may last 60 s",
            )
            .into(),
        AgentMsg::SessionArg => lang
            .pick(
                "要获取答案的会话(decide_submit 返回的 session_id);省略时为本连接上此前提交的会话",
                "The session to answer for (the session_id decide_submit returned); without it, the session submitted before this call on this connection",
            )
            .into(),
        AgentMsg::CancelTool => lang
            .pick(
                "撤回一个问题(它已无意义,或用户已在对话中回答):页面停止并告知用户已撤回及原因,等待它的 decide 和 decide_result 返回 withdrawn。省略 session_id 时撤回本连接上此前提交的会话。已作答的会话不能撤回。",
                "Withdraw a question (it became moot, or the person answered in the chat): its page stops and tells the person it was withdrawn and why, and a decide or decide_result waiting on it returns withdrawn. Without session_id it withdraws the session submitted before this call on this connection. An answered session cannot be withdrawn.",
            )
            .into(),
        AgentMsg::CancelSessionArg => lang
            .pick(
                "要撤回的会话(decide_submit 返回的 session_id);省略时为本连接上此前提交的会话",
                "The session to withdraw (the session_id decide_submit returned); without it, the session submitted before this call on this connection",
            )
            .into(),
        AgentMsg::ReasonArg => lang
            .pick(
                "撤回原因,简短;页面会显示给用户",
                "Why, in a few words: the page shows it to the person",
            )
            .into(),
        AgentMsg::Instructions => lang
            .pick(
                "aide 把你不应独自做出的决定交给用户,并把答案作为数据返回。客户端允许一次工具调用等待数分钟时,调用 decide:它等待用户作答,每 10 秒发送一次进度。否则调用 decide_submit,把返回的 message(含地址)转告用户,再调用 decide_result,wait_seconds 取小于客户端工具调用时限的值,直到 status 为 decided。每个结果都带 session_id:只采用你所提交会话的答案。问题已无意义时用 decide_cancel 撤回。绝不编造答案;请阅读用户的备注。",
                "aide hands the person the decisions you should not make alone and returns their answers as data. When your client lets one tool call wait for minutes, call decide: it waits for the person and reports progress every 10 s. Otherwise call decide_submit, pass the returned message (with the page's address) to the person, then call decide_result with wait_seconds below your client's tool-call time limit until its status is decided. Every result names its session_id: use only the answers of the session you submitted. decide_cancel withdraws a question that became moot. Never invent an answer; read the person's notes.",
            )
            .into(),
        _ => unreachable!("not a text of tools.rs: {msg:?}"),
    }
}
