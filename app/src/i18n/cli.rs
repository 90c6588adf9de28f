use crate::Lang;

/// What aide was doing with a file when the system refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileOp {
    Read,
    Write,
    /// Creating or listing a folder.
    Folder,
}

/// Every line the `aide` command prints for people (the prefix `✓ ✗ → ⚠` is
/// added by the printer; errors carry a `建议:` hint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    ServerStarted,
    Visit {
        url: String,
    },
    Waiting,
    Completed,
    InitCreated {
        path: String,
    },
    InitExists {
        path: String,
    },
    JsonParse {
        detail: String,
    },
    Validation {
        detail: String,
    },
    PortsTaken {
        first: u16,
        last: u16,
    },
    ServerFailed {
        detail: String,
    },
    /// Every port of the range is taken, `sessions` of them by pages of
    /// aide questions still waiting.
    RangeFull {
        first: u16,
        last: u16,
        sessions: usize,
    },
    /// A submit kept the earlier session, still served, beside the new one.
    KeptAside {
        session: String,
    },
    NoResult,
    NoPending,
    Stale,
    NoAideDir,
    Corrupt {
        file: String,
        detail: String,
    },
    ReadInput {
        source: String,
        detail: String,
    },
    NotJsonNorFile {
        arg: String,
    },
    Io {
        op: FileOp,
        path: String,
        detail: String,
    },
    /// Standard output refused what aide printed (a closed pipe, a full disk).
    Stdout {
        detail: String,
    },
    ServerTimeout,
    NoBundle,
    // Configuration (`.aide/config.toml`).
    ConfigCreated {
        path: String,
    },
    ConfigSyntax {
        file: String,
        detail: String,
    },
    ConfigUnknownKey {
        file: String,
        key: String,
        suggestion: Option<String>,
    },
    ConfigBadValue {
        file: String,
        key: String,
        expected: Expected,
        found: String,
    },
    // The server's life.
    Interrupted,
    AlreadyServing {
        url: String,
    },
    StoppedOld {
        url: String,
    },
    CannotStopOld {
        pid: u32,
    },
    Detached {
        pid: u32,
    },
    WaitWith,
    DetachFailed {
        detail: String,
    },
    ServerClosed,
    WaitTimeout {
        secs: u64,
    },
    AlreadyDecided,
    OpenFailed {
        detail: String,
    },
    OpenBrowser {
        url: String,
    },
    ExposedBind {
        bind: String,
    },
    // `aide decide status`.
    /// `status`: the session `pending.json` names, and where it stands
    /// (pending, decided or withdrawn).
    StatusSession {
        session: String,
        task: String,
        items: usize,
        state: super::HistoryWord,
    },
    StatusServed {
        url: String,
        pid: u32,
    },
    StatusNotServed,
    StatusAnswered,
    StatusUnanswered,
    /// Stored sessions: versions, the lock, history, show and clean.
    Store(super::StoreMsg),
    /// `aide flow`.
    Flow(super::FlowMsg),
    /// What agents read: the MCP tools and the agent-facing CLI lines.
    Agent(super::AgentMsg),
}

/// What a configuration value should have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A `[section]` table.
    Table,
    Port,
    IpAddress,
    Url,
    Seconds,
    Bool,
    Lang,
}

impl Expected {
    fn text(self, lang: Lang) -> &'static str {
        match self {
            Expected::Table => lang.pick("一个表(如 [decide])", "a table (such as [decide])"),
            Expected::Port => lang.pick("1 到 65526 之间的整数", "an integer from 1 to 65526"),
            Expected::IpAddress => lang.pick(
                "IP 地址字符串(如 \"127.0.0.1\" 或 \"0.0.0.0\")",
                "an IP address string (such as \"127.0.0.1\" or \"0.0.0.0\")",
            ),
            Expected::Url => lang.pick(
                "以 http:// 或 https:// 开头的地址,或空字符串",
                "an address starting with http:// or https://, or an empty string",
            ),
            Expected::Seconds => lang.pick(
                "0 到 31536000 之间的整数秒数(0 表示不超时)",
                "a whole number of seconds from 0 to 31536000 (0 means no timeout)",
            ),
            Expected::Bool => lang.pick("true 或 false", "true or false"),
            Expected::Lang => lang.pick("\"zh\" 或 \"en\"", "\"zh\" or \"en\""),
        }
    }
}

