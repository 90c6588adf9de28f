#!/usr/bin/env bash
# Saves and loads a 1,000-item session with 5 options each (release build)
# and prints the median and slowest of 30 runs per step.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec cargo bench --locked -p server --bench store "$@"
