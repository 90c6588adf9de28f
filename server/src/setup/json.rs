//! The clients whose configuration is JSON (with comments, as VS Code and
//! Cursor allow): aide's entry under `mcpServers` (`servers` in VS Code,
//! `mcp` in OpenCode), edited in jsonc-parser's syntax tree so every
//! comment, blank line and other entry stays as it was.

use super::{Client, Edit, NotEdited, Registration};
use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstRootNode};
use serde_json::Value;

/// Where a client keeps its servers, and what an entry holds besides the
/// command and its arguments.
#[derive(Clone, Copy)]
pub struct ConfigShape {
    servers: &'static str,
    /// `"type"`: `"stdio"` (Claude Code, VS Code), `"local"` (OpenCode).
    kind: Option<&'static str>,
    /// The command and its arguments in one array, `"command": [...]`
    /// (OpenCode), not `"command"` and `"args"`.
    argv: bool,
    /// `"enabled": true` (OpenCode).
    enabled: bool,
    /// Claude Code writes an empty `env`.
    env: bool,
    /// Gemini's `timeout`, in milliseconds: above `decide_result`'s
    /// longest wait (600 s), as its default is 10 minutes.
    timeout_ms: Option<u64>,
}

impl ConfigShape {
    pub fn of(client: Client) -> ConfigShape {
        let plain = ConfigShape {
            servers: "mcpServers",
            kind: None,
            argv: false,
            enabled: false,
            env: false,
            timeout_ms: None,
        };
        match client {
            Client::ClaudeCode => ConfigShape {
                kind: Some("stdio"),
                env: true,
                ..plain
            },
            Client::Vscode => ConfigShape {
                servers: "servers",
                kind: Some("stdio"),
                ..plain
            },
            // Qwen Code is Gemini CLI's fork, and reads the same entry.
            Client::Gemini | Client::Qwen => ConfigShape {
                timeout_ms: Some(660_000),
                ..plain
            },
            Client::OpenCode => ConfigShape {
                servers: "mcp",
                kind: Some("local"),
                argv: true,
                enabled: true,
                ..plain
            },
            _ => plain,
        }
    }

    fn value(self, entry: &Registration) -> CstInputValue {
        let mut fields = Vec::new();
        if let Some(kind) = self.kind {
            fields.push(("type".to_owned(), CstInputValue::from(kind)));
        }
        let args = entry.args.iter().map(|a| CstInputValue::from(a.as_str()));
        if self.argv {
            let argv = std::iter::once(CstInputValue::from(entry.command.as_str()))
                .chain(args)
                .collect();
            fields.push(("command".to_owned(), CstInputValue::Array(argv)));
        } else {
            fields.push((
                "command".to_owned(),
                CstInputValue::from(entry.command.as_str()),
            ));
            fields.push(("args".to_owned(), CstInputValue::Array(args.collect())));
        }
        if self.enabled {
            fields.push(("enabled".to_owned(), CstInputValue::Bool(true)));
        }
        if self.env {
            fields.push(("env".to_owned(), CstInputValue::Object(Vec::new())));
        }
        if let Some(ms) = self.timeout_ms {
            fields.push(("timeout".to_owned(), CstInputValue::Number(ms.to_string())));
        }
        CstInputValue::Object(fields)
    }
}

fn options() -> ParseOptions {
    ParseOptions::default()
}

fn refusal(error: &jsonc_parser::errors::ParseError) -> NotEdited {
    NotEdited::Parse {
        line: error.line_display(),
        column: error.column_display(),
        reason: error.kind().to_string(),
    }
}

/// The file as a value; `None` for an empty file.
fn value(text: &str) -> Result<Option<Value>, NotEdited> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    jsonc_parser::parse_to_serde_value::<Value>(text, &options())
        .map(Some)
        .map_err(|e| refusal(&e))
}

/// aide's entry, if the file has one.
pub fn registered(text: &str, shape: ConfigShape) -> Result<Option<Registration>, NotEdited> {
    let Some(value) = value(text)? else {
        return Ok(None);
    };
    Ok(value
        .get(shape.servers)
        .and_then(|servers| servers.get("aide"))
        .and_then(|aide| entry_of(aide, shape)))
}

