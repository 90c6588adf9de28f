//! A test that cannot run here says so on the test output, and fails
//! under CI, where every test must run.

use std::io::Write;

/// Whether the tests run under CI (`CI=true`, as GitHub Actions sets it),
/// where every test must run: one that cannot fails rather than skips.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true" || value == "1")
}

/// Says that `test` did not run, and why: on the test output itself
/// (written to stderr past libtest's capture, which keeps a passing test's
/// `eprintln!` to itself), so a run that skipped it shows it. Under CI it
/// fails the test instead: a test that cannot run there is a broken test.
pub fn skipped(test: &str, why: &str) {
    assert!(!under_ci(), "{test} must run under CI, but {why}");
    // One write, so the line is not cut by libtest's own lines.
    let line = format!("skipped {test}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
