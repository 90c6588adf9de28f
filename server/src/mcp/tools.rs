//! The three tools: their names (the contract), schemas and answers.

use crate::cmd::watch::Seen;
use crate::error::CliError;
use app::i18n::{AgentMsg, Damage, Expected, Msg};
use app::{DecideInput, DecideOutput, Lang, SessionId};
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

pub const SUBMIT: &str = "decide_submit";
pub const RESULT: &str = "decide_result";
pub const DECIDE: &str = "decide";
pub const CANCEL: &str = "decide_cancel";

/// The longest `decide_result` waits.
pub const MAX_WAIT_SECS: u64 = 600;

/// What `decide_submit`, `decide_result` and `decide` answer, as
/// structured content. Every answer names its session, so an agent can
/// tell its own answers from another session's.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Answer {
    /// The person answered.
    Decided {
        /// The session answered.
        #[schemars(with = "String")]
        session_id: SessionId,
        /// `decisions`: exactly what `aide decide result --session` prints.
        #[serde(flatten)]
        #[schemars(with = "DecisionsShape")]
        output: DecideOutput,
    },
    /// The page waits for the person.
    Pending {
        /// The session the page asks about.
        #[schemars(with = "String")]
        session_id: SessionId,
        /// The page's address, with its key: show it to the person.
        url: String,
        /// Just submitted: one line to paste to the person, with the
        /// address. When the person declined the client's own prompt (or
        /// the page refused its form's answers): why the question is still
        /// open, and what to do.
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
        /// Items answered so far (the page saves as the person works).
        answered: usize,
        /// Items asked.
        total: usize,
    },
    /// No server serves the session any more, and it has no answers.
    Closed {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// How to serve it again.
        hint: String,
    },
    /// A later submit replaced the session before it was answered.
    Replaced {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// The session that replaced it.
        #[schemars(with = "String")]
        by: SessionId,
        /// What it means for the agent.
        hint: String,
    },
    /// The agent withdrew the session (`decide_cancel`, `aide decide
    /// cancel`): no answers will come.
    Withdrawn {
        #[schemars(with = "String")]
        session_id: SessionId,
        /// Why, as the agent said it.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The call failed; the text content says why and what to do.
    Error {
        /// The session the call was about, `null` when there is none (an
        /// input that was not stored, a submit that failed).
        #[schemars(with = "Option<String>")]
        session_id: Option<SessionId>,
        /// Every line the CLI would print, hints included.
        message: String,
    },
}

impl Answer {
    /// What a look at a session saw, told to an agent in `lang`.
    pub fn seen(seen: Seen, lang: Lang) -> Answer {
        let text = |msg: AgentMsg| Msg::Agent(msg).text(lang);
        match seen {
            Seen::Decided { session_id, output } => Answer::Decided { session_id, output },
            Seen::Pending {
                session_id,
                url,
                answered,
                total,
            } => Answer::Pending {
                session_id,
                url,
                message: None,
                answered,
                total,
            },
            Seen::Closed { session_id } => Answer::Closed {
                session_id,
                hint: text(AgentMsg::Closed),
            },
            Seen::Withdrawn { session_id, reason } => Answer::Withdrawn { session_id, reason },
            Seen::Replaced { session_id, by } => Answer::Replaced {
                hint: text(AgentMsg::Replaced { by: by.to_string() }),
                session_id,
                by,
            },
        }
    }
}

/// The shape of `aide decide result`'s output, for the schema only.
#[derive(JsonSchema)]
#[allow(dead_code, reason = "describes a type serialised elsewhere")]
struct DecisionsShape {
    /// One answer per item, in the order of the items: as `aide decide
    /// result` prints them.
    decisions: Vec<serde_json::Map<String, Value>>,
}

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

/// The tools, described in `lang`.
pub fn list(lang: Lang) -> Vec<Tool> {
    let text = |msg: AgentMsg| Msg::Agent(msg).text(lang);
    let answer = Arc::new(output_schema());
    let submit_input = Arc::new(submit_schema(&text(AgentMsg::ReplaceArg)));
    vec![
        // The two tools with a view carry no annotations: VS Code draws no
        // App for a tool that has them (docs/mcp.md, "Hosts").
        Tool::new(SUBMIT, text(AgentMsg::SubmitTool), submit_input.clone())
            .with_raw_output_schema(answer.clone())
            .with_meta(super::view::tool_meta()),
        Tool::new(
            RESULT,
            text(AgentMsg::ResultTool),
            Arc::new(result_schema(lang)),
        )
        .with_raw_output_schema(answer.clone())
        .with_annotations(ToolAnnotations::new().read_only(true).open_world(false)),
        Tool::new(DECIDE, text(AgentMsg::DecideTool), submit_input)
            .with_raw_output_schema(answer.clone())
            .with_meta(super::view::tool_meta()),
        Tool::new(
            CANCEL,
            text(AgentMsg::CancelTool),
            Arc::new(cancel_schema(lang)),
        )
        .with_raw_output_schema(answer)
        .with_annotations(
            ToolAnnotations::new()
                .read_only(false)
                .destructive(true)
                .idempotent(true)
                .open_world(false),
        ),
    ]
}

