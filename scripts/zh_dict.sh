#!/usr/bin/env bash
# Makes server/src/search/zh_dict.txt: jieba's dictionary (jieba-rs, MIT)
# cut to the words it has seen at least 200 times, without their part of
# speech (24k words, 0.14 MB in a package instead of 2.5 MB: every package
# must stay under 8 MB). Words it lacks are cut by jieba's HMM, the same way
# in what is stored and what is asked. Run after `cargo fetch`.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VERSION=$(grep -A1 '^name = "jieba-rs"' "$ROOT/Cargo.lock" | sed -n 's/^version = "\(.*\)"/\1/p')
DICT=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/src" -path "*/jieba-rs-$VERSION/src/data/dict.txt" | head -n 1)
[ -n "$DICT" ] || { echo "✗ jieba-rs $VERSION's dict.txt is not in the cargo registry: run cargo fetch" >&2; exit 1; }
awk '$2 >= 200 {print $1" "$2}' "$DICT" >"$ROOT/server/src/search/zh_dict.txt"
echo "✓ $(wc -l <"$ROOT/server/src/search/zh_dict.txt") words from $DICT" >&2
