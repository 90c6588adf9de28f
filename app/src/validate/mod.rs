//! The one validation module: every rule of `docs/formats.md`, used by the
//! CLI, the server and the browser alike.
//!
//! Each format is read once into its raw structs (`raw/`) and checked by
//! one rule pass that names every problem with its place, so an agent can
//! fix all of them in one go (`docs/types.md`).

mod answer;
mod attached;
mod diff;
mod error;
mod fields;
mod files;
mod input;
mod json;
mod options;
mod path;
mod raw;
mod read;
mod rule;
mod same;
mod shape;
mod stored;
mod version;

pub use error::{ErrorKind, JsonKind, Place, ReadError, ValidationError, ValidationErrors};
pub use files::{FileRefusal, NoFiles, ProjectFiles};
pub use json::JsonError;
pub use read::closest as closest_name;
pub use stored::{
    PendingHead, RecordOf, RecordSummary, StoredError, parse_draft, parse_pending, parse_record,
    record_answers, record_summary, skim_pending,
};
pub use version::{
    CURRENT_VERSION, Compat, FormatVersion, VERSION_FIELD, VersionError, WrittenVersion,
    check_version,
};

pub(crate) use raw::{Number, OneOrMany, RawDecision, RawField};

use crate::model::{DecideInput, DecideOutput, DraftEntry};
use path::{Path, Report};
use raw::{RawInput, RawOutput};
use read::{INPUT, OUTPUT, Unknown};
use serde_json::Value;

/// Most errors reported for one input; the rest are counted.
pub const MAX_REPORTED_ERRORS: usize = 20;

/// The problems of a document that was parsed already. serde cannot
/// refuse such a one (every field of a raw struct takes any kind of
/// value), so a "not JSON" here would be a bug: named at the document.
fn parsed(error: ReadError) -> ValidationErrors {
    match error {
        ReadError::Invalid(errors) => errors,
        ReadError::Json(_) => ValidationErrors::single(
            "",
            ErrorKind::WrongType {
                expected: JsonKind::Object,
                actual: JsonKind::Object,
            },
        ),
    }
}

fn refused(_: &Value) -> Result<Unknown, ReadError> {
    Ok(Unknown::Refused)
}

/// Reads an agent's input (`docs/formats.md`, Input) from its text; the
/// files it names cannot be read ([`parse_input_with`] reads them).
pub fn parse_input(bytes: &[u8]) -> Result<DecideInput, ReadError> {
    parse_input_with(bytes, &NoFiles)
}

/// Reads an agent's input from its text, with the files it names
/// (`diff_file`, `image`) read from `files`.
pub fn parse_input_with(bytes: &[u8], files: &dyn ProjectFiles) -> Result<DecideInput, ReadError> {
    let mut report = Report::default();
    let origin = input::Origin::Agent(files);
    let input = read::read::<RawInput<'static>, _, ReadError>(
        bytes,
        &INPUT,
        &mut report,
        refused,
        |raw, report| Ok(input::input(raw, origin, Path::Root, report)),
    )?;
    Ok(report.finish(input)?)
}

/// Validates an agent's input that is parsed already (an MCP client's
/// arguments). A `_meta` key is allowed and ignored. The files it names
/// cannot be read ([`validate_input_with`] reads them).
pub fn validate_input(value: &Value) -> Result<DecideInput, ValidationErrors> {
    validate_input_with(value, &NoFiles)
}

/// [`validate_input`], with the files the input names read from `files`.
pub fn validate_input_with(
    value: &Value,
    files: &dyn ProjectFiles,
) -> Result<DecideInput, ValidationErrors> {
    let mut report = Report::default();
    let origin = input::Origin::Agent(files);
    let input = read::read_value::<RawInput<'static>, _, ReadError>(
        value,
        &INPUT,
        &mut report,
        refused,
        |raw, report| Ok(input::input(raw, origin, Path::Root, report)),
    )
    .map_err(parsed)?;
    report.finish(input)
}

