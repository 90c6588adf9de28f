//! The one validation module: every rule of `docs/formats.md`, used by the
//! CLI, the server and the browser alike.
//!
//! Validation walks the parsed JSON and collects every problem with its field
//! path, so an agent can fix all of them in one go.

mod answer;
mod draft;
mod error;
mod fast;
mod input;
mod output;
mod stored;
mod version;
mod walker;

pub use draft::validate_draft;
pub use error::{ErrorKind, JsonKind, ValidationError, ValidationErrors};
pub use fast::{input_fast, pending_fast, record_output_fast};
pub use input::validate_input;
pub use output::validate_output;
pub use stored::{StoredError, parse_draft, parse_pending, parse_record};
pub use version::{
    CURRENT_VERSION, Compat, FormatVersion, VERSION_FIELD, VersionError, WrittenVersion,
    check_version,
};
pub use walker::closest as closest_name;

/// Most errors reported for one input; the rest are counted.
pub const MAX_REPORTED_ERRORS: usize = 20;

#[cfg(test)]
mod answer_draft_tests;
#[cfg(test)]
mod answer_tests;
#[cfg(test)]
mod fast_tests;
#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
