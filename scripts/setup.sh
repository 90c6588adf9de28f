#!/usr/bin/env bash
# Installs every tool aide needs to build and test, skipping what is already
# present at the pinned version. Safe to run again; fails naming the step.
#
# Pinned versions (see ../shared/TOOLCHAIN.md for why each step looks odd):
CARGO_LEPTOS_VERSION=0.3.11
BINARYEN_NPM_VERSION=132.0.0   # mirrors end2end/package.json
#
#   scripts/setup.sh               everything the tests need
#   scripts/setup.sh --build-only  only what scripts/build.sh needs (the
#                                  release workflow, on macOS and Windows:
#                                  no Chromium, no packaging tools)
set -euo pipefail
build_only=false
case ${1:-} in
  --build-only) build_only=true ;;
  '') ;;
  *) printf '✗ setup: unknown argument %s (scripts/setup.sh [--build-only])\n' "$1" >&2; exit 1 ;;
esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { printf '→ setup: %s\n' "$*" >&2; }
fail() { printf '✗ setup: step "%s" failed\n  建议/hint: %s\n' "$1" "$2" >&2; exit 1; }
# step NAME HINT CMD...: runs CMD, and on failure names the step.
step() {
  local name=$1 hint=$2; shift 2
  "$@" || fail "$name" "$hint"
}

# The registry source of a crate, fetched by `cargo info` if needed.
crate_src() {
  local name=$1 version=$2 dir
  dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$name-$version" 2>/dev/null | head -n1 || true)
  if [ -z "$dir" ]; then
    cargo info "$name@$version" >/dev/null 2>&1 || return 1
    dir=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$name-$version" 2>/dev/null | head -n1 || true)
  fi
  [ -n "$dir" ] && printf '%s\n' "$dir"
}

# install_patched NAME VERSION "PRECISE_UPDATES" PATCH CARGO_INSTALL_ARGS...
# Installs a crate from a copy of its source whose lockfile is patched so it
# builds on this rustc and against what the registry mirror holds. PATCH (a
# file, or "") is applied to that copy first; the lockfile then only loses
# what the patch left out.
install_patched() {
  local name=$1 version=$2 updates=$3 patch=$4; shift 4
  local src work
  src=$(crate_src "$name" "$version") || return 1
  work=$(mktemp -d)
  cp -r "$src" "$work/src"
  (
    cd "$work/src"
    for u in $updates; do
      cargo update -p "${u%@*}" --precise "${u#*@}"
    done
    if [ -n "$patch" ]; then
      git apply "$patch"
      cargo metadata --format-version 1 >/dev/null
    fi
    # Build tools only orchestrate builds: their speed hardly matters, their
    # build time does. Unoptimised, cargo-leptos builds in 6 minutes on 2
    # cores instead of 14 (1,361 s of CPU at opt-level 1, 501 s at 0) and
    # wasm-bindgen-cli in 71 s, and the page builds as fast (the compilers
    # they run do the work; wasm-bindgen itself takes 0.7 s, not 0.1).
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false \
      CARGO_PROFILE_RELEASE_INCREMENTAL=false \
      cargo install --path . --locked --force "$@"
  )
  local rc=$?
  rm -rf "$work"
  return $rc
}

step "rust toolchain" "install rustup and Rust 1.95 first" command -v cargo >/dev/null

# clippy runs as the builds' wrapper (scripts/test.sh), so its driver
# must be there, with rustfmt.
for component in clippy rustfmt; do
  if ! rustup component list --installed | grep -q "^$component"; then
    log "adding the $component component"
    step "$component" "run: rustup component add $component" rustup component add "$component"
  fi
done

# wasm32 for the page; for the tests, the platforms the release workflow
# builds and these machines cannot (scripts/platforms.sh checks that they
# compile): Windows through mingw-w64's target, macOS on Apple's CPU.
targets=(wasm32-unknown-unknown)
$build_only || targets+=(x86_64-pc-windows-gnu aarch64-apple-darwin)
for target in "${targets[@]}"; do
  if ! rustup target list --installed | grep -qx "$target"; then
    log "adding the $target target"
    step "$target target" "run: rustup target add $target" rustup target add "$target"
  fi
done

