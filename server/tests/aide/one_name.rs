//! One name for one thing (issues 42, 59): no type name is defined twice
//! in the workspace's sources, and every file that `docs/` names by path
//! is there.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::rust_source::{masked, outside_tests};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name == "target") {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every type a file defines, wherever it stands (a module, a function's
/// body, a test module): structs, enums, unions, traits and type aliases.
/// A trait's or an impl's associated type names no type of its own.
#[derive(Default)]
struct Definitions {
    names: Vec<String>,
}

impl<'ast> syn::visit::Visit<'ast> for Definitions {
    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        self.add(&item.ident);
        syn::visit::visit_item_struct(self, item);
    }
    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        self.add(&item.ident);
        syn::visit::visit_item_enum(self, item);
    }
    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        self.add(&item.ident);
        syn::visit::visit_item_union(self, item);
    }
    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.add(&item.ident);
        syn::visit::visit_item_trait(self, item);
    }
    fn visit_item_type(&mut self, item: &'ast syn::ItemType) {
        self.add(&item.ident);
        syn::visit::visit_item_type(self, item);
    }
}

impl Definitions {
    fn add(&mut self, name: &syn::Ident) {
        self.names.push(name.to_string());
    }
}

#[test]
fn no_type_name_is_defined_twice_in_the_workspace() {
    let mut files = Vec::new();
    for crate_dir in [
        "app",
        "examples",
        "frontend",
        "fuzz",
        "server/benches",
        "server/src",
        "server/tests",
    ] {
        rust_files(&root().join(crate_dir), &mut files);
    }
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let parsed = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", file.display()));
        let mut definitions = Definitions::default();
        syn::visit::Visit::visit_file(&mut definitions, &parsed);
        for name in definitions.names {
            found.entry(name).or_default().push(
                file.strip_prefix(root())
                    .unwrap_or(file)
                    .display()
                    .to_string(),
            );
        }
    }
    assert!(
        found.len() > 100,
        "too few definitions read: {}",
        found.len()
    );
    let twice: Vec<String> = found
        .iter()
        .filter(|(_, places)| places.len() > 1)
        .map(|(name, places)| format!("{name}: {}", places.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "{} type names are defined more than once (one name for one thing):\n{}",
        twice.len(),
        twice.join("\n")
    );
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

/// The layers of each crate, from the bottom (`docs/types.md`, "Layers"):
/// a module may use its own files and any module of a lower layer, never
/// one of its own layer or above.
const SERVER_LAYERS: &[&[&str]] = &[
    &["clock", "lang", "notify", "reach", "secret", "typed"],
    &["store"],
    &["search"],
    &["adr", "setup", "rulings"],
    &["config", "project_file", "output"],
    &["web"],
    &["decide"],
    &["cli", "error"],
    &["stdout"],
    &["present"],
    &["cmd", "mcp", "fuzz"],
];
const APP_LAYERS: &[&[&str]] = &[
    &["model"],
    &["arbitrary"],
    &["validate"],
    &["i18n"],
    &["page"],
];

/// What `lib.rs` re-exports at the crate's root, by the module it comes
/// from: `crate::Lang` is a use of `model`.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let flat = lib.replace('\n', " ");
    for statement in flat.split(';') {
        let Some(rest) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, list)) = rest.split_once("::") else {
            continue;
        };
        let list = list.trim().trim_start_matches('{').trim_end_matches('}');
        for name in list.split(',') {
            let name = name.trim();
            if !name.is_empty() {
                names.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    names
}

/// Every `crate::NAME` a source file uses outside its tests (each item
/// under a `#[cfg(…test…)]` left out whole, the rest read to the end), by
/// the top module it names.
fn uses(text: &str, roots: &BTreeMap<String, String>) -> Vec<String> {
    let mut found = Vec::new();
    for code in outside_tests(&masked(text)) {
        for (at, _) in code.match_indices("crate::") {
            if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = &code[at + "crate::".len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..end];
            if name.is_empty() {
                continue;
            }
            let module = roots.get(name).map_or(name, String::as_str);
            found.push(module.to_owned());
        }
    }
    found
}

#[test]
fn a_file_is_read_past_its_test_items() {
    let text = r#"use crate::store::Store;
#[cfg(test)]
mod tests {
    use crate::cmd::Run;
    const CLOSE: char = '}';
    fn f<'a>(s: &'a str) { let _ = "}"; let _ = r"}"; }
}
// crate::web in a comment is no use
fn later() { crate::decide::run(); }
#[cfg(test)]
mod more;
#[cfg(all(test, unix))]
fn only_tested() {
    crate::mcp::x();
}
#[cfg(not(test))]
fn shipped() { crate::web::go("crate::cmd"); }
"#;
    assert_eq!(
        uses(text, &BTreeMap::new()),
        ["store", "decide", "web"],
        "{}",
        masked(text)
    );
}

fn layer_of(layers: &[&[&str]], module: &str) -> Option<usize> {
    layers.iter().position(|layer| layer.contains(&module))
}

#[test]
fn no_module_uses_one_of_its_own_layer_or_above() {
    let mut wrong = Vec::new();
    for (dir, layers) in [("server/src", SERVER_LAYERS), ("app/src", APP_LAYERS)] {
        let src = root().join(dir);
        let roots = root_names(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let relative = file
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let name = relative.rsplit('/').next().unwrap_or_default();
            let is_test =
                name == "tests.rs" || name.ends_with("_tests.rs") || relative.contains("/tests/");
            let top = relative
                .split('/')
                .next()
                .unwrap_or_default()
                .trim_end_matches(".rs");
            if is_test || top == "lib" || top == "main" {
                continue;
            }
            let Some(own) = layer_of(layers, top) else {
                wrong.push(format!("{dir}/{relative}: {top} is in no layer"));
                continue;
            };
            let text = std::fs::read_to_string(&file).unwrap();
            for used in uses(&text, &roots) {
                if used == top {
                    continue;
                }
                match layer_of(layers, &used) {
                    Some(layer) if layer < own => {}
                    _ => wrong.push(format!("{dir}/{relative} uses crate::{used}")),
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "imports that run up: {wrong:#?}");
}
