//! Recording an action: its text, the move from phase to phase, the lock, linked decisions.

use super::FlowMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &FlowMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        FlowMsg::EmptyText => lang
            .pick("文本参数不能为空", "The text argument must not be empty")
            .into(),
        FlowMsg::MultiLine => lang
            .pick(
                "总结必须为单行文本",
                "The summary must be a single line of text",
            )
            .into(),
        FlowMsg::TooLong { chars } if zh => format!("总结过长（{chars} 字符，最多 200）"),
        FlowMsg::TooLong { chars } => {
            format!("The summary is too long ({chars} characters, at most 200)")
        }
        FlowMsg::Busy { pid } => {
            let pid = pid.map_or_else(|| "?".to_owned(), |p| p.to_string());
            if zh {
                format!("另一个 aide flow 命令正在运行（进程 {pid}）")
            } else {
                format!("Another aide flow command is running (process {pid})")
            }
        }
        FlowMsg::NoStatus if zh => {
            "未找到流程状态，请先运行：aide flow start <环节名> \"<总结>\"".into()
        }
        FlowMsg::NoStatus => {
            "No flow status found; first run: aide flow start <phase> \"<summary>\"".into()
        }
        FlowMsg::Unfinished { task, phase } if zh => {
            format!("当前任务 {task} 尚未完成（环节: {phase}）")
        }
        FlowMsg::Unfinished { task, phase } => {
            format!("The current task {task} is not finished (phase: {phase})")
        }
        FlowMsg::ArchivedPrevious { task } if zh => format!("已归档上一任务: {task}"),
        FlowMsg::ArchivedPrevious { task } => format!("Archived the previous task: {task}"),
        FlowMsg::Started { phase } if zh => format!("任务开始: {phase}"),
        FlowMsg::Started { phase } => format!("Task started: {phase}"),
        FlowMsg::UnknownPhase { phase } if zh => {
            format!("未知环节: {phase}（请检查 flow.phases 配置）")
        }
        FlowMsg::UnknownPhase { phase } => {
            format!("Unknown phase: {phase} (check flow.phases in the config)")
        }
        FlowMsg::BadNext { from, to } if zh => {
            format!("非法跳转: {from} -> {to}（next-part 只能前进到相邻环节）")
        }
        FlowMsg::BadNext { from, to } => {
            format!("Illegal move: {from} -> {to} (next-part only goes to the next phase)")
        }
        FlowMsg::BadBack { from, to } if zh => {
            format!("非法回退: {from} -> {to}（back-part 只能回退到之前环节）")
        }
        FlowMsg::BadBack { from, to } => {
            format!("Illegal move back: {from} -> {to} (back-part only goes to an earlier phase)")
        }
        FlowMsg::EnteredPhase { phase } if zh => format!("进入环节: {phase}"),
        FlowMsg::EnteredPhase { phase } => format!("Entered phase: {phase}"),
        FlowMsg::BackToPhase { phase } if zh => format!("回退到环节: {phase}"),
        FlowMsg::BackToPhase { phase } => format!("Back to phase: {phase}"),
        FlowMsg::DecisionPending { session } if zh => {
            format!("仍有待用户决策的待定项（会话 {session}）")
        }
        FlowMsg::DecisionPending { session } => {
            format!("Decisions are still waiting for the person (session {session})")
        }
        FlowMsg::ErrorRecorded { text } if zh => format!("错误已记录: {text}"),
        FlowMsg::ErrorRecorded { text } => format!("Error recorded: {text}"),
        FlowMsg::PhaseNotConfigured { phase } if zh => {
            format!("当前环节 {phase} 不在 flow.phases 中")
        }
        FlowMsg::PhaseNotConfigured { phase } => {
            format!("The current phase {phase} is not in flow.phases")
        }
        FlowMsg::NoDecision { session } if zh => format!("未找到决策记录: {session}"),
        FlowMsg::NoDecision { session } => format!("No decision record: {session}"),
        _ => unreachable!("not a text of record.rs: {msg:?}"),
    }
}
