//! The WASM, JS and CSS built by cargo-leptos, embedded in the binary at
//! build time (see `build.rs`), so an installed `aide` needs no files.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// One embedded file of the site's `pkg/` folder.
struct Asset {
    name: &'static str,
    bytes: &'static [u8],
    /// A content hash, quoted, for `ETag`.
    etag: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// Whether this build carries the hydration bundle.
pub fn embedded() -> bool {
    ASSETS.iter().any(|a| a.name.ends_with(".wasm"))
}

/// The site's folder of assets, `pkg/{hash of the bundle}`: a new build
/// gets new URLs, so a browser may cache each file for good.
pub fn pkg_dir() -> String {
    format!("pkg/{BUNDLE}")
}

/// `GET /pkg/{bundle}/{file}`: the file, if `bundle` is this build's.
pub async fn pkg(Path((bundle, file)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let asset = ASSETS.iter().find(|a| a.name == file);
    let Some(asset) = asset.filter(|_| bundle == BUNDLE) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == asset.etag.as_bytes());
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        asset.bytes.into_response()
    };
    let headers = response.headers_mut();
    if let Ok(mime) = HeaderValue::from_str(&mime(asset.name)) {
        headers.insert(header::CONTENT_TYPE, mime);
    }
    headers.insert(header::ETAG, HeaderValue::from_static(asset.etag));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    response
}

/// `GET /favicon.svg`.
pub async fn favicon() -> Response {
    let svg: &'static [u8] = include_bytes!("../../../style/favicon.svg");
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "max-age=86400"),
        ],
        svg,
    )
        .into_response()
}

/// The file's media type by its extension; text is UTF-8.
fn mime(name: &str) -> String {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    if mime.type_() == mime_guess::mime::TEXT {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn media_types_follow_the_extension() {
        assert_eq!(super::mime("aide.wasm"), "application/wasm");
        assert_eq!(super::mime("aide.css"), "text/css; charset=utf-8");
        assert!(super::mime("aide.js").ends_with("javascript; charset=utf-8"));
        assert_eq!(super::mime("aide.unknown-kind"), "application/octet-stream");
    }
}
