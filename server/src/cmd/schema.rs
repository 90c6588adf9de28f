use crate::error::CliError;
use crate::stdout::print_json_text;

/// `aide decide schema`: the JSON Schema of the submit input, or with
/// `--output` of what `result` prints, generated from the same Rust types
/// the validation builds, so it cannot drift.
pub fn run(output: bool) -> Result<(), CliError> {
    let schema = if output {
        app::model::output_schema()
    } else {
        app::model::input_schema()
    };
    let text = serde_json::to_string_pretty(&schema).map_err(|e| CliError::stdout(e.into()))?;
    print_json_text(&text)
}
