#!/usr/bin/env bash
# Builds the release `aide` (target/release/aide) with its WASM, JS and CSS
# embedded, so the binary works from any folder. Run scripts/setup.sh first.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# binaryen 132's wasm-opt from npm (never Debian's 108: it breaks hydration).
export PATH="$ROOT/end2end/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "→ build: page bundle (wasm-release profile, wasm-opt)" >&2
"$ROOT/scripts/bundle.sh"
echo "→ build: aide binary with the bundle embedded" >&2
AIDE_SITE_DIR="$ROOT/target/site" cargo build --release --locked -p server
ls -l "$ROOT/target/site/pkg" >&2
echo "✓ build: $ROOT/target/release/aide" >&2
