//! `status`, `list`, `show` and `archive`: the tasks and their files.

use super::FlowMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &FlowMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        FlowMsg::NoActive => lang.pick("当前无活跃任务", "No active task").into(),
        FlowMsg::Field { field, value } => format!("{}: {value}", field.text(lang)),
        FlowMsg::HistoryHeader => lang.pick("历史记录:", "History:").into(),
        FlowMsg::NoTasks => lang.pick("暂无任务记录", "No tasks recorded yet").into(),
        FlowMsg::Unreadable { file, detail } if zh => format!("无法读取 {file}: {detail}"),
        FlowMsg::Unreadable { file, detail } => format!("Cannot read {file}: {detail}"),
        FlowMsg::TaskNotFound { task } if zh => format!("未找到任务: {task}"),
        FlowMsg::TaskNotFound { task } => format!("Task not found: {task}"),
        FlowMsg::NothingToArchive => lang
            .pick("没有可归档的任务", "There is no task to archive")
            .into(),
        FlowMsg::ArchiveExists { path } if zh => format!("归档文件已存在: {path}"),
        FlowMsg::ArchiveExists { path } => format!("The archive file exists already: {path}"),
        FlowMsg::TaskArchived { task } if zh => format!("已归档任务: {task}"),
        FlowMsg::TaskArchived { task } => format!("Archived task: {task}"),
        FlowMsg::Corrupt { file, damage } if zh => {
            format!("状态文件解析失败: {file}: {}", damage.text(lang))
        }
        FlowMsg::Corrupt { file, damage } => {
            format!("Cannot parse the status file {file}: {}", damage.text(lang))
        }
        _ => unreachable!("not a text of view.rs: {msg:?}"),
    }
}

/// The labels of `status` and `show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowField {
    TaskId,
    Task,
    Phase,
    Step,
    StartedAt,
    LastAction,
    ActionTime,
    GitCommit,
    CurrentPhase,
    CurrentStep,
    Decisions,
}

impl FlowField {
    /// The label's text.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            FlowField::TaskId => lang.pick("任务 ID", "Task ID"),
            FlowField::Task => lang.pick("任务", "Task"),
            FlowField::Phase => lang.pick("环节", "Phase"),
            FlowField::Step => lang.pick("步骤", "Step"),
            FlowField::StartedAt => lang.pick("开始时间", "Started at"),
            FlowField::LastAction => lang.pick("最新操作", "Last action"),
            FlowField::ActionTime => lang.pick("操作时间", "Action time"),
            FlowField::GitCommit => lang.pick("Git 提交", "Git commit"),
            FlowField::CurrentPhase => lang.pick("当前环节", "Current phase"),
            FlowField::CurrentStep => lang.pick("当前步骤", "Current step"),
            FlowField::Decisions => lang.pick("决策", "Decisions"),
        }
    }
}
