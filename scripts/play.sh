#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and play Turf War (dungeon) in the terminal
# against our strongest bot that answers within about two seconds. Extra arguments go to
# `turf play` (for example --seed 42, or --seats human,human for two players at one screen).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target turf
exec build/release/turf play dungeon --seats human,random "$@"
