//! The MCP tools' descriptions, their arguments' and the server's instructions.

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    match msg {
        AgentMsg::SubmitTool => lang
            .pick(
                "把你不应独自做出的决定交给用户(先用 decide_search 查):在后台启动决策页面并立即返回:把 message(含地址)转告用户,再调用 decide_result。source:待定项来自的文件,对话中产生的写 \"chat\";recommend:某个选项的 value;context:Markdown。replace: true 停止并替换你最近一个仍在等待的会话。",
                "Hand the person decisions you should not make alone (decide_search first). Starts the page in the background and returns at once: pass message (with the address) to the person, then call decide_result. source: the items' file, or \"chat\"; recommend: an option's value; context: Markdown. replace: true stops and replaces your latest waiting session.",
            )
            .into(),
        AgentMsg::ResultTool => lang
            .pick(
                "获取一个会话的答案:session_id 指定的会话,否则为本连接上最近提交的会话,否则为项目唯一的待定会话。最多等待 wait_seconds 秒(默认 0;须小于客户端工具调用时限,60 秒时限下取 50)。status 为 decided 时带 decisions,pending 时带 answered/total;只会是这个会话的答案。",
                "Get one session's answers: session_id's, else the one this connection submitted last, else the project's only pending one. Waits up to wait_seconds (default 0; below your client's tool-call time limit, 50 for 60 s). status decided carries decisions, pending answered/total; never another session's answers.",
            )
            .into(),
        AgentMsg::DecideTool => lang
            .pick(
                "与 decide_submit 相同,然后等待用户作答并返回答案,期间发送进度通知。适合没有工具调用时限的客户端;被取消时页面保持打开,之后用 decide_result 获取答案。",
                "As decide_submit, then waits for the answers (with progress notifications). For clients without a short tool-call time limit; if cancelled, the page stays up and decide_result collects the answers.",
            )
            .into(),
        AgentMsg::CancelTool => lang
            .pick(
                "撤回已无意义(或已在对话中回答)的问题:页面告知用户原因,等待它的调用返回 withdrawn。省略 session_id 时为本连接上最近提交的会话。已作答的会话不能撤回。",
                "Withdraw a question that became moot or was answered in the chat: its page tells the person why; waits on it return withdrawn. Without session_id: this connection's last submit. An answered session cannot be withdrawn.",
            )
            .into(),
        AgentMsg::SearchTool => lang
            .pick(
                "提问前先查用户在本项目(all_projects:所有项目)以前的决定,最相符的在前,含答案与备注。query:问题中的词。",
                "Before asking: the person's earlier decisions here (all_projects: in every project), best first, with answer and note. query: words of the question.",
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
                "aide 把你不应独自做出的决定交给用户,并把答案作为数据返回。提问前先用 decide_search 以问题中的词查找:用户以前决定过的,向用户引用那次决定(日期、答案、备注)并照此行事,不要再问;只有情况已变时才重新提问。客户端允许一次工具调用等待数分钟时,调用 decide:它等待用户作答,每 10 秒发送一次进度。否则调用 decide_submit,把返回的 message(含地址)转告用户,再调用 decide_result,wait_seconds 取小于客户端工具调用时限的值,直到 status 为 decided。每个结果都带 session_id:只采用你所提交会话的答案。问题已无意义时用 decide_cancel 撤回。绝不编造答案;请阅读用户的备注。",
                "aide hands the person the decisions you should not make alone and returns their answers as data. Before asking, call decide_search with words of the question: if the person decided it before, quote that decision (date, answer, note) and follow it instead of asking again; ask again only when the situation changed. When your client lets one tool call wait for minutes, call decide: it waits for the person and reports progress every 10 s. Otherwise call decide_submit, pass the returned message (with the page's address) to the person, then call decide_result with wait_seconds below your client's tool-call time limit until its status is decided. Every result names its session_id: use only the answers of the session you submitted. decide_cancel withdraws a question that became moot. Never invent an answer; read the person's notes.",
            )
            .into(),
        _ => unreachable!("not a text of tools.rs: {msg:?}"),
    }
}
