use crate::config;
use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::store::{InitOutcome, Project};
use app::i18n::Msg;

/// `aide init`: creates `.aide/` and a commented `.aide/config.toml` in the
/// current folder; both are left alone when they exist.
pub fn run(ctx: &Ctx) -> Result<(), CliError> {
    let printer = ctx.printer();
    match Project::init(ctx.cwd())? {
        InitOutcome::Created(path) => printer.ok(&Msg::InitCreated {
            path: path.display().to_string(),
        }),
        InitOutcome::AlreadyThere(path) => printer.ok(&Msg::InitExists {
            path: path.display().to_string(),
        }),
    }
    let project = Project::find(ctx.cwd())?;
    if let Some(path) = project.write_default_config(&config::default_file(printer.lang))? {
        printer.ok(&Msg::ConfigCreated {
            path: path.display().to_string(),
        });
    }
    if let Some(path) = project.ensure_gitignore()? {
        printer.ok(&Msg::Agent(app::i18n::AgentMsg::GitignoreCreated {
            path: path.display().to_string(),
        }));
    }
    Ok(())
}