/// Reads `{"decisions":[...]}` from its text as the answers to `input`:
/// every item decided once, in a way its flags allow; blank notes dropped,
/// `other` trimmed, several `chosen` values in the options' order, the
/// decisions in the items' order.
pub fn parse_output(input: &DecideInput, bytes: &[u8]) -> Result<DecideOutput, ReadError> {
    let mut report = Report::default();
    let decisions = read::read::<RawOutput<'static>, _, ReadError>(
        bytes,
        &OUTPUT,
        &mut report,
        refused,
        |raw, report| Ok(output_rules(raw, input, report)),
    )?;
    Ok(report.finish(decisions)?)
}

/// [`parse_output`] of a parsed document.
pub fn validate_output(
    input: &DecideInput,
    value: &Value,
) -> Result<DecideOutput, ValidationErrors> {
    let mut report = Report::default();
    let decisions = read::read_value::<RawOutput<'static>, _, ReadError>(
        value,
        &OUTPUT,
        &mut report,
        refused,
        |raw, report| Ok(output_rules(raw, input, report)),
    )
    .map_err(parsed)?;
    report.finish(decisions)
}

fn output_rules(
    raw: RawOutput<'_>,
    input: &DecideInput,
    report: &mut Report<'_>,
) -> Option<DecideOutput> {
    let at = Path::Root.key("decisions");
    let list = fields::required(raw.decisions, at, report)?;
    answer::decisions(list, input, at, report).map(|decisions| DecideOutput {
        decisions,
        later: None,
    })
}

/// Reads a draft's body `{"decisions":[...]}` from its text against the
/// input it belongs to: known ids, each at most once, at most one kind of
/// answer, each allowed by the item's flags. Entries with no answer and a
/// blank note are dropped; entries come back in the items' order.
pub fn parse_draft_body(input: &DecideInput, bytes: &[u8]) -> Result<Vec<DraftEntry>, ReadError> {
    let mut report = Report::default();
    let entries = read::read::<RawOutput<'static>, _, ReadError>(
        bytes,
        &OUTPUT,
        &mut report,
        refused,
        |raw, report| Ok(draft_rules(raw, input, report)),
    )?;
    Ok(report.finish(entries)?)
}

/// [`parse_draft_body`] of a parsed document.
pub fn validate_draft(
    input: &DecideInput,
    value: &Value,
) -> Result<Vec<DraftEntry>, ValidationErrors> {
    let mut report = Report::default();
    let entries = read::read_value::<RawOutput<'static>, _, ReadError>(
        value,
        &OUTPUT,
        &mut report,
        refused,
        |raw, report| Ok(draft_rules(raw, input, report)),
    )
    .map_err(parsed)?;
    report.finish(entries)
}

fn draft_rules(
    raw: RawOutput<'_>,
    input: &DecideInput,
    report: &mut Report<'_>,
) -> Option<Vec<DraftEntry>> {
    let at = Path::Root.key("decisions");
    let list = fields::required(raw.decisions, at, report)?;
    answer::draft_entries(list, input, at, report)
}

/// The answers the page's form gave, one raw decision per item of `input`
/// in its order: each problem is placed at its item, for the person.
pub(crate) fn form_output(
    input: &DecideInput,
    entries: Vec<RawField<RawDecision<'_>>>,
) -> Result<DecideOutput, ValidationErrors> {
    let mut report = Report::for_form(input);
    let at = Path::Root.key("decisions");
    let decisions = answer::decisions(entries, input, at, &mut report);
    report.finish(decisions.map(|decisions| DecideOutput {
        decisions,
        later: None,
    }))
}

/// The answers so far the page's form gave (as [`form_output`]).
pub(crate) fn form_draft(
    input: &DecideInput,
    entries: Vec<RawField<RawDecision<'_>>>,
) -> Result<Vec<DraftEntry>, ValidationErrors> {
    let mut report = Report::for_form(input);
    let at = Path::Root.key("decisions");
    let entries = answer::draft_entries(entries, input, at, &mut report);
    report.finish(entries)
}

#[cfg(test)]
mod answer_draft_tests;
#[cfg(test)]
mod answer_tests;
#[cfg(test)]
mod attached_tests;
#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
