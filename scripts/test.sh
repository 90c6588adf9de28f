#!/usr/bin/env bash
# Sets up a fresh machine (scripts/setup.sh, fast when done already) and
# runs every test: the page bundle first, formatting, clippy, unit/router/CLI
# tests (with the bundle embedded), the release
# build with the embedded page, its packages installed and used (wheel,
# npm, MCP Bundle, Claude Code plugin), the browser tests in Chromium, and
# the official MCP tools against `aide mcp` (scripts/conformance.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$ROOT/scripts/setup.sh"
cd "$ROOT"
export PATH="$ROOT/end2end/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# A clean clone builds once: incremental caches only cost disk there.
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi

section() { printf '\n→ test: %s\n' "$*" >&2; }

section "page bundle (target/site/pkg, embedded by every build below)"
# Built first, so the unit tests embed it too and its checks run rather
# than skip (AIDE_REQUIRE_BUNDLE makes a missing bundle fail them).
cargo leptos build --release --frontend-only --cargo-locked
# Named, so a build made before the bundle existed embeds it now (the
# build script reruns when the variable changes) and one without it fails.
export AIDE_SITE_DIR="$ROOT/target/site" AIDE_REQUIRE_BUNDLE=1
section "formatting"
cargo fmt --all --check
section "clippy"
cargo clippy --all-targets --locked -- -D warnings
cargo clippy -p frontend --target wasm32-unknown-unknown --locked -- -D warnings
section "unit, store, router and CLI tests"
# Not --workspace: see default-members in Cargo.toml.
cargo test --locked
section "release build (page bundle embedded in the binary)"
"$ROOT/scripts/build.sh"
section "packages of that build (scripts/package.sh), each installed and answered through (scripts/install_test.sh)"
"$ROOT/scripts/package.sh" >&2
"$ROOT/scripts/install_test.sh"
section "browser tests in Chromium"
(cd end2end && playwright test)
section "MCP conformance suite (aide mcp --http), Inspector and Python SDK (stdio)"
"$ROOT/scripts/conformance.sh"
