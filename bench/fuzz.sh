#!/usr/bin/env bash
# The long fuzz runs of issue 28: every target, RUNS inputs each (default
# 1,000,000), and one Markdown table on stdout (progress on stderr).
#
#   bench/fuzz.sh                 # libFuzzer: input, bodies, stored; proptest: MCP lines
#   RUNS=100000 bench/fuzz.sh     # fewer inputs
#   bench/fuzz.sh proptest        # every target under proptest instead
#
# libFuzzer needs cargo-fuzz (`cargo install cargo-fuzz --locked`) and runs on
# the stable toolchain with RUSTC_BOOTSTRAP=1. A target that panics leaves
# its input in fuzz/artifacts/TARGET/; one that takes longer than TIMEOUT
# seconds on an input is a hang (libFuzzer's -timeout). The MCP-lines
# target is proptest's (server/src/mcp/transport_tests.rs): AIDE_FUZZ_CASES
# inputs per test, two tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-1000000}
TIMEOUT=${TIMEOUT:-5}
MODE=${1:-libfuzzer}
export RUSTC_BOOTSTRAP=1

log() { printf '→ fuzz: %s\n' "$*" >&2; }
row() { printf '| %s | %s | %s | %s s | %s | %s |\n' "$@"; }

printf '| target | driver | inputs | time | panics | hangs |\n|---|---|---|---|---|---|\n'

# proptest NAME FILTER: the proptest tests matching FILTER, RUNS cases each.
# proptest has no per-input timeout here, so a watchdog takes its place: a
# run still going after WATCHDOG seconds (default: TIMEOUT per 1,000
# inputs, at least 10 minutes) is killed and counted as a hang; its
# panics column then says "?", as nothing more can be told of it.
proptest_run() {
  local name=$1 filter=$2 start rc=0 out
  local watchdog=${WATCHDOG:-$(( RUNS / 1000 * TIMEOUT > 600 ? RUNS / 1000 * TIMEOUT : 600 ))}
  log "$name: watchdog ${watchdog} s"
  cargo test --locked --release -p server --lib --no-run >&2
  start=$(date +%s)
  out=$(AIDE_FUZZ_CASES=$RUNS timeout --kill-after=10 "$watchdog" \
    cargo test --locked --release -p server --lib "$filter" 2>&1) || rc=$?
  local tests hangs=0 failed
  tests=$(grep -c '\.\.\. ok$' <<<"$out" || true)
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    hangs=1
    failed='?'
  else
    failed=$(grep -c '\.\.\. FAILED$' <<<"$out" || true)
    # A failure that is no test's (a build error, a crash of the runner).
    if [ $rc -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  fi
  [ $rc -eq 0 ] || printf '%s\n' "$out" | tail -40 >&2
  row "$name" proptest "$RUNS × $tests" $(( $(date +%s) - start )) "$failed" "$hangs"
}

if [ "$MODE" = proptest ]; then
  for t in input bodies stored; do
    log "$t under proptest"
    proptest_run "$t" "fuzz::${t}_tests"
  done
else
  command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is missing: cargo install cargo-fuzz --locked" >&2; exit 1; }
  log "building the libFuzzer targets (the first build takes minutes)"
  (cd fuzz && cargo fuzz build -s none >&2)
  for t in input bodies stored; do
    corpus=fuzz/corpus/$t
    mkdir -p "$corpus"
    # The input target starts from the examples; the others splice into
    # valid files of their own (server::fuzz::shaped).
    [ "$t" = input ] && cp examples/*.json "$corpus/"
    log "$t: $RUNS inputs"
    start=$(date +%s)
    rc=0
    (cd fuzz && cargo fuzz run -s none "$t" -- -runs="$RUNS" -timeout="$TIMEOUT" \
      -max_len=16384 -dict=dict/aide.dict -print_final_stats=1) \
      >"fuzz/$t.log" 2>&1 || rc=$?
    took=$(( $(date +%s) - start ))
    done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "fuzz/$t.log" | tail -1)
    panics=$(grep -c 'panicked at' "fuzz/$t.log" || true)
    hangs=$(grep -c 'ERROR: libFuzzer: timeout' "fuzz/$t.log" || true)
    [ $rc -eq 0 ] || tail -30 "fuzz/$t.log" >&2
    row "$t" libFuzzer "${done_runs:-?}" "$took" "$panics" "$hangs"
  done
fi
log "mcp lines under proptest"
proptest_run "mcp lines" "mcp::transport::tests::fuzz"
