//! What the person decided before: the earlier decision beside an item
//! that resembles it, and the page of that record.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match text {
        PageText::PrecedentName => lang.pick("此前的决定", "Decided before").into(),
        PageText::PrecedentDecided { year, month, day } if zh => {
            format!("你已于 {year:04}-{month:02}-{day:02} 这样决定:")
        }
        PageText::PrecedentDecided { year, month, day } => {
            format!("You decided this on {year:04}-{month:02}-{day:02}:")
        }
        PageText::PrecedentRelated { year, month, day } if zh => {
            format!("相关:一个相似的问题,已于 {year:04}-{month:02}-{day:02} 决定")
        }
        PageText::PrecedentRelated { year, month, day } => {
            format!("Related: a similar question, decided on {year:04}-{month:02}-{day:02}")
        }
        PageText::PrecedentFollow => lang.pick("与上次相同", "Same as before").into(),
        PageText::PrecedentRecord => lang.pick("查看那次的记录", "See that record").into(),
        PageText::PrecedentNotSame => lang.pick("不是同一个问题", "Not the same question").into(),
        PageText::RecordNotFound => lang
            .pick("这个项目中没有这条记录", "This project has no such record")
            .into(),
        _ => unreachable!("not a text of precedent.rs: {text:?}"),
    }
}
