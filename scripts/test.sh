#!/usr/bin/env bash
# Sets up a fresh machine (scripts/setup.sh, fast when done already) and
# runs every test: formatting, the page bundle, clippy and the unit, router
# and CLI tests (with the bundle embedded), the release build with the
# embedded page, its packages installed and used (wheel, npm, MCP Bundle,
# Claude Code plugin), the browser tests in Chromium, and the official MCP
# tools against `aide mcp` (scripts/conformance.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$ROOT/scripts/setup.sh"
cd "$ROOT"
export PATH="$ROOT/end2end/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# A clean clone builds once: incremental caches only cost disk there.
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi

section() { printf '\n→ test: %s\n' "$*" >&2; }

section "formatting"
cargo fmt --all --check

# Clippy lints each crate of the workspace while the builds below compile
# it, as `cargo clippy -- -D warnings` would (that command is this wrapper
# around `cargo check`): the page's crates for wasm32 in the bundle's build,
# then every target of the host crates in the tests' build. Linting in a
# build of its own cost 175 s of the 26 minutes a new 2-core machine took.
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

section "page bundle (target/site/pkg, embedded by every build below), with clippy"
# Built first, so the unit tests embed it too and its checks run rather
# than skip (AIDE_REQUIRE_BUNDLE makes a missing bundle fail them).
cargo leptos build --release --frontend-only --cargo-locked
# Named, so a build made before the bundle existed embeds it now (the
# build script reruns when the variable changes) and one without it fails.
export AIDE_SITE_DIR="$ROOT/target/site" AIDE_REQUIRE_BUNDLE=1

section "clippy on every target, then the unit, store, router and CLI tests"
# Not --workspace: see default-members in Cargo.toml. --all-targets builds
# (and lints) the benchmarks too, which `cargo test` alone would skip.
cargo test --locked --all-targets --no-run

# The shipped binary, by plain rustc (scripts/build.sh's build, the bundle
# being built already), begun beside the tests' run: that waits on the
# aides it started (a server lingering, a timeout) and used 51 s of CPU in
# 52 s on 2 cores, leaving one core to this build. Not beside the tests'
# build: both are CPU-bound, and that build took 363 s instead of 196.
# target/release has a lock of its own. Its output is printed after the
# tests' (or when it fails).
section "release build (page bundle embedded in the binary), begun beside the tests below"
release_log=$(mktemp)
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS \
  cargo build --release --locked -p server >"$release_log" 2>&1 &
release_build=$!
trap 'kill "$release_build" 2>/dev/null || true; rm -f "$release_log"' EXIT
# Most tests wait on the aide they started, not on the CPU: 8 at a time,
# not one per core.
RUST_TEST_THREADS=8 cargo test --locked

section "release build, finished"
release_ok=true
wait "$release_build" || release_ok=false
cat "$release_log" >&2
$release_ok || { printf '✗ test: the release build failed (above)\n' >&2; exit 1; }
# Plain rustc from here on, so maturin's build finds the release build fresh.
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
section "packages of that build (scripts/package.sh), each installed and answered through (scripts/install_test.sh)"
"$ROOT/scripts/package.sh" >&2
"$ROOT/scripts/install_test.sh"
section "browser tests in Chromium"
(cd end2end && playwright test)
section "MCP conformance suite (aide mcp --http), Inspector and Python SDK (stdio)"
AIDE_BIN="$ROOT/target/release/aide" "$ROOT/scripts/conformance.sh"
