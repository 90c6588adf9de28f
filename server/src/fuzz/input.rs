//! Target 1: the input JSON of `aide decide submit`, read by
//! `cmd::submit::parse_input` exactly as submit reads it (the fast reader
//! first, the careful one for anything else).

use super::{assert_paths_point_into, bounded};
use crate::cmd::submit::parse_input;
use crate::error::CliError;
use app::validate::input_fast;
use app::{Lang, validate_input};
use serde_json::Value;

/// Reads `bytes` as submit's input. Properties: what is accepted
/// serialises and validates back to itself, and the fast reader never
/// accepts what the careful one refuses or reads it differently; what is
/// refused is refused as JSON that does not parse, or with errors whose
/// paths point into the document and whose texts the catalogue has.
pub fn input(bytes: &[u8]) {
    bounded(bytes, || {
        let fast = input_fast(bytes);
        // submit reads its input as text (stdin, a file or the argument).
        let Ok(text) = std::str::from_utf8(bytes) else {
            assert!(
                fast.is_none(),
                "the fast reader took bytes that are not UTF-8"
            );
            return;
        };
        match parse_input(text) {
            Ok(input) => {
                let written = serde_json::to_value(&input).expect("an input serialises");
                let again = validate_input(&written).expect("what was accepted is valid again");
                assert_eq!(again, input);
                if let Some(fast) = fast {
                    assert_eq!(fast, input, "the fast reader read it differently");
                }
            }
            Err(CliError::Validation(errors)) => {
                assert!(fast.is_none(), "the fast reader took an invalid input");
                let value: Value = serde_json::from_str(text).expect("it parsed as JSON");
                assert_paths_point_into(&value, &errors);
                for lang in [Lang::Zh, Lang::En] {
                    assert!(errors.messages(lang).iter().all(|m| !m.is_empty()));
                }
            }
            Err(CliError::Json(_)) => {
                assert!(fast.is_none(), "the fast reader took text that is not JSON");
            }
            Err(other) => panic!("parse_input failed in a way of its own: {other:?}"),
        }
    });
}
