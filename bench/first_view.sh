#!/usr/bin/env bash
# How long a person waits for the first page of a question (issue 57): from
# the start of `aide decide submit --detach` to the last byte of its first
# GET /, which waits for the page server to prepare the session (each diff
# highlighted). Binaries alternate run by run, each in a fresh project;
# prints each binary's median, fastest and slowest.
#
#   bench/first_view.sh RUNS AIDE [AIDE...]
#   BENCH_DIFFS=1 bench/first_view.sh 15 before/aide after/aide
#   BENCH_ITEMS=10 (default): the session's items, as bench/page.sh's
#
# A benchmark, not a test: it exits non-zero only when something failed to
# run, never because of a figure.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HELPER="$ROOT/bench/page.mjs"
ITEMS=${BENCH_ITEMS:-10}
export AIDE_LANG=en CI=true

fail() { printf '✗ bench: %s\n' "$*" >&2; exit 1; }

[ $# -ge 2 ] || fail "usage: bench/first_view.sh RUNS AIDE [AIDE...]"
RUNS=$1; shift
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || fail "the run count must be a positive integer, not \"$RUNS\""
for aide in "$@"; do [ -x "$aide" ] || fail "no aide binary at $aide"; done

WORK=$(mktemp -d -t aide-first-XXXXXX)
PID=
cleanup() {
  [ -z "$PID" ] || kill -TERM "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

now_us() { local t=${EPOCHREALTIME/[.,]/}; printf '%s' "$((10#$t))"; }

node "$HELPER" gen "$ITEMS" "$WORK" || fail "generating the input failed"
input="$WORK/input-$ITEMS.json"

declare -A times
declare -A sizes
for ((run = 0; run < RUNS; run++)); do
  for aide in "$@"; do
    project="$WORK/p-$run-$(printf '%s' "$aide" | md5sum | cut -c1-8)"
    mkdir -p "$project"
    (cd "$project" && "$aide" init) >/dev/null 2>&1 || fail "aide init failed ($aide)"
    port=$(node "$HELPER" port) || fail "no free port on 127.0.0.1"
    t0=$(now_us)
    (cd "$project" && "$aide" decide submit "$input" --detach --no-open --json --port "$port") \
      >"$WORK/submit.json" 2>"$WORK/submit.err" \
      || { cat "$WORK/submit.err" >&2; fail "submit failed ($aide)"; }
    url=$(node "$HELPER" field "$WORK/submit.json" url)
    PID=$(node "$HELPER" field "$WORK/submit.json" pid)
    key=${url##*key=}
    key=${key%%[&#]*}
    code=$(curl -sS --max-time 120 -o "$WORK/page.html" -H "X-Aide-Key: $key" \
      -w '%{http_code}' "http://127.0.0.1:$port/") || fail "GET / failed ($aide)"
    t1=$(now_us)
    [ "$code" = 200 ] || fail "GET / answered $code ($aide)"
    times[$aide]+=" $(((t1 - t0) / 1000))"
    sizes[$aide]=$(wc -c <"$WORK/page.html")
    kill -TERM "$PID" 2>/dev/null || true
    while kill -0 "$PID" 2>/dev/null; do sleep 0.05; done
    PID=
  done
done

for aide in "$@"; do
  # shellcheck disable=SC2086
  sorted=$(printf '%s\n' ${times[$aide]} | sort -n)
  count=$(wc -l <<<"$sorted")
  median=$(sed -n "$(((count + 1) / 2))p" <<<"$sorted")
  printf '%s: median %s ms, fastest %s, slowest %s (%s runs; %s bytes of page)\n' \
    "$aide" "$median" "$(head -1 <<<"$sorted")" "$(tail -1 <<<"$sorted")" "$count" "${sizes[$aide]}"
done
