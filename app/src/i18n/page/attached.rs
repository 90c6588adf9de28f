//! What an option shows besides its words: its panel's names, a diff's
//! columns, a binary file, a picture's description.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    match text {
        PageText::AttachedGroup => lang.pick("各选项的预览", "What the options show"),
        PageText::BinaryChanged => lang.pick("二进制文件已更改", "Binary file changed"),
        PageText::DiffOf => lang.pick("改动", "Changes to"),
        PageText::RenamedFrom => lang.pick("重命名自", "renamed from"),
        PageText::DiffOldLine => lang.pick("原行号", "Old line"),
        PageText::DiffNewLine => lang.pick("新行号", "New line"),
        PageText::DiffChange => lang.pick("增删", "Change"),
        PageText::DiffCode => lang.pick("代码", "Code"),
        PageText::ImageOf => lang.pick("选项图片", "Picture of the option"),
        _ => unreachable!("not a text of attached.rs: {text:?}"),
    }
    .into()
}
