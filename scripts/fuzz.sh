#!/usr/bin/env bash
# Runs one libFuzzer target from its committed corpus for a number of seconds; new inputs go to
# a temporary folder (the committed corpus is only read). A finding leaves its input in the
# current folder (crash-*, leak-*, timeout-*) and fails.
#   bash scripts/fuzz.sh build/asan/fuzz/fuzz_actions fuzz/corpus/actions 20
#   TURF_FUZZ_STATS=1 nice -n 10 bash scripts/fuzz.sh build/asan/fuzz/fuzz_actions fuzz/corpus/actions 600
set -euo pipefail
target="$1"
corpus="$2"
seconds="${3:-20}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
extra=()
dict="$(dirname "$corpus")/$(basename "$corpus").dict"
if [ -f "$dict" ]; then extra+=("-dict=$dict"); fi
"$target" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
  "${extra[@]}" "$work" "$corpus"
