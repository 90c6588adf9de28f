//! What every command starts from: the run's language, the project and
//! its config.

use super::error::DecideError;
use super::settings::{Overrides, ServerSettings};
use crate::config::{self, DecideConfig};
use crate::store::{DecisionStore, Project, StoreError};
use app::Lang;
use std::path::PathBuf;

/// What every command starts from: the run's language, the project (if
/// found) and its config (if valid).
pub struct Ctx {
    /// The language everything said in this run is in.
    pub lang: Lang,
    cwd: PathBuf,
    project: Option<Project>,
    config: Result<DecideConfig, config::ConfigError>,
    /// The language the person set (flag, `AIDE_LANG`, config), if any.
    lang_chosen: Option<Lang>,
    /// `--lang`, if given.
    pub lang_flag: Option<Lang>,
    /// The project's store once opened ([`Ctx::store`]).
    store: std::sync::OnceLock<DecisionStore>,
}

impl Ctx {
    /// Finds the project and reads its config; the config's `lang` takes
    /// part in choosing the language even before a command needs the rest.
    /// Fails only when the current folder cannot be read: with the
    /// language to say it in.
    pub fn new(lang_flag: Option<Lang>) -> Result<Ctx, (Lang, DecideError)> {
        let fallback = crate::lang::resolve(lang_flag, None);
        let cwd =
            crate::store::current_dir().map_err(|error| (fallback, DecideError::Store(error)))?;
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
            lang: crate::lang::resolve(lang_flag, config_lang),
            cwd,
            project,
            config,
            lang_chosen: crate::lang::chosen(lang_flag, config_lang),
            lang_flag,
            store: std::sync::OnceLock::new(),
        }
    }

    /// The folder the command runs in.
    pub fn cwd(&self) -> &std::path::Path {
        &self.cwd
    }

    /// The language the person set for aide (`--lang`, `AIDE_LANG`, the
    /// config), if any: what is written for the person otherwise follows
    /// the question's own language.
    pub fn lang_chosen(&self) -> Option<Lang> {
        self.lang_chosen
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

    pub fn project(&self) -> Result<&Project, DecideError> {
        self.project
            .as_ref()
            .ok_or_else(|| DecideError::Store(StoreError::NoAideDir(self.cwd.clone())))
    }

    /// The project's store, opened once per run: opening sweeps its
    /// folders for the temp files killed writers left, a look at every
    /// file (10,000 records: about 3 ms), which a submit made twice.
    pub fn store(&self) -> Result<DecisionStore, DecideError> {
        if let Some(store) = self.store.get() {
            return Ok(store.clone());
        }
        let store = self.project()?.decisions()?;
        Ok(self.store.get_or_init(|| store).clone())
    }

    /// The `[decide]` settings; a broken config file is an error here.
    pub fn config(&self) -> Result<DecideConfig, DecideError> {
        self.config.clone().map_err(DecideError::Config)
    }

    /// How this run serves the page: flags over the config over defaults.
    pub fn server_settings(&self, args: &Overrides) -> Result<ServerSettings, DecideError> {
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
