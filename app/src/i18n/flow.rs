//! Messages of `aide flow` (design flow.md): the upstream aide's Chinese
//! texts where it had them, and their English forms.

use crate::Lang;

/// A message of `aide flow` (wrapped in `Msg::Flow`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlowMsg {
    EmptyText,
    MultiLine,
    TooLong {
        chars: usize,
    },
    Busy {
        pid: Option<u32>,
    },
    NoStatus,
    Unfinished {
        task: String,
        phase: String,
    },
    ArchivedPrevious {
        task: String,
    },
    Started {
        phase: String,
    },
    UnknownPhase {
        phase: String,
    },
    BadNext {
        from: String,
        to: String,
    },
    BadBack {
        from: String,
        to: String,
    },
    EnteredPhase {
        phase: String,
    },
    BackToPhase {
        phase: String,
    },
    DecisionPending {
        session: String,
    },
    ErrorRecorded {
        text: String,
    },
    PhaseNotConfigured {
        phase: String,
    },
    GitMissing,
    NotRepo,
    MergeInProgress,
    /// `git add`, `git diff` or `git commit` failed.
    GitFailed {
        step: String,
        detail: String,
    },
    HashFailed {
        detail: String,
    },
    Recovered {
        action: String,
        summary: String,
    },
    Dropped {
        action: String,
        summary: String,
    },
    NoActive,
    /// One `label: value` line of `status` and `show`.
    Field {
        field: Field,
        value: String,
    },
    HistoryHeader,
    NoTasks,
    Unreadable {
        file: String,
        detail: String,
    },
    TaskNotFound {
        task: String,
    },
    NothingToArchive,
    ArchiveExists {
        path: String,
    },
    TaskArchived {
        task: String,
    },
    NoDecision {
        session: String,
    },
    Corrupt {
        file: String,
        detail: String,
    },
    PhasesEmpty,
    PhaseNotString,
    PhaseDuplicate {
        name: String,
    },
    PhaseBadName {
        name: String,
    },
}

/// The labels of `status` and `show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
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

impl Field {
    /// The label's text.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Field::TaskId => lang.pick("任务 ID", "Task ID"),
            Field::Task => lang.pick("任务", "Task"),
            Field::Phase => lang.pick("环节", "Phase"),
            Field::Step => lang.pick("步骤", "Step"),
            Field::StartedAt => lang.pick("开始时间", "Started at"),
            Field::LastAction => lang.pick("最新操作", "Last action"),
            Field::ActionTime => lang.pick("操作时间", "Action time"),
            Field::GitCommit => lang.pick("Git 提交", "Git commit"),
            Field::CurrentPhase => lang.pick("当前环节", "Current phase"),
            Field::CurrentStep => lang.pick("当前步骤", "Current step"),
            Field::Decisions => lang.pick("决策", "Decisions"),
        }
    }
}

