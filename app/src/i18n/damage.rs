//! What is wrong in a JSON value aide reads: the detail of "cannot parse
//! {file}" for a stored file, of "invalid arguments" for a tool's
//! arguments; in the reader's language, nothing of serde's own words.

use super::Expected;
use crate::Lang;
use crate::validate::JsonError;

/// What is wrong in a stored file or a tool's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// It is not JSON: where it stops being JSON.
    Json(JsonError),
    /// Its `version` is not a `"MAJOR.MINOR"` string.
    Version { found: String },
    /// A field that must be there is not.
    Missing { path: String },
    /// A field nothing reads; `suggestion` is the likely intended one.
    Unknown {
        path: String,
        suggestion: Option<String>,
    },
    /// A field holds something else (`found`, as JSON, shortened) than
    /// what it should: `expected`, or what aide writes there when the file
    /// is aide's own bookkeeping.
    Field {
        path: String,
        expected: Option<Expected>,
        found: String,
    },
    /// The file's `_meta.session_id` names another session than its name.
    OtherSession { found: String },
    /// A flow status whose history does not add up.
    Flow(FlowDamage),
}

/// The rules of a flow status that its fields alone cannot keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlowDamage {
    EmptyHistory,
    FirstNotStart,
    /// `history[index].step` is `found`, not `index + 1`.
    Step {
        index: usize,
        found: u64,
    },
    /// `current_step` is not the last entry's step.
    CurrentStep {
        current: u64,
        last: u64,
    },
    /// `current_phase` is not the last entry's phase.
    CurrentPhase {
        current: String,
        last: String,
    },
}

impl Damage {
    /// A field that holds `found` instead of what it should.
    pub fn field(path: String, expected: Option<Expected>, found: &serde_json::Value) -> Self {
        Damage::Field {
            path,
            expected,
            found: super::cut(&found.to_string(), super::ECHO_CHARS),
        }
    }

    /// What is wrong, as the detail of a message about the file.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            Damage::Json(error) => super::json_error_text(error, lang),
            Damage::Version { found } if zh => {
                format!("version 值 {found} 不是 \"主版本.次版本\" 格式的字符串(如 \"1.0\")")
            }
            Damage::Version { found } => {
                format!("version is {found}, not a \"MAJOR.MINOR\" string such as \"1.0\"")
            }
            Damage::Missing { path } if zh => format!("缺少 {path}"),
            Damage::Missing { path } => format!("{path} is missing"),
            Damage::Unknown { path, suggestion } => {
                let mut text =
                    lang.pick(format!("未知字段 {path}"), format!("unknown field {path}"));
                if let Some(known) = suggestion {
                    text.push_str(&lang.pick(
                        format!("(是否应为 {known}?)"),
                        format!(" (did you mean {known}?)"),
                    ));
                }
                text
            }
            Damage::Field {
                path,
                expected: Some(expected),
                found,
            } if zh => format!("{path} 应为{},实际为 {found}", expected.text(lang)),
            Damage::Field {
                path,
                expected: Some(expected),
                found,
            } => format!("{path} must be {}, found {found}", expected.text(lang)),
            Damage::Field {
                path,
                expected: None,
                found,
            } if zh => format!("{path} 的值 {found} 不是 aide 在此写入的内容"),
            Damage::Field {
                path,
                expected: None,
                found,
            } => format!("{path} holds {found}, not what aide writes there"),
            Damage::OtherSession { found } if zh => {
                format!("_meta.session_id 为 {found},与文件名不符")
            }
            Damage::OtherSession { found } => {
                format!("_meta.session_id is {found}, not the session its file name names")
            }
            Damage::Flow(damage) => damage.text(lang),
        }
    }
}

impl FlowDamage {
    fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            FlowDamage::EmptyHistory => lang.pick("history 为空", "history is empty").into(),
            FlowDamage::FirstNotStart => lang
                .pick(
                    "history[0].action 不是 \"start\"",
                    "history[0].action is not \"start\"",
                )
                .into(),
            FlowDamage::Step { index, found } if zh => {
                format!("history[{index}].step 为 {found},应为 {}", index + 1)
            }
            FlowDamage::Step { index, found } => {
                format!("history[{index}].step is {found}, expected {}", index + 1)
            }
            FlowDamage::CurrentStep { current, last } if zh => {
                format!("current_step 为 {current},而最后一条记录的 step 为 {last}")
            }
            FlowDamage::CurrentStep { current, last } => {
                format!("current_step is {current}, the last entry's step is {last}")
            }
            FlowDamage::CurrentPhase { current, last } if zh => {
                format!("current_phase 为 {current},而最后一条记录的 phase 为 {last}")
            }
            FlowDamage::CurrentPhase { current, last } => {
                format!("current_phase is {current}, the last entry's phase is {last}")
            }
        }
    }
}
