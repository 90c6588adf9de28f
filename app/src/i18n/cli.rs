use crate::Lang;

/// Every line the `aide` command prints for people (the prefix `✓ ✗ → ⚠` is
/// added by the printer; errors carry a `建议:` hint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    ServerStarted,
    Visit { url: String },
    Waiting,
    Completed,
    InitCreated { path: String },
    InitExists { path: String },
    JsonParse { detail: String },
    Validation { detail: String },
    PortsTaken { first: u16, last: u16 },
    ServerFailed { detail: String },
    NoResult,
    NoPending,
    Stale,
    NoAideDir,
    Corrupt { file: String, detail: String },
    ReadInput { source: String, detail: String },
    NotJsonNorFile { arg: String },
    Io { path: String, detail: String },
    ServerTimeout,
    NoBundle,
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
            Msg::Io { path, detail } if zh => format!("无法写入 {path}: {detail}"),
            Msg::Io { path, detail } => format!("Cannot write {path}: {detail}"),
            Msg::ServerTimeout => lang.pick("服务超时,已自动关闭", "The server timed out and was closed").into(),
            Msg::NoBundle => lang
                .pick(
                    "此 aide 构建未包含页面脚本,页面将以纯 HTML 表单工作(用 scripts/build.sh 构建完整版本)",
                    "This aide build has no page scripts; the page works as a plain HTML form (build with scripts/build.sh)",
                )
                .into(),
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
            Msg::ServerStarted
            | Msg::Visit { .. }
            | Msg::Waiting
            | Msg::Completed
            | Msg::InitCreated { .. }
            | Msg::InitExists { .. }
            | Msg::ServerTimeout
            | Msg::NoBundle => return None,
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
