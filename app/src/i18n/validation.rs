mod said;

use crate::model::Lang;
use crate::validate::{ErrorKind, JsonKind, Place, ValidationError};

fn kind_name(kind: JsonKind, lang: Lang) -> &'static str {
    match kind {
        JsonKind::Null => "null",
        JsonKind::Bool => lang.pick("布尔值", "a boolean"),
        JsonKind::Number => lang.pick("数字", "a number"),
        JsonKind::Integer => lang.pick("整数", "an integer"),
        JsonKind::String => lang.pick("字符串", "a string"),
        JsonKind::Array => lang.pick("数组", "an array"),
        JsonKind::Object => lang.pick("对象", "an object"),
    }
}

fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The message for one validation error, starting with its place: a field
/// path for a JSON document, the item for the person on the page.
pub(crate) fn validation_message(error: &ValidationError, lang: Lang) -> String {
    match &error.place {
        Place::Field(path) => field_message(path, &error.kind, lang),
        Place::Item { number, title } => {
            super::answers::item_message(*number, title, &error.kind, lang)
        }
    }
}

fn field_message(path: &str, kind: &ErrorKind, lang: Lang) -> String {
    let path = if path.is_empty() {
        lang.pick("输入", "the input")
    } else {
        path
    };
    let zh = lang == Lang::Zh;
    match kind {
        ErrorKind::Missing if zh => format!("{path} 是必填字段,但未提供"),
        ErrorKind::Missing => format!("{path} is required but missing"),
        ErrorKind::WrongType { expected, actual } if zh => format!(
            "{path} 应为{},当前为{}",
            kind_name(*expected, lang),
            kind_name(*actual, lang)
        ),
        ErrorKind::WrongType { expected, actual } => format!(
            "{path} must be {}, got {}",
            kind_name(*expected, lang),
            kind_name(*actual, lang)
        ),
        ErrorKind::EmptyString if zh => format!("{path} 不能为空字符串"),
        ErrorKind::EmptyString => format!("{path} must be a non-empty string"),
        ErrorKind::NoItems if zh => format!("{path} 至少需要 1 个待定项,当前为空数组"),
        ErrorKind::NoItems => format!("{path} needs at least 1 item, got an empty array"),
        ErrorKind::TooFewOptions { count } if zh => {
            format!("{path} 至少需要 2 个选项,当前只有 {count} 个")
        }
        ErrorKind::TooFewOptions { count } => {
            format!("{path} needs at least 2 options, got only {count}")
        }
        ErrorKind::IntegerOutOfRange { min, max, actual } if zh => {
            format!("{path} 应为 {min} 到 {max} 之间的整数,当前为 {actual}")
        }
        ErrorKind::IntegerOutOfRange { min, max, actual } => {
            format!("{path} must be an integer from {min} to {max}, got {actual}")
        }
        ErrorKind::EndBeforeStart { start, end } if zh => {
            format!("{path} 值 {end} 小于 start 值 {start},结束行不能在起始行之前")
        }
        ErrorKind::EndBeforeStart { start, end } => {
            format!(
                "{path} is {end}, before start {start}; the last line cannot come before the first"
            )
        }
        ErrorKind::DuplicateId { id, first } if zh => {
            format!("{path} 值 {id} 与 items[{first}].id 重复,id 在 items 中必须唯一")
        }
        ErrorKind::DuplicateId { id, first } => {
            format!(
                "{path} is {id}, the same as items[{first}].id; ids must be unique within items"
            )
        }
        ErrorKind::DuplicateValue { value, first } if zh => format!(
            "{path} 值 {} 与第 {first} 个选项重复,value 在同一待定项中必须唯一",
            quoted(value)
        ),
        ErrorKind::DuplicateValue { value, first } => format!(
            "{path} is {}, the same as option {first}; values must be unique within an item",
            quoted(value)
        ),
        ErrorKind::RecommendNotInOptions { value } if zh => {
            format!("{path} 值 {} 不在 options 中", quoted(value))
        }
        ErrorKind::RecommendNotInOptions { value } => {
            format!(
                "{path} is {}, which is not the value of any option",
                quoted(value)
            )
        }
        ErrorKind::UnknownField {
            suggestion: Some(s),
        } if zh => {
            format!("{path} 不是已知字段,是否想写 {s}?")
        }
        ErrorKind::UnknownField {
            suggestion: Some(s),
        } => {
            format!("{path} is not a known field; did you mean {s}?")
        }
        ErrorKind::UnknownField { suggestion: None } if zh => format!("{path} 不是已知字段"),
        ErrorKind::UnknownField { suggestion: None } => format!("{path} is not a known field"),
        ErrorKind::UnknownItem { id } if zh => format!("{path} 值 {id} 不是任何待定项的 id"),
        ErrorKind::UnknownItem { id } => format!("{path} is {id}, which is not the id of any item"),
        ErrorKind::DuplicateDecision { id, first } if zh => {
            format!("{path} 值 {id} 与 decisions[{first}] 重复,每个待定项只能决策一次")
        }
        ErrorKind::DuplicateDecision { id, first } => {
            format!(
                "{path} is {id}, already answered by decisions[{first}]; each item is decided once"
            )
        }
        ErrorKind::MissingDecision { id } if zh => format!("{path} 缺少待定项 {id} 的决策"),
        ErrorKind::MissingDecision { id } => format!("{path} has no decision for item {id}"),
        ErrorKind::ChosenNotInOptions { value, allowed } => {
            let allowed: Vec<String> = allowed.iter().map(|v| quoted(v)).collect();
            let allowed = allowed.join(", ");
            if zh {
                format!(
                    "{path} 值 {} 不在该待定项的 options 中(可选: {allowed})",
                    quoted(value)
                )
            } else {
                format!(
                    "{path} is {}, not one of the item's options ({allowed})",
                    quoted(value)
                )
            }
        }
        ErrorKind::BadSessionId { actual } if zh => {
            format!("{path} 值 {} 不是 YYYY-MM-DDTHH-mm-ss 格式", quoted(actual))
        }
        ErrorKind::BadSessionId { actual } => {
            format!(
                "{path} is {}, not of the form YYYY-MM-DDTHH-mm-ss",
                quoted(actual)
            )
        }
        ErrorKind::BadTimestamp { actual } if zh => {
            format!(
                "{path} 值 {} 不是带时区的时间(如 2025-01-15T10:30:00+08:00)",
                quoted(actual)
            )
        }
        ErrorKind::BadTimestamp { actual } => {
            format!(
                "{path} is {}, not a time with its offset such as 2025-01-15T10:30:00+08:00",
                quoted(actual)
            )
        }
        ErrorKind::BadVersion { actual } if zh => {
            format!("{path} 值 {actual} 不是 \"主版本.次版本\" 格式的字符串(如 \"1.0\")")
        }
        ErrorKind::NotOneOf { allowed, actual } if zh => {
            format!(
                "{path} 值 {} 不是 {} 之一",
                quoted(actual),
                allowed.join("、")
            )
        }
        ErrorKind::NotOneOf { allowed, actual } => {
            format!(
                "{path} is {}, not one of {}",
                quoted(actual),
                allowed.join(", ")
            )
        }
        ErrorKind::BadVersion { actual } => {
            format!("{path} is {actual}, not a \"MAJOR.MINOR\" string such as \"1.0\"")
        }
        kind @ (ErrorKind::EmptyArray
        | ErrorKind::RepeatedValue { .. }
        | ErrorKind::RecommendNotMultiple
        | ErrorKind::ChosenNotMultiple { .. }
        | ErrorKind::OtherNotAllowed { .. }
        | ErrorKind::SkipNotAllowed { .. }
        | ErrorKind::SkippedNotTrue
        | ErrorKind::SeveralAnswers { .. }
        | ErrorKind::NoAnswer { .. }
        | ErrorKind::OtherTooLong { .. }) => {
            super::answers::answer_message(path, kind, lang).unwrap_or_default()
        }
        kind @ (ErrorKind::TooLarge { .. }
        | ErrorKind::NotADiff { .. }
        | ErrorKind::DiffTwice
        | ErrorKind::FileRefused { .. }
        | ErrorKind::NotAnImageName { .. }
        | ErrorKind::ImageBytes { .. }
        | ErrorKind::NotBase64
        | ErrorKind::SessionTooLarge { .. }) => {
            super::attached::attached_message(path, kind, lang).unwrap_or_default()
        }
        kind @ (ErrorKind::NotADuration { .. }
        | ErrorKind::DurationOutOfRange { .. }
        | ErrorKind::RuleNotReversible
        | ErrorKind::NothingToTake) => {
            super::rule::rule_message(path, kind, lang).unwrap_or_default()
        }
    }
}

/// Where a text stops being JSON, and what stands there.
pub fn json_error_text(error: &crate::validate::JsonError, lang: Lang) -> String {
    let (line, column) = (error.line, error.column);
    let near = if error.near.is_empty() {
        String::new()
    } else {
        let near = quoted(&error.near);
        match lang {
            Lang::Zh => format!(",附近为 {near}"),
            Lang::En => format!(", near {near}"),
        }
    };
    match (lang, error.ends_early) {
        (Lang::Zh, true) => format!("第 {line} 行第 {column} 列: JSON 提前结束{near}"),
        (Lang::En, true) => format!("line {line}, column {column}: the JSON ends early{near}"),
        (Lang::Zh, false) => format!("第 {line} 行第 {column} 列: 不是有效的 JSON{near}"),
        (Lang::En, false) => format!("line {line}, column {column}: not valid JSON{near}"),
    }
}
