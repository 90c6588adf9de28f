//! Messages for what an option shows besides its words (`preview`,
//! `diff`, `diff_file`, `image`): refusals that name the field and, where
//! there is one, the limit.

use crate::Lang;
use crate::model::ImageFormat;
use crate::validate::{ErrorKind, FileRefusal};

fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The message for one of these fields' errors, `None` for any other.
pub(crate) fn attached_message(path: &str, kind: &ErrorKind, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match kind {
        ErrorKind::TooLarge { max, actual } if zh => {
            format!("{path} 有 {actual} 字节,超过上限 {max} 字节")
        }
        ErrorKind::TooLarge { max, actual } => {
            format!("{path} has {actual} bytes, more than its limit of {max}")
        }
        ErrorKind::NotADiff { line } if zh => {
            format!("{path} 不是统一格式的 diff(git diff 的输出):第 {line} 行起无法读取")
        }
        ErrorKind::NotADiff { line } => format!(
            "{path} is not a unified diff (what git diff prints): it cannot be read from line {line}"
        ),
        ErrorKind::DiffTwice if zh => {
            format!("{path} 与 diff 同时给出:diff 以文本或文件给出,只能二选一")
        }
        ErrorKind::DiffTwice => {
            format!("{path} comes with diff: give the diff as text or as a file, not both")
        }
        ErrorKind::FileRefused { file, why, max } => refused(path, file, *why, *max, lang),
        ErrorKind::NotAnImageName { file } => {
            let svg = file.to_ascii_lowercase().ends_with(".svg");
            match (zh, svg) {
                (true, true) => format!(
                    "{path} 值 {} 是 SVG:SVG 可以携带脚本,不予显示",
                    quoted(file)
                ),
                (true, false) => format!(
                    "{path} 值 {} 从文件名看不是 PNG、JPEG、WebP 或 GIF 图片",
                    quoted(file)
                ),
                (false, true) => format!(
                    "{path} is {}, an SVG: an SVG can carry script, so it is not shown",
                    quoted(file)
                ),
                (false, false) => format!(
                    "{path} is {}, not a PNG, JPEG, WebP or GIF file by its name",
                    quoted(file)
                ),
            }
        }
        ErrorKind::ImageBytes {
            file,
            expected,
            found,
        } => image_bytes(path, file, *expected, *found, lang),
        ErrorKind::NotBase64 if zh => format!("{path} 不是 base64 文本"),
        ErrorKind::NotBase64 => format!("{path} is not base64 text"),
        ErrorKind::SessionTooLarge { max } if zh => {
            format!("{path} 使本次会话的预览、diff 与图片合计超过上限 {max} 字节")
        }
        ErrorKind::SessionTooLarge { max } => format!(
            "{path} takes the session's previews, diffs and pictures together past their limit of {max} bytes"
        ),
        _ => return None,
    })
}

fn refused(path: &str, file: &str, why: FileRefusal, max: usize, lang: Lang) -> String {
    let file = quoted(file);
    if lang == Lang::Zh {
        let why = match why {
            FileRefusal::Absolute => "是绝对路径;请给出相对于项目根目录的路径".to_owned(),
            FileRefusal::Outside => "指向项目之外(经由 .. 或符号链接)".to_owned(),
            FileRefusal::Private => "位于 .aide/ 或 .git/ 中,aide 从不读取".to_owned(),
            FileRefusal::NotFound => "在项目中不存在".to_owned(),
            FileRefusal::NotRegular => "不是普通文件".to_owned(),
            FileRefusal::Unreadable => "无法读取".to_owned(),
            FileRefusal::TooLarge { size } => format!("有 {size} 字节,超过上限 {max} 字节"),
            FileRefusal::NoProject => "无法读取:这里没有可读取文件的项目".to_owned(),
        };
        return format!("{path} 值 {file} {why}");
    }
    let why = match why {
        FileRefusal::Absolute => {
            "an absolute path; give a path relative to the project root".to_owned()
        }
        FileRefusal::Outside => "which leads outside the project (through .. or a symlink)".into(),
        FileRefusal::Private => "inside .aide/ or .git/, which aide never reads".to_owned(),
        FileRefusal::NotFound => "which is not in the project".to_owned(),
        FileRefusal::NotRegular => "which is not a regular file".to_owned(),
        FileRefusal::Unreadable => "which cannot be read".to_owned(),
        FileRefusal::TooLarge { size } => {
            format!("of {size} bytes, more than its limit of {max}")
        }
        FileRefusal::NoProject => "which cannot be read: there is no project here".to_owned(),
    };
    format!("{path} is {file}, {why}")
}

fn image_bytes(
    path: &str,
    file: &str,
    expected: ImageFormat,
    found: Option<ImageFormat>,
    lang: Lang,
) -> String {
    let file = quoted(file);
    let expected = expected.name();
    match (lang, found) {
        (Lang::Zh, Some(found)) => format!(
            "{path} 值 {file} 的内容不是文件名所示的 {expected} 图片,而是 {}",
            found.name()
        ),
        (Lang::Zh, None) => {
            format!("{path} 值 {file} 的内容不是文件名所示的 {expected} 图片")
        }
        (Lang::En, Some(found)) => format!(
            "{path} is {file}, whose bytes are not the {expected} image its name says but a {}",
            found.name()
        ),
        (Lang::En, None) => {
            format!("{path} is {file}, whose bytes are not the {expected} image its name says")
        }
    }
}

/// What to do about one of these errors, `None` for any other.
pub(crate) fn attached_hint(kind: &ErrorKind, lang: Lang) -> Option<&'static str> {
    Some(match kind {
        ErrorKind::TooLarge { .. }
        | ErrorKind::SessionTooLarge { .. }
        | ErrorKind::FileRefused {
            why: FileRefusal::TooLarge { .. },
            ..
        } => lang.pick(
            "少给一些:更短的 diff(只含相关文件,更少上下文:git diff -U1)、更小的图片;各项上限见 aide decide schema",
            "Show less: a shorter diff (only the files that matter, less context: git diff -U1), a smaller picture; the limits are in aide decide schema",
        ),
        ErrorKind::NotADiff { .. } | ErrorKind::DiffTwice => lang.pick(
            "给出 git diff 的输出:git diff > option-a.diff,再在 diff_file 中写该文件名(或把文本放入 diff,二选一)",
            "Give what git diff prints: git diff > option-a.diff, then name that file in diff_file (or put the text in diff, not both)",
        ),
        ErrorKind::FileRefused { .. } => lang.pick(
            "写项目内的文件,用相对于项目根目录的路径(不在 .aide/ 或 .git/ 中)",
            "Name a file inside the project by its path from the project root (not in .aide/ or .git/)",
        ),
        ErrorKind::NotAnImageName { .. } | ErrorKind::ImageBytes { .. } | ErrorKind::NotBase64 => {
            lang.pick(
                "给出 PNG、JPEG、WebP 或 GIF 图片,文件扩展名与其内容一致;SVG 请先导出为 PNG",
                "Give a PNG, JPEG, WebP or GIF file whose extension says what it is; export an SVG as PNG first",
            )
        }
        _ => return None,
    })
}
