#!/usr/bin/env bash
# Formats the C++ sources with clang-format (--check: fail when a file is not formatted).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find src tests bench -name '*.cpp' -o -name '*.h')
if [ "${1:-}" = "--check" ]; then
  clang-format --dry-run --Werror "${files[@]}"
  echo "format: ${#files[@]} files are formatted"
else
  clang-format -i "${files[@]}"
fi
