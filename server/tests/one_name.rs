//! One name for one thing (issue 42): each type name the review found
//! defined twice is defined once in the sources of both crates, and every
//! file that `docs/` names by path is there.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The type name a line defines (`pub struct X`, `pub(crate) enum X<T>`,
/// `type X = …`, …), if it defines one.
fn defined(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let line = line
        .strip_prefix("pub(crate) ")
        .or_else(|| line.strip_prefix("pub(super) "))
        .or_else(|| line.strip_prefix("pub "))
        .unwrap_or(line);
    let rest = ["struct ", "enum ", "type ", "trait "]
        .iter()
        .find_map(|kind| line.strip_prefix(kind))?;
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

#[test]
fn the_names_the_review_found_twice_are_each_defined_once() {
    let mut files = Vec::new();
    for crate_dir in ["app/src", "server/src"] {
        rust_files(&root().join(crate_dir), &mut files);
    }
    let names = [
        "Answer", "Served", "Place", "Outcome", "Field", "Reply", "Recorded", "Refusal",
    ];
    let mut found: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(name) = defined(line)
                && let Some(listed) = names.iter().find(|listed| **listed == name)
            {
                found
                    .entry(listed)
                    .or_default()
                    .push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    for name in names {
        let places = found.get(name).map(Vec::as_slice).unwrap_or_default();
        assert!(
            places.len() <= 1,
            "{name} is defined {} times: {places:?}",
            places.len()
        );
    }
}

#[test]
fn every_source_file_docs_name_is_there() {
    // Every source file of the repository, by its path from the root.
    let mut files = Vec::new();
    for dir in ["app", "server", "frontend"] {
        rust_files(&root().join(dir), &mut files);
    }
    let files: Vec<String> = files
        .iter()
        .filter_map(|f| f.strip_prefix(root()).ok())
        .map(|f| f.to_string_lossy().replace('\\', "/"))
        .collect();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        // Paths in backquotes that name a source file; a docs page may
        // name one from its folder (`http/sessions.rs`), so a file whose
        // path ends with it is the one named.
        for quoted in text.split('`').skip(1).step_by(2) {
            let is_source = quoted.ends_with(".rs") && !quoted.contains([' ', '*', '{', ':']);
            if !is_source {
                continue;
            }
            let named = quoted.trim_start_matches("./");
            let there = files
                .iter()
                .any(|file| file == named || file.ends_with(&format!("/{named}")));
            if !there {
                missing.push(format!("{}: {quoted}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs name files that are not there: {missing:#?}"
    );
}