impl Msg {
    /// The message text without its prefix.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            Msg::ServerStarted => lang.pick("Web 服务已启动", "Web server started").into(),
            Msg::Visit { url } if zh => format!("请访问: {url}"),
            Msg::Visit { url } => format!("Open: {url}"),
            Msg::Waiting => lang.pick("等待用户完成决策...", "Waiting for the decisions...").into(),
            Msg::Completed => lang.pick("决策已完成", "Decisions completed").into(),
            Msg::InitCreated { path } if zh => format!("已创建 {path}"),
            Msg::InitCreated { path } => format!("Created {path}"),
            Msg::InitExists { path } if zh => format!("{path} 已存在,无需初始化"),
            Msg::InitExists { path } => format!("{path} already exists, nothing to do"),
            Msg::JsonParse { detail } if zh => format!("JSON 解析失败: {detail}"),
            Msg::JsonParse { detail } => format!("JSON parsing failed: {detail}"),
            Msg::Validation { detail } if zh => format!("数据验证失败: {detail}"),
            Msg::Validation { detail } => format!("Validation failed: {detail}"),
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
            Msg::NoResult => lang.pick("尚无决策结果", "No decision result yet").into(),
            Msg::NoPending => lang.pick("未找到待定项数据", "No pending decision data found").into(),
            Msg::Stale => lang.pick("决策结果已过期", "The decision result is out of date").into(),
            Msg::NoAideDir => lang
                .pick(".aide 目录不存在,请先执行 aide init", "No .aide folder found; run aide init first")
                .into(),
            Msg::Corrupt { file, detail } if zh => format!("无法解析 {file}: {detail}"),
            Msg::Corrupt { file, detail } => format!("Cannot parse {file}: {detail}"),
            Msg::ReadInput { source, detail } if zh => format!("无法读取输入 {source}: {detail}"),
            Msg::ReadInput { source, detail } => format!("Cannot read the input {source}: {detail}"),
            Msg::NotJsonNorFile { arg } if zh => format!(
                "JSON 解析失败: 参数 {} 既不是 JSON 对象(应以 {{ 开头),也不是存在的文件",
                shorten(arg)
            ),
            Msg::NotJsonNorFile { arg } => format!(
                "JSON parsing failed: the argument {} is neither a JSON object (starting with {{) nor an existing file",
                shorten(arg)
            ),
            Msg::Io { op, path, detail } => match op {
                FileOp::Read => lang.pick(
                    format!("无法读取 {path}: {detail}"),
                    format!("Cannot read {path}: {detail}"),
                ),
                FileOp::Write => lang.pick(
                    format!("无法写入 {path}: {detail}"),
                    format!("Cannot write {path}: {detail}"),
                ),
                FileOp::Folder => lang.pick(
                    format!("无法打开或创建文件夹 {path}: {detail}"),
                    format!("Cannot open or create the folder {path}: {detail}"),
                ),
            },
            Msg::Stdout { detail } => lang.pick(
                format!("无法写入标准输出: {detail}"),
                format!("Cannot write to standard output: {detail}"),
            ),
            Msg::ServerTimeout => lang.pick("服务超时,已自动关闭", "The server timed out and was closed").into(),
            Msg::NoBundle => lang
                .pick(
                    "此 aide 构建未包含页面脚本,页面将以纯 HTML 表单工作(用 scripts/build.sh 构建完整版本)",
                    "This aide build has no page scripts; the page works as a plain HTML form (build with scripts/build.sh)",
                )
                .into(),
            Msg::ConfigCreated { path } if zh => format!("已创建 {path}(全部为注释掉的默认值)"),
            Msg::ConfigCreated { path } => format!("Created {path} (every default, commented out)"),
            Msg::ConfigSyntax { file, detail } if zh => format!("无法解析 {file}: {detail}"),
            Msg::ConfigSyntax { file, detail } => format!("Cannot parse {file}: {detail}"),
            Msg::ConfigUnknownKey { file, key, suggestion } => {
                let mut text = if zh {
                    format!("{file}: 未知配置项 {key}")
                } else {
                    format!("{file}: unknown key {key}")
                };
                if let Some(known) = suggestion {
                    text.push_str(&if zh {
                        format!("(是否应为 {known}?)")
                    } else {
                        format!(" (did you mean {known}?)")
                    });
                }
                text
            }
            Msg::ConfigBadValue { file, key, expected, found } if zh => {
                format!("{file}: 配置项 {key} 应为{},实际为 {found}", expected.text(lang))
            }
            Msg::ConfigBadValue { file, key, expected, found } => {
                format!("{file}: {key} must be {}, found {found}", expected.text(lang))
            }
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
            Msg::WaitWith => lang
                .pick(
                    "获取结果: aide decide result --wait",
                    "Get the answers with: aide decide result --wait",
                )
                .into(),
            Msg::DetachFailed { detail } if zh => format!("后台服务未能启动: {detail}"),
            Msg::DetachFailed { detail } => format!("The background server did not start: {detail}"),
            Msg::ServerClosed => lang
                .pick("服务已关闭,尚无决策结果", "The server has closed without a decision result")
                .into(),
            Msg::WaitTimeout { secs } if zh => format!("{secs} 秒内尚无答案,用户仍在决策"),
            Msg::WaitTimeout { secs } => {
                format!("No answers yet after {secs} s; the person is still deciding")
            }
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
            Msg::StatusSession {
                session,
                task,
                items,
                state,
            } => {
                use super::HistoryWord as W;
                let count = W::Items(*items).text(lang);
                let (zh_word, en_word) = match state {
                    W::Decided => ("已决策", "Decided"),
                    W::Withdrawn => ("已撤回", "Withdrawn"),
                    W::Replaced => ("已替换", "Replaced"),
                    W::Pending | W::Items(_) => ("待定", "Pending"),
                };
                if zh {
                    format!("{zh_word}会话 {session}: {task}({count})")
                } else {
                    format!("{en_word} session {session}: {task} ({count})")
                }
            }
            Msg::StatusServed { url, pid } if zh => format!("页面: {url}(服务进程 {pid})"),
            Msg::StatusServed { url, pid } => format!("Page: {url} (server process {pid})"),
            Msg::StatusNotServed => lang
                .pick("没有服务在运行", "No server is running for it")
                .into(),
            Msg::StatusAnswered => lang
                .pick(
                    "已完成决策,用 aide decide result 获取结果",
                    "Decided; get the answers with aide decide result",
                )
                .into(),
            Msg::StatusUnanswered => lang.pick("尚未完成决策", "Not decided yet").into(),
            Msg::Store(msg) => msg.text(lang),
            Msg::Flow(msg) => msg.text(lang),
            Msg::Agent(msg) => msg.text(lang),
        }
    }

    /// The `建议:` line's text, for errors.
    pub fn hint(&self, lang: Lang) -> Option<&'static str> {
        let hint = match self {
            Msg::JsonParse { .. } | Msg::NotJsonNorFile { .. } => lang.pick(
                "检查 JSON 格式是否正确",
                "Check that the JSON is well-formed",
            ),
            Msg::Validation { .. } => lang.pick(
                "检查必填字段是否完整",
                "Check that every required field is present",
            ),
            Msg::PortsTaken { .. } => lang.pick(
                "关闭占用端口的程序,或在配置中指定其他端口",
                "Close the programs using these ports, or set another port in the config",
            ),
            Msg::RangeFull { .. } => lang.pick(
                "先回答或撤回其中一个问题(aide decide waiting 列出它们),或在 .aide/config.toml 中设置 decide.port(或传入 --port)从其他端口开始",
                "Answer or withdraw one of those questions (aide decide waiting lists them), or set decide.port in .aide/config.toml (or pass --port) to start from another port",
            ),
            Msg::ServerFailed { .. } => lang.pick(
                "检查监听地址和端口配置",
                "Check the bind address and port in the config",
            ),
            Msg::NoResult => lang.pick(
                "请等待用户在 Web 界面完成操作",
                "Wait for the person to finish in the web page",
            ),
            Msg::NoPending => lang.pick(
                "请先执行 aide decide submit '<json>'",
                "Run aide decide submit '<json>' first",
            ),
            Msg::Stale => lang.pick(
                "请重新执行 aide decide submit '<json>'",
                "Run aide decide submit '<json>' again",
            ),
            Msg::NoAideDir => lang.pick(
                "在项目根目录执行 aide init",
                "Run aide init in the project's root folder",
            ),
            Msg::Corrupt { .. } => lang.pick(
                "文件可能已损坏,请重新执行 aide decide submit '<json>'",
                "The file may be damaged; run aide decide submit '<json>' again",
            ),
            Msg::ReadInput { .. } => lang.pick(
                "传入 JSON 文本、JSON 文件的路径,或用 - 从标准输入读取",
                "Pass the JSON text, the path of a JSON file, or - to read standard input",
            ),
            Msg::Io { .. } => lang.pick(
                "检查磁盘空间和 .aide 目录的权限",
                "Check the free disk space and the permissions of the .aide folder",
            ),
            Msg::Stdout { .. } => lang.pick(
                "检查接收输出的程序或管道是否仍在运行",
                "Check that the program or pipe reading the output is still running",
            ),
            Msg::ConfigSyntax { .. } => lang.pick(
                "修正 TOML 语法,或删除该文件以使用默认值",
                "Fix the TOML syntax, or delete the file to use the defaults",
            ),
            Msg::ConfigUnknownKey { .. } => lang.pick(
                "[decide] 的配置项有: port、bind、url、timeout、open、lang",
                "The keys of [decide] are: port, bind, url, timeout, open, lang",
            ),
            Msg::ConfigBadValue { .. } => lang.pick(
                "按 aide init 写入的注释修改该值,或删除该行以使用默认值",
                "Fix the value as the comments written by aide init show, or delete the line to use the default",
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
            Msg::ServerClosed => lang.pick(
                "运行 aide decide serve 重新打开页面,或重新执行 aide decide submit '<json>'",
                "Run aide decide serve to serve the page again, or aide decide submit '<json>' again",
            ),
            Msg::WaitTimeout { .. } => lang.pick(
                "再次执行同一条 aide decide result --wait 命令继续等待(退出码 124 不是错误)",
                "Run the same aide decide result --wait again to keep waiting (exit code 124 is not an error)",
            ),
            Msg::AlreadyDecided => lang.pick(
                "用 aide decide result 获取结果,或提交新的待定项",
                "Get the answers with aide decide result, or submit new items",
            ),
            Msg::Store(msg) => return msg.hint(lang),
            Msg::Flow(msg) => return msg.hint(lang),
            Msg::Agent(msg) => return msg.hint(lang),
            Msg::Interrupted => return None,
            Msg::ServerStarted
            | Msg::Visit { .. }
            | Msg::Waiting
            | Msg::Completed
            | Msg::InitCreated { .. }
            | Msg::InitExists { .. }
            | Msg::ServerTimeout
            | Msg::NoBundle
            | Msg::ConfigCreated { .. }
            | Msg::StoppedOld { .. }
            | Msg::KeptAside { .. }
            | Msg::Detached { .. }
            | Msg::WaitWith
            | Msg::OpenFailed { .. }
            | Msg::OpenBrowser { .. }
            | Msg::ExposedBind { .. }
            | Msg::StatusSession { .. }
            | Msg::StatusServed { .. }
            | Msg::StatusNotServed
            | Msg::StatusAnswered
            | Msg::StatusUnanswered => return None,
        };
        Some(hint)
    }
}

