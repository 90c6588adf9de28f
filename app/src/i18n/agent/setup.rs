//! `aide setup CLIENT`: registering `aide mcp` with an agent's client.

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        AgentMsg::SetupDone {
            client,
            path,
            replaced: None,
        } if zh => format!("已在 {path} 中为 {client} 注册 aide:"),
        AgentMsg::SetupDone {
            client,
            path,
            replaced: None,
        } => format!("Registered aide with {client} in {path}:"),
        AgentMsg::SetupDone {
            client,
            path,
            replaced: Some(old),
        } if zh => format!("已在 {path} 中为 {client} 注册 aide(替换了原来的 {old}):"),
        AgentMsg::SetupDone {
            client,
            path,
            replaced: Some(old),
        } => format!("Registered aide with {client} in {path} (in place of {old}):"),
        AgentMsg::SetupAlready { client, path } if zh => {
            format!("aide 已在 {path} 中为 {client} 注册,未作改动")
        }
        AgentMsg::SetupAlready { client, path } => {
            format!("aide is registered with {client} in {path} already: nothing changed")
        }
        AgentMsg::SetupWould { client, path } if zh => {
            format!("未写入(--print):aide setup {client} 会在 {path} 中加入以下内容")
        }
        AgentMsg::SetupWould { client, path } => {
            format!("Not written (--print): aide setup {client} would add this to {path}")
        }
        AgentMsg::SetupUnreadable {
            path,
            line,
            column,
            reason,
        } if zh => format!("无法读取 {path}(第 {line} 行第 {column} 列): {reason}"),
        AgentMsg::SetupUnreadable {
            path,
            line,
            column,
            reason,
        } => format!("Cannot read {path} (line {line}, column {column}): {reason}"),
        AgentMsg::SetupRefused { path, reason } if zh => {
            format!("无法在 {path} 中注册 aide: {reason}")
        }
        AgentMsg::SetupRefused { path, reason } => {
            format!("Cannot register aide in {path}: {reason}")
        }
        AgentMsg::SetupNowhere { client } if zh => {
            format!("无法确定 {client} 的设置文件在哪里:没有主目录")
        }
        AgentMsg::SetupNowhere { client } => {
            format!("Cannot tell where {client} keeps its settings: there is no home folder")
        }
        AgentMsg::SetupListed {
            client,
            path,
            command: Some(command),
        } if zh => format!("{client:<15} {path}: 已注册 {command}"),
        AgentMsg::SetupListed {
            client,
            path,
            command: Some(command),
        } => format!("{client:<15} {path}: {command}"),
        AgentMsg::SetupListed {
            client,
            path,
            command: None,
        } if zh => format!("{client:<15} {path}: 未注册"),
        AgentMsg::SetupListed {
            client,
            path,
            command: None,
        } => format!("{client:<15} {path}: not registered"),
        _ => unreachable!("not a text of setup.rs: {msg:?}"),
    }
}
