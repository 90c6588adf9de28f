//! How a session ended: decided, withdrawn, replaced, or the connection lost.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    match text {
        PageText::DoneTitle => lang.pick("决策已记录", "Decisions recorded").into(),
        PageText::DoneBody => lang
            .pick(
                "你的选择已保存,可以关闭此页面,回到终端继续。",
                "Your choices are saved. You can close this page and return to the terminal.",
            )
            .into(),
        PageText::RecordedAnswers => lang.pick("已记录的答案:", "The answers recorded:").into(),
        PageText::RecordedNote => lang.pick("备注", "note").into(),
        PageText::CanClose => lang
            .pick("可以关闭此页面,回到终端继续。", "You can close this page and return to the terminal.")
            .into(),
        PageText::WithdrawnTitle => lang.pick("问题已撤回", "Question withdrawn").into(),
        PageText::WithdrawnBody => lang
            .pick(
                "智能体撤回了这个问题,这里不再需要回答。你已填写的内容保留在草稿中。",
                "The agent withdrew this question, so nothing needs answering here. What you filled in is kept in the draft.",
            )
            .into(),
        PageText::WithdrawnReason => lang.pick("原因", "Reason").into(),
        PageText::ReplacedTitle => lang.pick("已被新的问题替换", "Replaced by a newer question").into(),
        PageText::ConnectionLost => lang
            .pick(
                "无法连接到 aide 服务,提交未完成;你的选择都还在,请确认 aide 仍在运行后重试。",
                "Could not reach the aide server, so nothing was submitted. Your choices are kept; check that aide is still running and try again.",
            )
            .into(),
        _ => unreachable!("not a text of ended.rs: {text:?}"),
    }
}
