//! Messages of `.aide/config.toml`.

use super::Msg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &Msg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        Msg::ConfigCreated { path } if zh => format!("已创建 {path}(全部为注释掉的默认值)"),
        Msg::ConfigCreated { path } => format!("Created {path} (every default, commented out)"),
        Msg::ConfigSyntax { file, detail } if zh => format!("无法解析 {file}: {detail}"),
        Msg::ConfigSyntax { file, detail } => format!("Cannot parse {file}: {detail}"),
        Msg::ConfigUnknownKey {
            file,
            key,
            suggestion,
        } => {
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
        Msg::ConfigBadValue {
            file,
            key,
            expected,
            found,
        } if zh => {
            format!(
                "{file}: 配置项 {key} 应为{},实际为 {found}",
                expected.text(lang)
            )
        }
        Msg::ConfigBadValue {
            file,
            key,
            expected,
            found,
        } => {
            format!(
                "{file}: {key} must be {}, found {found}",
                expected.text(lang)
            )
        }
        _ => unreachable!("not a message of config.rs: {msg:?}"),
    }
}

/// The `建议:` line of a message of this file, if it has one.
pub(super) fn hint(msg: &Msg, lang: Lang) -> Option<&'static str> {
    let hint = match msg {
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
        Msg::ConfigCreated { .. } => return None,
        _ => unreachable!("not a message of config.rs: {msg:?}"),
    };
    Some(hint)
}
