#!/usr/bin/env bash
# Sets up a fresh machine (scripts/setup.sh, fast when done already) and
# runs every test: formatting, the page bundle, clippy and the unit, router
# and CLI tests (with the bundle embedded), the release build with the
# embedded page, its packages installed and used (wheel, npm, MCP Bundle,
# Claude Code plugin, the MCP clients `aide setup` knows), the browser tests
# in Chromium, the official MCP tools against `aide mcp`
# (scripts/conformance.sh), and that Windows and macOS compile with clippy
# clean (scripts/platforms.sh).
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
"$ROOT/scripts/bundle.sh"
# Named, so a build made before the bundle existed embeds it now (the
# build script reruns when the variable changes) and one without it fails.
export AIDE_SITE_DIR="$ROOT/target/site" AIDE_REQUIRE_BUNDLE=1

# The tests are built in the release profile, as the shipped binary is
# below, so the ~560 dependencies are built once, optimised, for both: in
# the dev profile the tests' build compiled them a second time (261 s of
# the 338 its units took). aide's own crates stay unoptimised for the
# tests, with the debug assertions and overflow checks of a dev build, so
# that the build is quick; the shipped binary's build compiles them again,
# optimised. Measured on 2 cores, the dependencies' build from empty: the
# tests' build and the release build took 172 s + 329 s, now 273 s + 78 s.
TESTS_PROFILE=(--release)
for crate in app server; do
  for setting in opt-level=0 debug-assertions=true overflow-checks=true; do
    TESTS_PROFILE+=(--config "profile.release.package.$crate.$setting")
  done
done

section "clippy on every target, then the unit, store, router and CLI tests"
# Not --workspace: see default-members in Cargo.toml. --all-targets builds
# (and lints) the benchmarks too, which `cargo test` alone would skip.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo test --locked --all-targets --no-run "${TESTS_PROFILE[@]}" \
  --message-format=json-render-diagnostics >"$work/artifacts.json"
# What `cargo test` would run (each crate's unit tests, the binary's, the
# CLI tests; not the benchmarks), as cargo runs it: from its crate's folder.
# (Neither crate has doc tests.)
python3 - "$work/artifacts.json" >"$work/tests.tsv" <<'PY'
import json, os, sys
for line in open(sys.argv[1], encoding="utf-8"):
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["profile"]["test"] and m.get("executable") \
            and not set(m["target"]["kind"]) & {"bench", "example"}:
        print(os.path.dirname(m["manifest_path"]), m["executable"], sep="\t")
PY
[ -s "$work/tests.tsv" ] || { printf '✗ test: cargo built no test binaries\n' >&2; exit 1; }
# The tests' own aide, which the release build below replaces in
# target/release while they run (tests/aide/support: aide_bin).
cp target/release/aide "$work/aide"
export AIDE_TEST_BIN="$work/aide"

# The shipped binary, by plain rustc (scripts/build.sh's build, the bundle
# being built already), begun beside the tests' run: its dependencies are
# the tests', so it compiles aide's two crates, while the tests mostly
# wait on the aides they started (25 s of CPU in 42 s on 2 cores). The
# tests run from their binaries, not through `cargo test`, which would
# wait for this build's hold on target/release.
section "release build (page bundle embedded in the binary), begun beside the tests below"
release_log="$work/release.log"
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS \
  cargo build --release --locked -p server >"$release_log" 2>&1 &
release_build=$!
trap 'kill "$release_build" 2>/dev/null || true; rm -rf "$work"' EXIT
tests_ok=true
while IFS=$'\t' read -r dir exe; do
  printf '     Running %s\n' "${exe#"$ROOT"/}" >&2
  # Most tests wait on the aide they started, not on the CPU: 8 at a
  # time, not one per core.
  (cd "$dir" && RUST_TEST_THREADS=8 "$exe") || tests_ok=false
done <"$work/tests.tsv"

section "release build, finished"
release_ok=true
wait "$release_build" || release_ok=false
cat "$release_log" >&2
$tests_ok || { printf '✗ test: a test failed (above)\n' >&2; exit 1; }
$release_ok || { printf '✗ test: the release build failed (above)\n' >&2; exit 1; }
# Plain rustc from here on, so maturin's build finds the release build fresh.
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
section "packages of that build (scripts/package.sh), each installed and answered through (scripts/install_test.sh)"
"$ROOT/scripts/package.sh" >&2

# Windows and macOS compile, clippy clean (scripts/platforms.sh): begun
# once cargo's last build here is done (its hold on target/release would
# stop it), beside the install, browser and MCP tests, which mostly wait on
# the aides, browsers and clients they start; at the lowest priority, so
# those tests keep the CPU they ask for. The host's build scripts and proc
# macros are the tests' (the same profile): only the two targets' crates
# are checked.
section "platforms: Windows and macOS (scripts/platforms.sh), begun beside the tests below"
platforms_log="$work/platforms.log"
nice -n 19 "$ROOT/scripts/platforms.sh" "${TESTS_PROFILE[@]}" >"$platforms_log" 2>&1 &
platforms=$!
trap 'kill "$platforms" 2>/dev/null || true; rm -rf "$work"' EXIT

"$ROOT/scripts/install_test.sh"
section "browser tests in Chromium"
(cd end2end && playwright test)
section "MCP conformance suite (aide mcp --http), Inspector and Python SDK (stdio)"
AIDE_BIN="$ROOT/target/release/aide" "$ROOT/scripts/conformance.sh"

section "platforms, finished"
platforms_ok=true
wait "$platforms" || platforms_ok=false
cat "$platforms_log" >&2
$platforms_ok || { printf '✗ test: Windows or macOS does not compile, or clippy has lints for it (above)\n' >&2; exit 1; }
