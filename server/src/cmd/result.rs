use super::current_dir;
use crate::error::CliError;
use crate::output::print_data;
use crate::store::Project;

/// `aide decide result`: the answers as compact JSON on stdout, nothing else.
pub fn run() -> Result<(), CliError> {
    let output = Project::find(&current_dir()?)?.decisions()?.result()?;
    print_data(&output.to_compact_json()).map_err(|error| CliError::ReadInput {
        source_name: "stdout".into(),
        error,
    })
}
