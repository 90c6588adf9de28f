//! How the question reaches the person: the address, the line to relay, the notification, and how far they are (`status`).

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        AgentMsg::Tunnel { command } if zh => format!(
            "通过 SSH 连接,这台机器上没有浏览器:请用户在自己的电脑上运行 {command},再打开上面的地址"
        ),
        AgentMsg::Tunnel { command } => format!(
            "Reached over SSH, with no browser here: on their own machine the person runs {command}, then opens the address above"
        ),
        AgentMsg::ForPerson { task, items, url, tunnel: None } if zh => {
            format!("请在这里回答「{task}」的 {items} 个问题: {url}")
        }
        AgentMsg::ForPerson { task, items, url, tunnel: Some(tunnel) } if zh => {
            format!("请在这里回答「{task}」的 {items} 个问题: {url}(先在你自己的电脑上运行 {tunnel})")
        }
        AgentMsg::ForPerson { task, items, url, tunnel } => {
            let noun = if *items == 1 { "question" } else { "questions" };
            let first = tunnel
                .as_ref()
                .map(|tunnel| format!(" (first run {tunnel} on your own machine)"))
                .unwrap_or_default();
            format!("Please answer {items} {noun} for \"{task}\" here: {url}{first}")
        }
        AgentMsg::NotifyTitle => lang.pick("aide: 有问题等你回答", "aide: a question waits for you").into(),
        AgentMsg::RelayLine { message } if zh => format!("转告用户: {message}"),
        AgentMsg::RelayLine { message } => format!("For the person: {message}"),
        AgentMsg::FromNetwork { url } if zh => format!("从其他设备访问: {url}"),
        AgentMsg::FromNetwork { url } => format!("From other machines: {url}"),
        AgentMsg::NoQr => lang
            .pick("地址太长,无法生成二维码", "The address is too long for a QR code")
            .into(),
        AgentMsg::GiveAddress => lang
            .pick(
                "未打开浏览器:请把上面的地址交给用户。地址中的密钥只能打开这一个会话,不能访问其他任何内容",
                "No browser was opened: give the address above to the person. Its key opens this one session and nothing else",
            )
            .into(),
        // Every port from `wanted` up to `used` was tried and taken.
        AgentMsg::PortMoved { wanted, used } if zh && *used <= wanted + 1 => {
            format!("端口 {wanted} 已被占用,改用端口 {used}")
        }
        AgentMsg::PortMoved { wanted, used } if zh => {
            format!("端口 {wanted}-{} 已被占用,改用端口 {used}", used - 1)
        }
        AgentMsg::PortMoved { wanted, used } if *used <= wanted + 1 => {
            format!("Port {wanted} is in use; serving on port {used} instead")
        }
        AgentMsg::PortMoved { wanted, used } => {
            format!("Ports {wanted}-{} are in use; serving on port {used} instead", used - 1)
        }
        AgentMsg::PortRefused { wanted, used } if zh => {
            format!("浏览器不会打开端口 {wanted} 上的页面,改用端口 {used}")
        }
        AgentMsg::PortRefused { wanted, used } => {
            format!("Browsers refuse to open a page on port {wanted}; serving on port {used} instead")
        }
        AgentMsg::NotOpened => lang
            .pick("用户尚未打开页面", "The person has not opened the page yet")
            .into(),
        AgentMsg::OpenedAt { at } if zh => format!("用户已于 {at} 打开页面"),
        AgentMsg::OpenedAt { at } => format!("The person opened the page at {at}"),
        AgentMsg::Answered { answered, total, at: Some(at) } if zh => {
            format!("已回答 {answered}/{total} 项,最后活动于 {at}")
        }
        AgentMsg::Answered { answered, total, at: Some(at) } => {
            format!("{answered}/{total} answered, last activity at {at}")
        }
        AgentMsg::Answered { answered, total, at: None } if zh => {
            format!("已回答 {answered}/{total} 项")
        }
        AgentMsg::Answered { answered, total, at: None } => {
            format!("{answered}/{total} answered")
        }
        _ => unreachable!("not a text of reach.rs: {msg:?}"),
    }
}
