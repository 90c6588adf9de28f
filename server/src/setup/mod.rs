//! `aide setup CLIENT`: registers `aide mcp` in an MCP client's own
//! configuration, with the absolute path of the running `aide` (a client
//! started from a desktop never depends on the PATH). Each file is edited
//! by a parser that keeps everything else in it, comments included: JSON
//! with comments (`json.rs`, jsonc-parser's syntax tree), TOML (`toml.rs`,
//! toml_edit) and YAML (`yaml.rs`). An entry already there and the same is
//! left alone; a file that cannot be read as its format is refused, with
//! its line and the reason, and not touched.

mod json;
mod toml;
mod yaml;

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The clients aide can register itself with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Client {
    ClaudeCode,
    ClaudeDesktop,
    Codex,
    Cursor,
    Vscode,
    Gemini,
    Goose,
}

impl Client {
    pub const ALL: [Client; 7] = [
        Client::ClaudeCode,
        Client::ClaudeDesktop,
        Client::Codex,
        Client::Cursor,
        Client::Vscode,
        Client::Gemini,
        Client::Goose,
    ];

    /// Its name, as `aide setup` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Client::ClaudeCode => "claude-code",
            Client::ClaudeDesktop => "claude-desktop",
            Client::Codex => "codex",
            Client::Cursor => "cursor",
            Client::Vscode => "vscode",
            Client::Gemini => "gemini",
            Client::Goose => "goose",
        }
    }

    /// Whether its configuration is the project's (`.cursor/`, `.vscode/`,
    /// `.gemini/`) or names the project (Claude Desktop starts servers
    /// outside it).
    pub fn needs_project(self) -> bool {
        matches!(
            self,
            Client::ClaudeDesktop | Client::Cursor | Client::Vscode | Client::Gemini
        )
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where the client keeps its configuration, and the folders it depends
/// on, read from the environment once.
pub struct Places {
    pub home: Option<PathBuf>,
    pub config: Option<PathBuf>,
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
            Client::Cursor => self.project.as_deref()?.join(".cursor/mcp.json"),
            Client::Vscode => self.project.as_deref()?.join(".vscode/mcp.json"),
            Client::Gemini => self.project.as_deref()?.join(".gemini/settings.json"),
            // Goose reads ~/.config on macOS as on Linux, and its own
            // folder of the roaming AppData on Windows.
            Client::Goose if self.windows => self
                .config
                .as_deref()?
                .join("Block/goose/config/config.yaml"),
            Client::Goose => home?.join(".config/goose/config.yaml"),
        })
    }
}

/// What aide registers: the command and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub command: String,
    pub args: Vec<String>,
}

impl Entry {
    /// `aide mcp` as `client` must start it.
    pub fn for_client(client: Client, exe: &Path, project: Option<&Path>) -> Entry {
        let mut args = vec!["mcp".to_owned()];
        if client == Client::ClaudeDesktop
            && let Some(project) = project
        {
            args.extend(["--project".to_owned(), project.display().to_string()]);
        }
        Entry {
            command: exe.display().to_string(),
            args,
        }
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
        replaced: Option<Entry>,
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
pub fn registered(client: Client, text: &str) -> Result<Option<Entry>, NotEdited> {
    match client {
        Client::Codex => toml::registered(text),
        Client::Goose => yaml::registered(text),
        _ => json::registered(text, json::Shape::of(client)),
    }
}

/// `text` (the file of `client`, empty for none) with `entry` in it.
pub fn register(client: Client, text: &str, entry: &Entry) -> Result<Edit, NotEdited> {
    match client {
        Client::Codex => toml::register(text, entry),
        Client::Goose => yaml::register(text, entry),
        _ => json::register(text, json::Shape::of(client), entry),
    }
}

/// The file's text, empty when there is none.
pub fn read(path: &Path) -> io::Result<String> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(e),
    }
}

/// Writes `text` as `path` through a temp file renamed over it, keeping
/// the old file's permissions (a new one is the owner's alone: these files
/// can hold other servers' tokens).
pub fn write(path: &Path, text: &str) -> io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other("the file has no folder"))?;
    fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    if let Ok(meta) = fs::metadata(path) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// The entry the formats' tests register.
#[cfg(test)]
fn test_entry() -> Entry {
    Entry {
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
    }
}
