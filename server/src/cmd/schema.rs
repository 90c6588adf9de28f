use crate::error::CliError;
use crate::stdout::print_data;

/// `aide decide schema`: the JSON Schema of the submit input, generated from
/// the same Rust types the validation builds, so it cannot drift.
pub fn run() -> Result<(), CliError> {
    let schema = app::model::input_schema();
    let text = serde_json::to_string_pretty(&schema).map_err(|e| CliError::stdout(e.into()))?;
    print_data(&text)
}
