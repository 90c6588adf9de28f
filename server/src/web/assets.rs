//! The WASM, JS and CSS built by cargo-leptos, embedded in the binary at
//! build time by rust-embed (`build.rs` gathers them and compresses each
//! with brotli and gzip), so an installed `aide` needs no files. A server
//! writes them once into `.aide/cache/pkg/{bundle}/` and serves them from
//! there with tower-http's `ServeDir`, which picks the precompressed variant
//! the browser accepts; if that folder cannot be written, they are served
//! from memory and compressed on the fly.

use crate::output::Printer;
use crate::store::DecisionStore;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// The site's `pkg/` folder.
#[derive(rust_embed::Embed)]
#[folder = "$OUT_DIR/pkg"]
struct Pkg;

/// A hash of the whole bundle (its files' names and content hashes): it
/// names the assets' folder, and is every asset's `ETag`.
static BUNDLE: LazyLock<String> = LazyLock::new(|| {
    let mut names: Vec<_> = Pkg::iter().filter(|name| !is_variant(name)).collect();
    names.sort();
    let mut hasher = Sha256::new();
    for name in names {
        if let Some(file) = Pkg::get(&name) {
            hasher.update(name.as_bytes());
            hasher.update(file.metadata.sha256_hash());
        }
    }
    hex::encode(&hasher.finalize()[..8])
});

/// Whether this build carries the hydration bundle: the glue with the
/// WASM's bytes (`build.rs`).
pub fn embedded() -> bool {
    env!("AIDE_BUNDLE_HYDRATES") == "true"
}

/// The site's folder of assets, `pkg/{hash of the bundle}`: a new build
/// gets new URLs, so a browser may cache each file for good.
pub fn pkg_dir() -> String {
    format!("pkg/{}", *BUNDLE)
}

/// The stylesheet's name in the bundle. The page carries it inline
/// ([`stylesheet`]); the message pages, which have no nonce, link it.
pub const STYLESHEET: &str = "aide.css";

/// The stylesheet, which the page carries inline; empty when the binary
/// has no bundle. (`build.rs` refuses a bundle whose CSS could end its
/// `<style>` element, so `Stylesheet::new` never does here.)
/// Read and checked once per process, not on every render.
pub fn stylesheet() -> app::page::Stylesheet {
    static TEXT: LazyLock<String> = LazyLock::new(|| {
        Pkg::get(STYLESHEET)
            .and_then(|file| String::from_utf8(file.data.into_owned()).ok())
            .unwrap_or_default()
    });
    static STYLE: LazyLock<app::page::Stylesheet> =
        LazyLock::new(|| app::page::Stylesheet::new(TEXT.as_str()).unwrap_or_default());
    *STYLE
}

/// A file's precompressed variant (`aide.js.br`, `aide.js.gz`).
fn is_variant(name: &str) -> bool {
    name.ends_with(".br") || name.ends_with(".gz")
}

/// Where the page's assets are as files (with their precompressed
/// variants); `None` when they could not be written, and then they are
/// served from memory.
#[derive(Clone, Debug, Default)]
pub struct AssetFolder(Option<std::sync::Arc<std::path::PathBuf>>);

impl AssetFolder {
    /// Writes this build's assets into the project's cache, once per build;
    /// a failure is a warning on the server's stderr, not an error.
    pub fn prepare(store: &DecisionStore, log: Printer) -> Self {
        let files = Pkg::iter().filter_map(|name| {
            let file = Pkg::get(&name)?;
            Some((name.into_owned(), file.data))
        });
        match store.caches().assets(&BUNDLE, files) {
            Ok(folder) => AssetFolder(Some(std::sync::Arc::new(folder))),
            Err(error) => {
                log.warn(&error.message(log.lang));
                AssetFolder(None)
            }
        }
    }

    /// The folder, if the assets were written there.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.0.as_deref().map(std::path::PathBuf::as_path)
    }
}

/// `GET /pkg/{bundle}/{file}`: the file, if `bundle` is this build's.
pub async fn pkg(
    State(folder): State<AssetFolder>,
    path: Result<Path<(String, String)>, PathRejection>,
    request: Request,
) -> Response {
    // A path axum cannot decode names no file: no asset, and none of
    // axum's English.
    let Ok(Path((bundle, file))) = path else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Some(asset) = Pkg::get(&file).filter(|_| bundle == *BUNDLE && !is_variant(&file)) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let etag = format!("\"{}\"", *BUNDLE);
    let fresh = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == etag.as_bytes());
    let mime = media_type(asset.metadata.mimetype());
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else if let Some(folder) = folder.path() {
        from_folder(folder, &file, request).await
    } else {
        asset.data.into_owned().into_response()
    };
    let headers = response.headers_mut();
    for (name, value) in [(header::CONTENT_TYPE, mime), (header::ETAG, etag)] {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    response
}

/// `file` from `folder`, as the precompressed variant the request accepts.
async fn from_folder(folder: &std::path::Path, file: &str, mut request: Request) -> Response {
    let Ok(uri) = Uri::builder().path_and_query(format!("/{file}")).build() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    *request.uri_mut() = uri;
    let serve = ServeDir::new(folder)
        .precompressed_br()
        .precompressed_gzip();
    match serve.oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    }
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

/// The media type rust-embed guessed from the name; text is UTF-8.
fn media_type(mime: &str) -> String {
    if mime.starts_with("text/") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_utf_8() {
        assert_eq!(media_type("application/wasm"), "application/wasm");
        assert_eq!(media_type("text/css"), "text/css; charset=utf-8");
    }

    #[test]
    fn the_bundle_names_its_folder() {
        let dir = pkg_dir();
        assert_eq!(dir.len(), "pkg/".len() + 16, "{dir}");
        assert_eq!(dir, pkg_dir(), "the same for the whole run");
    }
}
