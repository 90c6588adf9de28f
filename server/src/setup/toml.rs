//! Codex's `config.toml`: aide's table `[mcp_servers.aide]`, edited with
//! toml_edit, which keeps every comment, blank line and other table.

use super::{Edit, NotEdited, Registration, position};
use toml_edit::{Array, DocumentMut, Item, Table, value};

/// Codex's tool-call limit for aide, in seconds: above `decide_result`'s
/// longest wait (600 s), as its default is 60.
const TOOL_TIMEOUT_SEC: i64 = 660;

fn parse(text: &str) -> Result<DocumentMut, NotEdited> {
    text.parse::<DocumentMut>().map_err(|error| {
        let (line, column) = position(text, error.span().map_or(0, |span| span.start));
        NotEdited::Parse {
            line,
            column,
            reason: error.message().trim_end().to_owned(),
        }
    })
}

/// aide's table, if the file has one.
pub fn registered(text: &str) -> Result<Option<Registration>, NotEdited> {
    let doc = parse(text)?;
    Ok(entry_of(&doc))
}

fn entry_of(doc: &DocumentMut) -> Option<Registration> {
    let aide = doc.get("mcp_servers")?.get("aide")?;
    Some(Registration {
        command: aide.get("command")?.as_str()?.to_owned(),
        args: aide
            .get("args")
            .and_then(Item::as_array)
            .map(|args| {
                args.iter()
                    .filter_map(|a| a.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default(),
    })
}

/// `text` with aide's table (added, or put in place of another).
pub fn register(text: &str, entry: &Registration) -> Result<Edit, NotEdited> {
    let mut doc = parse(text)?;
    let before = entry_of(&doc);
    if before.as_ref() == Some(entry) {
        return Ok(Edit::Already);
    }
    let servers = doc
        .entry("mcp_servers")
        .or_insert_with(|| {
            let mut table = Table::new();
            // `[mcp_servers.aide]`, not an empty `[mcp_servers]` above it.
            table.set_implicit(true);
            Item::Table(table)
        })
        .as_table_mut()
        .ok_or_else(|| NotEdited::Shape("mcp_servers is not a table".into()))?;
    let mut aide = Table::new();
    aide.insert("command", value(entry.command.as_str()));
    aide.insert(
        "args",
        value(entry.args.iter().map(String::as_str).collect::<Array>()),
    );
    aide.insert("tool_timeout_sec", value(TOOL_TIMEOUT_SEC));
    let written = format!("[mcp_servers.aide]\n{aide}");
    servers.insert("aide", Item::Table(aide));
    Ok(Edit::Changed {
        text: doc.to_string(),
        entry: written.trim_end().to_owned(),
        replaced: before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::setup::test_entry as aide;

    #[test]
    fn a_table_is_added_and_every_comment_and_table_stays() {
        let text = "# my settings\nmodel = \"o3\"\n\n[mcp_servers.db]\ncommand = \"db-mcp\" # the database\n";
        let Edit::Changed {
            text: after, entry, ..
        } = register(text, &aide()).unwrap()
        else {
            panic!("not changed")
        };
        assert!(after.starts_with(text), "{after}");
        assert!(after.ends_with("[mcp_servers.aide]\ncommand = \"/opt/aide/bin/aide\"\nargs = [\"mcp\"]\ntool_timeout_sec = 660\n"), "{after}");
        assert_eq!(
            entry,
            "[mcp_servers.aide]\ncommand = \"/opt/aide/bin/aide\"\nargs = [\"mcp\"]\ntool_timeout_sec = 660"
        );
        assert_eq!(registered(&after).unwrap(), Some(aide()));
        assert_eq!(register(&after, &aide()).unwrap(), Edit::Already);
        // An empty file.
        let Edit::Changed { text: fresh, .. } = register("", &aide()).unwrap() else {
            panic!("not changed")
        };
        assert!(fresh.starts_with("[mcp_servers.aide]\n"), "{fresh}");
    }

    #[test]
    fn a_file_that_is_no_toml_is_refused_with_its_line() {
        let refused = register("a = 1\nb = = 2\n", &aide()).unwrap_err();
        assert!(
            matches!(refused, NotEdited::Parse { line: 2, .. }),
            "{refused:?}"
        );
        let refused = register("mcp_servers = 3\n", &aide()).unwrap_err();
        assert_eq!(
            refused,
            NotEdited::Shape("mcp_servers is not a table".into())
        );
    }
}
