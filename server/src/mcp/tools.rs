//! The three tools: their names (the contract), schemas and answers.

pub use super::tool_answer::ToolAnswer;
use super::tool_name::AgentTool;
use app::Lang;
use app::i18n::{AgentMsg, Msg};
use app::model::Contract;
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::Value;
use std::sync::Arc;

pub use super::args::{
    CancelArgs, ResultArgs, SearchArgs, args_schema, cancel_args, result_args, search_args,
    submit_args,
};

/// The tools, described in `lang`, for a client that draws MCP Apps
/// (`app`) or not.
pub fn list(lang: Lang, app: bool) -> Vec<Tool> {
    let text = |msg: AgentMsg| Msg::Agent(msg).text(lang);
    let answer = Arc::new(output_schema());
    let submit_input = Arc::new(submit_schema());
    vec![
        // The two tools with a view carry no annotations: VS Code draws no
        // App for a tool that has them (docs/mcp.md, "Hosts").
        Tool::new(
            AgentTool::Submit.name(),
            text(AgentMsg::SubmitTool),
            submit_input.clone(),
        )
        .with_raw_output_schema(answer.clone())
        .with_meta(super::view::tool_meta(app)),
        Tool::new(
            AgentTool::Result.name(),
            text(AgentMsg::ResultTool),
            Arc::new(result_schema()),
        )
        .with_raw_output_schema(answer.clone())
        .with_annotations(ToolAnnotations::new().read_only(true).open_world(false)),
        Tool::new(
            AgentTool::Decide.name(),
            text(AgentMsg::DecideTool),
            submit_input,
        )
        .with_raw_output_schema(answer.clone())
        .with_meta(super::view::tool_meta(app)),
        Tool::new(
            AgentTool::Cancel.name(),
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
        // No output schema: its structured content is `{"hits":[...]}`,
        // each hit as `aide decide search --json` prints it.
        Tool::new(
            AgentTool::Search.name(),
            text(AgentMsg::SearchTool),
            Arc::new(args_schema::<SearchArgs>(&[])),
        )
        .with_annotations(ToolAnnotations::new().read_only(true).open_world(false)),
    ]
}

/// `aide decide schema`'s input, compact, plus `replace` (what it does is
/// in the tool's description).
fn submit_schema() -> JsonObject {
    let mut schema = object(app::model::compact_input_schema());
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert("replace".into(), serde_json::json!({"type": "boolean"}));
    }
    schema
}

fn result_schema() -> JsonObject {
    args_schema::<ResultArgs>(&[])
}

fn cancel_schema(lang: Lang) -> JsonObject {
    let reason = Msg::Agent(AgentMsg::ReasonArg).text(lang);
    args_schema::<CancelArgs>(&[("reason", reason)])
}

