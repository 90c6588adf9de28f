//! `aide setup CLIENT`: registers `aide mcp` in an MCP client's own
//! configuration, as the client must start it (`launch.rs`): in a user's
//! file, by the absolute path of the running `aide` (a client started from
//! a desktop never depends on the PATH), or by its runner's command when it
//! runs from a runner's cache; in a project's file, which is committed and
//! read on other machines, by its name or its runner's command, never by
//! this machine's path. The file is written by the store's one atomic
//! writer (`store::replace_file`): through links, its owner and mode
//! kept. Each file is edited
//! by a parser that keeps everything else in it, comments included: JSON
//! with comments (`json.rs`, jsonc-parser's syntax tree), TOML (`toml.rs`,
//! toml_edit) and YAML (`yaml.rs`). An entry already there and the same is
//! left alone; a file that cannot be read as its format is refused, with
//! its line and the reason, and not touched.

mod client;
mod json;
mod launch;
mod toml;
mod yaml;

pub use client::{Client, SettingsScope};
pub use launch::{Invocation, die_with_launcher};
use std::io;
use std::path::{Path, PathBuf};

/// Where the client keeps its configuration, and the folders it depends
/// on, read from the environment once.
pub struct Places {
    pub home: Option<PathBuf>,
    pub config: Option<PathBuf>,
    /// `XDG_CONFIG_HOME`, which OpenCode reads on every system.
    pub xdg_config: Option<PathBuf>,
    pub codex_home: Option<PathBuf>,
    /// The project (the folder holding `.aide/`), if there is one.
    pub project: Option<PathBuf>,
    /// Whether this is Windows, where Goose keeps its settings elsewhere.
    pub windows: bool,
}

impl Places {
    /// The file `client` reads; `None` when its folder cannot be told.
    pub fn file(&self, client: Client) -> Option<PathBuf> {
        let home = self.home.as_deref();
        Some(match client {
            Client::ClaudeCode => home?.join(".claude.json"),
            Client::ClaudeDesktop => self
                .config
                .as_deref()?
                .join("Claude/claude_desktop_config.json"),
            Client::Codex => self
                .codex_home
                .clone()
                .or_else(|| Some(home?.join(".codex")))?
                .join("config.toml"),
            Client::Cursor | Client::Vscode | Client::Gemini => {
                self.project.as_deref()?.join(client.project_file()?)
            }
            // Goose reads ~/.config on macOS as on Linux, and its own
            // folder of the roaming AppData on Windows.
            Client::Goose if self.windows => self
                .config
                .as_deref()?
                .join("Block/goose/config/config.yaml"),
            Client::Goose => home?.join(".config/goose/config.yaml"),
            Client::Qwen => home?.join(".qwen/settings.json"),
            Client::OpenCode => self
                .xdg_config
                .clone()
                .or_else(|| Some(home?.join(".config")))?
                .join("opencode/opencode.json"),
        })
    }
}

/// What aide registers: the command and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registration {
    pub command: String,
    pub args: Vec<String>,
}

impl Registration {
    /// `aide mcp` as `client` must start it, this aide being started as
    /// `launch` says: a runner's command wherever it is; else in a user's
    /// file the absolute path, in a project's the name on the PATH.
    pub fn for_client(client: Client, launch: &Invocation, project: Option<&Path>) -> Registration {
        let (command, mut args) = match launch {
            Invocation::Runner(runner) => runner.command(),
            Invocation::Path(_) if client.scope() == SettingsScope::Project => {
                ("aide".to_owned(), Vec::new())
            }
            Invocation::Path(exe) => (exe.display().to_string(), Vec::new()),
        };
        args.push("mcp".to_owned());
        if client.scope() == SettingsScope::UserNamingProject
            && let Some(project) = project
        {
            args.extend(["--project".to_owned(), project.display().to_string()]);
        }
        Registration { command, args }
    }
}

/// What registering did, or would do.
#[derive(Debug, PartialEq, Eq)]
pub enum Edit {
    /// aide was there already, the same.
    Already,
    /// The entry was added (or, if aide was there with another command,
    /// replaced): the file's new text, and the entry as written in it.
    Changed {
        text: String,
        entry: String,
        replaced: Option<Registration>,
    },
}

/// Why a file was not edited.
#[derive(Debug, PartialEq, Eq)]
pub enum NotEdited {
    /// Not readable as its format, at `line`:`column`.
    Parse {
        line: usize,
        column: usize,
        reason: String,
    },
    /// Readable, but not a shape aide can add to (the reason says how).
    Shape(String),
}

/// aide's entry in `text` (the file of `client`), if any.
pub fn registered(client: Client, text: &str) -> Result<Option<Registration>, NotEdited> {
    match client {
        Client::Codex => toml::registered(text),
        Client::Goose => yaml::registered(text),
        _ => json::registered(text, json::ConfigShape::of(client)),
    }
}

