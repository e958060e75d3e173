#!/usr/bin/env bash
# The web client's tests: type check and build (web/dist), unit tests (vitest), then the browser
# tests (playwright-core driving Debian's Chromium against a real `turf serve` on loopback).
# Usage: tests/web/web_test.sh path/to/turf
# Installs web/node_modules with `npm ci` (from web/package-lock.json) when it is missing.
set -euo pipefail
turf="$(realpath "$1")"
cd "$(dirname "$0")/../../web"
command -v npm >/dev/null || { echo "FAIL: npm is not installed (scripts/setup.sh installs it)"; exit 1; }
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM:-}" ] || { echo "FAIL: chromium is not installed (scripts/setup.sh)"; exit 1; }
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
fi
npm run build
npm test
serve_help=$("$turf" serve --help 2>/dev/null || true)
if ! grep -q -- "--web" <<<"$serve_help"; then
  echo "SKIP: this turf has no 'serve' command; the browser tests need it"
  exit 77
fi
TURF_BIN="$turf" npm run test:browser
