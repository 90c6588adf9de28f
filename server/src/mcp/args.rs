//! The tools' arguments: read into their types, and what is wrong with
//! them said in the catalogue's words (never serde's).

use crate::error::CliError;
use app::i18n::{AgentMsg, Damage, Expected, Msg};
use app::validate::ProjectFiles;
use app::{DecideInput, SessionId};
use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde_json::Value;

/// The longest `decide_result` waits.
pub const MAX_WAIT_SECS: u64 = 600;

/// `decide_result`'s arguments.
#[derive(Debug, serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultArgs {
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub session_id: Option<SessionId>,
    #[serde(default)]
    #[schemars(range(max = 600))]
    pub wait_seconds: u64,
}

/// `decide_cancel`'s arguments.
#[derive(Debug, serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CancelArgs {
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub session_id: Option<SessionId>,
    #[serde(default)]
    #[schemars(length(max = 1000))]
    pub reason: Option<String>,
}

/// `decide_search`'s arguments.
#[derive(Debug, serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    pub query: String,
    #[serde(default)]
    pub all_projects: bool,
}

/// The arguments a tool takes, and what each should be.
pub type ToolFields = &'static [(&'static str, Expected)];

pub(super) const RESULT_FIELDS: ToolFields = &[
    ("session_id", Expected::SessionId),
    (
        "wait_seconds",
        Expected::WholeNumberUpTo { max: MAX_WAIT_SECS },
    ),
];

pub(super) const CANCEL_FIELDS: ToolFields = &[
    ("session_id", Expected::SessionId),
    (
        "reason",
        Expected::TextUpTo {
            max: crate::store::MAX_REASON_CHARS,
        },
    ),
];

pub(super) const SEARCH_FIELDS: ToolFields =
    &[("query", Expected::Text), ("all_projects", Expected::Bool)];

/// `decide_search`'s arguments.
pub fn search_args(arguments: Option<JsonObject>) -> Result<SearchArgs, CliError> {
    read(arguments, SEARCH_FIELDS)
}

/// A tool's `arguments` as a `T`. An argument the tool does not take is
/// named, with the one it likely meant; a wrong one with what it should
/// be: the catalogue's words, never serde's.
pub fn read<T: serde::de::DeserializeOwned>(
    arguments: Option<JsonObject>,
    fields: ToolFields,
) -> Result<T, CliError> {
    let arguments = arguments.unwrap_or_default();
    let names: Vec<&'static str> = fields.iter().map(|(name, _)| *name).collect();
    if let Some(name) = arguments.keys().find(|key| !names.contains(&key.as_str())) {
        return Err(bad_arguments(Damage::Unknown {
            path: name.clone(),
            suggestion: app::validate::closest_name(name, &names).map(str::to_owned),
        }));
    }
    let expected = |path: &str| {
        let name = path.split(['.', '[']).next().unwrap_or(path);
        fields.iter().find(|(n, _)| *n == name).map(|(_, e)| *e)
    };
    crate::typed::typed(&Value::Object(arguments), expected).map_err(bad_arguments)
}

/// `decide_cancel`'s arguments.
pub fn cancel_args(arguments: Option<JsonObject>) -> Result<CancelArgs, CliError> {
    let args: CancelArgs = read(arguments, CANCEL_FIELDS)?;
    let max = crate::store::MAX_REASON_CHARS;
    match &args.reason {
        Some(reason) if reason.chars().count() > max => Err(bad_arguments(Damage::field(
            "reason".into(),
            Some(Expected::TextUpTo { max }),
            &Value::from(reason.as_str()),
        ))),
        _ => Ok(args),
    }
}

/// `decide_submit`'s and `decide`'s arguments: the input (validated by the
/// one validator, every error with its field path) and `replace`.
pub fn submit_args(
    arguments: Option<JsonObject>,
    files: &dyn ProjectFiles,
) -> Result<(DecideInput, bool), CliError> {
    let mut arguments = arguments.unwrap_or_default();
    let replace = match arguments.remove("replace") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(replace)) => replace,
        Some(other) => {
            let damage = Damage::field("replace".into(), Some(Expected::Bool), &other);
            return Err(bad_arguments(damage));
        }
    };
    let input = crate::decide::input::input_from_value(&Value::Object(arguments), files)?;
    Ok((input, replace))
}

/// `decide_result`'s arguments.
pub fn result_args(arguments: Option<JsonObject>) -> Result<ResultArgs, CliError> {
    let args: ResultArgs = read(arguments, RESULT_FIELDS)?;
    if args.wait_seconds > MAX_WAIT_SECS {
        return Err(bad_arguments(Damage::field(
            "wait_seconds".into(),
            Some(Expected::WholeNumberUpTo { max: MAX_WAIT_SECS }),
            &Value::from(args.wait_seconds),
        )));
    }
    Ok(args)
}

/// Arguments a tool cannot take: what is wrong, for the agent.
pub fn bad_arguments(damage: Damage) -> CliError {
    Msg::Agent(AgentMsg::BadArguments { damage }).into()
}

