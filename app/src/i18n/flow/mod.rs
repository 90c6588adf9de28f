//! Messages of `aide flow` (design flow.md): the upstream aide's Chinese
//! texts where it had them, and their English forms.

mod config;
mod git;
mod record;
mod view;

pub use git::GitSaid;
pub use view::FlowField;

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
        detail: GitSaid,
    },
    HashFailed {
        detail: GitSaid,
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
        field: FlowField,
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
        damage: super::Damage,
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

/// Where the texts of a `FlowMsg` are.
#[derive(Clone, Copy)]
enum FlowPart {
    Record,
    Git,
    View,
    Config,
}

impl FlowMsg {
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self.part() {
            FlowPart::Record => record::text(self, lang),
            FlowPart::Git => git::text(self, lang),
            FlowPart::View => view::text(self, lang),
            FlowPart::Config => config::text(self, lang),
        }
    }

    /// The file of this folder that holds the text.
    fn part(&self) -> FlowPart {
        match self {
            FlowMsg::EmptyText
            | FlowMsg::MultiLine
            | FlowMsg::TooLong { .. }
            | FlowMsg::Busy { .. }
            | FlowMsg::NoStatus
            | FlowMsg::Unfinished { .. }
            | FlowMsg::ArchivedPrevious { .. }
            | FlowMsg::Started { .. }
            | FlowMsg::UnknownPhase { .. }
            | FlowMsg::BadNext { .. }
            | FlowMsg::BadBack { .. }
            | FlowMsg::EnteredPhase { .. }
            | FlowMsg::BackToPhase { .. }
            | FlowMsg::DecisionPending { .. }
            | FlowMsg::ErrorRecorded { .. }
            | FlowMsg::PhaseNotConfigured { .. }
            | FlowMsg::NoDecision { .. } => FlowPart::Record,
            FlowMsg::GitMissing
            | FlowMsg::NotRepo
            | FlowMsg::MergeInProgress
            | FlowMsg::GitFailed { .. }
            | FlowMsg::HashFailed { .. }
            | FlowMsg::Recovered { .. }
            | FlowMsg::Dropped { .. } => FlowPart::Git,
            FlowMsg::NoActive
            | FlowMsg::Field { .. }
            | FlowMsg::HistoryHeader
            | FlowMsg::NoTasks
            | FlowMsg::Unreadable { .. }
            | FlowMsg::TaskNotFound { .. }
            | FlowMsg::NothingToArchive
            | FlowMsg::ArchiveExists { .. }
            | FlowMsg::TaskArchived { .. }
            | FlowMsg::Corrupt { .. } => FlowPart::View,
            FlowMsg::PhasesEmpty
            | FlowMsg::PhaseNotString
            | FlowMsg::PhaseDuplicate { .. }
            | FlowMsg::PhaseBadName { .. } => FlowPart::Config,
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
            field: FlowField::GitCommit,
            value: "abc1234".into(),
        };
        assert_eq!(field.text(Lang::Zh), "Git 提交: abc1234");
    }
}
