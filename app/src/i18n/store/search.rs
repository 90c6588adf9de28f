//! The texts of `aide decide search` and `aide decide export --adr`.

use super::StoreMsg;
use crate::Lang;

pub(super) fn text(msg: &StoreMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        StoreMsg::QueryNoWords { query } if zh => {
            format!("{query} 中没有可搜索的词:只有标点,或是太常见而无法区分问题的词")
        }
        StoreMsg::QueryNoWords { query } => format!(
            "Nothing to search for in {query}: it holds only punctuation or words too common to tell questions apart"
        ),
        StoreMsg::NothingFound { query } if zh => {
            format!("没有与 {query} 相符的已决策问题")
        }
        StoreMsg::NothingFound { query } => format!("No decided question matches {query}"),
        StoreMsg::AdrWritten {
            path,
            updated: false,
        } if zh => format!("已写入 {path}"),
        StoreMsg::AdrWritten {
            path,
            updated: false,
        } => format!("Wrote {path}"),
        StoreMsg::AdrWritten {
            path,
            updated: true,
        } if zh => format!("已更新 {path}"),
        StoreMsg::AdrWritten {
            path,
            updated: true,
        } => format!("Updated {path}"),
        StoreMsg::AdrDone {
            written,
            updated,
            unchanged,
            folder,
        } if zh => format!(
            "{folder} 中的架构决策记录:新写 {written} 个,更新 {updated} 个,{unchanged} 个未变"
        ),
        StoreMsg::AdrDone {
            written,
            updated,
            unchanged,
            folder,
        } => format!(
            "Decision records in {folder}: {written} written, {updated} updated, {unchanged} unchanged"
        ),
        StoreMsg::AdrFolder { folder, detail } if zh => {
            format!("无法在 {folder} 中写入决策记录: {detail}")
        }
        StoreMsg::AdrFolder { folder, detail } => {
            format!("Cannot write decision records in {folder}: {detail}")
        }
        StoreMsg::AdrNotOurs { path } if zh => {
            format!("{path} 已存在且不是 aide 写的,未写入任何文件")
        }
        StoreMsg::AdrNotOurs { path } => {
            format!("{path} is there and aide did not write it: nothing was written")
        }
        StoreMsg::AdrWrite { path, detail } if zh => format!("无法写入 {path}: {detail}"),
        StoreMsg::AdrWrite { path, detail } => format!("Cannot write {path}: {detail}"),
        _ => String::new(),
    }
}

/// The words of a search hit, as `aide decide search` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchWord {
    /// `→ {answer}`: the options chosen, labels first.
    Chosen(String),
    /// The person's own answer.
    Other(String),
    /// Left undecided.
    Skipped,
    /// The person's note.
    Note(String),
    /// Where the hit is: its session and item.
    Where { session: String, item: u32 },
    /// Its project's folder (`--all-projects`).
    Project(String),
    /// The record came with the repository (or from elsewhere): not the
    /// person's own answer, given here.
    FromRepository,
}

impl SearchWord {
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            SearchWord::Chosen(answer) if zh => format!("→ 选择: {answer}"),
            SearchWord::Chosen(answer) => format!("→ chosen: {answer}"),
            SearchWord::Other(text) if zh => format!("→ 自己的回答: {text}"),
            SearchWord::Other(text) => format!("→ own answer: {text}"),
            SearchWord::Skipped => lang.pick("→ 跳过", "→ skipped").into(),
            SearchWord::Note(note) if zh => format!("备注: {note}"),
            SearchWord::Note(note) => format!("note: {note}"),
            SearchWord::Where { session, item } if zh => format!("会话 {session},第 {item} 项"),
            SearchWord::Where { session, item } => format!("session {session}, item {item}"),
            SearchWord::Project(folder) if zh => format!("项目 {folder}"),
            SearchWord::Project(folder) => format!("project {folder}"),
            SearchWord::FromRepository => lang
                .pick(
                    "⚠ 来自仓库,不是在这里决定的:不是本人的决策",
                    "⚠ from the repository, not decided here: not the person's own decision",
                )
                .into(),
        }
    }
}
