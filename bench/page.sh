#!/usr/bin/env bash
# The page benchmark of issue 12: starts `aide` with generated 10-, 100- and
# 1,000-item sessions in a temp project and prints one Markdown table of
# medians with the issue's targets beside them. See bench/README.md.
#
#   bench/page.sh [RUNS]              RUNS per figure (default 5)
#   AIDE=path/to/aide bench/page.sh   another binary (default target/release/aide)
#   BENCH_SIZES="10 100" bench/page.sh
#   UPSTREAM=/path/to/upstream/aide bench/page.sh
#                                     also the upstream aide's page, in the
#                                     same run (its web/ folder from
#                                     UPSTREAM_WEB, or found beside the binary)
#   BENCH_JSON=FILE bench/page.sh     also keep every run's figures (JSON lines)
#   BENCH_DIFFS=1 bench/page.sh       every option with a 300-line diff (issue 57)
#   UPSTREAM=… BENCH_FLOOR=1 bench/page.sh
#                                     also aide's page without its scripts, and
#                                     without its scripts and stylesheet, beside
#                                     the upstream page (the first paint's floor)
#
# A benchmark, not a test: it exits non-zero only when something failed to
# run, never because a figure missed its target.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HELPER="$ROOT/bench/page.mjs"
RUNS=${1:-${RUNS:-5}}
SIZES=${BENCH_SIZES:-10 100 1000}
AIDE=${AIDE:-$ROOT/target/release/aide}
case $AIDE in /*) ;; *) AIDE="$PWD/$AIDE" ;; esac
UPSTREAM=${UPSTREAM:-}
UPSTREAM_WEB=${UPSTREAM_WEB:-}
CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
export CHROMIUM_PATH
# English messages, and no browser of aide's own.
export AIDE_LANG=en CI=true

log() { printf '→ bench: %s\n' "$*" >&2; }
fail() { printf '✗ bench: %s\n' "$*" >&2; exit 1; }

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || fail "the run count must be a positive integer, not \"$RUNS\" (usage: bench/page.sh [RUNS])"
for n in $SIZES; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || fail "BENCH_SIZES must hold positive integers, not \"$n\""
done
[ -x "$AIDE" ] || fail "no aide binary at $AIDE (run scripts/build.sh, or set AIDE=path)"
command -v node >/dev/null || fail "node is not on PATH"
[ -z "${BENCH_FLOOR:-}" ] || [ -n "$UPSTREAM" ] \
  || fail "BENCH_FLOOR compares with the upstream page: set UPSTREAM too"
command -v curl >/dev/null || fail "curl is not on PATH"
[ -x "$CHROMIUM_PATH" ] || fail "no Chromium at $CHROMIUM_PATH (apt-get install chromium, or set CHROMIUM_PATH)"
[ -d "$ROOT/end2end/node_modules/playwright-core" ] \
  || fail "Playwright is missing: run (cd end2end && npm ci)"
if [ -n "$UPSTREAM" ]; then
  case $UPSTREAM in /*) ;; *) UPSTREAM="$PWD/$UPSTREAM" ;; esac
  [ -x "$UPSTREAM" ] || fail "no upstream aide binary at $UPSTREAM"
  # Built in its crate (aide/target/release/aide), it serves aide/web.
  if [ -z "$UPSTREAM_WEB" ]; then
    UPSTREAM_WEB=$(cd "$(dirname "$UPSTREAM")/../.." && pwd)/web
    [ -f "$UPSTREAM_WEB/index.html" ] \
      || fail "no upstream web/ folder at $UPSTREAM_WEB (set UPSTREAM_WEB to the folder of its index.html, app.js and style.css)"
  fi
  case $UPSTREAM_WEB in /*) ;; *) UPSTREAM_WEB="$PWD/$UPSTREAM_WEB" ;; esac
  for f in index.html app.js style.css; do
    [ -f "$UPSTREAM_WEB/$f" ] || fail "UPSTREAM_WEB ($UPSTREAM_WEB) has no $f"
  done
fi

WORK=$(mktemp -d -t aide-bench-XXXXXX)
# aide's per-user state of its own: the page lists the questions waiting in
# other projects of this user, and another session open on the machine
# would put that list (and its stylesheet) into the measured page.
export XDG_STATE_HOME="$WORK/state"
SERVERS=()   # pids of every server started

# stop_server PID: SIGTERM (a graceful close), then SIGKILL after 10 s.
stop_server() {
  local pid=$1 i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 200; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.05
  done
  printf '⚠ bench: server %s ignored SIGTERM for 10 s; killing it\n' "$pid" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local rc=$? pid
  trap - EXIT INT TERM
  for pid in "${SERVERS[@]}"; do stop_server "$pid"; done
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Microseconds since the epoch, without starting a process.
now_us() { local t=${EPOCHREALTIME/[.,]/}; printf '%s' "$((10#$t))"; }
# ms_since T0_US: the milliseconds since T0, with three decimals.
ms_since() { local d=$(($(now_us) - $1)); printf '%d.%03d' $((d / 1000)) $((d % 1000)); }
median() { node "$HELPER" median "$@"; }
field() { node "$HELPER" field "$@"; }

# submit_detach PROJECT INPUT PORT: `aide decide submit --detach`, timed.
# Sets ELAPSED (ms) and SERVER (its pid), and leaves what it printed
# (`--json`: session_id, url, port, pid) in $WORK/submit.json; records the
# server for cleanup.
submit_detach() {
  local project=$1 input=$2 port=$3 t0
  t0=$(now_us)
  if ! (cd "$project" && "$AIDE" decide submit "$input" --detach --no-open --json --port "$port") \
      >"$WORK/submit.json" 2>"$WORK/submit.err"; then
    cat "$WORK/submit.err" >&2
    fail "aide decide submit --detach failed in $project (its messages are above)"
  fi
  ELAPSED=$(ms_since "$t0")
  SERVER=$(field "$WORK/submit.json" pid) \
    || fail "submit --detach --json printed no pid in $project"
  SERVERS+=("$SERVER")
}

RESULTS="$WORK/results.jsonl"
: >"$RESULTS"

# upstream_start N: the upstream aide's page for the N-item input, in a
# project of its own (aide-memory/ with the port in config.toml). Sets
# UPSTREAM_URL and UPSTREAM_PID; records the server for cleanup.
upstream_start() {
  local n=$1 project="$WORK/upstream-$1" port
  mkdir -p "$project/aide-memory"
  node "$HELPER" gen "$n" "$project" || fail "generating the $n-item input failed"
  port=$(node "$HELPER" port) || fail "no free port on 127.0.0.1"
  printf '[decide]\nport = %d\n' "$port" >"$project/aide-memory/config.toml"
  (cd "$project" && "$UPSTREAM" decide submit "input-$n.json" --web-dir "$UPSTREAM_WEB") \
    >"$WORK/upstream.out" 2>&1 \
    || { cat "$WORK/upstream.out" >&2; fail "the upstream aide decide submit failed in $project"; }
  UPSTREAM_PID=$(field "$project/aide-memory/decisions/server.json" pid) \
    || fail "the upstream aide wrote no server.json in $project"
  SERVERS+=("$UPSTREAM_PID")
  port=$(field "$project/aide-memory/decisions/server.json" port)
  # The host name aide publishes too (both servers listen on 127.0.0.1).
  UPSTREAM_URL="http://localhost:$port/"
  local code
  for path in "" api/items; do
    code=$(curl -sS --max-time 60 -o /dev/null -w '%{http_code}' "$UPSTREAM_URL$path") \
      || fail "GET $UPSTREAM_URL$path failed (upstream, $n items)"
    [ "$code" = 200 ] || fail "GET $UPSTREAM_URL$path answered $code (upstream, $n items)"
  done
}

log "aide: $AIDE; $RUNS runs per figure; sizes: $SIZES; work folder: $WORK"
[ -z "$UPSTREAM" ] || log "upstream: $UPSTREAM, serving $UPSTREAM_WEB"

for n in $SIZES; do
  project="$WORK/project-$n"
  mkdir -p "$project"
  (cd "$project" && "$AIDE" init) >/dev/null 2>"$WORK/init.err" \
    || { cat "$WORK/init.err" >&2; fail "aide init failed in $project"; }
  node "$HELPER" gen "$n" "$project" || fail "generating the $n-item input failed"
  input="$project/input-$n.json"
  port=$(node "$HELPER" port) || fail "no free port on 127.0.0.1"

  log "$n items: submit --detach ($(du -h "$input" | cut -f1) of input)"
  submit_detach "$project" "$input" "$port"
  url=$(field "$WORK/submit.json" url)
  addr=127.0.0.1:$(field "$WORK/submit.json" port)
  session=$(field "$WORK/submit.json" session_id)
  key=${url##*key=}
  key=${key%%[&#]*}
  [[ $key =~ ^[0-9a-f]+$ ]] || fail "no key in the published address $url"

  # 4. The page HTML: curl sends no Accept-Encoding (no --compressed), so the
  # size is the uncompressed HTML; time_total is the time to the last byte.
  log "$n items: GET / x$RUNS (curl, uncompressed)"
  render=()
  for ((i = 0; i < RUNS; i++)); do
    out=$(curl -sS --max-time 60 -o "$WORK/page.html" -H "X-Aide-Key: $key" \
      -w '%{http_code} %{time_total} %{size_download}' "http://$addr/") \
      || fail "GET http://$addr/ failed ($n items)"
    read -r code seconds size <<<"$out"
    [ "$code" = 200 ] || fail "GET http://$addr/ answered $code ($n items): $(head -c 300 "$WORK/page.html")"
    render+=("$(awk -v s="$seconds" 'BEGIN { printf "%.3f", s * 1000 }')")
    html_bytes=$size
  done
  render_ms=$(median "${render[@]}")

  # 1-3. Headless Chromium: time to usable and to interactive, bytes on
  # load and reload; with UPSTREAM, its page too, alternating run by run.
  upstream_url=
  if [ -n "$UPSTREAM" ]; then
    upstream_start "$n"
    upstream_url=$UPSTREAM_URL
    log "$n items: upstream page at $upstream_url (pid $UPSTREAM_PID)"
  fi
  log "$n items: Chromium x$RUNS (first load and reload, fresh context each${UPSTREAM:+; aide and upstream alternating})"
  node "$HELPER" browse "$url" "$RUNS" $upstream_url >"$WORK/browser.json" \
    || fail "the browser measurement of $n items failed"
  echo null >"$WORK/floor.json"
  if [ -n "${BENCH_FLOOR:-}" ]; then
    log "$n items: Chromium x$RUNS, aide's page without its scripts (and without its stylesheet) beside the upstream page"
    node "$HELPER" floor "$url" "$RUNS" "$upstream_url" >"$WORK/floor.json" \
      || fail "the floor measurement of $n items failed"
  fi
  [ -z "$UPSTREAM" ] || stop_server "$UPSTREAM_PID"

  # 5. Answer the session as the page does, then time `aide decide result`.
  log "$n items: answer over HTTP, then aide decide result x$RUNS"
  code=$(curl -sS --max-time 60 -o "$WORK/answer.out" -w '%{http_code}' -X POST \
    -H 'Content-Type: application/json' -H "X-Aide-Key: $key" \
    -H "X-Aide-Session: $session" -H 'Sec-Fetch-Site: same-origin' \
    --data-binary "@$project/answers-$n.json" "http://$addr/api/decisions") \
    || fail "POST /api/decisions failed ($n items)"
  [ "$code" = 200 ] || fail "POST /api/decisions answered $code ($n items): $(head -c 300 "$WORK/answer.out")"
  result=()
  for ((i = 0; i < RUNS; i++)); do
    t0=$(now_us)
    (cd "$project" && "$AIDE" decide result) >"$WORK/result.out" 2>"$WORK/result.err" \
      || { cat "$WORK/result.err" >&2; fail "aide decide result failed ($n items)"; }
    result+=("$(ms_since "$t0")")
  done
  grep -q '"decisions"' "$WORK/result.out" || fail "aide decide result printed no decisions ($n items)"
  result_ms=$(median "${result[@]}")

  # 6. `submit --detach` until the page answers, from a project whose
  # previous server was stopped first (outside the timing).
  log "$n items: submit --detach x$RUNS"
  detach=()
  for ((i = 0; i < RUNS; i++)); do
    stop_server "$SERVER"
    submit_detach "$project" "$input" "$port"
    detach+=("$ELAPSED")
  done
  stop_server "$SERVER"
  detach_ms=$(median "${detach[@]}")

  printf '{"items":%d,"html_bytes":%d,"render_ms":%s,"result_ms":%s,"detach_ms":%s,"browser":%s,"floor":%s}\n' \
    "$n" "$html_bytes" "$render_ms" "$result_ms" "$detach_ms" "$(cat "$WORK/browser.json")" "$(cat "$WORK/floor.json")" >>"$RESULTS"
  [ -z "${BENCH_JSON:-}" ] || cp "$RESULTS" "$BENCH_JSON"
done

node "$HELPER" table "$RESULTS"
