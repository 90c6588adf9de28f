#!/usr/bin/env bash
# Builds aide's packages from this checkout, into target/package/, and
# prints the path of each artifact, one per line, on stdout (progress goes
# to stderr):
#  - the Python wheel of this machine (maturin, bindings = "bin": the
#    binary alone, manylinux tag);
#  - the npm packages: one per platform (os, cpu, libc) and the main
#    package `aide-decide`, whose launcher runs the platform's binary;
#  - the MCP Bundle (.mcpb, server.type "binary"), checked by `mcpb
#    validate` and packed by `mcpb pack`;
#  - the Claude Code plugin marketplace in the repository
#    (.claude-plugin/marketplace.json, plugins/aide), checked against
#    Cargo.toml and `aide decide guide` and by `claude plugin validate`;
#  - server.json for the official MCP Registry.
# Then scripts/package/check_packages.py checks that every one carries
# Cargo.toml's version and that server.json fits the Registry's schema.
#
# The wheel is the release build itself: maturin runs cargo with the
# profile and target folder of scripts/build.sh, so after that build cargo
# has nothing to do (a clean clone runs scripts/setup.sh and build.sh
# first). Every other package copies the same binary.
#
#   --all            adds the other Linux CPU (aarch64, linked by zig from
#                    PyPI; a full cross build, ~15 minutes on 2 cores)
#   --write-plugin   rewrites the plugin's files from Cargo.toml and the
#                    guide (then commit them) instead of checking them
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT="$ROOT/target/package"
TOOLS="$ROOT/target/tools"
NATIVE=x86_64-unknown-linux-gnu
CROSS=aarch64-unknown-linux-gnu

log() { printf '→ package: %s\n' "$*" >&2; }
fail() { printf '✗ package: %s\n' "$1" >&2; [ -z "${2:-}" ] || printf '  Hint: %s\n' "$2" >&2; exit 1; }

all=false
plugin_mode=--check
for arg in "$@"; do
  case $arg in
    --all) all=true ;;
    --write-plugin) plugin_mode=--write ;;
    *) fail "unknown argument $arg" "scripts/package.sh [--all] [--write-plugin]" ;;
  esac
done
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] \
  || fail "this script packages for Linux x86_64 hosts; this is $(uname -s)-$(uname -m)" \
    "other platforms are built by the release workflow"

"$ROOT/scripts/setup.sh" >&2
export PATH="$TOOLS/python/bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export PYTHONPATH="$TOOLS/python${PYTHONPATH:+:$PYTHONPATH}"
export AIDE_SITE_DIR="$ROOT/target/site"
if [ ! -f "$AIDE_SITE_DIR/pkg/aide.wasm" ]; then
  log "no page bundle yet: building aide first (scripts/build.sh)"
  "$ROOT/scripts/build.sh"
fi
MCPB=("$TOOLS/npm/node_modules/.bin/mcpb")
CLAUDE="$TOOLS/npm/node_modules/@anthropic-ai/claude-code-linux-x64/claude"
rm -rf "$OUT"
mkdir -p "$OUT/wheels" "$OUT/npm" "$OUT/stage"

artifacts=()
# wheel TRIPLE [MATURIN ARGS...]: the wheel of TRIPLE; prints its binary.
wheel() {
  local triple=$1; shift
  log "wheel for $triple (maturin)"
  local before
  before=$(ls "$OUT/wheels")
  (cd "$ROOT/packaging/python" && maturin build --release --compression-level 9 --out "$OUT/wheels" "$@" >&2) \
    || fail "maturin could not build the wheel for $triple"
  local made
  made=$(comm -13 <(printf '%s\n' "$before") <(ls "$OUT/wheels"))
  [ -n "$made" ] || fail "maturin made no wheel for $triple"
  artifacts+=("$OUT/wheels/$made")
}

wheel "$NATIVE"
binaries=("$NATIVE=$ROOT/target/release/aide")
if $all; then
  if ! rustup target list --installed | grep -qx "$CROSS"; then
    log "adding the $CROSS target"
    rustup target add "$CROSS" >&2 || fail "rustup target add $CROSS failed"
  fi
  wheel "$CROSS" --target "$CROSS" --zig
  binaries+=("$CROSS=$ROOT/target/$CROSS/release/aide")
fi
for pair in "${binaries[@]}"; do
  [ -x "${pair#*=}" ] || fail "no binary at ${pair#*=} after the wheel's build"
done

log "npm packages"
made=$(python3 "$ROOT/scripts/package/make.py" npm "$OUT/stage/npm" "${binaries[@]}") \
  || fail "scripts/package/make.py npm failed"
mapfile -t folders <<<"$made"
for folder in "${folders[@]}"; do
  tgz=$(cd "$OUT/npm" && npm pack "$folder" --pack-destination "$OUT/npm" --silent --ignore-scripts) \
    || fail "npm pack $folder failed"
  artifacts+=("$OUT/npm/$tgz")
done

log "MCP Bundles (mcpb validate, mcpb pack)"
version=$(python3 -c 'import tomllib,sys; print(tomllib.load(open(sys.argv[1],"rb"))["workspace"]["package"]["version"])' "$ROOT/Cargo.toml")
bundles=()
for pair in "${binaries[@]}"; do
  stage=$(python3 "$ROOT/scripts/package/make.py" mcpb "$OUT/stage" "${pair%%=*}" "${pair#*=}") \
    || fail "scripts/package/make.py mcpb failed"
  "${MCPB[@]}" validate "$stage/manifest.json" >&2 || fail "mcpb validate rejected $stage/manifest.json"
  bundle="$OUT/aide-decide-$version-${stage##*/mcpb-}.mcpb"
  "${MCPB[@]}" pack "$stage" "$bundle" >&2 || fail "mcpb pack $stage failed"
  bundles+=("$bundle")
  artifacts+=("$bundle")
done

log "Claude Code plugin ($plugin_mode), claude plugin validate"
made=$(python3 "$ROOT/scripts/package/make.py" plugin "$ROOT/target/release/aide" "$plugin_mode") \
  || fail "the Claude Code plugin does not match this checkout (above)"
mapfile -t plugin <<<"$made"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
for target in "$ROOT/.claude-plugin/marketplace.json" "$ROOT/plugins/aide"; do
  HOME="$home" "$CLAUDE" plugin validate "$target" >&2 || fail "claude plugin validate rejected $target"
done
artifacts+=("${plugin[@]}")

log "server.json (MCP Registry)"
made=$(python3 "$ROOT/scripts/package/make.py" server-json "$OUT/server.json" "${bundles[@]}") \
  || fail "scripts/package/make.py server-json failed"
artifacts+=("$made")

log "checking versions and server.json's schema (scripts/package/check_packages.py)"
PYTHONPATH="$TOOLS/sdk" python3 -s "$ROOT/scripts/package/check_packages.py" "${artifacts[@]}" >&2 \
  || fail "the packages disagree (above)"

for artifact in "${artifacts[@]}"; do
  if [ -f "$artifact" ]; then
    log "$(du -k "$artifact" | cut -f1) KB  ${artifact#"$ROOT"/}"
  fi
done
printf '%s\n' "${artifacts[@]}"