# What comes from Debian, npm and PyPI downloads while cargo compiles the
# two tools below: started first, in the background, and waited for last.
# A step that fails there says which, as every step does.
other_tools() {
  # Chromium for the browser tests; mingw-w64's C compiler for the C that
  # a dependency builds for Windows (scripts/platforms.sh).
  local debian=()
  $build_only || [ -x /usr/bin/chromium ] || debian+=(chromium)
  $build_only || [ -x /usr/bin/x86_64-w64-mingw32-gcc ] || debian+=(gcc-mingw-w64-x86-64)
  if [ ${#debian[@]} -gt 0 ]; then
    log "installing ${debian[*]} from Debian's packages"
    step "apt-get update" "check that the Debian mirror is reachable" apt-get update -qq
    step "${debian[*]}" "run: apt-get install -y ${debian[*]}" \
      env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debian[@]}"
  fi

  # Playwright, axe-core and binaryen's wasm-opt (never Debian's binaryen: its
  # output breaks hydration) come from end2end/package-lock.json.
  STAMP="$ROOT/end2end/node_modules/.aide-installed-lock"
  if ! cmp -s "$ROOT/end2end/package-lock.json" "$STAMP" 2>/dev/null; then
    log "installing the end2end npm packages"
    step "npm ci" "run: (cd end2end && npm ci)" \
      bash -c "cd '$ROOT/end2end' && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json '$STAMP'"
  fi
  "$ROOT/end2end/node_modules/.bin/wasm-opt" --version | grep -q "version ${BINARYEN_NPM_VERSION%%.*}" \
    || fail "wasm-opt" "end2end/node_modules/.bin/wasm-opt is not binaryen ${BINARYEN_NPM_VERSION%%.*}"

  $build_only && return 0

  # The packaging tools of scripts/package.sh and scripts/install_test.sh,
  # pinned, into target/tools/ (reinstalled when their pins change): maturin,
  # zig and uv from PyPI (scripts/package/requirements.txt); mcpb and Claude
  # Code from npm (scripts/package/package-lock.json; Claude Code runs as its
  # platform's native binary, so no install script is needed); and the MCP
  # Python SDK that drives the installed `aide mcp`, with the pins of
  # scripts/conformance/requirements.txt.
  TOOLS="$ROOT/target/tools"
  # pip_pinned NAME REQUIREMENTS DIR: installs REQUIREMENTS into DIR unless
  # the same file was installed there for this python3.
  pip_pinned() {
    local name=$1 requirements=$2 dir=$3 stamp
    stamp="$(python3 -c 'import sys; print(sys.version)')"$'\n'"$(cat "$requirements")"
    [ "$stamp" = "$(cat "$dir/.installed" 2>/dev/null)" ] && return 0
    log "installing $name (pip, ${requirements#"$ROOT"/})"
    rm -rf "$dir"
    step "$name" "run: python3 -m pip install --no-deps --target $dir -r $requirements" \
      env PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check \
      --no-deps --target "$dir" -r "$requirements"
    printf '%s\n' "$stamp" >"$dir/.installed"
  }
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || fail "python3" "the packaging scripts need Python >= 3.11 (tomllib); python3 is $(python3 --version 2>&1)"
  pip_pinned "maturin, zig, uv and pipx" "$ROOT/scripts/package/requirements.txt" "$TOOLS/python"
  pip_pinned "the MCP Python SDK" "$ROOT/scripts/conformance/requirements.txt" "$TOOLS/sdk"
  if ! cmp -s "$ROOT/scripts/package/pip-wheels.txt" "$TOOLS/wheels/.installed" 2>/dev/null; then
    log "downloading the wheels the install test offers offline (scripts/package/pip-wheels.txt)"
    rm -rf "$TOOLS/wheels"
    step "pip download" "run: python3 -m pip download --no-deps -d target/tools/wheels -r scripts/package/pip-wheels.txt" \
      python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
      -d "$TOOLS/wheels" -r "$ROOT/scripts/package/pip-wheels.txt"
    cp "$ROOT/scripts/package/pip-wheels.txt" "$TOOLS/wheels/.installed"
  fi
  if ! cmp -s "$ROOT/scripts/package/package-lock.json" "$TOOLS/npm/.installed-lock" 2>/dev/null; then
    log "installing mcpb and Claude Code (npm ci, scripts/package/package-lock.json)"
    rm -rf "$TOOLS/npm"
    mkdir -p "$TOOLS/npm"
    cp "$ROOT/scripts/package/package.json" "$ROOT/scripts/package/package-lock.json" "$TOOLS/npm/"
    step "npm ci (packaging tools)" "run: (cd target/tools/npm && npm ci --ignore-scripts)" \
      bash -c "cd '$TOOLS/npm' && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error"
    cp "$ROOT/scripts/package/package-lock.json" "$TOOLS/npm/.installed-lock"
  fi
  # The MCP clients whose own list command the install test runs after
  # `aide setup` (Gemini CLI, Qwen Code, OpenCode), pinned in
  # scripts/package/clients/package-lock.json: not with the tools above,
  # which the release workflow installs too. No install scripts: the
  # install test runs OpenCode's platform binary itself. `npm install` of
  # the lock, not `npm ci`: the lock leaves out optional packages of other
  # platforms that the registry does not have, which `npm ci` refuses.
  if ! cmp -s "$ROOT/scripts/package/clients/package-lock.json" "$TOOLS/clients/.installed-lock" 2>/dev/null; then
    log "installing Gemini CLI, Qwen Code and OpenCode (npm, scripts/package/clients/package-lock.json)"
    rm -rf "$TOOLS/clients"
    mkdir -p "$TOOLS/clients"
    cp "$ROOT/scripts/package/clients/package.json" "$ROOT/scripts/package/clients/package-lock.json" "$TOOLS/clients/"
    step "npm install (MCP clients)" "run: (cd target/tools/clients && npm install --no-save --ignore-scripts)" \
      bash -c "cd '$TOOLS/clients' && npm install --no-save --ignore-scripts --no-audit --no-fund --loglevel=error"
    cp "$ROOT/scripts/package/clients/package-lock.json" "$TOOLS/clients/.installed-lock"
  fi
  # Node 24, the conformance suite, the Inspector and the SDK it drives.
  step "conformance tools" "run: scripts/conformance.sh --install-only" \
    "$ROOT/scripts/conformance.sh" --install-only
}
other_tools &
other_tools_job=$!

# cargo-leptos trimmed (scripts/setup/*-trimmed.patch) of what aide never
# uses: `cargo leptos new`, whose cargo-generate is 145 of its 603 crates
# (283 -> 232 s on 2 cores), and the HTTP client (reqwest, rustls and the C
# of aws-lc) that downloads tools and asks GitHub for newer versions, which
# its no_downloads feature turns off but still builds: 62 crates fewer to
# download and build, 343 -> 314 s of CPU. It then says to install a tool it
# lacks instead of fetching it.
if [ "$(cargo leptos --version 2>/dev/null | awk '{print $2}')" != "$CARGO_LEPTOS_VERSION" ]; then
  log "installing cargo-leptos $CARGO_LEPTOS_VERSION (about 3 minutes on 2 cores)"
  step "cargo-leptos" "see ../shared/TOOLCHAIN.md, cargo-leptos row" \
    install_patched cargo-leptos "$CARGO_LEPTOS_VERSION" "cargo-util-schemas@0.14.1" \
    "$ROOT/scripts/setup/cargo-leptos-$CARGO_LEPTOS_VERSION-trimmed.patch" \
    --no-default-features --features no_downloads
fi

# The wasm-bindgen CLI must equal the library version in Cargo.lock exactly.
# After cargo-leptos, not beside it: built together they took 373 s on 2
# cores, one after the other 358. Only the `wasm-bindgen` command, which
# cargo-leptos runs; without the default rustls feature, which only its
# test runner's WebDriver client uses (and ring's C and assembly with it).
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/, ""); print; exit}' "$ROOT/Cargo.lock")
[ -n "$WB_VERSION" ] || fail "wasm-bindgen version" "Cargo.lock has no wasm-bindgen entry"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WB_VERSION" ]; then
  log "installing wasm-bindgen-cli $WB_VERSION (about 1 minute)"
  step "wasm-bindgen-cli" "see ../shared/TOOLCHAIN.md, wasm-bindgen CLI row" \
    install_patched wasm-bindgen-cli "$WB_VERSION" "webpki-roots@1.0.10" "" \
    --no-default-features --bin wasm-bindgen
fi

wait "$other_tools_job" || exit 1
if $build_only; then log "build tools ready"; else log "tools ready"; fi
