//! Options with a preview, a diff or a picture (issue 57) through the
//! command line: files read at submit from inside the project, what was
//! shown kept in the record and shown by `show`, found by `search`, put in
//! the ADR; every refusal names the field and the line or the limit, and
//! stores nothing.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{TestProject, decided, free_ports};
use predicates::str::diff;
use serde_json::{Value, json};
use std::fs;

const DIFF: &str = "diff --git a/src/cache.rs b/src/cache.rs
--- a/src/cache.rs
+++ b/src/cache.rs
@@ -1,2 +1,2 @@
 fn cache() {
-    Lru::new(10)
+    Lru::new(1000)
";

/// A 2×3 PNG's header: what tells its kind and its size.
fn png() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend([0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

fn project() -> TestProject {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    fs::write(project.path().join("option-a.diff"), DIFF).unwrap();
    fs::write(project.path().join("shot.png"), png()).unwrap();
    project
}

fn cache(options: Value) -> Value {
    json!({ "task": "Cache layer", "source": "chat", "items": [{
        "id": 1, "title": "Which cache?", "options": options
    }]})
}

#[test]
fn files_are_read_at_submit_and_the_record_keeps_what_was_shown() {
    let project = project();
    let input = cache(json!([
        { "value": "lru", "label": "In-process LRU", "diff_file": "option-a.diff", "image": "shot.png" },
        { "value": "redis", "label": "Redis", "preview": "Needs a **memcrowd** server" }
    ]));
    let answers = json!({ "decisions": [{ "id": 1, "chosen": "lru" }] });
    let session = decided(&project, &project.state_home(), &input, &answers);
    // The file may go: the record has its text.
    fs::remove_file(project.path().join("option-a.diff")).unwrap();
    let output = project
        .aide_in("en", &["decide", "show", &session])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let record: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["version"], "1.5");
    let option = &record["input"]["items"][0]["options"][0];
    assert_eq!(option["diff"], DIFF);
    assert_eq!(option["diff_file"], "option-a.diff");
    assert_eq!(option["image"], "shot.png");
    assert_eq!(
        option["image_data"],
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAAAAAAA"
    );
    assert_eq!(
        record["input"]["items"][0]["options"][1]["preview"],
        "Needs a **memcrowd** server"
    );
    // Search finds a word that is only in a preview.
    let found = project
        .aide_in("en", &["decide", "search", "memcrowd", "--json"])
        .env("XDG_STATE_HOME", project.state_home())
        .output()
        .unwrap();
    let found = String::from_utf8(found.stdout).unwrap();
    assert!(found.contains(&session), "{found}");
    // The ADR keeps the chosen option's diff.
    let output = project
        .aide_in("en", &["decide", "export", "--adr", "docs/adr"])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let adr = fs::read_dir(project.path().join("docs/adr"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let adr = fs::read_to_string(adr.path()).unwrap();
    assert!(adr.contains("### What \"In-process LRU\" shows"), "{adr}");
    assert!(adr.contains(&format!("```diff\n{}```", DIFF)), "{adr}");
    assert!(adr.contains("Picture: `shot.png`"), "{adr}");
}

#[test]
fn refused_files_and_diffs_name_the_field_and_the_line_or_the_limit_and_store_nothing() {
    let project = project();
    let outside = project.path().parent().unwrap().join("outside.diff");
    fs::write(&outside, DIFF).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&outside, project.path().join("link.diff")).unwrap();
    fs::write(
        project.path().join("fake.png"),
        b"GIF89a\x04\x00\x05\x00\x00\x00\x00",
    )
    .unwrap();
    fs::write(
        project.path().join("huge.png"),
        vec![0u8; 2 * 1024 * 1024 + 1],
    )
    .unwrap();
    let input = cache(json!([
        { "value": "a", "label": "A", "diff_file": "../outside.diff" },
        { "value": "b", "label": "B", "diff_file": "link.diff" },
        { "value": "c", "label": "C", "image": "missing.png" },
        { "value": "d", "label": "D", "image": "fake.png" },
        { "value": "e", "label": "E", "image": "huge.png" },
        { "value": "f", "label": "F", "diff": "@@ -1 +1 @@\n-a\n+b\n" },
        { "value": "g", "label": "G", "image": "logo.svg" }
    ]));
    project
        .aide_in("en", &["decide", "submit", &input.to_string()])
        .assert()
        .code(1)
        .stderr(diff(
            "✗ Validation failed: items[0].options[0].diff_file is \"../outside.diff\", which leads outside the project (through .. or a symlink)\n\
             ✗ Validation failed: items[0].options[1].diff_file is \"link.diff\", which leads outside the project (through .. or a symlink)\n\
             ✗ Validation failed: items[0].options[2].image is \"missing.png\", which is not in the project\n\
             ✗ Validation failed: items[0].options[3].image is \"fake.png\", whose bytes are not the PNG image its name says but a GIF\n\
             ✗ Validation failed: items[0].options[4].image is \"huge.png\", of 2097153 bytes, more than its limit of 2097152\n\
             ✗ Validation failed: items[0].options[5].diff is not a unified diff (what git diff prints): it cannot be read from line 1\n\
             ✗ Validation failed: items[0].options[6].image is \"logo.svg\", an SVG: an SVG can carry script, so it is not shown\n\
             Hint: Name a file inside the project by its path from the project root (not in .aide/ or .git/)\n\
             Hint: Give a PNG, JPEG, WebP or GIF file whose extension says what it is; export an SVG as PNG first\n\
             Hint: Show less: a shorter diff (only the files that matter, less context: git diff -U1), a smaller picture; the limits are in aide decide schema\n\
             Hint: Give what git diff prints: git diff > option-a.diff, then name that file in diff_file (or put the text in diff, not both)\n",
        ));
    assert!(!project.decisions().join("pending.json").exists());
}

#[test]
fn the_schema_tells_how_to_attach_a_diff_and_the_limits() {
    let project = TestProject::new();
    let output = project
        .aide_in("en", &["decide", "schema"])
        .output()
        .unwrap();
    let schema = String::from_utf8(output.stdout).unwrap();
    for needle in [
        "\"diff_file\"",
        "git diff > option-a.diff",
        "524,288",
        "2,097,152",
        "8,388,608",
        "65536",
    ] {
        assert!(schema.contains(needle), "schema lacks {needle}");
    }
    assert!(
        !schema.contains("image_data"),
        "aide writes it, agents never send it"
    );
}
