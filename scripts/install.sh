#!/usr/bin/env bash
# Builds the release `aide` and installs it on the PATH
# (default ~/.cargo/bin; set AIDE_INSTALL_DIR to choose another folder).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$ROOT/scripts/setup.sh"
"$ROOT/scripts/build.sh"
DEST=${AIDE_INSTALL_DIR:-$HOME/.cargo/bin}
mkdir -p "$DEST"
install -m 0755 "$ROOT/target/release/aide" "$DEST/aide"
echo "✓ installed $DEST/aide" >&2
case ":$PATH:" in *":$DEST:"*) ;; *) echo "⚠ $DEST is not on PATH; add it to use aide from any folder" >&2 ;; esac