/// `T`'s arguments, compact, with the catalogue's `words` for some of
/// them (the view's tools too: `super::view::tools`).
pub fn args_schema<T: JsonSchema>(words: &[(&str, String)]) -> JsonObject {
    let mut value = app::model::compact_schema_for::<T>(app::model::Contract::Read);
    for (name, text) in words {
        if let Some(Value::Object(property)) = value.pointer_mut(&format!("/properties/{name}")) {
            property.insert("description".into(), text.as_str().into());
        }
    }
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::Lang;
    use app::validate::NoFiles;

    fn example() -> JsonObject {
        let text = include_str!("../../../examples/auth.json");
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn replace_is_taken_out_of_the_input_and_must_be_a_boolean() {
        let mut arguments = example();
        arguments.insert("replace".into(), true.into());
        let (input, replace) = submit_args(Some(arguments.clone()), &NoFiles).unwrap();
        assert!(replace);
        assert_eq!(input.items().len(), 2);
        arguments.insert("replace".into(), "yes".into());
        let error = submit_args(Some(arguments), &NoFiles).unwrap_err();
        assert!(error.lines(Lang::En)[0].contains("replace"));
        assert!(!submit_args(Some(example()), &NoFiles).unwrap().1);
    }

    #[test]
    fn every_input_error_is_reported_with_its_path() {
        let error = submit_args(None, &NoFiles).unwrap_err();
        let text = error.lines(Lang::En).join("\n");
        for field in ["task", "source", "items"] {
            assert!(text.contains(field), "{text}");
        }
    }

    #[test]
    fn wait_seconds_defaults_to_0_and_stops_at_600() {
        assert_eq!(result_args(None).unwrap().wait_seconds, 0);
        let mut arguments = JsonObject::new();
        arguments.insert("wait_seconds".into(), 600.into());
        assert_eq!(
            result_args(Some(arguments.clone())).unwrap().wait_seconds,
            600
        );
        arguments.insert("wait_seconds".into(), 601.into());
        assert!(result_args(Some(arguments.clone())).is_err());
        arguments.insert("wait_seconds".into(), (-1).into());
        assert!(result_args(Some(arguments)).is_err());
    }

    /// The text an agent reads for a call with `arguments`.
    fn refusal(arguments: serde_json::Value, lang: Lang) -> String {
        let serde_json::Value::Object(arguments) = arguments else {
            panic!("an object")
        };
        let error = match result_args(Some(arguments.clone())) {
            Err(error) => error,
            Ok(_) => cancel_args(Some(arguments)).unwrap_err(),
        };
        error.lines(lang).join("\n")
    }

    #[test]
    fn wrong_arguments_are_named_in_the_catalogues_words() {
        let cases = [
            (
                serde_json::json!({"wait_second": 10}),
                "✗ Invalid arguments: unknown field wait_second (did you mean wait_seconds?)",
                "✗ 参数无效: 未知字段 wait_second(是否应为 wait_seconds?)",
            ),
            (
                serde_json::json!({"wait_seconds": "10"}),
                "✗ Invalid arguments: wait_seconds must be a whole number from 0 to 600, found \"10\"",
                "✗ 参数无效: wait_seconds 应为0 到 600 之间的整数,实际为 \"10\"",
            ),
            (
                serde_json::json!({"wait_seconds": 601}),
                "✗ Invalid arguments: wait_seconds must be a whole number from 0 to 600, found 601",
                "✗ 参数无效: wait_seconds 应为0 到 600 之间的整数,实际为 601",
            ),
            (
                serde_json::json!({"session_id": "yesterday"}),
                "✗ Invalid arguments: session_id must be a session id such as 2025-01-15T10-30-00, found \"yesterday\"",
                "✗ 参数无效: session_id 应为会话 ID(如 2025-01-15T10-30-00),实际为 \"yesterday\"",
            ),
        ];
        for (arguments, en, zh) in cases {
            let said = refusal(arguments.clone(), Lang::En);
            assert!(said.starts_with(en), "{said}");
            assert!(said.contains("Hint: "), "{said}");
            let said = refusal(arguments, Lang::Zh);
            assert!(said.starts_with(zh), "{said}");
            // None of serde's own sentence.
            for serde in ["invalid type", "expected", "unknown field `", "u64"] {
                assert!(!said.contains(serde), "{said}");
            }
        }
        let mut long = JsonObject::new();
        long.insert("reason".into(), "x".repeat(1001).into());
        let said = cancel_args(Some(long))
            .unwrap_err()
            .lines(Lang::En)
            .join("\n");
        assert!(
            said.starts_with("✗ Invalid arguments: reason must be a string of at most 1000 characters, found \"xxx"),
            "{said}"
        );
        let mut replace = example();
        replace.insert("replace".into(), "yes".into());
        let said = submit_args(Some(replace), &NoFiles)
            .unwrap_err()
            .lines(Lang::Zh)
            .join("\n");
        assert!(
            said.starts_with("✗ 参数无效: replace 应为true 或 false,实际为 \"yes\""),
            "{said}"
        );
    }
}
