//! What a value should have been, said to whoever wrote it wrong: a key
//! of `config.toml`, an argument of an MCP tool, a field of a stored file.

use crate::Lang;

/// What a value should have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A `[section]` table.
    Table,
    Port,
    IpAddress,
    Url,
    Seconds,
    Bool,
    Lang,
    /// A JSON object.
    Object,
    /// A JSON array.
    List,
    /// A string.
    Text,
    /// A string of at most `max` characters.
    TextUpTo {
        max: usize,
    },
    /// An integer of 0 or more.
    WholeNumber,
    /// An integer from 0 to `max`.
    WholeNumberUpTo {
        max: u64,
    },
    /// `YYYY-MM-DDTHH-mm-ss[-N]`.
    SessionId,
    /// A task of `aide flow`, named as sessions are.
    TaskId,
    /// RFC 3339 with the offset.
    Time,
    /// An action of `aide flow`.
    Action,
    /// The client's reply to an elicitation (MCP).
    ElicitResult,
}

impl Expected {
    /// What was expected, as a phrase that follows "must be" / "应为".
    pub fn text(self, lang: Lang) -> String {
        match self {
            Expected::Table => lang.pick("一个表(如 [decide])", "a table (such as [decide])").into(),
            Expected::Port => lang.pick("1 到 65526 之间的整数", "an integer from 1 to 65526").into(),
            Expected::IpAddress => lang
                .pick(
                    "IP 地址字符串(如 \"127.0.0.1\" 或 \"0.0.0.0\")",
                    "an IP address string (such as \"127.0.0.1\" or \"0.0.0.0\")",
                )
                .into(),
            Expected::Url => lang
                .pick(
                    "以 http:// 或 https:// 开头的地址,或空字符串",
                    "an address starting with http:// or https://, or an empty string",
                )
                .into(),
            Expected::Seconds => lang
                .pick(
                    "0 到 31536000 之间的整数秒数(0 表示不超时)",
                    "a whole number of seconds from 0 to 31536000 (0 means no timeout)",
                )
                .into(),
            Expected::Bool => lang.pick("true 或 false", "true or false").into(),
            Expected::Lang => lang.pick("\"zh\" 或 \"en\"", "\"zh\" or \"en\"").into(),
            Expected::Object => lang.pick("JSON 对象", "a JSON object").into(),
            Expected::List => lang.pick("数组", "an array").into(),
            Expected::Text => lang.pick("字符串", "a string").into(),
            Expected::TextUpTo { max } => match lang {
                Lang::Zh => format!("不超过 {max} 个字符的字符串"),
                Lang::En => format!("a string of at most {max} characters"),
            },
            Expected::WholeNumber => lang.pick("非负整数", "a whole number (0 or more)").into(),
            Expected::WholeNumberUpTo { max } => match lang {
                Lang::Zh => format!("0 到 {max} 之间的整数"),
                Lang::En => format!("a whole number from 0 to {max}"),
            },
            Expected::SessionId => lang
                .pick(
                    "会话 ID(如 2025-01-15T10-30-00)",
                    "a session id such as 2025-01-15T10-30-00",
                )
                .into(),
            Expected::TaskId => lang
                .pick(
                    "任务 ID(如 2025-01-15T10-30-00)",
                    "a task id such as 2025-01-15T10-30-00",
                )
                .into(),
            Expected::Time => lang
                .pick(
                    "带时区的时间(如 2025-01-15T10:30:00+08:00)",
                    "a time with its offset such as 2025-01-15T10:30:00+08:00",
                )
                .into(),
            Expected::Action => lang
                .pick(
                    "start、next-step、back-step、next-part、back-part、issue 或 error",
                    "one of start, next-step, back-step, next-part, back-part, issue and error",
                )
                .into(),
            Expected::ElicitResult => lang
                .pick(
                    "征询结果对象:action 为 accept、decline 或 cancel,accept 时附 content",
                    "an elicitation result: action accept, decline or cancel, with content when it accepts",
                )
                .into(),
        }
    }
}

/// The catalogue's words for what a session id looks like (serde's errors
/// carry it; what people read is said where the error is reported).
impl std::fmt::Display for crate::model::SessionIdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Expected::SessionId.text(super::Lang::En))
    }
}

/// The catalogue's words for what a timestamp looks like.
impl std::fmt::Display for crate::model::TimestampError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Expected::Time.text(super::Lang::En))
    }
}
