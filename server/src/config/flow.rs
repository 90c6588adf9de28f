//! The `[flow]` table of `.aide/config.toml` (flow.md §2): strict like
//! `[decide]`, never silently falling back to the defaults.

use super::{ConfigError, bad};
use app::i18n::{Expected, FlowMsg, Msg};
use app::validate::closest_name;
use toml::{Table, Value};

const FLOW_KEYS: &[&str] = &["phases", "git"];

/// The phases when the config names none (upstream aide's default).
pub const DEFAULT_PHASES: &[&str] = &[
    "task-optimize",
    "flow-design",
    "impl",
    "verify",
    "docs",
    "confirm",
    "finish",
];

/// The `[flow]` settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlowConfig {
    pub phases: Vec<String>,
    /// `false`: record progress only, never run git.
    pub git: bool,
}

impl Default for FlowConfig {
    fn default() -> Self {
        FlowConfig {
            phases: DEFAULT_PHASES.iter().map(|p| (*p).to_owned()).collect(),
            git: true,
        }
    }
}

impl FlowConfig {
    /// The position of `phase` in the list.
    pub fn index(&self, phase: &str) -> Option<usize> {
        self.phases.iter().position(|p| p == phase)
    }

    /// Whether `phase` is the last phase.
    pub fn is_last(&self, phase: &str) -> bool {
        self.phases.last().is_some_and(|p| p == phase)
    }
}

/// The `[flow]` block of the file `aide init` writes, commented out.
pub fn default_block(lang: app::Lang) -> String {
    let (phases, git) = match lang {
        app::Lang::Zh => (
            "# aide flow 的环节,按顺序;next-part 只能前进到下一个环节。",
            "# 每次记录都提交 git;false 表示只记录进度,不运行 git。",
        ),
        app::Lang::En => (
            "# The phases of aide flow, in order; next-part only goes to the next one.",
            "# Commit every record with git; false records progress only and never runs git.",
        ),
    };
    let list = DEFAULT_PHASES
        .iter()
        .map(|p| format!("\"{p}\""))
        .collect::<Vec<_>>()
        .join(", ");
    format!("\n[flow]\n{phases}\n# phases = [{list}]\n\n{git}\n# git = true\n")
}

/// Reads `[flow]` from the config's text (other sections are not checked
/// here); the decide settings are read by [`super::parse`].
pub fn parse_flow(text: &str, file: &str) -> Result<FlowConfig, ConfigError> {
    let table: Table = text.parse().map_err(|e: toml::de::Error| {
        ConfigError::Invalid(Msg::ConfigSyntax {
            file: file.into(),
            detail: e.message().trim().to_owned(),
        })
    })?;
    let mut config = FlowConfig::default();
    let flow = match table.get("flow") {
        None => return Ok(config),
        Some(Value::Table(flow)) => flow,
        Some(other) => return Err(bad(file, "flow", Expected::Table, other)),
    };
    for (key, value) in flow {
        match key.as_str() {
            "phases" => config.phases = phases(value)?,
            "git" => {
                config.git = value
                    .as_bool()
                    .ok_or_else(|| bad(file, "flow.git", Expected::Bool, value))?;
            }
            _ => {
                return Err(ConfigError::Invalid(Msg::ConfigUnknownKey {
                    file: file.into(),
                    key: format!("flow.{key}"),
                    suggestion: closest_name(key, FLOW_KEYS).map(|k| format!("flow.{k}")),
                }));
            }
        }
    }
    Ok(config)
}

fn phases(value: &Value) -> Result<Vec<String>, ConfigError> {
    let fail = |msg| Err(ConfigError::Invalid(Msg::Flow(msg)));
    let Some(items) = value.as_array().filter(|a| !a.is_empty()) else {
        return fail(FlowMsg::PhasesEmpty);
    };
    let mut phases: Vec<String> = Vec::new();
    for item in items {
        let Some(name) = item.as_str().filter(|s| !s.trim().is_empty()) else {
            return fail(FlowMsg::PhaseNotString);
        };
        if !valid_phase(name) {
            return fail(FlowMsg::PhaseBadName { name: name.into() });
        }
        if phases.iter().any(|p| p == name) {
            return fail(FlowMsg::PhaseDuplicate { name: name.into() });
        }
        phases.push(name.to_owned());
    }
    Ok(phases)
}

/// `^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$`: no spaces or colons, so a commit
/// subject `[aide] <phase> issue:` stays unambiguous.
fn valid_phase(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && name.len() <= 32
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = ".aide/config.toml";

    fn error(text: &str) -> Msg {
        parse_flow(text, FILE).unwrap_err().message(app::Lang::En)
    }

    #[test]
    fn defaults_and_a_full_table() {
        assert_eq!(parse_flow("", FILE).unwrap(), FlowConfig::default());
        let config = parse_flow("[flow]\nphases = [\"a\", \"b.c\"]\ngit = false\n", FILE).unwrap();
        assert_eq!(config.phases, ["a", "b.c"]);
        assert!(!config.git);
        assert!(config.is_last("b.c"));
    }

    #[test]
    fn the_default_file_gives_the_default_flow_settings() {
        for lang in [app::Lang::Zh, app::Lang::En] {
            let text = crate::config::default_file(lang);
            assert_eq!(parse_flow(&text, FILE).unwrap(), FlowConfig::default());
            let uncommented = text.replace("# phases", "phases").replace("# git", "git");
            assert_eq!(
                parse_flow(&uncommented, FILE).unwrap(),
                FlowConfig::default()
            );
            assert!(crate::config::parse(&uncommented, FILE).is_ok());
        }
    }

    #[test]
    fn bad_phases_are_refused_with_upstream_texts() {
        let zh = |text: &str| error(text).text(app::Lang::Zh);
        assert_eq!(
            zh("[flow]\nphases = []\n"),
            "flow.phases 配置无效：必须为非空列表"
        );
        assert_eq!(
            zh("[flow]\nphases = \"impl\"\n"),
            "flow.phases 配置无效：必须为非空列表"
        );
        assert_eq!(
            zh("[flow]\nphases = [1]\n"),
            "flow.phases 配置无效：环节名必须为非空字符串"
        );
        assert_eq!(
            zh("[flow]\nphases = [\"a\", \"a\"]\n"),
            "flow.phases 配置无效：环节名重复 \"a\""
        );
        assert!(zh("[flow]\nphases = [\"a b\"]\n").contains("\"a b\""));
        assert!(zh("[flow]\nphases = [\"a:b\"]\n").contains("\"a:b\""));
        assert!(matches!(
            error("[flow]\ngit = 1\n"),
            Msg::ConfigBadValue { .. }
        ));
        assert!(matches!(
            error("[flow]\ngti = true\n"),
            Msg::ConfigUnknownKey { .. }
        ));
    }
}
