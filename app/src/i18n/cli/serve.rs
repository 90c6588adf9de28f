//! Messages of the page server's life: starting, waiting, stopping, timing out.

use super::Msg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &Msg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        Msg::ServerStarted => lang.pick("Web 服务已启动", "Web server started").into(),
        Msg::Visit { url } if zh => format!("请访问: {url}"),
        Msg::Visit { url } => format!("Open: {url}"),
        Msg::Waiting => lang.pick("等待用户完成决策...", "Waiting for the decisions...").into(),
        Msg::Completed => lang.pick("决策已完成", "Decisions completed").into(),
        Msg::PortsTaken { first, last } if zh => {
            format!("无法启动服务: 端口 {first}-{last} 均被占用")
        }
        Msg::PortsTaken { first, last } => {
            format!("Cannot start the server: ports {first}-{last} are all in use")
        }
        Msg::RangeFull { first, last, sessions } if zh => format!(
            "无法启动服务: 端口 {first}-{last} 均被占用,其中 {sessions} 个正在为等待回答的问题提供页面,范围已满"
        ),
        Msg::RangeFull { first, last, sessions } => format!(
            "Cannot start the server: ports {first}-{last} are all in use, {sessions} of them by pages of questions still waiting; the range is full"
        ),
        Msg::KeptAside { session } if zh => format!(
            "会话 {session} 仍在它自己的页面上等待答案;此后 result 和 cancel 请传入 --session"
        ),
        Msg::KeptAside { session } => format!(
            "Session {session} still waits for its answers on its own page; pass --session to result and cancel from now on"
        ),
        Msg::ServerFailed { detail } if zh => format!("无法启动服务: {detail}"),
        Msg::ServerFailed { detail } => format!("Cannot start the server: {detail}"),
        Msg::ServerTimeout => lang.pick("服务超时,已自动关闭", "The server timed out and was closed").into(),
        Msg::NoBundle => lang
            .pick(
                "此 aide 构建未包含页面脚本,页面将以纯 HTML 表单工作(用 scripts/build.sh 构建完整版本)",
                "This aide build has no page scripts; the page works as a plain HTML form (build with scripts/build.sh)",
            )
            .into(),
        Msg::Interrupted => lang
            .pick(
                "服务已停止(收到中断信号),待定项已保留",
                "The server stopped (interrupted); the pending session is kept",
            )
            .into(),
        Msg::AlreadyServing { url } if zh => format!("已有待定会话正在等待决策: {url}"),
        Msg::AlreadyServing { url } => {
            format!("A pending session is still waiting for decisions: {url}")
        }
        Msg::StoppedOld { url } if zh => format!("已停止旧的服务({url}),旧页面将无法提交"),
        Msg::StoppedOld { url } => {
            format!("Stopped the old server ({url}); its page can no longer submit")
        }
        Msg::CannotStopOld { pid } if zh => format!("无法停止旧的服务(进程 {pid})"),
        Msg::CannotStopOld { pid } => format!("Cannot stop the old server (process {pid})"),
        Msg::Detached { pid } if zh => format!("Web 服务已在后台启动(进程 {pid})"),
        Msg::Detached { pid } => format!("Web server started in the background (process {pid})"),
        Msg::WaitWith { session } if zh => format!(
            "获取结果: aide decide result --wait --timeout 100 --session {session}(退出码 124 表示尚未回答,再次运行即可)"
        ),
        Msg::WaitWith { session } => format!(
            "Get the answers with: aide decide result --wait --timeout 100 --session {session} (exit 124: not answered yet, run it again)"
        ),
        Msg::DetachFailed { detail } if zh => format!("后台服务未能启动: {detail}"),
        Msg::DetachFailed { detail } => format!("The background server did not start: {detail}"),
        Msg::DetachSilent { code } if zh => format!(
            "后台服务未能启动(退出码 {code}),且无法写下原因;此次提交未保存任何内容"
        ),
        Msg::DetachSilent { code } => format!(
            "The background server did not start (exit code {code}) and could not write down why; nothing of this submit was kept"
        ),
        Msg::ServerClosed => lang
            .pick("服务已关闭,尚无决策结果", "The server has closed without a decision result")
            .into(),
        Msg::WaitTimeout { secs } if zh => format!("{secs} 秒内尚无答案,用户仍在决策"),
        Msg::WaitTimeout { secs } => {
            format!("No answers yet after {secs} s; the person is still deciding")
        }
        Msg::ProvisionalOnly => lang
            .pick(
                "用户尚未回答;以上为暂定答案(by: provisional 为到时无人回答而暂定,by: ruling 为用户的常设裁定所答),可据此继续,waiting 中的待定项仍在等待用户",
                "The person has not answered yet; these answers are provisional (by: provisional, taken when nobody answered in time; by: ruling, a standing ruling of the person's): go on with them; the items in waiting still wait for the person",
            )
            .into(),
        Msg::AlreadyDecided => lang
            .pick("待定项已有决策结果", "The pending session is already decided")
            .into(),
        Msg::OpenFailed { detail } if zh => format!("无法打开浏览器: {detail}"),
        Msg::OpenFailed { detail } => format!("Cannot open a browser: {detail}"),
        Msg::OpenBrowser { url } if zh => format!("已在浏览器中打开 {url}"),
        Msg::OpenBrowser { url } => format!("Opened {url} in the browser"),
        Msg::ExposedBind { bind } if zh => format!(
            "服务监听 {bind},不只本机:能连到这台机器的任何人都能访问此端口,只有持有链接中密钥的人能查看和提交决策"
        ),
        Msg::ExposedBind { bind } => format!(
            "The server listens on {bind}, not only this machine: anyone who can reach this machine can connect, and only those with the key in the link can see and answer the decisions"
        ),
        _ => unreachable!("not a message of serve.rs: {msg:?}"),
    }
}

