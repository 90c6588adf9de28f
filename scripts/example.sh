#!/usr/bin/env bash
# Sets up, builds, and runs the main job: submits examples/auth.json from a
# fresh project folder and prints the address to open. Blocks until the
# decision is made in the browser, then prints what the agent would read.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh"

PROJECT=${AIDE_EXAMPLE_DIR:-$(mktemp -d -t aide-example-XXXXXX)}
mkdir -p "$PROJECT"
cp "$ROOT/examples/task-now.md" "$PROJECT/"
cd "$PROJECT"
AIDE="$ROOT/target/release/aide"
[ -d .aide ] || "$AIDE" init
echo "→ example project: $PROJECT" >&2
"$AIDE" decide submit "$ROOT/examples/auth.json" "$@"
echo "→ aide decide result:" >&2
"$AIDE" decide result