/// `text` (the file of `client`, empty for none) with `entry` in it.
pub fn register(client: Client, text: &str, entry: &Registration) -> Result<Edit, NotEdited> {
    match client {
        Client::Codex => toml::register(text, entry),
        Client::Goose => yaml::register(text, entry),
        _ => json::register(text, json::ConfigShape::of(client), entry),
    }
}

/// The file's text, empty when there is none; a FIFO or a device is
/// refused, never waited on.
pub fn read(path: &Path) -> io::Result<String> {
    match crate::store::read_regular_text(path) {
        Ok(text) => Ok(text),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(e),
    }
}

/// The entry the formats' tests register.
#[cfg(test)]
fn test_entry() -> Registration {
    Registration {
        command: "/opt/aide/bin/aide".into(),
        args: vec!["mcp".into()],
    }
}

/// The line and column (from 1) of byte `at` in `text`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::{Client, Places};
    use std::path::PathBuf;

    fn places(windows: bool, home: &str, config: &str) -> Places {
        Places {
            home: Some(PathBuf::from(home)),
            config: Some(PathBuf::from(config)),
            xdg_config: None,
            codex_home: None,
            project: Some(PathBuf::from("/work/p")),
            windows,
        }
    }

    /// Each client's file where that client reads it: Claude Desktop in the
    /// system's settings folder, Goose in ~/.config but on Windows.
    #[test]
    fn each_client_is_set_up_where_it_reads_its_settings() {
        let mac = places(false, "/Users/a", "/Users/a/Library/Application Support");
        let file = |p: &Places, c| p.file(c).map(|f| f.to_string_lossy().replace('\\', "/"));
        assert_eq!(
            file(&mac, Client::ClaudeDesktop).as_deref(),
            Some("/Users/a/Library/Application Support/Claude/claude_desktop_config.json")
        );
        assert_eq!(
            file(&mac, Client::Goose).as_deref(),
            Some("/Users/a/.config/goose/config.yaml")
        );
        assert_eq!(
            file(&mac, Client::Codex).as_deref(),
            Some("/Users/a/.codex/config.toml")
        );
        assert_eq!(
            file(&mac, Client::Cursor).as_deref(),
            Some("/work/p/.cursor/mcp.json")
        );
        let windows = places(true, r"C:\Users\a", r"C:\Users\a\AppData\Roaming");
        assert_eq!(
            file(&windows, Client::ClaudeDesktop).as_deref(),
            Some("C:/Users/a/AppData/Roaming/Claude/claude_desktop_config.json")
        );
        assert_eq!(
            file(&windows, Client::Goose).as_deref(),
            Some("C:/Users/a/AppData/Roaming/Block/goose/config/config.yaml")
        );
        assert_eq!(
            file(&windows, Client::ClaudeCode).as_deref(),
            Some("C:/Users/a/.claude.json")
        );
        // Qwen Code in its home folder; OpenCode in ~/.config on every
        // system, or XDG_CONFIG_HOME.
        assert_eq!(
            file(&mac, Client::Qwen).as_deref(),
            Some("/Users/a/.qwen/settings.json")
        );
        assert_eq!(
            file(&mac, Client::OpenCode).as_deref(),
            Some("/Users/a/.config/opencode/opencode.json")
        );
        let xdg = Places {
            xdg_config: Some(PathBuf::from("/x/conf")),
            ..places(false, "/home/a", "/home/a/.config")
        };
        assert_eq!(
            file(&xdg, Client::OpenCode).as_deref(),
            Some("/x/conf/opencode/opencode.json")
        );
    }

    /// A user's file gets the absolute path, a project's the name (it is
    /// read on other machines), and a runner's copy the runner's command
    /// in both; Claude Desktop is told the project.
    #[test]
    fn the_command_written_fits_whose_file_it_is() {
        use super::launch::Runner;
        use super::{Invocation, Registration};
        use std::path::Path;
        let line = |client, launch: &Invocation| {
            let entry = Registration::for_client(client, launch, Some(Path::new("/work/p")));
            format!("{} {}", entry.command, entry.args.join(" "))
        };
        let installed = Invocation::Path(PathBuf::from("/opt/aide/bin/aide"));
        assert_eq!(
            line(Client::ClaudeCode, &installed),
            "/opt/aide/bin/aide mcp"
        );
        assert_eq!(line(Client::Cursor, &installed), "aide mcp");
        assert_eq!(line(Client::Gemini, &installed), "aide mcp");
        assert_eq!(
            line(Client::ClaudeDesktop, &installed),
            "/opt/aide/bin/aide mcp --project /work/p"
        );
        let uvx = Invocation::Runner(Runner::Uvx);
        assert_eq!(line(Client::ClaudeCode, &uvx), "uvx aide-decide mcp");
        assert_eq!(line(Client::Vscode, &uvx), "uvx aide-decide mcp");
    }
}
