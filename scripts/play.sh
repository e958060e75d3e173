#!/usr/bin/env bash
# Quick start: install what playing needs (once), build turf and the web client (only what
# changed), start the table server and print the link to open in a browser (Chromium, Firefox,
# a phone on the same machine). The second start takes seconds and needs no network.
# Extra arguments go to `turf serve` (for example --port 8080, --db my-tables.db, or
# --host 0.0.0.0 to let other machines of your network join; tokens travel in the links).
# The terminal game: build/play/turf play dungeon
set -euo pipefail
cd "$(dirname "$0")/.."
log="build/play.log"
mkdir -p build
: >"$log"

# Runs a step quietly; on failure shows what it printed and stops.
step() {
  local what="$1"
  shift
  if ! "$@" >>"$log" 2>&1; then
    echo "play: $what failed; the last lines of $log:" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
}

bash scripts/setup.sh --play

# turf itself: a release build without tests, benchmarks or the Python module
if [ ! -x build/play/turf ]; then echo "play: building turf (the first time takes a few minutes)…"; fi
step "configuring the build" cmake --preset play
step "building turf" cmake --build --preset play --target turf

# the web client: npm ci when the lock file changed, a build when a source changed
if [ -f web/package.json ]; then
  if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    echo "play: installing the web client's build tools (once)…"
    # --ignore-scripts: no package needs its install script to build the client
    step "installing the web client's build tools" \
      bash -c "cd web && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error"
  fi
  if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts web/tsconfig.json web/package-lock.json -newer web/dist/index.html -print -quit)" ]; then
    echo "play: building the web client…"
    step "building the web client" bash -c "cd web && npm run build --silent"
  fi
fi
# the tables live in turf.db here unless the arguments name another file
case " $* " in *" --db "* | *" --db="*) db=() ;; *) db=(--db turf.db) ;; esac
exec build/play/turf serve "${db[@]}" "$@"
