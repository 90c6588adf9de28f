//! The data formats of `docs/formats.md`.
//!
//! Every type here is built only by `crate::validate`, so a value of one of
//! them always satisfies the rules written there. Deserialising goes
//! through the same validation (`try_from = "serde_json::Value"`).

mod draft;
pub(crate) mod input;
mod output;
mod record;
mod session;
mod time;

pub use draft::{Draft, DraftEntry};
pub use input::{DecideInput, DecideItem, DecideOption, ItemId, Location, Score};
pub use output::{Answer, DecideOutput, Decision, MAX_OTHER_CHARS};
pub use record::{DecisionRecord, Meta, Pending, RecordInput, Via};
pub use session::{SessionId, SessionIdError};
pub use time::Timestamp;

/// The JSON Schema (draft 2020-12) of `T`, as aide publishes every schema
/// (`aide decide schema`, the MCP tools): only the formats the standard
/// defines. schemars marks Rust's integer widths with `format: uint32` and
/// the like, which strict validators warn about; `minimum: 0` already says
/// the same.
#[cfg(feature = "schema")]
pub fn schema_for<T: schemars::JsonSchema>(title: Option<&str>) -> serde_json::Value {
    const STANDARD: &[&str] = &[
        "date-time",
        "date",
        "time",
        "duration",
        "email",
        "idn-email",
        "hostname",
        "idn-hostname",
        "ipv4",
        "ipv6",
        "uri",
        "uri-reference",
        "iri",
        "iri-reference",
        "uuid",
        "uri-template",
        "json-pointer",
        "relative-json-pointer",
        "regex",
    ];
    let standard_formats =
        schemars::transform::RecursiveTransform(|schema: &mut schemars::Schema| {
            let odd = schema
                .get("format")
                .and_then(serde_json::Value::as_str)
                .is_some_and(|format| !STANDARD.contains(&format));
            if odd {
                schema.remove("format");
            }
        });
    let mut schema = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .with_transform(standard_formats)
        .into_generator()
        .into_root_schema_for::<T>();
    match title {
        Some(title) => {
            schema.insert("title".into(), title.into());
        }
        None => {
            schema.remove("title");
        }
    }
    schema.to_value()
}

/// The JSON Schema (draft 2020-12) of what `aide decide submit` accepts,
/// generated from [`DecideInput`]. Rules a schema cannot say (unique ids and
/// values, `recommend` naming an option, `end` not before `start`) are in
/// the descriptions and enforced by `crate::validate_input`.
#[cfg(feature = "schema")]
pub fn input_schema() -> serde_json::Value {
    schema_for::<DecideInput>(Some("aide decide submit input"))
}

/// The JSON Schema (draft 2020-12) of what `aide decide result` prints,
/// generated from [`DecideOutput`]. Rules that depend on the input (every
/// item answered once, in a way its flags allow) are in the descriptions
/// and enforced by `crate::validate_output`.
#[cfg(feature = "schema")]
pub fn output_schema() -> serde_json::Value {
    schema_for::<DecideOutput>(Some("aide decide result output"))
}

#[cfg(all(test, feature = "schema"))]
mod schema_tests {
    #[test]
    fn schemas_use_only_standard_formats() {
        for schema in [super::input_schema(), super::output_schema()] {
            let text = schema.to_string();
            assert!(!text.contains("\"uint"), "{text}");
            assert!(text.contains("\"minimum\":1") || text.contains("\"minimum\":0"));
        }
    }

    #[test]
    fn the_schema_describes_every_field_and_rule() {
        let schema = super::input_schema();
        let text = schema.to_string();
        assert_eq!(
            schema["required"],
            serde_json::json!(["task", "source", "items"])
        );
        assert_eq!(schema["additionalProperties"], false);
        for needle in [
            "\"minItems\":2",
            "\"maximum\":100",
            "\"recommend\"",
            "\"location\"",
            "\"pros\"",
        ] {
            assert!(text.contains(needle), "schema lacks {needle}: {text}");
        }
        // Descriptions are for users and models, not notes on internals.
        for internal in ["crate::", "Deserialis", "server renders", "O(log"] {
            assert!(
                !text.contains(internal),
                "schema mentions {internal}: {text}"
            );
        }
        let item = &schema["$defs"]["DecideItem"]["properties"];
        for flag in ["multiple", "allow_other", "allow_skip"] {
            assert_eq!(item[flag]["type"], "boolean", "{flag}: {item}");
            assert!(item[flag]["description"].is_string(), "{flag}");
        }
    }

    #[test]
    fn the_output_schema_has_each_kind_of_answer() {
        let schema = super::output_schema();
        assert_eq!(schema["required"], serde_json::json!(["decisions"]));
        let decision = &schema["$defs"]["Decision"];
        assert_eq!(decision["required"], serde_json::json!(["id"]));
        assert_eq!(decision["additionalProperties"], false);
        assert_eq!(decision["oneOf"].as_array().map(Vec::len), Some(3));
        assert_eq!(decision["properties"]["skipped"]["const"], true);
        assert_eq!(decision["properties"]["other"]["maxLength"], 4000);
        let text = schema["$defs"]["Chosen"].to_string();
        assert!(text.contains("array") && text.contains("string"), "{text}");
    }
}
