//! The service returns what happened (`report::Happened`, told to its caller) and never
//! writes itself: `aide mcp` on stdio carries JSON-RPC on stdout, so one
//! stray line from the service would break the client's connection. Read
//! from the sources, as `tests/aide/one_name.rs` reads the layers.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use std::path::{Path, PathBuf};

/// What no file of the service may use: printing, the process's own
/// streams, the front ends and what only they present (the browser, the
/// QR code, the desktop notification).
const FORBIDDEN: &[&str] = &[
    "print!",
    "println!",
    "eprint!",
    "eprintln!",
    "dbg!",
    "io::stdout",
    "io::stderr",
    "Stdio::inherit",
    "crate::stdout",
    "crate::output",
    "crate::cli",
    "crate::error",
    "crate::cmd",
    "crate::mcp",
    "crate::notify",
    "reach::open",
    "reach::qr",
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            sources(&path, out);
        } else if name.ends_with(".rs") && !name.ends_with("tests.rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_service_never_writes_to_stdout_or_stderr_nor_uses_a_front_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/decide");
    let mut files = Vec::new();
    sources(&dir, &mut files);
    assert!(files.len() > 5, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for word in FORBIDDEN.iter().filter(|word| code.contains(*word)) {
                found.push(format!("{}:{}: {word}", file.display(), n + 1));
            }
        }
        // A process it starts inherits stdout and stderr unless told
        // otherwise: each one it starts says where both go.
        let spawns = text.matches("Command::new(").count();
        for stream in [".stdout(", ".stderr("] {
            if text.matches(stream).count() < spawns {
                found.push(format!("{}: a command without {stream}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the service writes or presents: {found:#?}"
    );
}

#[test]
fn the_check_finds_what_it_forbids() {
    // The words are found where they stand in code, not in comments.
    let code = "    let _ = std::io::stdout().lock();";
    assert!(FORBIDDEN.iter().any(|word| code.contains(word)));
    assert!("// print!(\"x\")".trim_start().starts_with("//"));
}
