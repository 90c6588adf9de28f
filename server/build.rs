//! Gathers the site's `pkg/` files (WASM, JS, CSS built by cargo-leptos)
//! into `$OUT_DIR/pkg`, which rust-embed embeds into the binary (see
//! `src/web/assets.rs`). The folder is `$AIDE_SITE_DIR/pkg`, or
//! `target/site/pkg` of the workspace. Without it the folder stays empty and
//! the binary still works: the page is served without hydration (a plain
//! HTML form), and `aide` says so.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=AIDE_SITE_DIR");
    let explicit = env::var_os("AIDE_SITE_DIR").map(PathBuf::from);
    let manifest =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let site = explicit
        .clone()
        .unwrap_or_else(|| manifest.join("../target/site"));
    let pkg = site.join("pkg");

    let files: Vec<PathBuf> = match fs::read_dir(&pkg) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| is_bundle_file(p))
            .collect(),
        Err(e) if explicit.is_some() => panic!(
            "AIDE_SITE_DIR={} has no readable pkg/ folder: {e}",
            site.display()
        ),
        Err(_) => Vec::new(),
    };
    if pkg.is_dir() {
        println!("cargo:rerun-if-changed={}", pkg.display());
    }

    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("pkg");
    // Start empty, so a file dropped from the bundle is not embedded.
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    for path in &files {
        let name = path.file_name().expect("read_dir gives file names");
        fs::copy(path, out.join(name))
            .unwrap_or_else(|e| panic!("cannot copy {}: {e}", path.display()));
    }
}

/// The files the page loads; cargo-leptos also writes TypeScript typings.
fn is_bundle_file(path: &Path) -> bool {
    path.is_file()
        && matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("js" | "wasm" | "css")
        )
}
