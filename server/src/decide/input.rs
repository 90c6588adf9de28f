//! The agent's input as submit reads it: from an argument, a file or
//! standard input, or an MCP client's arguments, and validated once.

use super::error::DecideError;
use app::DecideInput;
use app::i18n::Msg;
use app::validate::{ProjectFiles, ReadError, validate_input_with};
use std::io::Read;
use std::path::Path;

/// The input text read into its types, every error named with its field
/// path; the files its options name are read from `files`.
pub fn parse_input(text: &str, files: &dyn ProjectFiles) -> Result<DecideInput, DecideError> {
    app::validate::parse_input_with(text.as_bytes(), files).map_err(|error| match error {
        ReadError::Json(error) => DecideError::Json(error),
        ReadError::Invalid(errors) => DecideError::Validation(errors),
    })
}

/// The input text: `-` reads stdin, text starting with `{` or `[` is the
/// JSON itself, anything else is a file path.
pub fn read_input(arg: &str) -> Result<String, DecideError> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| Msg::ReadInput {
                source: "stdin".into(),
                detail: error.to_string(),
            })?;
        return Ok(text);
    }
    let trimmed = arg.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') || trimmed.is_empty() {
        return Ok(arg.to_owned());
    }
    let path = Path::new(arg);
    if !path.exists() {
        return Err(Msg::NotJsonNorFile {
            arg: arg.to_owned(),
        }
        .into());
    }
    // A FIFO or a device is refused, never waited on.
    crate::store::read_regular_text(path).map_err(|error| {
        Msg::ReadInput {
            source: arg.to_owned(),
            detail: error.to_string(),
        }
        .into()
    })
}

/// Arguments already parsed as JSON (an MCP tool's) read into the input;
/// the files its options name are read from `files`.
pub fn input_from_value(
    value: &serde_json::Value,
    files: &dyn ProjectFiles,
) -> Result<DecideInput, DecideError> {
    validate_input_with(value, files).map_err(DecideError::Validation)
}
