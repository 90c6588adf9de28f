//! Embeds the site's `pkg/` files (WASM, JS, CSS built by cargo-leptos) into
//! the binary. The folder is `$AIDE_SITE_DIR/pkg`, or `target/site/pkg` of
//! the workspace. Without it the binary still works: the page is served
//! without hydration (a plain HTML form), and `aide` says so.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

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

    let mut files: Vec<PathBuf> = match fs::read_dir(&pkg) {
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
    files.sort();
    if pkg.is_dir() {
        println!("cargo:rerun-if-changed={}", pkg.display());
    }

    let mut code = String::from("static ASSETS: &[Asset] = &[\n");
    // One hash over every file, named in the assets' URLs: a new bundle gets
    // new URLs, so browsers may keep each one for good.
    let mut bundle: Vec<u8> = Vec::new();
    for path in &files {
        let bytes =
            fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("cargo-leptos writes UTF-8 file names");
        let hash = fnv64(&bytes);
        let _ = writeln!(
            code,
            "    Asset {{ name: {name:?}, bytes: include_bytes!({path:?}), etag: \"\\\"{hash:016x}\\\"\" }},",
            path = path.display().to_string(),
        );
        bundle.extend_from_slice(name.as_bytes());
        bundle.extend_from_slice(&hash.to_le_bytes());
    }
    code.push_str("];\n");
    let _ = writeln!(code, "static BUNDLE: &str = \"{:016x}\";", fnv64(&bundle));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("assets.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}

/// The files the page loads; cargo-leptos also writes TypeScript typings.
fn is_bundle_file(path: &std::path::Path) -> bool {
    path.is_file()
        && matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("js" | "wasm" | "css")
        )
}

/// A content hash for ETags (FNV-1a, 64 bits).
fn fnv64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}
