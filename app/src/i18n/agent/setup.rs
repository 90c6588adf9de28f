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
        AgentMsg::SetupListedNoProject { client, file } if zh => {
            format!("{client:<15} 项目中的 {file}: 此处没有项目(先在项目根目录运行 aide init)")
        }
        AgentMsg::SetupListedNoProject { client, file } => format!(
            "{client:<15} {file} of a project: no project here (run aide init in the project's root first)"
        ),
        AgentMsg::SetupRunner { runner, command } if zh => format!(
            "aide 运行自 {runner} 的缓存,缓存可能被清空(如 uv cache clean):客户端将用 {command} 启动它,需要时重新下载"
        ),
        AgentMsg::SetupRunner { runner, command } => format!(
            "aide runs from {runner}'s cache, which can be emptied (uv cache clean): the client starts it with {command}, which fetches it again when needed"
        ),
        AgentMsg::SetupShared { path } if zh => format!(
            "{path} 属于项目,会被提交并在其他机器上读取:它通过 PATH 上的名字 aide 启动,而不是本机的路径;用它的每个人都需要把 aide 放在 PATH 上"
        ),
        AgentMsg::SetupShared { path } => format!(
            "{path} is the project's, committed and read on other machines: it starts aide by its name on the PATH, not by this machine's path; everyone who uses it needs aide on their PATH"
        ),
        AgentMsg::SetupTrust { client, list } if zh => format!(
            "{client} 只在它信任的文件夹中启动 MCP 服务器:在你信任此文件夹之前(在这里启动 {client} 时它会询问),{list} 显示 aide 为 Disabled"
        ),
        AgentMsg::SetupTrust { client, list } => format!(
            "{client} starts MCP servers only in folders it trusts: until you trust this one ({client} asks when it starts here), {list} shows aide as Disabled"
        ),
        _ => unreachable!("not a text of setup.rs: {msg:?}"),
    }
}
