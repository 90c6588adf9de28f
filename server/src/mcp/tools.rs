//! The three tools: their names (the contract), schemas and answers.

use crate::cmd::watch::Seen;
use crate::error::CliError;
use app::i18n::{AgentMsg, Msg};
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

/// `decide_cancel`'s arguments.
pub fn cancel_args(arguments: Option<JsonObject>) -> Result<CancelArgs, CliError> {
    let value = Value::Object(arguments.unwrap_or_default());
    let args: CancelArgs =
        serde_json::from_value(value).map_err(|e| bad_arguments(e.to_string()))?;
    let max = crate::store::MAX_REASON_CHARS;
    if args
        .reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > max)
    {
        return Err(bad_arguments(format!("reason: at most {max} characters")));
    }
    Ok(args)
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
            return Err(bad_arguments(format!(
                "replace: expected true or false, found {other}"
            )));
        }
    };
    let input = crate::cmd::submit::input_from_value(&Value::Object(arguments))?;
    Ok((input, replace))
}

/// `decide_result`'s arguments.
pub fn result_args(arguments: Option<JsonObject>) -> Result<ResultArgs, CliError> {
    let value = Value::Object(arguments.unwrap_or_default());
    let args: ResultArgs =
        serde_json::from_value(value).map_err(|e| bad_arguments(e.to_string()))?;
    if args.wait_seconds > MAX_WAIT_SECS {
        return Err(bad_arguments(format!(
            "wait_seconds: at most {MAX_WAIT_SECS}, found {}",
            args.wait_seconds
        )));
    }
    Ok(args)
}

fn bad_arguments(detail: String) -> CliError {
    Msg::Agent(AgentMsg::BadArguments { detail }).into()
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