/// The `建议:` line of a message of this file, if it has one.
pub(super) fn hint(msg: &Msg, lang: Lang) -> Option<&'static str> {
    let hint = match msg {
        Msg::PortsTaken { .. } => lang.pick(
            "关闭占用端口的程序,或在配置中指定其他端口",
            "Close the programs using these ports, or set another port in the config",
        ),
        Msg::ServerFailed { .. } => lang.pick(
            "检查监听地址和端口配置",
            "Check the bind address and port in the config",
        ),
        Msg::RangeFull { .. } => lang.pick(
            "先回答或撤回其中一个问题(aide decide waiting 列出它们),或在 .aide/config.toml 中设置 decide.port(或传入 --port)从其他端口开始",
            "Answer or withdraw one of those questions (aide decide waiting lists them), or set decide.port in .aide/config.toml (or pass --port) to start from another port",
        ),
        Msg::AlreadyServing { .. } => lang.pick(
            "等待用户在该页面完成决策(aide decide result --wait),或加 --replace 停止旧服务并替换",
            "Wait for the person to answer that page (aide decide result --wait), or add --replace to stop the old server and replace it",
        ),
        Msg::CannotStopOld { .. } => lang.pick(
            "结束该进程后重试",
            "End that process, then try again",
        ),
        Msg::DetachFailed { .. } => lang.pick(
            "查看 .aide/decisions/servers/ 中该会话的 .log,或不加 --detach 运行以查看输出",
            "Read the session's .log in .aide/decisions/servers/, or run without --detach to see the output",
        ),
        Msg::DetachSilent { .. } => lang.pick(
            "最可能是磁盘已满:检查项目所在磁盘的可用空间后重新提交",
            "The likeliest cause is a full disk: check the free space of the project's disk, then submit again",
        ),
        Msg::ServerClosed => lang.pick(
            "运行 aide decide serve --detach --json 在后台重新打开页面(地址不变,用户手中的链接可再次打开),或重新执行 aide decide submit '<json>'",
            "Run aide decide serve --detach --json to serve the page again in the background (at the same address: the person's link opens again), or aide decide submit '<json>' again",
        ),
        Msg::WaitTimeout { .. } => lang.pick(
            "再次执行同一条 aide decide result --wait 命令继续等待(退出码 124 不是错误)",
            "Run the same aide decide result --wait again to keep waiting (exit code 124 is not an error)",
        ),
        Msg::ProvisionalOnly => lang.pick(
            "让依赖暂定答案的改动易于撤销;稍后再次执行 aide decide result --wait:用户的最终答案退出码为 0,并以 differs 列出与暂定答案不同的项(退出码 6 不是错误)",
            "Keep what depends on them easy to undo; run aide decide result --wait again later: the person's final answers exit 0 and list in differs the items answered otherwise (exit code 6 is not an error)",
        ),
        Msg::AlreadyDecided => lang.pick(
            "用 aide decide result 获取结果,或提交新的待定项",
            "Get the answers with aide decide result, or submit new items",
        ),
        Msg::ServerStarted
        | Msg::Visit { .. }
        | Msg::Waiting
        | Msg::Completed
        | Msg::KeptAside { .. }
        | Msg::ServerTimeout
        | Msg::NoBundle
        | Msg::Interrupted
        | Msg::StoppedOld { .. }
        | Msg::Detached { .. }
        | Msg::WaitWith { .. }
        | Msg::OpenFailed { .. }
        | Msg::OpenBrowser { .. }
        | Msg::ExposedBind { .. } => return None,
        _ => unreachable!("not a message of serve.rs: {msg:?}"),
    };
    Some(hint)
}
