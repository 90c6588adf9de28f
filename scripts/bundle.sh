#!/usr/bin/env bash
# Builds the page bundle (target/site/pkg: the WASM, its JS glue and the
# CSS) with cargo-leptos, for scripts/build.sh and scripts/test.sh (where
# clippy lints the page's crates as they compile).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# binaryen 132's wasm-opt from npm (never Debian's 108: it breaks hydration).
export PATH="$ROOT/end2end/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# The WASM's panic locations name its dependencies' sources by their path:
# without CARGO_HOME's folder, the bundle aide ships holds no path (and no
# user name) of the machine that built it. (Its bytes still differ where
# CARGO_HOME does: wasm_split_helpers stamps a hash of its manifest's path.)
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src/="
exec cargo leptos build --release --frontend-only --cargo-locked
