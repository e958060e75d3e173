#!/usr/bin/env bash
# Quick start: install what is missing, build turf and the web client, start the table server
# and print the link to open in a browser (Chromium, Firefox, a phone on the same machine).
# Extra arguments go to `turf serve` (for example --port 8080, --db my-tables.db, or
# --host 0.0.0.0 to let other machines of your network join; tokens travel in the links).
# The terminal game of before: build/release/turf play dungeon --seats human,mcts:time=0.6s,threads=2
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target turf
if [ -f web/package.json ]; then
  (cd web && npm ci --no-audit --no-fund && npm run build)
fi
exec build/release/turf serve --db turf.db "$@"
