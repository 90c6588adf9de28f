//! The store's files: versions, the lock, the ledger, drafts and the registry of pages.

use super::StoreMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &StoreMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        StoreMsg::TooNew { file, found, reads } if zh => {
            format!("{file} 由更新版本的 aide 写入(格式版本 {found},本版本只能读取 {reads})")
        }
        StoreMsg::TooNew { file, found, reads } => format!(
            "{file} was written by a newer aide (format version {found}; this aide reads {reads})"
        ),
        StoreMsg::Busy { pid, secs } if zh => match pid {
            Some(pid) => format!(
                "另一个 aide 进程(进程 {pid})正在修改 .aide/decisions,等待 {secs} 秒后仍未完成"
            ),
            None => {
                format!("另一个 aide 进程正在修改 .aide/decisions,等待 {secs} 秒后仍未完成")
            }
        },
        StoreMsg::Busy { pid, secs } => match pid {
            Some(pid) => format!(
                "Another aide process (process {pid}) is changing .aide/decisions and did not finish within {secs} s"
            ),
            None => format!(
                "Another aide process is changing .aide/decisions and did not finish within {secs} s"
            ),
        },
        StoreMsg::NotListed { folder, detail } if zh => format!(
            "无法在 {folder} 中登记此问题(页面照常工作,但 aide decide waiting 和其他页面不会列出它): {detail}"
        ),
        StoreMsg::NotListed { folder, detail } => format!(
            "Cannot list this question in {folder} (the page works as always, but aide decide waiting and other pages will not show it): {detail}"
        ),
        StoreMsg::ListUnusable { folder, detail } if zh => {
            format!("无法读取本机等你回答的问题列表 {folder}: {detail}")
        }
        StoreMsg::ListUnusable { folder, detail } => {
            format!("Cannot read the list of questions waiting for you in {folder}: {detail}")
        }
        StoreMsg::ProjectGone { folder } if zh => {
            format!("项目文件夹 {folder} 已不存在,此问题的页面已停止")
        }
        StoreMsg::ProjectGone { folder } => {
            format!("The project folder {folder} is gone; this question's page has stopped")
        }
        StoreMsg::NotRegular { path } if zh => {
            format!("无法读取 {path}: 它不是普通文件(而是管道、设备或文件夹)")
        }
        StoreMsg::NotRegular { path } => {
            format!("Cannot read {path}: it is not a regular file (a pipe, a device or a folder)")
        }
        StoreMsg::LedgerFailed { detail } if zh => {
            format!("无法写入 ledger.jsonl(决策数据已保存): {detail}")
        }
        StoreMsg::LedgerFailed { detail } => {
            format!("Cannot append to ledger.jsonl (the decision data is saved): {detail}")
        }
        StoreMsg::LedgerSkipped { lines } if zh => {
            format!("ledger.jsonl 中有 {lines} 行无法读取,已跳过")
        }
        StoreMsg::LedgerSkipped { lines } => {
            format!("Skipped {lines} unreadable lines of ledger.jsonl")
        }
        StoreMsg::DraftSetAside { file, detail } if zh => {
            format!("草稿无法读取,已另存为 {file}: {detail}")
        }
        StoreMsg::DraftSetAside { file, detail } => {
            format!("The draft could not be read and was moved to {file}: {detail}")
        }
        StoreMsg::DraftUnreadable { detail } if zh => {
            format!("草稿无法读取,页面将不带草稿打开: {detail}")
        }
        StoreMsg::DraftUnreadable { detail } => {
            format!("The draft cannot be read; the page opens without it: {detail}")
        }
        StoreMsg::Panicked => lang
            .pick(
                "aide 的后台任务意外中止(程序错误)",
                "A background task of aide stopped unexpectedly (a bug in aide)",
            )
            .into(),
        _ => unreachable!("not a text of files.rs: {msg:?}"),
    }
}
