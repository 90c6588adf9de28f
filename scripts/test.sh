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
# Most tests wait on the aide they started (a server lingering, a
# timeout), not on the CPU: 8 at a time, not one per core.
RUST_TEST_THREADS=8 cargo test --locked

section "release build (page bundle embedded in the binary)"
# The shipped binary, by plain rustc: what scripts/build.sh does after the
# bundle, which is built already. Plain rustc from here on, so maturin's
# build finds this one fresh. Not beside the tests: in a session of its own
# (to be stopped as a group) the kernel's autogroups gave it half the CPU
# whatever its nice, and the tests' build took 363 s instead of 196.
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
cargo build --release --locked -p server
section "packages of that build (scripts/package.sh), each installed and answered through (scripts/install_test.sh)"
"$ROOT/scripts/package.sh" >&2
"$ROOT/scripts/install_test.sh"
section "browser tests in Chromium"
(cd end2end && playwright test)
section "MCP conformance suite (aide mcp --http), Inspector and Python SDK (stdio)"
AIDE_BIN="$ROOT/target/release/aide" "$ROOT/scripts/conformance.sh"
