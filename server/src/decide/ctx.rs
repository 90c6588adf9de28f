//! What every command starts from: the printer in the run's language, the
//! project and its config.

use super::settings::ServerSettings;
use crate::cli::ServerArgs;
use crate::config::{self, DecideConfig};
use crate::error::CliError;
use crate::output::Printer;
use crate::store::{DecisionStore, Project, StoreError};
use app::Lang;
use std::path::PathBuf;

/// What every command starts from: the printer in the run's language, the
/// project (if found) and its config (if valid).
pub struct Ctx {
    pub printer: Printer,
    cwd: PathBuf,
    project: Option<Project>,
    config: Result<DecideConfig, config::ConfigError>,
    /// The language the person set (flag, `AIDE_LANG`, config), if any.
    lang_chosen: Option<Lang>,
    /// `--lang`, if given.
    pub lang_flag: Option<Lang>,
}

impl Ctx {
    /// Finds the project and reads its config; the config's `lang` takes
    /// part in choosing the language even before a command needs the rest.
    pub fn new(lang_flag: Option<Lang>) -> Result<Ctx, (Printer, CliError)> {
        let fallback = Printer {
            lang: crate::lang::resolve(lang_flag, None),
        };
        let cwd = std::env::current_dir().map_err(|error| {
            let error = CliError::Store(StoreError::Io {
                op: app::i18n::FileOp::Folder,
                path: ".".into(),
                source: error,
            });
            (fallback, error)
        })?;
        Ok(Ctx::at(cwd, lang_flag))
    }

    /// The context of the project at or above `cwd`.
    pub fn at(cwd: PathBuf, lang_flag: Option<Lang>) -> Ctx {
        let project = Project::find(&cwd).ok();
        let config = match &project {
            Some(project) => load_config(project),
            None => Ok(DecideConfig::default()),
        };
        let config_lang = config.as_ref().ok().and_then(|c| c.lang);
        Ctx {
            printer: Printer {
                lang: crate::lang::resolve(lang_flag, config_lang),
            },
            cwd,
            project,
            config,
            lang_chosen: crate::lang::chosen(lang_flag, config_lang),
            lang_flag,
        }
    }

    pub fn project(&self) -> Result<&Project, CliError> {
        self.project
            .as_ref()
            .ok_or_else(|| CliError::Store(StoreError::NoAideDir(self.cwd.clone())))
    }

    /// Where an input's files (`diff_file`, `image`) are read: the
    /// project, or without one the current folder (a submit then stops
    /// for want of a project, a `--check` reads them as the page would).
    pub fn input_files(&self) -> crate::project_file::attached::InputFiles {
        let root = self
            .project
            .as_ref()
            .map_or(self.cwd.as_path(), |p| p.root());
        crate::project_file::attached::InputFiles::at(root)
    }

    pub fn store(&self) -> Result<DecisionStore, CliError> {
        Ok(self.project()?.decisions()?)
    }

    /// The `[decide]` settings; a broken config file is an error here.
    pub fn config(&self) -> Result<DecideConfig, CliError> {
        self.config.clone().map_err(CliError::Config)
    }

    /// How this run serves the page: flags over the config over defaults.
    pub fn server_settings(&self, args: &ServerArgs) -> Result<ServerSettings, CliError> {
        let mut settings = ServerSettings::resolve(args, &self.config()?);
        settings.lang = self.lang_chosen;
        Ok(settings)
    }
}

fn load_config(project: &Project) -> Result<DecideConfig, config::ConfigError> {
    let name = Project::config_name();
    match project.read_config() {
        Ok(Some(text)) => config::parse(&text, &name),
        Ok(None) => Ok(DecideConfig::default()),
        Err(error) => Err(config::ConfigError::Unreadable(error.into())),
    }
}
