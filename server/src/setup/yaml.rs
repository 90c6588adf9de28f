//! Goose's `config.yaml`: aide's entry under `extensions`. YAML has no
//! editor that keeps comments, so aide writes its own lines into the text
//! (the entry at the top of `extensions`, or in place of an older aide's)
//! and keeps every other line as it was; saphyr reads the file before and
//! after, and an edit whose result does not read back as meant is refused.
//! Strings are written as JSON strings, which YAML reads as its own.

use super::{Edit, NotEdited, Registration};
use saphyr::{LoadableYamlNode, Scalar, Yaml};

/// Goose's limit for one tool call, in seconds: above `decide_result`'s
/// longest wait (600 s).
const TIMEOUT_SECS: u32 = 660;

fn parse(text: &str) -> Result<Option<Yaml<'_>>, NotEdited> {
    let docs = Yaml::load_from_str(text).map_err(|error| NotEdited::Parse {
        line: error.marker().line(),
        column: error.marker().col(),
        reason: error.info().to_owned(),
    })?;
    Ok(docs.into_iter().next())
}

fn text_of(node: &Yaml) -> Option<String> {
    match node {
        Yaml::Value(Scalar::String(text)) => Some(text.to_string()),
        Yaml::Representation(text, _, _) => Some(text.to_string()),
        _ => None,
    }
}

/// aide's entry, if the file has one.
pub fn registered(text: &str) -> Result<Option<Registration>, NotEdited> {
    let Some(doc) = parse(text)? else {
        return Ok(None);
    };
    Ok(entry_of(&doc))
}

fn entry_of(doc: &Yaml) -> Option<Registration> {
    let aide = doc.as_mapping_get("extensions")?.as_mapping_get("aide")?;
    Some(Registration {
        command: aide.as_mapping_get("cmd").and_then(text_of)?,
        args: match aide.as_mapping_get("args") {
            Some(Yaml::Sequence(items)) => items.iter().filter_map(text_of).collect(),
            _ => Vec::new(),
        },
    })
}

/// aide's lines, indented by `indent` spaces, its fields by as many more
/// (the step the file uses for `extensions`).
fn lines(entry: &Registration, indent: usize) -> Vec<String> {
    let quoted = |text: &str| serde_json::Value::from(text).to_string();
    let args: Vec<String> = entry.args.iter().map(|a| quoted(a)).collect();
    let (pad, field) = (" ".repeat(indent), " ".repeat(2 * indent));
    let mut lines = vec![format!("{pad}aide:")];
    lines.extend(
        [
            "enabled: true".to_owned(),
            "type: stdio".into(),
            "name: aide".into(),
            format!("cmd: {}", quoted(&entry.command)),
            format!("args: [{}]", args.join(", ")),
            format!("timeout: {TIMEOUT_SECS}"),
        ]
        .into_iter()
        .map(|line| format!("{field}{line}")),
    );
    lines
}

/// How far `line` is indented, `None` for a blank or comment line.
fn indent_of(line: &str) -> Option<usize> {
    let rest = line.trim_start_matches(' ');
    (!rest.is_empty() && !rest.starts_with('#')).then(|| line.len() - rest.len())
}

/// Whether `line` is the key `key:` with nothing after it but a comment.
fn is_key(line: &str, key: &str) -> bool {
    line.trim_start_matches(' ')
        .strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(':'))
        .is_some_and(|rest| {
            let rest = rest.trim();
            rest.is_empty() || rest.starts_with('#')
        })
}

