//! Messages for the kinds of answer (`multiple`, `allow_other`,
//! `allow_skip`): the refusals of answers, drafts and `recommend` arrays.

use crate::Lang;
use crate::validate::ErrorKind;

fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The message for one of the answer kinds' errors, `None` for any other.
pub(crate) fn answer_message(path: &str, kind: &ErrorKind, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match kind {
        ErrorKind::EmptyArray if zh => format!("{path} 至少需要 1 个值,当前为空数组"),
        ErrorKind::EmptyArray => format!("{path} needs at least 1 value, got an empty array"),
        ErrorKind::RepeatedValue { value, first } if zh => format!(
            "{path} 值 {} 与第 {first} 个值重复,每个值只能列出一次",
            quoted(value)
        ),
        ErrorKind::RepeatedValue { value, first } => format!(
            "{path} is {}, the same as value {first}; list each value once",
            quoted(value)
        ),
        ErrorKind::RecommendNotMultiple if zh => {
            format!("{path} 应为单个值:该待定项未设置 multiple,不能推荐多个选项")
        }
        ErrorKind::RecommendNotMultiple => format!(
            "{path} must be one value: the item does not set multiple, so it cannot recommend several"
        ),
        ErrorKind::ChosenNotMultiple { item } if zh => {
            format!("{path} 应为单个值:items[{item}] 未设置 multiple,不能选择多个选项")
        }
        ErrorKind::ChosenNotMultiple { item } => format!(
            "{path} must be one value: items[{item}] does not set multiple, so it takes one option"
        ),
        ErrorKind::OtherNotAllowed { item } if zh => {
            format!("{path} 不可用:items[{item}] 未设置 allow_other,只能选择其中一个选项")
        }
        ErrorKind::OtherNotAllowed { item } => format!(
            "{path} is not allowed: items[{item}] does not set allow_other, so the answer must be one of its options"
        ),
        ErrorKind::SkipNotAllowed { item } if zh => {
            format!("{path} 不可用:items[{item}] 未设置 allow_skip,不能跳过")
        }
        ErrorKind::SkipNotAllowed { item } => format!(
            "{path} is not allowed: items[{item}] does not set allow_skip, so it cannot be skipped"
        ),
        ErrorKind::SkippedNotTrue if zh => {
            format!("{path} 只能为 true;未跳过时请省略该字段")
        }
        ErrorKind::SkippedNotTrue => {
            format!("{path} can only be true; leave it out when the item is not skipped")
        }
        ErrorKind::SeveralAnswers { first } if zh => {
            format!("{path} 不能与 {first} 同时出现:chosen、other、skipped 只能给出其一")
        }
        ErrorKind::SeveralAnswers { first } => {
            format!("{path} cannot come with {first}: give only one of chosen, other and skipped")
        }
        ErrorKind::NoAnswer { allowed } if zh => {
            format!("{path} 没有回答:需要给出 {} 之一", allowed.join("、"))
        }
        ErrorKind::NoAnswer { allowed } => {
            format!("{path} has no answer: give one of {}", allowed.join(", "))
        }
        ErrorKind::OtherTooLong { max, actual } if zh => {
            format!("{path} 过长:最多 {max} 个字符,当前为 {actual} 个")
        }
        ErrorKind::OtherTooLong { max, actual } => {
            format!("{path} is too long: at most {max} characters, got {actual}")
        }
        _ => return None,
    })
}

/// The message for an answer given on the page, placed at its item: in
/// the person's terms (options, an own answer, a skip), never the JSON
/// fields the page sends.
pub(crate) fn item_message(number: usize, title: &str, kind: &ErrorKind, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let item = if zh {
        format!("第 {number} 项「{title}」")
    } else {
        format!("Item {number} (“{title}”)")
    };
    match kind {
        ErrorKind::Missing | ErrorKind::MissingDecision { .. } | ErrorKind::NoAnswer { .. } => {
            if zh {
                format!("{item}还没有回答")
            } else {
                format!("{item} has no answer yet")
            }
        }
        ErrorKind::SeveralAnswers { .. } if zh => {
            format!("{item}只能给出一种回答:选择选项、写下自己的回答,或跳过")
        }
        ErrorKind::SeveralAnswers { .. } => {
            format!("{item} takes one kind of answer: options, your own answer, or a skip")
        }
        ErrorKind::EmptyString if zh => format!("{item}:请写下你自己的回答,或选择一个选项"),
        ErrorKind::EmptyString => {
            format!("{item}: write your own answer, or choose an option")
        }
        ErrorKind::OtherTooLong { max, actual } if zh => {
            format!("{item}:你自己的回答过长,最多 {max} 个字符,当前为 {actual} 个")
        }
        ErrorKind::OtherTooLong { max, actual } => {
            format!("{item}: your own answer is too long: at most {max} characters, got {actual}")
        }
        // A form the page did not write (a stale or forged one).
        _ if zh => format!("{item}:该回答不是此项可接受的回答,请刷新页面后重试"),
        _ => {
            format!("{item}: that is not an answer this item takes; reload the page and try again")
        }
    }
}

/// What the person does about an answer the page refused.
pub(crate) fn item_hint(lang: Lang) -> &'static str {
    lang.pick(
        "每个待定项都需要一个回答:选择选项、写下自己的回答,或在允许时跳过",
        "Every item needs one answer: choose an option, write your own, or skip it where the item allows",
    )
}

/// What to do about one of the answer kinds' errors, `None` for any other.
pub(crate) fn answer_hint(kind: &ErrorKind, lang: Lang) -> Option<&'static str> {
    Some(match kind {
        ErrorKind::RecommendNotMultiple => lang.pick(
            "只有设置 \"multiple\": true 的待定项才能推荐多个选项",
            "Only an item with \"multiple\": true may recommend several options",
        ),
        ErrorKind::EmptyArray | ErrorKind::RepeatedValue { .. } => lang.pick(
            "列出至少一个选项的 value,每个只列一次",
            "List at least one option value, each once",
        ),
        ErrorKind::ChosenNotMultiple { .. }
        | ErrorKind::OtherNotAllowed { .. }
        | ErrorKind::SkipNotAllowed { .. }
        | ErrorKind::SkippedNotTrue
        | ErrorKind::SeveralAnswers { .. }
        | ErrorKind::NoAnswer { .. }
        | ErrorKind::OtherTooLong { .. } => lang.pick(
            "每个待定项给出一种回答:chosen(multiple 时可为数组),或 allow_other 时的 other,或 allow_skip 时的 \"skipped\": true",
            "Answer every item one way: chosen (an array with multiple), other with allow_other, or \"skipped\": true with allow_skip",
        ),
        _ => return None,
    })
}
