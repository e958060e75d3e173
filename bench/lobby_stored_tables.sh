#!/usr/bin/env bash
# The lobby with many stored tables (issue 30): a database of schema 3 (as `turf serve` wrote it
# before the lobby's index) is filled with N stored tables (default 100,000: one in ten unfinished,
# the rest finished), then each turf binary given serves a copy of it and is timed on the lobby
# (GET /api/tables, its 200 newest entries) and on one table's entry (GET /api/tables/ID), and its
# RSS is read. A binary of schema 4 migrates its copy on open (the time is printed). The ratio
# compares the first binary's lobby time with the last's, measured in the same run.
#   bash bench/lobby_stored_tables.sh TURF_BINARY... [-- N [REQUESTS]]
#   bash bench/lobby_stored_tables.sh /tmp/turf-before build/ci/turf -- 100000 50
set -euo pipefail
binaries=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  binaries+=("$1")
  shift
done
[ $# -gt 0 ] && shift
n=${1:-100000}
requests=${2:-50}
[ ${#binaries[@]} -gt 0 ] || binaries=(build/ci/turf)
for tool in sqlite3 curl; do
  command -v $tool >/dev/null || { echo "error: $tool is not installed" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/turf-lobby-bench.XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Schema 3, as src/server/store.cpp created it, filled with N rows (seats as turf writes them).
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
sqlite3 "$work/base.db" >/dev/null <<EOF
PRAGMA journal_mode=WAL;
CREATE TABLE tables ( id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
 seed INTEGER NOT NULL, seats TEXT NOT NULL, created TEXT NOT NULL,
 status TEXT NOT NULL, moves INTEGER NOT NULL DEFAULT 0, updated TEXT NOT NULL DEFAULT '');
CREATE TABLE actions ( table_id TEXT NOT NULL, move INTEGER NOT NULL, seat INTEGER NOT NULL,
 action INTEGER NOT NULL, PRIMARY KEY (table_id, move)) WITHOUT ROWID;
CREATE INDEX tables_status ON tables(status, created);
CREATE INDEX tables_updated ON tables(status, updated);
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $n)
INSERT INTO tables (id, game, options, seed, seats, created, status, moves, updated)
SELECT lower(hex(randomblob(16))), 'dungeon', '{}', i,
 '[{"kind":"human","name":"Ann","bot":"","token_sha256":"' || lower(hex(randomblob(32))) ||
 '"},{"kind":"bot","name":"greedy","bot":"greedy","token_sha256":""}]',
 '$now', CASE WHEN i % 10 = 0 THEN 'playing' ELSE 'over' END, 40, '$now' FROM k;
PRAGMA user_version=3;
PRAGMA wal_checkpoint(TRUNCATE);
EOF
some_id=$(sqlite3 "$work/base.db" "SELECT id FROM tables WHERE rowid = $((n / 2))")
echo "database: $n stored tables ($(du -k "$work/base.db" | cut -f1) KiB), schema 3"

# Mean milliseconds of REQUESTS GETs of a path (one warm-up first).
mean_ms() {
  curl -s -o /dev/null "http://127.0.0.1:$1$2"
  local total=0 t
  for _ in $(seq "$requests"); do
    t=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$1$2")
    total=$(echo "$total + $t" | bc -l)
  done
  echo "scale=3; 1000 * $total / $requests" | bc -l
}

first_ms=
last_ms=
i=0
for turf in "${binaries[@]}"; do
  i=$((i + 1))
  db="$work/copy$i.db"
  cp "$work/base.db" "$db"
  : >"$work/out$i"  # (exists before the server writes to it)
  start=$(date +%s.%N)
  "$turf" serve --port 0 --db "$db" --web "$work" --request-rate 1000000 \
    --connections-per-address 1000000 >"$work/out$i" 2>"$work/err$i" &
  pid=$!
  port=
  while [ -z "$port" ]; do  # until it says where it listens (or dies)
    kill -0 "$pid" 2>/dev/null || { cat "$work/err$i" >&2; exit 1; }
    port=$(sed -n 's|.*open http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/out$i" | head -1)
    [ -n "$port" ] || sleep 0.05
  done
  open_s=$(echo "$(date +%s.%N) - $start" | bc -l)
  lobby=$(mean_ms "$port" /api/tables)
  entry=$(mean_ms "$port" "/api/tables/$some_id")
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  version=$(sqlite3 "$db" "PRAGMA user_version")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
  printf '%s: schema %s, open %.2f s, lobby %s ms, one entry %s ms, RSS %s KiB\n' \
    "$turf" "$version" "$open_s" "$lobby" "$entry" "$rss"
  [ -n "$first_ms" ] || first_ms=$lobby
  last_ms=$lobby
done
if [ ${#binaries[@]} -gt 1 ]; then
  echo "lobby ratio (first / last): $(echo "scale=2; $first_ms / $last_ms" | bc -l)"
fi