/// The answer's schema as a model reads it with every request: an object
/// with its `status`, one of the answer's kinds, and what every kind has
/// (`session_id`). What each kind carries besides is in the tools'
/// descriptions; every answer also comes as text. Derived from [`ToolAnswer`],
/// so a new kind is listed by itself.
fn output_schema() -> JsonObject {
    let full = app::model::compact_schema_for::<ToolAnswer>(Contract::Written);
    let kinds: Vec<&serde_json::Map<String, Value>> = full["oneOf"]
        .as_array()
        .map(|kinds| kinds.iter().filter_map(Value::as_object).collect())
        .unwrap_or_default();
    let required_by = |kind: &serde_json::Map<String, Value>, name: &str| {
        kind.get("required")
            .and_then(Value::as_array)
            .is_some_and(|required| required.iter().any(|r| r == name))
    };
    let mut properties = serde_json::Map::new();
    let mut required = Vec::new();
    if let Some(first) = kinds.first()
        && let Some(Value::Object(fields)) = first.get("properties")
    {
        for name in fields.keys() {
            if !kinds.iter().all(|kind| required_by(kind, name)) {
                continue;
            }
            // Each kind's schema of the field, once each.
            // (a kind's own `anyOf` is taken apart).
            let mut shapes: Vec<&Value> = Vec::new();
            for kind in &kinds {
                let Some(shape) = kind.get("properties").and_then(|p| p.get(name)) else {
                    continue;
                };
                let branches = match shape.get("anyOf").and_then(Value::as_array) {
                    Some(branches) if shape.as_object().is_some_and(|o| o.len() == 1) => {
                        branches.iter().collect()
                    }
                    _ => vec![shape],
                };
                for branch in branches {
                    if !shapes.contains(&branch) {
                        shapes.push(branch);
                    }
                }
            }
            let field = if name == "status" {
                let statuses: Vec<&Value> = shapes
                    .iter()
                    .filter_map(|shape| shape.get("const"))
                    .collect();
                serde_json::json!({ "type": "string", "enum": statuses })
            } else if let [one] = shapes[..] {
                one.clone()
            } else {
                serde_json::json!({ "anyOf": shapes })
            };
            properties.insert(name.clone(), field);
            required.push(Value::from(name.as_str()));
        }
    }
    object(serde_json::json!({
        "type": "object",
        "properties": properties,
        "required": required,
    }))
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::args::{CANCEL_FIELDS, RESULT_FIELDS, SEARCH_FIELDS};

    #[test]
    fn the_fields_read_are_the_fields_the_schemas_publish() {
        for (fields, schema) in [
            (RESULT_FIELDS, result_schema()),
            (CANCEL_FIELDS, cancel_schema(Lang::En)),
            (SEARCH_FIELDS, args_schema::<SearchArgs>(&[])),
        ] {
            let published: Vec<&String> =
                schema["properties"].as_object().unwrap().keys().collect();
            let read: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
            assert_eq!(published, read);
        }
    }

    #[test]
    fn arguments_with_a_default_are_not_required() {
        // The schemas say what aide reads: a strict client must be able
        // to leave out session_id, wait_seconds and reason (and a search's
        // all_projects: only its query is required).
        for (schema, fields) in [
            (result_schema(), RESULT_FIELDS),
            (cancel_schema(Lang::En), CANCEL_FIELDS),
        ] {
            let required = schema.get("required").and_then(|r| r.as_array());
            assert!(
                required.is_none_or(|r| r.is_empty()),
                "{fields:?}: {required:?}"
            );
        }
        let search = args_schema::<SearchArgs>(&[]);
        assert_eq!(search["required"], serde_json::json!(["query"]));
    }

    /// What every agent session with aide registered carries in its
    /// model's context: the tools the model sees (the App view's tools are
    /// the view's alone), as `tools/list` sends them. 6,000 bytes until an
    /// option could show a preview, a diff or a picture (issue 57), whose
    /// four fields `decide` and `decide_submit` each name; 6,500 until an
    /// item could be reversible with a rule for silence (issue 58: two
    /// fields, and the answer's `provisional` status); 7,000 until an item
    /// could say `"ask": "always"` against a standing ruling (issue 56).
    #[test]
    fn the_tools_a_model_sees_take_at_most_7100_bytes() {
        for lang in [Lang::En, Lang::Zh] {
            let tools = list(lang, false);
            let bytes = serde_json::to_vec(&tools).unwrap().len();
            assert!(bytes <= 7100, "{lang:?}: {bytes} bytes");
        }
    }

    #[test]
    fn the_compact_input_names_every_field_and_rule_of_the_full_one() {
        /// Every property name a schema names, at any depth.
        fn names(schema: &Value, out: &mut Vec<String>) {
            match schema {
                Value::Object(map) => {
                    if let Some(Value::Object(properties)) = map.get("properties") {
                        out.extend(properties.keys().cloned());
                    }
                    map.values().for_each(|v| names(v, out));
                }
                Value::Array(items) => items.iter().for_each(|v| names(v, out)),
                _ => {}
            }
        }
        let compact = Value::Object(submit_schema());
        let (mut full_names, mut compact_names) = (Vec::new(), Vec::new());
        names(&app::model::input_schema(), &mut full_names);
        names(&compact, &mut compact_names);
        assert!(full_names.len() > 10, "{full_names:?}");
        for name in &full_names {
            assert!(compact_names.contains(name), "{name} left out");
        }
        let compact = compact.to_string();
        for rule in [
            "\"minItems\":2",
            "\"maximum\":100",
            "\"additionalProperties\":false",
        ] {
            assert!(compact.contains(rule), "{rule}: {compact}");
        }
        assert!(!compact.contains("$ref") && !compact.contains("description"));
    }

    #[test]
    fn the_schemas_are_objects_and_the_answer_has_its_statuses() {
        let tools = list(Lang::En, true);
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