fn entry_of(value: &Value, shape: ConfigShape) -> Option<Registration> {
    if shape.argv {
        let mut argv = value
            .get("command")?
            .as_array()?
            .iter()
            .filter_map(|a| a.as_str().map(str::to_owned));
        return Some(Registration {
            command: argv.next()?,
            args: argv.collect(),
        });
    }
    Some(Registration {
        command: value.get("command")?.as_str()?.to_owned(),
        args: value
            .get("args")
            .and_then(Value::as_array)
            .map(|args| {
                args.iter()
                    .filter_map(|a| a.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default(),
    })
}

/// `text` with aide's entry (added, or put in place of another).
pub fn register(text: &str, shape: ConfigShape, entry: &Registration) -> Result<Edit, NotEdited> {
    let before = registered(text, shape)?;
    if before.as_ref() == Some(entry) {
        return Ok(Edit::Already);
    }
    let source = if text.trim().is_empty() { "{}\n" } else { text };
    let root = CstRootNode::parse(source, &options()).map_err(|e| refusal(&e))?;
    let top = root
        .object_value()
        .ok_or_else(|| NotEdited::Shape("the file is not one JSON object".into()))?;
    let servers = top
        .object_value_or_create(shape.servers)
        .ok_or_else(|| NotEdited::Shape(format!("\"{}\" is not an object", shape.servers)))?;
    let prop = match servers.get("aide") {
        Some(prop) => {
            prop.set_value(shape.value(entry));
            prop
        }
        None => servers.append("aide", shape.value(entry)),
    };
    // As it stands in the file: its first line indented as its last.
    let written = prop.to_string();
    let indent: String = written
        .lines()
        .last()
        .map(|last| {
            last.chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect()
        })
        .unwrap_or_default();
    let written = format!("{indent}{written}");
    let mut text = root.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(Edit::Changed {
        text,
        entry: written,
        replaced: before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::setup::test_entry as aide;

    #[test]
    fn an_entry_is_added_beside_the_others_and_every_comment_stays() {
        let text = "{\n  // my servers\n  \"servers\": {\n    \"db\": { \"command\": \"db-mcp\" } // the database\n  },\n  \"inputs\": []\n}\n";
        let Edit::Changed {
            text: after,
            entry,
            replaced,
        } = register(text, ConfigShape::of(Client::Vscode), &aide()).unwrap()
        else {
            panic!("not changed")
        };
        assert!(after.contains("// my servers"), "{after}");
        assert!(after.contains("// the database"), "{after}");
        assert!(after.contains("\"inputs\": []"), "{after}");
        assert!(
            entry.contains("\"command\": \"/opt/aide/bin/aide\""),
            "{entry}"
        );
        assert_eq!(replaced, None);
        assert_eq!(
            registered(&after, ConfigShape::of(Client::Vscode)).unwrap(),
            Some(aide())
        );
        // Again: nothing to do.
        assert_eq!(
            register(&after, ConfigShape::of(Client::Vscode), &aide()).unwrap(),
            Edit::Already
        );
    }

    /// OpenCode: the command and its arguments in one array, `"type":
    /// "local"`, and `"enabled"`; read back as the same entry.
    #[test]
    fn opencode_gets_its_command_as_one_array() {
        let text = "{\n  \"$schema\": \"https://opencode.ai/config.json\"\n}\n";
        let shape = ConfigShape::of(Client::OpenCode);
        let Edit::Changed { text: after, .. } = register(text, shape, &aide()).unwrap() else {
            panic!("not changed")
        };
        let value: Value = serde_json::from_str(&after).unwrap();
        assert_eq!(
            value["mcp"]["aide"],
            serde_json::json!({"type": "local", "command": ["/opt/aide/bin/aide", "mcp"], "enabled": true})
        );
        assert_eq!(registered(&after, shape).unwrap(), Some(aide()));
        assert_eq!(register(&after, shape, &aide()).unwrap(), Edit::Already);
    }

    #[test]
    fn a_file_that_is_no_json_is_refused_with_its_line() {
        let refused = register(
            "{\n  \"a\": 1,,\n}",
            ConfigShape::of(Client::Cursor),
            &aide(),
        )
        .unwrap_err();
        assert!(
            matches!(refused, NotEdited::Parse { line: 2, .. }),
            "{refused:?}"
        );
        let refused = register("[1, 2]", ConfigShape::of(Client::Cursor), &aide()).unwrap_err();
        assert!(matches!(refused, NotEdited::Shape(_)), "{refused:?}");
        let refused = register(
            "{\"mcpServers\": 3}",
            ConfigShape::of(Client::Cursor),
            &aide(),
        )
        .unwrap_err();
        assert_eq!(
            refused,
            NotEdited::Shape("\"mcpServers\" is not an object".into())
        );
    }
}
