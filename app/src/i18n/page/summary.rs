//! The summary before sending, the keyboard shortcuts and the way to the next open item.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match text {
        PageText::SummaryTitle => lang.pick("提交前核对", "Before you submit").into(),
        PageText::SummaryOpen => lang.pick("尚未选择", "not chosen yet").into(),
        PageText::SummaryDiffers { recommended } if zh => {
            format!("有 {recommended} 项的选择与推荐不同")
        }
        PageText::SummaryDiffers { recommended: 1 } => {
            "1 choice differs from the recommendation".into()
        }
        PageText::SummaryDiffers { recommended } => {
            format!("{recommended} choices differ from the recommendation")
        }
        PageText::SummaryDiffer => lang
            .pick("与推荐不同", "differs from the recommendation")
            .into(),
        PageText::SummaryRecommendWas => lang.pick("推荐", "recommended").into(),
        PageText::SummaryNoneDiffer => lang
            .pick(
                "所有已选项都与推荐一致(或没有推荐)",
                "Every choice so far follows the recommendation (or has none)",
            )
            .into(),
        PageText::Shortcuts => lang.pick("键盘快捷键", "Keyboard shortcuts").into(),
        PageText::ShortcutChoose => lang
            .pick(
                "选择当前项的第 1–9 个选项",
                "choose option 1–9 of the item you are in",
            )
            .into(),
        PageText::ShortcutNext => lang
            .pick("跳到下一个尚未选择的项", "go to the next unanswered item")
            .into(),
        PageText::ShortcutMove => lang
            .pick(
                "在控件之间移动;方向键在同一项的选项之间切换",
                "move between controls; arrow keys move between the options of an item",
            )
            .into(),
        PageText::NextUnanswered => lang.pick("下一个未选项", "Next unanswered").into(),
        PageText::AllAnswered => lang
            .pick(
                "所有项都已选择,可以提交了",
                "Every item is answered: ready to submit",
            )
            .into(),
        PageText::SummaryOther => lang.pick("其他答案", "own answer").into(),
        PageText::SummarySkipped => lang.pick("跳过", "skipped").into(),
        PageText::ShortcutOther => lang
            .pick(
                "选择“其他”并填写自己的答案",
                "choose Other and write your own answer",
            )
            .into(),
        PageText::ShortcutSkip => lang
            .pick(
                "跳过当前项(并说明原因)",
                "skip the item you are in (and say why)",
            )
            .into(),
        _ => unreachable!("not a text of summary.rs: {text:?}"),
    }
}