/// `aide decide schema`'s input plus `replace`.
fn submit_schema(replace: &str) -> JsonObject {
    let mut schema = object(app::model::input_schema());
    schema.remove("title");
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert(
            "replace".into(),
            serde_json::json!({"type": "boolean", "default": false, "description": replace}),
        );
    }
    schema
}

fn result_schema(lang: Lang) -> JsonObject {
    let mut value = app::model::schema_for::<ResultArgs>(None);
    for (name, msg) in [
        ("wait_seconds", AgentMsg::WaitArg),
        ("session_id", AgentMsg::SessionArg),
    ] {
        if let Some(Value::Object(property)) = value.pointer_mut(&format!("/properties/{name}")) {
            property.insert("description".into(), Msg::Agent(msg).text(lang).into());
        }
    }
    let mut schema = object(value);
    schema.remove("title");
    schema
}

fn cancel_schema(lang: Lang) -> JsonObject {
    let mut value = app::model::schema_for::<CancelArgs>(None);
    for (name, msg) in [
        ("session_id", AgentMsg::CancelSessionArg),
        ("reason", AgentMsg::ReasonArg),
    ] {
        if let Some(Value::Object(property)) = value.pointer_mut(&format!("/properties/{name}")) {
            property.insert("description".into(), Msg::Agent(msg).text(lang).into());
        }
    }
    let mut schema = object(value);
    schema.remove("title");
    schema
}

/// The arguments a tool takes, and what each should be.
pub type Fields = &'static [(&'static str, Expected)];

const RESULT_FIELDS: Fields = &[
    ("session_id", Expected::SessionId),
    (
        "wait_seconds",
        Expected::WholeNumberUpTo { max: MAX_WAIT_SECS },
    ),
];

const CANCEL_FIELDS: Fields = &[
    ("session_id", Expected::SessionId),
    (
        "reason",
        Expected::TextUpTo {
            max: crate::store::MAX_REASON_CHARS,
        },
    ),
];

/// A tool's `arguments` as a `T`. An argument the tool does not take is
/// named, with the one it likely meant; a wrong one with what it should
/// be: the catalogue's words, never serde's.
pub fn read<T: serde::de::DeserializeOwned>(
    arguments: Option<JsonObject>,
    fields: Fields,
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

/// The answer's schema; MCP wants an object at its root.
fn output_schema() -> JsonObject {
    let mut schema = object(app::model::schema_for::<Answer>(None));
    schema.remove("title");
    schema.insert("type".into(), "object".into());
    schema
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// `decide_submit`'s and `decide`'s arguments: the input (validated by the
/// one validator, every error with its field path) and `replace`.
pub fn submit_args(arguments: Option<JsonObject>) -> Result<(DecideInput, bool), CliError> {
    let mut arguments = arguments.unwrap_or_default();
    let replace = match arguments.remove("replace") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(replace)) => replace,
        Some(other) => {
            let damage = Damage::field("replace".into(), Some(Expected::Bool), &other);
            return Err(bad_arguments(damage));
        }
    };
    let input = crate::cmd::submit::input_from_value(&Value::Object(arguments))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> JsonObject {
        let text = include_str!("../../../examples/auth.json");
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn replace_is_taken_out_of_the_input_and_must_be_a_boolean() {
        let mut arguments = example();
        arguments.insert("replace".into(), true.into());
        let (input, replace) = submit_args(Some(arguments.clone())).unwrap();
        assert!(replace);
        assert_eq!(input.items().len(), 2);
        arguments.insert("replace".into(), "yes".into());
        let error = submit_args(Some(arguments)).unwrap_err();
        assert!(error.lines(Lang::En)[0].contains("replace"));
        assert!(!submit_args(Some(example())).unwrap().1);
    }

    #[test]
    fn every_input_error_is_reported_with_its_path() {
        let error = submit_args(None).unwrap_err();
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
        let said = submit_args(Some(replace))
            .unwrap_err()
            .lines(Lang::Zh)
            .join("\n");
        assert!(
            said.starts_with("✗ 参数无效: replace 应为true 或 false,实际为 \"yes\""),
            "{said}"
        );
    }

    #[test]
    fn the_fields_read_are_the_fields_the_schemas_publish() {
        for (fields, schema) in [
            (RESULT_FIELDS, result_schema(Lang::En)),
            (CANCEL_FIELDS, cancel_schema(Lang::En)),
        ] {
            let published: Vec<&String> =
                schema["properties"].as_object().unwrap().keys().collect();
            let read: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
            assert_eq!(published, read);
        }
    }

    #[test]
    fn the_schemas_are_objects_and_the_answer_has_its_statuses() {
        let tools = list(Lang::En);
        for tool in &tools {
            assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
        }
        let output = serde_json::to_string(&output_schema()).unwrap();
        for status in [
            "decided",
            "pending",
            "closed",
            "replaced",
            "withdrawn",
            "error",
        ] {
            let status = format!("\"{status}\"");
            assert!(output.contains(&status), "{output}");
        }
    }
}
