//! Git: the preflight, the commit, and the repair of an interrupted action.

use super::FlowMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &FlowMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
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
        FlowMsg::GitFailed { step, detail } if zh => {
            format!("git {step} 失败: {}", detail.text(lang))
        }
        FlowMsg::GitFailed { step, detail } => {
            format!("git {step} failed: {}", detail.text(lang))
        }
        FlowMsg::HashFailed { detail } if zh => {
            format!("获取 commit hash 失败: {}", detail.text(lang))
        }
        FlowMsg::HashFailed { detail } => {
            format!("Cannot read the commit hash: {}", detail.text(lang))
        }
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
        _ => unreachable!("not a text of git.rs: {msg:?}"),
    }
}

/// What a git that failed said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GitSaid {
    /// Its last lines (git's own words, and its hooks'), or why it could
    /// not be started.
    Output(String),
    /// Nothing: only its exit code, or `None` when a signal ended it.
    Nothing { code: Option<i32> },
}

impl GitSaid {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (GitSaid::Output(text), _) => text.clone(),
            (GitSaid::Nothing { code: Some(code) }, Lang::Zh) => {
                format!("退出码 {code},没有输出")
            }
            (GitSaid::Nothing { code: Some(code) }, Lang::En) => {
                format!("exit code {code}, no output")
            }
            (GitSaid::Nothing { code: None }, Lang::Zh) => "被信号终止,没有输出".into(),
            (GitSaid::Nothing { code: None }, Lang::En) => "ended by a signal, no output".into(),
        }
    }
}