/// `text` with aide's entry (added, or put in place of another).
pub fn register(text: &str, entry: &Registration) -> Result<Edit, NotEdited> {
    let doc = parse(text)?;
    if let Some(doc) = &doc
        && !doc.is_mapping()
        && !matches!(doc, Yaml::Value(Scalar::Null))
    {
        return Err(NotEdited::Shape("the file is not a YAML mapping".into()));
    }
    let before = doc.as_ref().and_then(entry_of);
    if before.as_ref() == Some(entry) {
        return Ok(Edit::Already);
    }
    let has_extensions = doc
        .as_ref()
        .is_some_and(|doc| doc.as_mapping_get("extensions").is_some());
    let mut all: Vec<String> = text.lines().map(str::to_owned).collect();
    let written = if !has_extensions {
        if all.last().is_some_and(|l| !l.trim().is_empty()) {
            all.push(String::new());
        }
        all.push("extensions:".into());
        let added = lines(entry, 2);
        all.extend(added.iter().cloned());
        added
    } else {
        let hand = || {
            NotEdited::Shape(
                "\"extensions\" is written in a form aide does not edit: add aide by hand (docs/clients.md)"
                    .into(),
            )
        };
        let at = all
            .iter()
            .position(|l| indent_of(l) == Some(0) && is_key(l, "extensions"))
            .ok_or_else(hand)?;
        // The extensions' lines: up to the next line at the left margin.
        let end = all[at + 1..]
            .iter()
            .position(|l| indent_of(l) == Some(0))
            .map_or(all.len(), |n| at + 1 + n);
        let indent = all[at + 1..end]
            .iter()
            .find_map(|l| indent_of(l))
            .unwrap_or(2);
        let added = lines(entry, indent);
        match all[at + 1..end]
            .iter()
            .position(|l| indent_of(l) == Some(indent) && is_key(l, "aide"))
        {
            // An older aide's entry: its lines give way to these.
            Some(n) => {
                let from = at + 1 + n;
                let to = all[from + 1..end]
                    .iter()
                    .position(|l| indent_of(l).is_some_and(|i| i <= indent))
                    .map_or(end, |m| from + 1 + m);
                all.splice(from..to, added.iter().cloned());
            }
            None if before.is_some() => return Err(hand()),
            None => {
                all.splice(at + 1..at + 1, added.iter().cloned());
            }
        }
        added
    };
    let mut after = all.join("\n");
    after.push('\n');
    // It must read back as meant.
    let reads_back = parse(&after).ok().flatten().as_ref().and_then(entry_of);
    if reads_back.as_ref() != Some(entry) {
        return Err(NotEdited::Shape(
            "aide could not add its entry without changing the rest: add it by hand (docs/clients.md)"
                .into(),
        ));
    }
    Ok(Edit::Changed {
        text: after,
        entry: written.join("\n"),
        replaced: before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aide(command: &str) -> Registration {
        Registration {
            command: command.into(),
            args: vec!["mcp".into()],
        }
    }

    #[test]
    fn an_entry_joins_the_extensions_and_every_other_line_stays() {
        let text = "# my goose\nGOOSE_PROVIDER: openai\nextensions:\n    # the shell\n    developer:\n        enabled: true\n        type: builtin\nGOOSE_MODEL: o3\n";
        let Edit::Changed {
            text: after, entry, ..
        } = register(text, &aide("/opt/aide")).unwrap()
        else {
            panic!("not changed")
        };
        for line in text.lines() {
            assert!(after.contains(line), "{line} lost:\n{after}");
        }
        assert!(
            entry.starts_with("    aide:\n        enabled: true\n"),
            "{entry}"
        );
        assert_eq!(registered(&after).unwrap(), Some(aide("/opt/aide")));
        assert_eq!(register(&after, &aide("/opt/aide")).unwrap(), Edit::Already);
        // Another aide's path: its lines are replaced, the rest kept.
        let Edit::Changed {
            text: moved,
            replaced,
            ..
        } = register(&after, &aide("/usr/bin/aide")).unwrap()
        else {
            panic!("not changed")
        };
        assert_eq!(replaced, Some(aide("/opt/aide")));
        assert_eq!(registered(&moved).unwrap(), Some(aide("/usr/bin/aide")));
        assert!(
            moved.contains(
                "    developer:\n        enabled: true\n        type: builtin\nGOOSE_MODEL: o3\n"
            ),
            "{moved}"
        );
        assert!(!moved.contains("/opt/aide"), "{moved}");
    }

    #[test]
    fn no_extensions_yet_and_odd_files() {
        let Edit::Changed { text, .. } = register("GOOSE_MODEL: o3\n", &aide("/a b/aide")).unwrap()
        else {
            panic!("not changed")
        };
        assert!(
            text.starts_with("GOOSE_MODEL: o3\n\nextensions:\n  aide:\n"),
            "{text}"
        );
        assert_eq!(registered(&text).unwrap(), Some(aide("/a b/aide")));
        let Edit::Changed { text, .. } = register("", &aide("/x")).unwrap() else {
            panic!("not changed")
        };
        assert_eq!(registered(&text).unwrap(), Some(aide("/x")));
        let refused = register("a: [1,\n", &aide("/x")).unwrap_err();
        assert!(matches!(refused, NotEdited::Parse { .. }), "{refused:?}");
        let refused = register("extensions: {}\n", &aide("/x")).unwrap_err();
        assert!(matches!(refused, NotEdited::Shape(_)), "{refused:?}");
        let refused = register("- a\n- b\n", &aide("/x")).unwrap_err();
        assert_eq!(
            refused,
            NotEdited::Shape("the file is not a YAML mapping".into())
        );
    }
}
