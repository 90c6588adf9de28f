//! Target 1: the input JSON of `aide decide submit`, read by
//! `decide::input::parse_input` exactly as submit reads it.

use super::{assert_paths_point_into, bounded};
use crate::decide::error::DecideError;
use crate::decide::input::parse_input;
use app::{Lang, validate_input};
use serde_json::Value;

/// Reads `bytes` as submit's input. Properties: what is accepted
/// serialises and validates back to itself; the text and the same
/// document parsed already (an MCP client's arguments) read the same; what
/// is refused is refused as JSON that does not parse, or with errors whose
/// paths point into the document and whose texts the catalogue has.
pub fn input(bytes: &[u8]) {
    bounded(bytes, || {
        // submit reads its input as text (stdin, a file or the argument).
        let Ok(text) = std::str::from_utf8(bytes) else {
            return;
        };
        let parsed = serde_json::from_str::<Value>(text).ok();
        match parse_input(text, &app::validate::NoFiles) {
            Ok(input) => {
                let written = serde_json::to_value(&input).expect("an input serialises");
                let again = validate_input(&written).expect("what was accepted is valid again");
                assert_eq!(again, input);
                let value = parsed.expect("accepted text is JSON");
                assert_eq!(validate_input(&value), Ok(input), "text and value differ");
            }
            Err(DecideError::Validation(errors)) => {
                // (A document nested deeper than serde_json builds a value
                // for is refused at its top, as no object.)
                if let Some(value) = parsed {
                    assert_paths_point_into(&value, &errors);
                    let again = validate_input(&value);
                    assert_eq!(again, Err(errors.clone()), "text and value differ");
                }
                for lang in [Lang::Zh, Lang::En] {
                    assert!(errors.messages(lang).iter().all(|m| !m.is_empty()));
                }
            }
            Err(DecideError::Json(_)) => {
                assert!(parsed.is_none(), "JSON that parses was refused as not JSON");
            }
            Err(other) => panic!("parse_input failed in a way of its own: {other:?}"),
        }
    });
}
