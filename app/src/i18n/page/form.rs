//! The decision form: the items, their options and notes, sending, and the page around them.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match text {
        PageText::AppName => lang.pick("aide 决策", "aide decisions").into(),
        PageText::MoreItems { first, total } if zh => {
            format!("第 {first}–{total} 项正在载入…")
        }
        PageText::MoreItems { first, total } => format!("Items {first}–{total} are loading…"),
        PageText::ShowAllItems => lang.pick("一次显示全部事项", "Show every item at once").into(),
        PageText::AlsoWaiting => lang.pick("也在等你回答", "Also waiting for you").into(),
        PageText::AlsoWaitingItems(items) if zh => format!("{items} 个问题"),
        PageText::AlsoWaitingItems(1) => "1 question".into(),
        PageText::AlsoWaitingItems(items) => format!("{items} questions"),
        PageText::ItemsFailed => lang
            .pick(
                "部分事项未能载入,所以无法保存或提交;你的选择都还在。请确认 aide 仍在运行后刷新页面,或一次显示全部事项。",
                "Some items could not be loaded, so nothing can be saved or submitted yet; your choices are kept. Check that aide is still running and reload the page, or show every item at once.",
            )
            .into(),
        PageText::Source => lang.pick("来源", "Source").into(),
        PageText::ItemNumber(n) if zh => format!("第 {n} 项"),
        PageText::ItemNumber(n) => format!("Item {n}"),
        PageText::Location => lang.pick("位置", "Location").into(),
        PageText::Lines { start, end } if start == end && zh => format!("第 {start} 行"),
        PageText::Lines { start, end } if start == end => format!("line {start}"),
        PageText::Lines { start, end } if zh => format!("第 {start}-{end} 行"),
        PageText::Lines { start, end } => format!("lines {start}-{end}"),
        PageText::Recommended => lang.pick("推荐", "Recommended").into(),
        PageText::Score => lang.pick("评分", "Score").into(),
        PageText::Pros => lang.pick("优点", "Pros").into(),
        PageText::Cons => lang.pick("缺点", "Cons").into(),
        PageText::Note => lang.pick("备注(可选)", "Note (optional)").into(),
        PageText::NoteFor => lang.pick("的备注", "note for").into(),
        PageText::Progress { chosen, total } if zh => format!("{chosen}/{total} 已选择"),
        PageText::Progress { chosen, total } => format!("{chosen}/{total} chosen"),
        PageText::Submit => lang.pick("提交决策", "Submit decisions").into(),
        PageText::Submitting => lang.pick("正在提交…", "Submitting…").into(),
        PageText::ChooseAll => lang
            .pick("请为每个待定项选择一个选项后再提交", "Choose one option for every item to submit")
            .into(),
        PageText::DraftSaved => lang
            .pick(
                "草稿已自动保存:刷新或重新打开页面不会丢失选择和备注",
                "Draft saved: reloading or reopening the page keeps your choices and notes",
            )
            .into(),
        PageText::DraftFailed => lang
            .pick(
                "草稿未能保存到 aide;选择仍保留在此页面",
                "Could not save the draft to aide; your choices stay on this page",
            )
            .into(),
        PageText::Language => lang.pick("语言", "Language").into(),
        PageText::Other => lang.pick("其他", "Other").into(),
        PageText::OwnAnswer => lang.pick("其他答案", "Your own answer").into(),
        PageText::Skip => lang.pick("跳过", "Skip").into(),
        PageText::WhySkip => lang.pick("跳过原因", "Why skip?").into(),
        PageText::DecideLater => lang.pick("稍后决定", "Decide later").into(),
        PageText::DecidingLater => lang
            .pick(
                "你选择稍后决定此项:智能体会绕开它继续(可撤销且有推荐的项则暂取推荐选项)。随时可以回答。",
                "You chose to decide this later: the agent works around it (or, for a reversible item with a recommendation, goes on with it provisionally). Answer it whenever you like.",
            )
            .into(),
        PageText::DecideNow => lang.pick("现在决定", "Decide now").into(),
        PageText::TakenProvisionally => lang
            .pick(
                "已暂定采用推荐选项:到时无人回答,智能体已据此继续。你的回答仍然有效,会告知智能体。",
                "Taken provisionally: nobody answered in time, so the agent went on with the recommended option. Your answer still counts and reaches the agent.",
            )
            .into(),
        _ => unreachable!("not a text of form.rs: {text:?}"),
    }
}
