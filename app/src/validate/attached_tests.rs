//! The rules of `preview`, `diff`, `diff_file` and `image` (issue 57).

use super::*;
use crate::Lang;
use crate::model::{
    Change, ImageFormat, MAX_DIFF_BYTES, MAX_IMAGE_BYTES, MAX_SESSION_ATTACHED_BYTES,
};
use serde_json::{Value, json};
use std::collections::HashMap;

/// Files as a project would hold them, refused as the server's reader
/// refuses them (its own tests read real files: `project_file/attached.rs`).
#[derive(Default)]
struct Files(HashMap<&'static str, Result<Vec<u8>, FileRefusal>>);

impl ProjectFiles for Files {
    fn read(&self, path: &str, max: usize) -> Result<Vec<u8>, FileRefusal> {
        let found = self
            .0
            .get(path)
            .cloned()
            .unwrap_or(Err(FileRefusal::NotFound))?;
        if found.len() > max {
            return Err(FileRefusal::TooLarge {
                size: found.len() as u64,
            });
        }
        Ok(found)
    }
}

/// A 2×3 PNG's header: what tells its kind and its size.
pub(crate) fn png() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend([0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

/// A 4×5 GIF's header.
fn gif() -> Vec<u8> {
    let mut bytes = b"GIF89a".to_vec();
    bytes.extend([4, 0, 5, 0, 0, 0, 0]);
    bytes
}

const DIFF: &str = "diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -1,3 +1,3 @@
 fn a() {
-    old();
+    new();
 }
diff --git a/logo.png b/logo.png
index 3333333..4444444 100644
Binary files a/logo.png and b/logo.png differ
";

fn input(first: Value) -> Value {
    let mut option = json!({ "value": "a", "label": "A" });
    for (key, value) in first.as_object().expect("an object") {
        option[key] = value.clone();
    }
    json!({ "task": "t", "source": "s", "items": [{
        "id": 1, "title": "q",
        "options": [option, { "value": "b", "label": "B" }]
    }]})
}

fn files() -> Files {
    let mut files = Files::default();
    files.0.insert("change.diff", Ok(DIFF.as_bytes().to_vec()));
    files.0.insert("shot.png", Ok(png()));
    files.0.insert("anim.gif", Ok(gif()));
    files.0.insert("fake.png", Ok(gif()));
    files.0.insert("../out.diff", Err(FileRefusal::Outside));
    files.0.insert("big.png", Ok(vec![0; MAX_IMAGE_BYTES + 1]));
    files
}

fn messages(value: &Value, lang: Lang) -> Vec<String> {
    validate_input_with(value, &files())
        .expect_err("refused")
        .messages(lang)
}

#[test]
fn a_diff_file_and_an_image_are_read_and_parsed() {
    let value =
        input(json!({ "preview": "**A**", "diff_file": "change.diff", "image": "shot.png" }));
    let parsed = validate_input_with(&value, &files()).expect("valid");
    let option = &parsed.items()[0].options()[0];
    assert_eq!(option.preview(), Some("**A**"));
    assert_eq!(option.diff_file(), Some("change.diff"));
    let diff = option.diff().expect("a diff");
    assert_eq!(diff.text(), DIFF);
    let files = diff.files();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0].path(), "src/lib.rs");
    assert_eq!(files[0].hunks()[0].old_start(), 1);
    let changes: Vec<Change> = files[0].hunks()[0]
        .lines()
        .iter()
        .map(|l| l.change())
        .collect();
    assert_eq!(
        changes,
        [Change::Same, Change::Removed, Change::Added, Change::Same]
    );
    assert_eq!(files[0].hunks()[0].lines()[1].text(), "    old();");
    assert!(files[1].binary(), "a binary file is only said to change");
    let image = option.image().expect("an image");
    assert_eq!((image.format(), image.size()), (ImageFormat::Png, (2, 3)));
    assert!(!parsed.items()[0].options()[1].has_attached());
}

#[test]
fn what_was_shown_is_written_and_read_back_without_the_files() {
    let value = input(json!({ "diff_file": "change.diff", "image": "anim.gif" }));
    let parsed = validate_input_with(&value, &files()).expect("valid");
    let written = serde_json::to_value(&parsed).expect("serialises");
    let option = &written["items"][0]["options"][0];
    assert_eq!(option["diff"], DIFF);
    assert_eq!(option["diff_file"], "change.diff");
    assert_eq!(option["image"], "anim.gif");
    assert_eq!(option["image_data"], "R0lGODlhBAAFAAAAAA==");
    // The pending file, as the store writes it: read with no file at hand.
    let pending = crate::model::Pending::new(
        parsed.clone(),
        crate::model::Meta {
            created_at: crate::model::Timestamp::parse("2025-01-15T10:30:00+08:00").expect("time"),
            session_id: "2025-01-15T10-30-00".parse().expect("id"),
        },
    );
    let text = serde_json::to_vec(&pending).expect("serialises");
    let read = parse_pending(&text).expect("the stored file reads back");
    assert_eq!(read.input, parsed);
    // An agent cannot send the bytes itself.
    let mut sent = value.clone();
    sent["items"][0]["options"][0]["image_data"] = json!("R0lGODlh");
    assert_eq!(
        messages(&sent, Lang::En),
        ["items[0].options[0].image_data is not a known field"]
    );
}

#[test]
fn an_input_without_them_is_written_as_before() {
    let value = input(json!({}));
    let parsed = validate_input_with(&value, &files()).expect("valid");
    assert_eq!(serde_json::to_value(&parsed).expect("serialises"), value);
}

#[test]
fn a_text_that_is_not_a_diff_is_refused_with_its_line() {
    let value = input(json!({ "diff": "just words\nmore words\n" }));
    assert_eq!(
        messages(&value, Lang::En),
        [
            "items[0].options[0].diff is not a unified diff (what git diff prints): it cannot be read from line 1"
        ]
    );
    let broken = "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+c\nstray\n";
    assert_eq!(
        messages(&input(json!({ "diff": broken })), Lang::Zh),
        ["items[0].options[0].diff 不是统一格式的 diff(git diff 的输出):第 7 行起无法读取"]
    );
}

#[test]
fn a_diff_is_given_once() {
    let value = input(json!({ "diff": DIFF, "diff_file": "change.diff" }));
    assert_eq!(
        messages(&value, Lang::En),
        [
            "items[0].options[0].diff_file comes with diff: give the diff as text or as a file, not both"
        ]
    );
}

#[test]
fn files_outside_missing_or_too_large_are_named_with_the_limit() {
    let value = json!({ "task": "t", "source": "s", "items": [{
        "id": 1, "title": "q",
        "options": [
            { "value": "a", "label": "A", "diff_file": "../out.diff" },
            { "value": "b", "label": "B", "image": "gone.png" },
            { "value": "c", "label": "C", "image": "big.png" }
        ]
    }]});
    assert_eq!(
        messages(&value, Lang::En),
        [
            "items[0].options[0].diff_file is \"../out.diff\", which leads outside the project (through .. or a symlink)",
            "items[0].options[1].image is \"gone.png\", which is not in the project",
            "items[0].options[2].image is \"big.png\", of 2097153 bytes, more than its limit of 2097152",
        ]
    );
}

#[test]
fn a_picture_is_what_its_name_says_and_never_an_svg() {
    let fake = input(json!({ "image": "fake.png" }));
    assert_eq!(
        messages(&fake, Lang::En),
        [
            "items[0].options[0].image is \"fake.png\", whose bytes are not the PNG image its name says but a GIF"
        ]
    );
    let svg = input(json!({ "image": "logo.svg" }));
    assert_eq!(
        messages(&svg, Lang::En),
        [
            "items[0].options[0].image is \"logo.svg\", an SVG: an SVG can carry script, so it is not shown"
        ]
    );
    let errors = validate_input_with(&svg, &files()).expect_err("refused");
    assert!(errors.hints(Lang::En)[0].contains("PNG"));
}

#[test]
fn without_a_project_no_file_is_read() {
    let value = input(json!({ "image": "shot.png" }));
    let said = validate_input(&value)
        .expect_err("no files here")
        .messages(Lang::En);
    assert_eq!(
        said,
        [
            "items[0].options[0].image is \"shot.png\", which cannot be read: there is no project here"
        ]
    );
}

#[test]
fn a_preview_over_its_limit_and_a_session_over_its_limit_are_named() {
    let long = "x".repeat(crate::model::MAX_PREVIEW_BYTES + 1);
    assert_eq!(
        messages(&input(json!({ "preview": long })), Lang::En),
        ["items[0].options[0].preview has 65537 bytes, more than its limit of 65536"]
    );
    // Diffs of the limit each: the session's limit is crossed at the
    // seventeenth, and named there once.
    let body: String = "+x\n".repeat(MAX_DIFF_BYTES / 3 - 40);
    let diff = format!(
        "--- a/f\n+++ b/f\n@@ -0,0 +1,{} @@\n{body}",
        MAX_DIFF_BYTES / 3 - 40
    );
    assert!(diff.len() <= MAX_DIFF_BYTES);
    let options: Vec<Value> = (0..20)
        .map(|k| json!({ "value": format!("v{k}"), "label": "L", "diff": diff }))
        .collect();
    let value = json!({ "task": "t", "source": "s", "items": [{ "id": 1, "title": "q", "options": options }]});
    let said = messages(&value, Lang::En);
    let over = MAX_SESSION_ATTACHED_BYTES / diff.len();
    assert_eq!(
        said,
        [format!(
            "items[0].options[{over}].diff takes the session's previews, diffs and pictures together past their limit of {MAX_SESSION_ATTACHED_BYTES} bytes"
        )]
    );
}
