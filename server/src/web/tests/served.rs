//! The session is validated once when the server starts; per request only
//! what can change is checked, and draft saves stay cheap.

use super::*;
use crate::store::Event;

fn draft_lines(f: &Fixture) -> usize {
    let ledger = f.store.ledger().read().unwrap();
    ledger
        .entries
        .iter()
        .filter(|e| matches!(e.event, Event::DraftSaved { .. }))
        .count()
}

#[tokio::test]
async fn a_burst_of_draft_saves_writes_each_draft_but_one_ledger_line() {
    let f = fixture();
    let saves = (0..200).map(|n| {
        let note = format!("第 {n} 次保存");
        let body = format!(r#"{{"decisions":[{{"id":1,"chosen":"jwt","note":"{note}"}}]}}"#);
        let state = f.state.clone();
        let request = put_draft(&f, &body);
        tokio::spawn(async move { send(&state, request).await })
    });
    for save in saves.collect::<Vec<_>>() {
        let (status, body) = save.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let draft = f.store.records().load_draft(&f.pending).unwrap().unwrap();
    assert_eq!(draft.entries().len(), 1);
    let note = draft.entries()[0].note().unwrap_or_default().to_owned();
    assert!(note.starts_with("第 "), "{draft:?}");
    assert_eq!(draft_lines(&f), 1, "one ledger line for the first save");
    // The page starts from the last draft saved.
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(html.contains(&note), "{html}");
}

#[tokio::test]
async fn a_session_replaced_by_another_aide_is_noticed_on_the_next_request() {
    let f = fixture();
    let (status, _) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::OK);
    replace_session(&f);
    let (status, body) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // And removed: the same.
    std::fs::remove_file(f._dir.path().join(".aide/decisions/pending.json")).unwrap();
    let (status, _) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn answers_recorded_by_another_server_are_noticed() {
    let f = fixture();
    let output =
        app::validate_output(&f.pending.input, &serde_json::from_str(ANSWERS).unwrap()).unwrap();
    f.store
        .records()
        .save(
            &f.store.lock().unwrap(),
            &f.pending,
            (output, app::Via::Page),
            chrono::Local::now(),
        )
        .unwrap();
    let (status, body) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn a_fault_of_the_server_is_a_500_in_the_pages_language_that_names_no_file() {
    let f = fixture();
    let decisions = f._dir.path().join(".aide/decisions");
    let session = &f.pending.meta.session_id;
    // The record's name taken by a folder: the page cannot tell whether
    // the session is answered.
    let record = decisions.join(format!("{session}.json"));
    std::fs::create_dir(&record).unwrap();
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(
        html.contains("aide 无法读写它在 .aide/decisions 中的文件"),
        "{html}"
    );
    assert!(!html.contains(".json"), "no paths: {html}");
    std::fs::remove_dir(&record).unwrap();
    // The draft's name taken by a folder: saving it fails.
    std::fs::create_dir(decisions.join(format!("{session}.draft.json"))).unwrap();
    let (status, body) = send(&f.state, put_draft(&f, r#"{"decisions":[]}"#)).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(
        body["error"].as_str().unwrap().starts_with("aide 无法读写"),
        "{body}"
    );
}

/// The bundle's files go out as compressed at build time: brotli or gzip
/// as the browser accepts, the same bytes once decompressed, and plain to a
/// client that accepts neither.
#[tokio::test]
async fn assets_are_served_precompressed_from_the_projects_cache() {
    use http_body_util::BodyExt;
    let f = fixture();
    if !super::bundle_or_skip("assets served precompressed") {
        return;
    }
    let folder = f
        .state
        .assets()
        .path()
        .expect("written to .aide/cache")
        .to_owned();
    assert!(
        folder.starts_with(f._dir.path().join(".aide/cache/pkg")),
        "{folder:?}"
    );
    // The glue, which carries the WASM's bytes as an export, and then the
    // page's start, which imports the glue's own namespace.
    let plain = std::fs::read(folder.join("aide.js")).unwrap();
    let text = String::from_utf8_lossy(&plain);
    let export = format!("export const {} = ", app::page::WASM_EXPORT);
    let exported = text
        .find(&export)
        .expect("the glue lacks the WASM's export");
    let start = text
        .find("import * as glue from \"./aide.js\";\n")
        .expect("the glue lacks the page's start");
    assert!(exported < start, "the start comes before the WASM's bytes");
    let code: Vec<&str> = include_str!("../../../../frontend/start.js")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect();
    assert!(
        text.ends_with(&format!("{}\n", code.join("\n"))),
        "{}",
        &text[start..]
    );
    assert!(
        plain.starts_with(b"//# allFunctionsCalledOnLoad\n"),
        "the glue does not open with V8's compile hint"
    );
    let path = format!("/{}/aide.js", super::super::assets::pkg_dir());
    let mut sizes = Vec::new();
    for (accept, encoding) in [
        ("br, gzip", Some("br")),
        ("gzip", Some("gzip")),
        ("identity", None),
    ] {
        let request = Request::get(&path)
            .header(header::HOST, HOST)
            .header(header::ACCEPT_ENCODING, accept)
            .body(Body::empty())
            .unwrap();
        let response = app(f.state.clone()).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{accept}");
        let headers = response.headers().clone();
        assert_eq!(
            headers[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            headers[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
        let got = headers
            .get(header::CONTENT_ENCODING)
            .map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(got.as_deref(), encoding, "{accept}");
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let decoded = decoded(encoding, &body);
        assert_eq!(decoded, plain, "{accept}");
        sizes.push((encoding, body.len()));
    }
    // Compressed at build time at its best: brotli well under gzip, and
    // both well under the plain file.
    let size = |e| {
        sizes
            .iter()
            .find(|(got, _)| *got == e)
            .map_or(0, |(_, n)| *n)
    };
    let (br, gzip) = (size(Some("br")), size(Some("gzip")));
    assert!(br * 10 < gzip * 9, "brotli {br} against gzip {gzip}");
    assert!(gzip * 2 < plain.len(), "gzip {gzip} of {}", plain.len());
}

/// The page goes out in brotli to a browser that accepts it, else in gzip,
/// else plain: the same page once decoded, each once (one layer of the
/// two compressed it), brotli the lighter.
#[tokio::test]
async fn the_page_goes_out_in_brotli_where_accepted_and_in_gzip_otherwise() {
    use http_body_util::BodyExt;
    let f = fixture();
    let mut pages = Vec::new();
    for (accept, encoding) in [
        ("gzip, deflate, br, zstd", Some("br")),
        ("gzip", Some("gzip")),
        ("identity", None),
    ] {
        let request = Request::get("/")
            .header(header::HOST, HOST)
            .header(header::COOKIE, format!("aide_key_3721={KEY}"))
            .header(header::ACCEPT_ENCODING, accept)
            .body(Body::empty())
            .unwrap();
        let response = app(f.state.clone()).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{accept}");
        let headers = response.headers().clone();
        let got: Vec<_> = headers.get_all(header::CONTENT_ENCODING).iter().collect();
        assert_eq!(
            got.len(),
            usize::from(encoding.is_some()),
            "{accept}: {got:?}"
        );
        assert_eq!(
            got.first().map(|v| v.to_str().unwrap()),
            encoding,
            "{accept}"
        );
        let length: usize = headers[header::CONTENT_LENGTH]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(body.len(), length, "{accept}: sent whole");
        let html = decoded(encoding, &body);
        let html = String::from_utf8(html).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"), "{accept}: {html}");
        // Each page has its own nonce: compare without it.
        let nonce = html
            .split("nonce=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_owned();
        pages.push((body.len(), html.replace(&nonce, "N")));
    }
    assert_eq!(pages[0].1, pages[2].1);
    assert_eq!(pages[1].1, pages[2].1);
    assert!(
        pages[0].0 < pages[1].0,
        "brotli {} against gzip {}",
        pages[0].0,
        pages[1].0
    );
}

/// `body` as sent with `Content-Encoding: encoding`, decoded.
fn decoded(encoding: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        Some("br") => brotli::BrotliDecompress(&mut &body[..], &mut out).unwrap(),
        Some("gzip") => {
            std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(body), &mut out).unwrap();
        }
        Some(other) => panic!("an encoding the tests do not read: {other}"),
        None => out.extend_from_slice(body),
    }
    out
}

/// The draft is read once, when the server starts, and then kept as the
/// server saves it: only this process writes it, so no page, batch of
/// items or save reads the file again.
#[tokio::test]
async fn the_draft_is_read_once_and_kept_as_the_server_saves_it() {
    let f = fixture();
    let body = r#"{"decisions":[{"id":1,"chosen":"session","note":"kept"}]}"#;
    let (status, text) = send(&f.state, put_draft(&f, body)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    // The file spoiled behind the server's back: the page is not read from it.
    let draft = f._dir.path().join(format!(
        ".aide/decisions/{}.draft.json",
        f.pending.meta.session_id
    ));
    std::fs::write(&draft, "{").unwrap();
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(">kept</textarea>"), "{html}");
}

/// A draft that cannot be read when the server starts is moved aside (so
/// no save overwrites it unseen) and the page starts without it.
#[tokio::test]
async fn a_damaged_draft_is_set_aside_when_the_server_starts() {
    let f = fixture();
    let name = format!("{}.draft.json", f.pending.meta.session_id);
    let decisions = f._dir.path().join(".aide/decisions");
    std::fs::write(decisions.join(&name), "{\"version\":").unwrap();
    let stamp = f.store.pending().stamp().unwrap();
    let state = AppState::new(f.store.clone(), f.pending.clone(), stamp, CHINESE, access());
    let aside = decisions.join(format!("{name}.bad"));
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{\"version\":");
    assert!(!decisions.join(&name).exists());
    let (status, _) = send(&state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let body = r#"{"decisions":[{"id":1,"chosen":"jwt"}]}"#;
    let (status, text) = send(&state, put_draft(&f, body)).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{\"version\":");
}
