//! `aide decide submit --check`: the input and its locations.

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        AgentMsg::CheckPassed { items } if zh => {
            format!("输入有效({items} 项),未启动任何服务")
        }
        AgentMsg::CheckPassed { items } => {
            let noun = if *items == 1 { "item" } else { "items" };
            format!("The input is valid ({items} {noun}); nothing was started")
        }
        AgentMsg::MissingFile { path, file } if zh => format!("{path}: 文件 {file} 不存在"),
        AgentMsg::MissingFile { path, file } => format!("{path}: the file {file} does not exist"),
        AgentMsg::MissingLines { path, file, lines } if zh => {
            format!("{path}: {file} 只有 {lines} 行")
        }
        AgentMsg::MissingLines { path, file, lines } => {
            format!("{path}: {file} ends at line {lines}")
        }
        AgentMsg::LocationAbsolute { path, file } if zh => {
            format!("{path}: {file} 是绝对路径,页面只显示项目内相对路径的文件,不会显示这些行")
        }
        AgentMsg::LocationAbsolute { path, file } => format!(
            "{path}: {file} is an absolute path; the page shows only files relative to the project, so it will not show these lines"
        ),
        AgentMsg::LocationOutside { path, file } if zh => {
            format!("{path}: {file} 指向项目之外(.. 或符号链接),页面不会显示这些行")
        }
        AgentMsg::LocationOutside { path, file } => format!(
            "{path}: {file} leads outside the project (.. or a symlink); the page will not show these lines"
        ),
        AgentMsg::LocationPrivate { path, file } if zh => {
            format!("{path}: {file} 位于 .aide/ 或 .git/ 中,aide 从不读取,页面不会显示这些行")
        }
        AgentMsg::LocationPrivate { path, file } => format!(
            "{path}: {file} is inside .aide/ or .git/, which aide never reads; the page will not show these lines"
        ),
        AgentMsg::LocationNotRegular { path, file } if zh => {
            format!("{path}: {file} 不是普通文件(目录、FIFO、套接字或设备),页面不会显示这些行")
        }
        AgentMsg::LocationNotRegular { path, file } => format!(
            "{path}: {file} is not a regular file (a folder, FIFO, socket or device); the page will not show these lines"
        ),
        AgentMsg::LocationTooLarge {
            path,
            file,
            line,
            mib,
        } if zh => format!(
            "{path}: {file} 过大,无法检查:第 {line} 行在 aide 读取的前 {mib} MiB 之后,页面不显示其后的行"
        ),
        AgentMsg::LocationTooLarge {
            path,
            file,
            line,
            mib,
        } => format!(
            "{path}: {file} is too large to check: line {line} lies past the first {mib} MiB, which is all aide reads, and the page shows no lines past them"
        ),
        AgentMsg::LocationUnreadable { path, file } if zh => {
            format!("{path}: 无法读取 {file},页面不会显示这些行")
        }
        AgentMsg::LocationUnreadable { path, file } => {
            format!("{path}: {file} cannot be read; the page will not show these lines")
        }
        AgentMsg::CheckFailed { count } if zh => format!("{count} 个位置无法找到"),
        AgentMsg::CheckFailed { count: 1 } => "1 location cannot be found".to_owned(),
        AgentMsg::CheckFailed { count } => format!("{count} locations cannot be found"),
        _ => unreachable!("not a text of check.rs: {msg:?}"),
    }
}