impl FlowMsg {
    pub(crate) fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            FlowMsg::EmptyText => lang
                .pick("文本参数不能为空", "The text argument must not be empty")
                .into(),
            FlowMsg::MultiLine => lang
                .pick("总结必须为单行文本", "The summary must be a single line of text")
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
            FlowMsg::BadNext { from, to } => format!(
                "Illegal move: {from} -> {to} (next-part only goes to the next phase)"
            ),
            FlowMsg::BadBack { from, to } if zh => {
                format!("非法回退: {from} -> {to}（back-part 只能回退到之前环节）")
            }
            FlowMsg::BadBack { from, to } => format!(
                "Illegal move back: {from} -> {to} (back-part only goes to an earlier phase)"
            ),
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
            FlowMsg::GitMissing => lang
                .pick(
                    "未找到 git 命令，请先安装 git",
                    "git was not found; install git first",
                )
                .into(),
            FlowMsg::NotRepo => lang
                .pick(
                    "当前目录不是 git 仓库，请先执行 git init 或切换到正确目录",
                    "This folder is not in a git repository; run git init or change to the right folder",
                )
                .into(),
            FlowMsg::MergeInProgress => lang
                .pick(
                    "仓库正在进行合并/变基，无法自动提交",
                    "A merge or rebase is in progress; cannot commit automatically",
                )
                .into(),
            FlowMsg::GitFailed { step, detail } if zh => format!("git {step} 失败: {detail}"),
            FlowMsg::GitFailed { step, detail } => format!("git {step} failed: {detail}"),
            FlowMsg::HashFailed { detail } if zh => format!("获取 commit hash 失败: {detail}"),
            FlowMsg::HashFailed { detail } => format!("Cannot read the commit hash: {detail}"),
            FlowMsg::Recovered { action, summary } if zh => {
                format!("已补记上次中断的操作: {action} {summary}")
            }
            FlowMsg::Recovered { action, summary } => {
                format!("Recorded the interrupted last action: {action} {summary}")
            }
            FlowMsg::Dropped { action, summary } if zh => {
                format!("上次中断的操作未完成，已丢弃: {action} {summary}")
            }
            FlowMsg::Dropped { action, summary } => {
                format!("The interrupted last action did not finish and was dropped: {action} {summary}")
            }
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
            FlowMsg::NoDecision { session } if zh => format!("未找到决策记录: {session}"),
            FlowMsg::NoDecision { session } => format!("No decision record: {session}"),
            FlowMsg::Corrupt { file, detail } if zh => format!("状态文件解析失败: {file}: {detail}"),
            FlowMsg::Corrupt { file, detail } => {
                format!("Cannot parse the status file {file}: {detail}")
            }
            FlowMsg::PhasesEmpty => lang
                .pick(
                    "flow.phases 配置无效：必须为非空列表",
                    "Invalid flow.phases: it must be a non-empty list",
                )
                .into(),
            FlowMsg::PhaseNotString => lang
                .pick(
                    "flow.phases 配置无效：环节名必须为非空字符串",
                    "Invalid flow.phases: phase names must be non-empty strings",
                )
                .into(),
            FlowMsg::PhaseDuplicate { name } if zh => {
                format!("flow.phases 配置无效：环节名重复 \"{name}\"")
            }
            FlowMsg::PhaseDuplicate { name } => {
                format!("Invalid flow.phases: the phase \"{name}\" appears twice")
            }
            FlowMsg::PhaseBadName { name } if zh => format!(
                "flow.phases 配置无效：环节名 \"{name}\" 只能包含字母、数字和 . _ -（最多 32 个字符）"
            ),
            FlowMsg::PhaseBadName { name } => format!(
                "Invalid flow.phases: the phase name \"{name}\" may hold only letters, digits and . _ - (at most 32 characters)"
            ),
        }
    }

    pub(crate) fn hint(&self, lang: Lang) -> Option<&'static str> {
        let hint = match self {
            FlowMsg::Unfinished { .. } => lang.pick(
                "完成后再开始，或使用 --force 归档它",
                "Finish it first, or archive it with --force",
            ),
            FlowMsg::GitMissing | FlowMsg::NotRepo => lang.pick(
                "安装 git，或设置 flow.git = false 仅记录进度",
                "Install git, or set flow.git = false to record progress only",
            ),
            FlowMsg::MergeInProgress => {
                lang.pick("完成或中止后重试", "Finish or abort it, then retry")
            }
            FlowMsg::GitFailed { step, .. } if step == "commit" => lang.pick(
                "修复后重试；已暂存的变更保留在索引中",
                "Fix it and retry; the staged changes stay in the index",
            ),
            FlowMsg::NoDecision { .. } => lang.pick(
                "用 aide decide history 查看会话",
                "See the sessions with aide decide history",
            ),
            FlowMsg::Busy { .. } => lang.pick(
                "稍后重试;该进程结束时锁会自动释放",
                "Try again in a moment; the lock is released when that process ends",
            ),
            FlowMsg::PhasesEmpty
            | FlowMsg::PhaseNotString
            | FlowMsg::PhaseDuplicate { .. }
            | FlowMsg::PhaseBadName { .. } => lang.pick(
                "检查 .aide/config.toml 的 [flow] phases",
                "Check [flow] phases in .aide/config.toml",
            ),
            _ => return None,
        };
        Some(hint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_texts_are_kept_and_errors_have_hints() {
        let next = FlowMsg::BadNext {
            from: "impl".into(),
            to: "docs".into(),
        };
        assert_eq!(
            next.text(Lang::Zh),
            "非法跳转: impl -> docs（next-part 只能前进到相邻环节）"
        );
        assert!(next.text(Lang::En).starts_with("Illegal move"));
        assert!(
            FlowMsg::NotRepo
                .hint(Lang::Zh)
                .unwrap()
                .contains("flow.git")
        );
        assert!(FlowMsg::NoActive.hint(Lang::En).is_none());
        let field = FlowMsg::Field {
            field: Field::GitCommit,
            value: "abc1234".into(),
        };
        assert_eq!(field.text(Lang::Zh), "Git 提交: abc1234");
    }
}
