#!/usr/bin/env bash
# Checks that aide compiles, with clippy's lints clean, for the platforms
# the release workflow (.github/workflows/release.yml) builds and these
# machines cannot run, so that a change that breaks them fails here and not
# at release:
#  - Windows, as x86_64-pc-windows-gnu (the C some dependencies build is
#    compiled by Debian's mingw-w64; the release builds the MSVC target,
#    whose Rust is the same `cfg(windows)` code);
#  - macOS, as aarch64-apple-darwin, as far as it goes without Apple's SDK:
#    without the `notify` feature, whose notification crate's build script
#    compiles Objective-C against the SDK. Everything else, aide's own
#    `cfg(target_os = "macos")` code included, is checked.
# Nothing is linked (clippy is `cargo check`'s lints), so no SDK or linker
# is needed. scripts/setup.sh installs both targets and mingw-w64.
#
#   scripts/platforms.sh [CARGO ARGS...]
# CARGO ARGS choose the profile; scripts/test.sh passes its tests' own, so
# that the host's build scripts and proc macros it built already serve here
# too. Alone, the release profile with aide's crates unoptimised (as the
# README's clippy command).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

fail() { printf '✗ platforms: %s\n  Hint: %s\n' "$1" "$2" >&2; exit 1; }

profile=("$@")
if [ ${#profile[@]} -eq 0 ]; then
  profile=(--release --config 'profile.release.package.server.opt-level=0'
    --config 'profile.release.package.app.opt-level=0')
fi
for target in x86_64-pc-windows-gnu aarch64-apple-darwin; do
  rustup target list --installed | grep -qx "$target" \
    || fail "the $target target is not installed" "run scripts/setup.sh (or: rustup target add $target)"
done
command -v x86_64-w64-mingw32-gcc >/dev/null \
  || fail "mingw-w64's C compiler is not installed" "run scripts/setup.sh (or: apt-get install gcc-mingw-w64-x86-64)"

# The page bundle is the host build's business: embedding it (brotli at
# its best) adds nothing to what is checked here.
clippy() {
  local target=$1; shift
  printf '→ platforms: %s (cargo clippy %s)\n' "$target" "$*" >&2
  env -u AIDE_SITE_DIR -u AIDE_REQUIRE_BUNDLE -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS \
    cargo clippy --locked "${profile[@]}" --target "$target" -p server --all-targets "$@" \
    -- -D warnings \
    || fail "aide does not compile for $target, or clippy has lints for it (above)" \
      "fix them here: the release workflow builds this platform"
}
clippy x86_64-pc-windows-gnu
clippy aarch64-apple-darwin --no-default-features
printf '→ platforms: Windows and macOS compile, clippy clean\n' >&2
