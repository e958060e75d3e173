#!/usr/bin/env bash
# Quick start 2: install what is missing, build with warnings as errors, and run every test.
#   bash scripts/test.sh          the release build (g++ 12, -Werror) and all tests, with half
#                                 the conformance games (the ci test preset: SCALE=0.5)
#   bash scripts/test.sh --asan   the same tests under AddressSanitizer + UBSan (clang-19),
#                                 with fewer conformance games (TURF_CONFORMANCE_SCALE=0.1)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
preset=ci
if [ "${1:-}" = "--asan" ]; then preset=asan; fi
jobs=$(nproc)
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$jobs"
if [ "$preset" = ci ]; then
  bash scripts/format.sh --check
fi
ctest --preset "$preset" -j "$jobs"
