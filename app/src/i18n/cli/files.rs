//! Messages of the input and the stored files: reading, parsing, validating, writing.

use super::{FileOp, Msg};
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &Msg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        Msg::InitCreated { path } if zh => format!("已创建 {path}"),
        Msg::InitCreated { path } => format!("Created {path}"),
        Msg::InitExists { path } if zh => format!("{path} 已存在,无需初始化"),
        Msg::InitExists { path } => format!("{path} already exists, nothing to do"),
        Msg::JsonParse { detail } if zh => format!("JSON 解析失败: {detail}"),
        Msg::JsonParse { detail } => format!("JSON parsing failed: {detail}"),
        Msg::Validation { detail } if zh => format!("数据验证失败: {detail}"),
        Msg::Validation { detail } => format!("Validation failed: {detail}"),
        Msg::NoResult => lang.pick("尚无决策结果", "No decision result yet").into(),
        Msg::NoPending => lang
            .pick("未找到待定项数据", "No pending decision data found")
            .into(),
        Msg::Stale => lang
            .pick("决策结果已过期", "The decision result is out of date")
            .into(),
        Msg::NoAideDir => lang
            .pick(
                ".aide 目录不存在,请先执行 aide init",
                "No .aide folder found; run aide init first",
            )
            .into(),
        Msg::Corrupt { file, detail } if zh => format!("无法解析 {file}: {detail}"),
        Msg::Corrupt { file, detail } => format!("Cannot parse {file}: {detail}"),
        Msg::ReadInput { source, detail } if zh => format!("无法读取输入 {source}: {detail}"),
        Msg::ReadInput { source, detail } => format!("Cannot read the input {source}: {detail}"),
        Msg::NotJsonNorFile { arg } if zh => format!(
            "JSON 解析失败: 参数 {} 既不是 JSON 对象(应以 {{ 开头),也不是存在的文件",
            crate::i18n::echo(arg)
        ),
        Msg::NotJsonNorFile { arg } => format!(
            "JSON parsing failed: the argument {} is neither a JSON object (starting with {{) nor an existing file",
            crate::i18n::echo(arg)
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
        _ => unreachable!("not a message of files.rs: {msg:?}"),
    }
}

/// The `建议:` line of a message of this file, if it has one.
pub(super) fn hint(msg: &Msg, lang: Lang) -> Option<&'static str> {
    let hint = match msg {
        Msg::JsonParse { .. } | Msg::NotJsonNorFile { .. } => lang.pick(
            "检查 JSON 格式是否正确",
            "Check that the JSON is well-formed",
        ),
        Msg::Validation { .. } => lang.pick(
            "检查必填字段是否完整",
            "Check that every required field is present",
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
        Msg::InitCreated { .. } | Msg::InitExists { .. } => return None,
        _ => unreachable!("not a message of files.rs: {msg:?}"),
    };
    Some(hint)
}
