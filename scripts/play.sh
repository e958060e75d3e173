#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and play Turf War (dungeon) in the terminal
# against our strongest bot that answers within about two seconds a turn: IS-MCTS with 0.6 s per
# decision on two threads (a turn is at most a few decisions). Extra arguments go to `turf play`
# (for example --seed 42, or --seats human,human for two players at one screen).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target turf
exec build/release/turf play dungeon --seats human,mcts:time=0.6s,threads=2 "$@"
