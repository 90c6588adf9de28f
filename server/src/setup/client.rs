//! The clients aide registers itself with: their names, and whose and
//! where their settings files are.

use std::fmt;

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
    /// Qwen Code (`qwen`).
    Qwen,
    /// OpenCode (`opencode`).
    #[value(name = "opencode")]
    OpenCode,
}

/// Whose a client's settings file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsScope {
    /// The person's, on this machine.
    User,
    /// The person's, and it names this project (Claude Desktop starts
    /// servers outside it).
    UserNamingProject,
    /// The project's (`.cursor/`, `.vscode/`, `.gemini/`): committed, and
    /// read on other machines.
    Project,
}

impl Client {
    pub const ALL: [Client; 9] = [
        Client::ClaudeCode,
        Client::ClaudeDesktop,
        Client::Codex,
        Client::Cursor,
        Client::Vscode,
        Client::Gemini,
        Client::Goose,
        Client::Qwen,
        Client::OpenCode,
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
            Client::Qwen => "qwen",
            Client::OpenCode => "opencode",
        }
    }

    /// Whose its settings file is.
    pub fn scope(self) -> SettingsScope {
        match self {
            Client::Cursor | Client::Vscode | Client::Gemini => SettingsScope::Project,
            Client::ClaudeDesktop => SettingsScope::UserNamingProject,
            Client::ClaudeCode
            | Client::Codex
            | Client::Goose
            | Client::Qwen
            | Client::OpenCode => SettingsScope::User,
        }
    }

    /// Its file in the project, for a client whose settings are the
    /// project's.
    pub fn project_file(self) -> Option<&'static str> {
        match self {
            Client::Cursor => Some(".cursor/mcp.json"),
            Client::Vscode => Some(".vscode/mcp.json"),
            Client::Gemini => Some(".gemini/settings.json"),
            _ => None,
        }
    }

    /// Whether setting it up needs a project (`aide init`).
    pub fn needs_project(self) -> bool {
        self.scope() != SettingsScope::User
    }

    /// The client's command that lists its MCP servers, if it
    /// starts servers only in folders it trusts (Gemini CLI and its fork
    /// Qwen Code): until then that list shows aide as disabled.
    pub fn trusts_folders(self) -> Option<&'static str> {
        match self {
            Client::Gemini => Some("gemini mcp list"),
            Client::Qwen => Some("qwen mcp list"),
            _ => None,
        }
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
