//! The JSON Schemas of the formats, generated from the types (`aide decide
//! schema`, the MCP tools' input and output schemas).

use super::{DecideInput, DecideOutput};

/// `"type": ["string", "null"]` (schemars' `Option`) written as `anyOf` of
/// one type each: valid either way, but clients that map schemas to a
/// one-type dialect (Gemini's function declarations, MCP Inspector's
/// `--strict`) reject or weaken a type list.
fn single_types(schema: &mut schemars::Schema) {
    let Some(serde_json::Value::Array(types)) = schema.get("type") else {
        return;
    };
    let types = types.clone();
    if types.len() < 2 {
        return;
    }
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    object.remove("type");
    // Keywords of one type (minLength, maximum, …) apply only to values
    // of that type, so they stay where they are.
    let branches = types
        .into_iter()
        .map(|kind| serde_json::json!({ "type": kind }))
        .collect();
    object.insert("anyOf".into(), serde_json::Value::Array(branches));
}

/// Which side of a format a schema describes ([`schema_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contract {
    /// What aide reads: the input, a tool's arguments.
    Read,
    /// What aide writes: the output, a tool's answer.
    Written,
}

/// The JSON Schema (draft 2020-12) of `T`, as aide publishes every schema
/// (`aide decide schema`, the MCP tools): only the formats the standard
/// defines. schemars marks Rust's integer widths with `format: uint32` and
/// the like, which strict validators warn about; `minimum: 0` already says
/// the same.
///
/// `contract` says which side the schema describes: what aide reads (a
/// field with a default is then optional) or what it writes.
pub fn schema_for<T: schemars::JsonSchema>(
    title: Option<&str>,
    contract: Contract,
) -> serde_json::Value {
    let mut schema = generate::<T>(contract, Detail::Full);
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

/// [`schema_for`] in as few bytes as say the same shape: every subschema
/// inline, an optional argument as its type alone (leaving it out is how
/// it is omitted), and no descriptions, defaults, titles or `$schema`. For
/// what a model reads with every request (the MCP tools' listing); the
/// words are in the tool's description and in [`schema_for`]'s schema.
pub fn compact_schema_for<T: schemars::JsonSchema>(contract: Contract) -> serde_json::Value {
    let nulls = match contract {
        Contract::Read => Nulls::LeftOut,
        Contract::Written => Nulls::Kept,
    };
    generate::<T>(contract, Detail::Compact(nulls)).to_value()
}

/// [`input_schema`], compact as [`compact_schema_for`] makes a schema of
/// what aide reads.
pub fn compact_input_schema() -> serde_json::Value {
    generate::<DecideInput>(Contract::Written, Detail::Compact(Nulls::LeftOut)).to_value()
}

/// An optional argument's `anyOf: [T, {"type": "null"}]` (as
/// `single_types` writes `Option<T>`) as `T` alone: aide reads an argument
/// left out as it reads `null`.
fn without_null(schema: &mut schemars::Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let Some(serde_json::Value::Array(branches)) = object.get_mut("anyOf") else {
        return;
    };
    branches.retain(|branch| *branch != serde_json::json!({ "type": "null" }));
    if branches.len() != 1 {
        return;
    }
    let Some(serde_json::Value::Object(only)) = branches.pop() else {
        return;
    };
    object.remove("anyOf");
    for (key, value) in only {
        object.entry(key).or_insert(value);
    }
}

/// How much a generated schema says.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Detail {
    Full,
    Compact(Nulls),
}

/// Whether a compact schema keeps `null` as a value of optional fields.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Nulls {
    /// What aide writes may be `null`.
    Kept,
    /// What aide reads is as well left out.
    LeftOut,
}

fn generate<T: schemars::JsonSchema>(contract: Contract, detail: Detail) -> schemars::Schema {
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
            single_types(schema);
        });
    let mut settings = schemars::generate::SchemaSettings::draft2020_12();
    if detail != Detail::Full {
        settings.inline_subschemas = true;
        settings.meta_schema = None;
    }
    let settings = match contract {
        Contract::Read => settings.for_deserialize(),
        Contract::Written => settings.for_serialize(),
    };
    let settings = settings.with_transform(standard_formats);
    let settings = match detail {
        Detail::Full => settings,
        Detail::Compact(nulls) => settings.with_transform(schemars::transform::RecursiveTransform(
            move |schema: &mut schemars::Schema| {
                // First, so the words of a branch taken in go too.
                if nulls == Nulls::LeftOut {
                    without_null(schema);
                }
                for word in ["description", "default", "title"] {
                    schema.remove(word);
                }
            },
        )),
    };
    settings.into_generator().into_root_schema_for::<T>()
}

/// The JSON Schema (draft 2020-12) of what `aide decide submit` accepts,
/// generated from [`DecideInput`]. Rules a schema cannot say (unique ids and
/// values, `recommend` naming an option, `end` not before `start`) are in
/// the descriptions and enforced by `crate::validate_input`.
pub fn input_schema() -> serde_json::Value {
    // Written: the input is read through the one validation (`try_from` a
    // JSON value, which a schema cannot see), and accepts what it writes.
    schema_for::<DecideInput>(Some("aide decide submit input"), Contract::Written)
}

/// The JSON Schema (draft 2020-12) of what `aide decide result` prints,
/// generated from [`DecideOutput`]. Rules that depend on the input (every
/// item answered once, in a way its flags allow) are in the descriptions
/// and enforced by `crate::validate_output`.
pub fn output_schema() -> serde_json::Value {
    schema_for::<DecideOutput>(Some("aide decide result output"), Contract::Written)
}

#[cfg(test)]
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
        // chosen, other, skipped, and an item deferred ("Decide later").
        assert_eq!(decision["oneOf"].as_array().map(Vec::len), Some(4));
        assert_eq!(decision["properties"]["skipped"]["const"], true);
        assert_eq!(decision["properties"]["deferred"]["const"], true);
        assert_eq!(decision["properties"]["other"]["maxLength"], 4000);
        let text = schema["$defs"]["Chosen"].to_string();
        assert!(text.contains("array") && text.contains("string"), "{text}");
    }
}
