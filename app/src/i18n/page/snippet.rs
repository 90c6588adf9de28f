//! The code beside an item: why its lines are short, capped or not shown.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match text {
        PageText::SnippetShort { last } if zh => format!("文件只有 {last} 行,已显示到末尾"),
        PageText::SnippetShort { last } => format!("The file has only {last} lines; shown to its end"),
        PageText::SnippetCapped { shown } if zh => format!("只显示前 {shown} 行"),
        PageText::SnippetCapped { shown } => format!("Only the first {shown} lines are shown"),
        PageText::SnippetNotFound => lang
            .pick("项目中没有这个文件", "This file does not exist in the project")
            .into(),
        PageText::SnippetAbsolute => lang
            .pick(
                "不显示绝对路径的文件:只读取项目内的相对路径",
                "Files at absolute paths are not shown: only paths relative to the project are read",
            )
            .into(),
        PageText::SnippetOutside => lang
            .pick(
                "不显示此文件:路径指向项目之外(.. 或符号链接)或 aide 自己的 .aide 目录",
                "This file is not shown: the path leads outside the project (.. or a symlink) or into aide's own .aide folder",
            )
            .into(),
        PageText::SnippetUnreadable => lang
            .pick("无法读取此文件", "This file cannot be read")
            .into(),
        PageText::SnippetNoLines { last } if zh => {
            format!("文件只有 {last} 行,没有所指的行")
        }
        PageText::SnippetNoLines { last } => {
            format!("The file has only {last} lines, so these lines do not exist")
        }
        PageText::SnippetTooLarge => lang
            .pick(
                "所指的行位于文件中过远的位置,未读取",
                "These lines lie too far into a large file and were not read",
            )
            .into(),
        _ => unreachable!("not a text of snippet.rs: {text:?}"),
    }
}
