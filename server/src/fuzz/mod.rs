//! The fuzz targets of issue 28: whatever bytes an agent, a page or a
//! damaged file hands aide, it answers or refuses, never panics, never
//! hangs, and what it accepts reads back the same.
//!
//! Each target is a function of bytes, driven two ways: by proptest in the
//! ordinary tests (`*_tests.rs` beside each target; `AIDE_FUZZ_CASES` sets
//! the case count, as for the MCP lines in `mcp/transport_tests.rs`), and by libFuzzer for the long runs
//! (`fuzz/`, `bench/fuzz.sh`). Built for the tests, and for the fuzz crate
//! with the `fuzzing` feature; never part of the binary.
//!
//! A failed property panics: that is how both drivers see a finding.

pub mod bodies;
pub mod input;
pub mod stored;

#[cfg(test)]
mod bodies_tests;
#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod stored_tests;

use app::ValidationErrors;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

/// Longest one input may take: far above the microseconds a real input
/// takes, far below what a person would call a hang.
pub const SLOW: Duration = Duration::from_secs(5);
/// An input still running after this is a hang: the watchdog stops the
/// process and prints the input (a test would otherwise wait for ever).
const HANG: Duration = Duration::from_secs(30);

/// The inputs in flight, by thread, with when they started.
type InFlight = Mutex<HashMap<ThreadId, (Instant, Vec<u8>)>>;

fn in_flight() -> &'static InFlight {
    static IN_FLIGHT: OnceLock<InFlight> = OnceLock::new();
    IN_FLIGHT.get_or_init(|| {
        thread::spawn(watchdog);
        Mutex::default()
    })
}

fn watchdog() {
    loop {
        thread::sleep(Duration::from_secs(1));
        let map = in_flight().lock().unwrap_or_else(|e| e.into_inner());
        if let Some((start, input)) = map.values().find(|(start, _)| start.elapsed() > HANG) {
            #[allow(clippy::print_stderr)]
            {
                eprintln!(
                    "fuzz: hang, {:?} on input {:?}",
                    start.elapsed(),
                    String::from_utf8_lossy(input)
                );
            }
            std::process::abort();
        }
    }
}

/// Runs `check` on `input`: a panic is passed on, and an input that takes
/// longer than [`SLOW`] fails as a hang.
pub fn bounded<T>(input: &[u8], check: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let me = thread::current().id();
    let lock = || in_flight().lock().unwrap_or_else(|e| e.into_inner());
    lock().insert(me, (start, input.to_vec()));
    // Taken out again even when `check` panics.
    struct Done(ThreadId);
    impl Drop for Done {
        fn drop(&mut self) {
            in_flight()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&self.0);
        }
    }
    let _done = Done(me);
    let out = check();
    let took = start.elapsed();
    assert!(
        took < SLOW,
        "hang: {took:?} on input {:?}",
        String::from_utf8_lossy(input)
    );
    out
}

/// Every error's path points into `value`: all of it, or all but its last
/// field (a required field that is missing). Keys with `.`, `[` or `]` in
/// them make a path ambiguous, so documents with such keys are not checked.
pub fn assert_paths_point_into(value: &Value, errors: &ValidationErrors) {
    if has_odd_key(value) {
        return;
    }
    for error in errors.errors() {
        let Some(path) = error.place.field() else {
            continue;
        };
        let steps = steps(path);
        let parent = steps.len().saturating_sub(1);
        assert!(
            found_through(value, &steps[..parent]).is_some(),
            "the error at {path:?} ({:?}) points outside {value}",
            error.kind
        );
    }
}

#[derive(Debug)]
enum FuzzStep {
    Key(String),
    Index(usize),
}

/// `items[1].options` as its steps: `items`, 1, `options`.
fn steps(path: &str) -> Vec<FuzzStep> {
    let mut steps = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let mut pieces = part.split('[');
        if let Some(key) = pieces.next().filter(|k| !k.is_empty()) {
            steps.push(FuzzStep::Key(key.to_owned()));
        }
        for piece in pieces {
            let n = piece.trim_end_matches(']');
            match n.parse() {
                Ok(i) => steps.push(FuzzStep::Index(i)),
                Err(_) => steps.push(FuzzStep::Key(piece.to_owned())),
            }
        }
    }
    steps
}

fn found_through<'v>(value: &'v Value, steps: &[FuzzStep]) -> Option<&'v Value> {
    steps.iter().try_fold(value, |at, step| match step {
        FuzzStep::Key(key) => at.get(key),
        FuzzStep::Index(i) => at.get(i),
    })
}

fn has_odd_key(value: &Value) -> bool {
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| k.contains(['.', '[', ']']) || k.is_empty() || has_odd_key(v)),
        Value::Array(list) => list.iter().any(has_odd_key),
        _ => false,
    }
}

/// libFuzzer's bytes as a document near `valid`: byte 0 odd splices the
/// bytes from 4 on into `valid` at the position bytes 1-2 name, in place
/// of as many bytes as byte 3 says; otherwise the bytes from 1 on are the
/// whole document.
pub fn shaped(valid: &[u8], data: &[u8]) -> Vec<u8> {
    match data {
        [mode, lo, hi, cut, payload @ ..] if mode & 1 == 1 => {
            let at = usize::from(u16::from_le_bytes([*lo, *hi])) % (valid.len() + 1);
            let end = (at + usize::from(*cut)).min(valid.len());
            [&valid[..at], payload, &valid[end..]].concat()
        }
        [_, rest @ ..] => rest.to_vec(),
        [] => valid.to_vec(),
    }
}

/// The case count of the proptest drivers: `AIDE_FUZZ_CASES`, or 256 (a
/// second or less per test in a debug build; the long runs are libFuzzer's).
#[cfg(test)]
fn config() -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: std::env::var("AIDE_FUZZ_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(256),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
