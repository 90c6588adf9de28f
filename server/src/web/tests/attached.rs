//! What options show besides their words (issue 57): the panels on the
//! page and in the App view, and the pictures, served to the key holder
//! only.

use super::*;
use crate::project_file::attached::InputFiles;

/// A 2×3 PNG's header: what tells its kind and its size.
fn png() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend([0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

const DIFF: &str = "diff --git a/src/a.rs b/src/a.rs
--- a/src/a.rs
+++ b/src/a.rs
@@ -1,3 +1,3 @@
 fn a() {
-    let s = \"</td><script>alert(1)</script>\";
+    let s = 2;
 }
diff --git a/logo.png b/logo.png
Binary files a/logo.png and b/logo.png differ
";

fn shown() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    std::fs::write(dir.path().join("shot.png"), png()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    let value = serde_json::json!({ "task": "t", "source": "s", "items": [{
        "id": 1, "title": "Which?",
        "options": [
            { "value": "a", "label": "Plan A", "diff": DIFF, "image": "shot.png" },
            { "value": "b", "label": "Plan B", "preview": "**B** <script>alert(2)</script>" },
            { "value": "c", "label": "Plan C" }
        ]
    }]});
    let input = app::validate::validate_input_with(&value, &InputFiles::at(dir.path())).unwrap();
    let (pending, stamp) = store.pending().submit_now(input);
    let state = AppState::new(store.clone(), pending.clone(), stamp, CHINESE, access());
    Fixture {
        _dir: dir,
        store,
        pending,
        state,
    }
}

#[tokio::test]
async fn the_page_shows_each_options_preview_diff_and_picture_with_markup_as_text() {
    let f = shown();
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html.matches("<details open id=\"p1-").count(), 2, "{html}");
    assert!(html.contains("aria-label=\"各选项的预览\""), "{html}");
    assert!(html.contains("<strong>B</strong>"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"),
        "{html}"
    );
    assert!(html.contains("&lt;/td&gt;&lt;script&gt;alert(1)"), "{html}");
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(html.contains("二进制文件已更改"), "{html}");
    assert!(html.contains("aria-label=\"改动 src/a.rs\""), "{html}");
    let session = f.pending.meta.session_id.to_string();
    let src = format!("src=\"/image/{session}/1/0\"");
    assert!(html.contains(&src), "{html}");
    assert!(html.contains("width=\"2\" height=\"3\""), "{html}");
    // The panels' sheet comes with them, and only with them.
    assert!(html.contains(".attached-option"), "{html}");
    let plain = fixture();
    let (_, html) = send(&plain.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(
        !html.contains(".attached-option") && !html.contains("--add-bg"),
        "{html}"
    );
}

#[tokio::test]
async fn a_picture_is_served_to_the_key_holder_with_its_media_type() {
    let f = shown();
    let session = f.pending.meta.session_id.to_string();
    let path = format!("/image/{session}/1/0");
    let response = app(f.state.clone())
        .oneshot(
            Request::get(&path)
                .header(header::HOST, HOST)
                .header(header::COOKIE, format!("aide_key_3721={KEY}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(bytes.as_ref(), png().as_slice());
    // Without the key: refused as the page is.
    let (status, _, _) = send_raw(
        &f.state,
        Request::get(&path)
            .header(header::HOST, HOST)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Another session's, an option without one, or no such option.
    for other in [
        "/image/2020-01-01T00-00-00/1/0".to_owned(),
        format!("/image/{session}/1/1"),
        format!("/image/{session}/1/9"),
        format!("/image/{session}/x/0"),
    ] {
        let (status, _) = send(&f.state, Request::get(&other).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{other}");
    }
}

#[tokio::test]
async fn the_app_view_shows_the_same_panels_with_the_picture_inline() {
    let f = shown();
    let session = f.pending.meta.session_id.to_string();
    let (status, html) = send(
        &f.state,
        Request::get(app::page::Route::View.path())
            .header(app::page::SESSION_HEADER, &session)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("<strong>B</strong>"), "{html}");
    assert!(
        html.contains("src=\"data:image/png;base64,iVBORw0KGgo"),
        "{html}"
    );
    assert!(html.contains("二进制文件已更改"), "{html}");
}

#[tokio::test]
async fn items_past_the_first_screen_arrive_with_their_panels() {
    let items: Vec<serde_json::Value> = (1..=22)
        .map(|id| {
            serde_json::json!({ "id": id, "title": format!("Q{id}"), "options": [
                { "value": "a", "label": "A", "preview": format!("**late {id}**") },
                { "value": "b", "label": "B" }
            ]})
        })
        .collect();
    let f = fixture_with(serde_json::json!({ "task": "t", "source": "s", "items": items }));
    let (_, page) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(page.contains("<strong>late 20</strong>"), "{page}");
    assert!(
        !page.contains("<strong>late 21</strong>"),
        "only the first 20 in full"
    );
    let session = f.pending.meta.session_id.to_string();
    let (status, batch) = send(
        &f.state,
        Request::get("/api/items?from=20")
            .header(app::page::SESSION_HEADER, &session)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{batch}");
    for id in [21, 22] {
        assert!(
            batch.contains(&format!("<details open id=\"p{id}-0\"")),
            "{batch}"
        );
        assert!(
            batch.contains(&format!("<strong>late {id}</strong>")),
            "{batch}"
        );
    }
}

/// A 300-line diff of a Rust file in three hunks, every line a `let`, as
/// the page benchmark's (`server/benches/page.rs`).
fn long_diff(item: usize, option: usize) -> String {
    let mut text = format!(
        "diff --git a/src/i{item}.rs b/src/i{item}.rs\n--- a/src/i{item}.rs\n+++ b/src/i{item}.rs\n"
    );
    for hunk in 0..3 {
        let start = 1 + hunk * 200;
        text.push_str(&format!("@@ -{start},80 +{start},80 @@\n"));
        for n in start..start + 100 {
            let mark = [" ", " ", " ", "-", "+"][n % 5];
            text.push_str(&format!(
                "{mark}    let v{n} = f(\"{option}\", {n}); // {n}\n"
            ));
        }
    }
    text
}

#[tokio::test]
async fn every_line_of_a_long_sessions_diffs_is_highlighted() {
    // The page: 10 items whose four options each carry a 300-line
    // diff, 12,000 lines; a session highlighted 3,000 of them before.
    let items: Vec<serde_json::Value> = (1..=10)
        .map(|id| {
            let options: Vec<serde_json::Value> = (0..4)
                .map(|k| serde_json::json!({ "value": format!("o{k}"), "label": "O", "diff": long_diff(id, k) }))
                .collect();
            serde_json::json!({ "id": id, "title": format!("Q{id}"), "options": options })
        })
        .collect();
    let f = fixture_with(serde_json::json!({ "task": "t", "source": "s", "items": items }));
    let (status, page) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let rows = ["<tr class=\"s\">", "<tr class=\"a\">", "<tr class=\"d\">"]
        .iter()
        .map(|row| page.matches(row).count())
        .sum::<usize>();
    assert_eq!(rows, 12_000);
    assert_eq!(
        page.matches("<span class=\"tk\">let</span>").count(),
        12_000
    );
    // The last file's last line, as highlighted in its place.
    assert!(
        page.contains("<span class=\"tk\">let</span> v500"),
        "{}",
        &page[page.len() - 3000..]
    );
}