/// At most 60 characters of a user's argument, for messages.
fn shorten(arg: &str) -> String {
    let mut short: String = arg.chars().take(60).collect();
    if short.len() < arg.len() {
        short.push('…');
    }
    serde_json::Value::from(short).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_texts_match_the_spec() {
        let zh = Lang::Zh;
        assert_eq!(
            Msg::Visit {
                url: "http://localhost:3721".into()
            }
            .text(zh),
            "请访问: http://localhost:3721"
        );
        assert_eq!(
            Msg::PortsTaken {
                first: 3721,
                last: 3730
            }
            .text(zh),
            "无法启动服务: 端口 3721-3730 均被占用"
        );
        assert_eq!(
            Msg::Stale.hint(zh),
            Some("请重新执行 aide decide submit '<json>'")
        );
        assert_eq!(Msg::ServerTimeout.text(zh), "服务超时,已自动关闭");
    }

    #[test]
    fn every_error_has_a_hint_in_both_languages() {
        let errors = [
            Msg::JsonParse {
                detail: String::new(),
            },
            Msg::NoResult,
            Msg::NoPending,
            Msg::Stale,
            Msg::NoAideDir,
        ];
        for msg in errors {
            assert!(
                msg.hint(Lang::Zh).is_some() && msg.hint(Lang::En).is_some(),
                "{msg:?}"
            );
        }
    }
}
