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
    commit();
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
    let read = |path: &Path| {
        fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    };
    let mut hydrates = false;
    for path in &files {
        let name = path.file_name().expect("read_dir gives file names");
        if path.extension().is_some_and(|e| e == "wasm") {
            // Its bytes go out inside the glue, below.
            assert!(
                path.with_extension("js").is_file(),
                "{} has no JS glue beside it",
                path.display()
            );
            continue;
        }
        let mut bytes = read(path);
        let wasm = path.with_extension("wasm");
        if path.extension().is_some_and(|e| e == "js") && wasm.is_file() {
            bytes.splice(0..0, COMPILE_HINT.bytes());
            bytes.extend_from_slice(wasm_export(&read(&wasm)).as_bytes());
            bytes.extend_from_slice(start(&name.to_string_lossy(), &manifest).as_bytes());
            hydrates = true;
        }
        if path.extension().is_some_and(|e| e == "css") {
            // The page carries it inline, in a `<style>` element.
            assert!(
                !bytes
                    .to_ascii_lowercase()
                    .windows(7)
                    .any(|w| w == b"</style"),
                "{} contains \"</style\": it cannot go inline",
                path.display()
            );
        }
        let target = out.join(name);
        fs::write(&target, &bytes)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
        compress(&target, &bytes);
    }
    // `server::web::assets::embedded()`: whether the page can hydrate.
    println!("cargo:rustc-env=AIDE_BUNDLE_HYDRATES={hydrates}");
}

/// `VERGEN_GIT_SHA`, the commit `aide --version` names. Outside a git
/// checkout (a crate unpacked from a registry) vergen says so in a warning
/// and names none.
fn commit() {
    let git = vergen_gitcl::Gitcl::builder().sha(true).build();
    let emitted = vergen_gitcl::Emitter::default()
        .add_instructions(&git)
        .and_then(|emitter| emitter.emit());
    if let Err(error) = emitted {
        println!("cargo:warning=no commit for aide --version: {error}");
        println!("cargo:rustc-env=VERGEN_GIT_SHA=unknown");
    }
}

/// V8's explicit compile hint (Chrome 136): the glue's first line asks
/// for every function of the file to be compiled eagerly, on the thread
/// that parses the module while its bytes stream in. The island calls many
/// of them as it wakes (the imports the WASM uses), and each compiled
/// lazily on its first call, on the main thread, within the island's
/// start (`bench/upstream.md`). Other engines read a comment.
const COMPILE_HINT: &str = "//# allFunctionsCalledOnLoad\n";

/// The name of the glue's export that holds the WASM's bytes: the same as
/// `app::page::WASM_EXPORT`, which the page's start reads (a build
/// script cannot use the app crate). The test of the served glue checks
/// that they agree, and no page of the browser tests would hydrate if
/// they did not.
const WASM_EXPORT: &str = "aide_wasm";

/// The WASM's bytes as one more export of the JS glue (`aide.js`), which
/// the islands script passes to the glue's `initSync`. In the module
/// script's one import, the bytes are in when the script runs, before
/// `DOMContentLoaded`, and are compiled there at once; fetched as a
/// `.wasm`, they waited for the first layout; as a module of their own,
/// Chromium streamed the two modules one after the other and the glue
/// came in last (figures in `bench/upstream.md`).
///
/// The bytes are a hex string, which the browser turns into bytes natively
/// (`Uint8Array.fromHex`: Chrome 140, Firefox 133, Safari 18.2) in well
/// under a millisecond; a browser without it runs a loop. Compressed, hex
/// is 8% larger than the `.wasm` (base64 would be 34%), and its loop is
/// faster than one with a character per byte.
fn wasm_export(wasm: &[u8]) -> String {
    format!(
        "\nexport const {WASM_EXPORT} = ((hex) => {{\n\
         if (Uint8Array.fromHex) return Uint8Array.fromHex(hex);\n\
         const bytes = new Uint8Array(hex.length / 2);\n\
         const digit = (c) => (c < 58 ? c - 48 : c - 87);\n\
         for (let i = 0; i < bytes.length; i++)\n\
         bytes[i] = (digit(hex.charCodeAt(2 * i)) << 4) | digit(hex.charCodeAt(2 * i + 1));\n\
         return bytes;\n\
         }})(\"{}\");\n",
        hex::encode(wasm)
    )
}

/// The page's start (`frontend/start.js`), to follow the WASM's export in
/// the glue named `glue_name`: it uses the glue's own namespace, which the
/// line written before it imports (a module may import itself). The page
/// then needs no script of its own but the glue's URL.
fn start(glue_name: &str, manifest: &Path) -> String {
    let path = manifest.join("../frontend/start.js");
    println!("cargo:rerun-if-changed={}", path.display());
    let code = fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the page's start {}: {e}", path.display()));
    // Its comments and indentation stay in the repository: the minifier
    // has run on the glue before this.
    let lines: Vec<&str> = code
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect();
    format!(
        "import * as glue from {:?};\n{}\n",
        format!("./{glue_name}"),
        lines.join("\n")
    )
}

/// Writes `{file}.br` and `{file}.gz` beside `file`: compressed once here,
/// at the best settings, so the server never compresses an asset.
fn compress(file: &Path, bytes: &[u8]) {
    use std::io::Write;
    let with = |ext: &str| {
        let mut name = file.as_os_str().to_owned();
        name.push(ext);
        PathBuf::from(name)
    };
    let mut br = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 24,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut br, &params).expect("brotli into memory");
    fs::write(with(".br"), br).expect("OUT_DIR is writable");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).expect("gzip into memory");
    fs::write(with(".gz"), gz.finish().expect("gzip into memory")).expect("OUT_DIR is writable");
}

/// The files the page loads; cargo-leptos also writes TypeScript typings.
fn is_bundle_file(path: &Path) -> bool {
    path.is_file()
        && matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("js" | "wasm" | "css")
        )
}
