//! Messages for an item's `reversible` and `if_unanswered` (issue 58):
//! refusals that name the field and say what it takes.

use crate::Lang;
use crate::validate::ErrorKind;

fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The message for one of these fields' errors, `None` for any other.
pub(crate) fn rule_message(path: &str, kind: &ErrorKind, lang: Lang) -> Option<String> {
    let zh = lang == Lang::Zh;
    Some(match kind {
        ErrorKind::NotADuration { actual } if zh => {
            format!("{path} 值 {} 不是时长(如 15m、2h、1h 30m)", quoted(actual))
        }
        ErrorKind::NotADuration { actual } => format!(
            "{path} is {}, not a duration such as 15m, 2h or 1h 30m",
            quoted(actual)
        ),
        ErrorKind::DurationOutOfRange { actual } if zh => format!(
            "{path} 值 {} 超出范围:至少 1 分钟,至多 7 天",
            quoted(actual)
        ),
        ErrorKind::DurationOutOfRange { actual } => {
            format!("{path} is {}, outside 1 minute to 7 days", quoted(actual))
        }
        ErrorKind::RuleNotReversible if zh => {
            format!(
                "{path} 只能用于 \"reversible\": true 的待定项:无人回答时不会替不可撤销的决定作主"
            )
        }
        ErrorKind::RuleNotReversible => format!(
            "{path} is only for an item with \"reversible\": true: silence never answers a decision that cannot be undone"
        ),
        ErrorKind::NothingToTake if zh => {
            format!("{path} 为 \"recommended\",但该待定项没有 recommend")
        }
        ErrorKind::NothingToTake => {
            format!("{path} is \"recommended\", but the item recommends no option")
        }
        _ => return None,
    })
}

/// What to do about one of these errors (the `建议:` line).
pub(crate) fn rule_hint(kind: &ErrorKind, lang: Lang) -> Option<&'static str> {
    Some(match kind {
        ErrorKind::NotADuration { .. } | ErrorKind::DurationOutOfRange { .. } => lang.pick(
            "after 写 1 分钟到 7 天之间的时长,如 \"15m\"、\"2h\"、\"1d\"",
            "Write after as a duration from 1 minute to 7 days, such as \"15m\", \"2h\" or \"1d\"",
        ),
        ErrorKind::RuleNotReversible => lang.pick(
            "决定可以撤销时加上 \"reversible\": true;否则删除 if_unanswered,该项将一直等待用户",
            "Add \"reversible\": true if the decision can be undone; else remove if_unanswered and the item waits for the person",
        ),
        ErrorKind::NothingToTake => lang.pick(
            "在该待定项中用 recommend 指明推荐的选项,或删除 if_unanswered",
            "Name the recommended option in the item's recommend, or remove if_unanswered",
        ),
        _ => return None,
    })
}
