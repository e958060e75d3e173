#!/usr/bin/env bash
# Turn-based tables at a week's scale (issue 30): N idle turn-based tables in the store (default
# 100,000: dungeon, two people, each waiting for its first player, deadlines spread over a day,
# every other one public: the lobby lists 200 of those 50,000),
# served by one turf binary on a copy. Measured: the server's RSS at start (nothing is loaded),
# the lobby and one entry (mean of REQUESTS GETs), then the deadlines of the first D tables
# (default 1,000) are made to pass (the hidden --test-clock): the server loads each, a bot moves
# for its seat, and it leaves memory again after --idle-minutes; RSS is read when every one of
# them has moved, and again once they left memory.
#   bash bench/turn_based_stored.sh [TURF_BINARY] [-- N [D [REQUESTS]]]
set -euo pipefail
turf=build/ci/turf
if [ $# -gt 0 ] && [ "$1" != "--" ]; then turf=$1; shift; fi
[ $# -gt 0 ] && shift
n=${1:-100000}
due=${2:-1000}
requests=${3:-50}
for tool in sqlite3 curl bc; do
  command -v $tool >/dev/null || { echo "error: $tool is not installed" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/turf-turn-bench.XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Starts the server on $work/db; sets pid and port.
start_server() {
  : >"$work/out"
  "$turf" serve --port 0 --db "$work/db" --web "$work" --request-rate 1000000 \
    --connections-per-address 1000000 --test-clock "$work/clock" --idle-minutes "$1" \
    >"$work/out" 2>"$work/err" &
  pid=$!
  port=
  while [ -z "$port" ]; do  # until it says where it listens (or dies)
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
    port=$(sed -n 's|.*open http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/out" | head -1)
    [ -n "$port" ] || sleep 0.05
  done
}
stop_server() {
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
}
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
mean_ms() {
  curl -s -o /dev/null "http://127.0.0.1:$port$1"
  local total=0 t
  for _ in $(seq "$requests"); do
    t=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$port$1")
    total=$(echo "$total + $t" | bc -l)
  done
  echo "scale=3; 1000 * $total / $requests" | bc -l
}

t0=2000000000
echo "$t0" >"$work/clock"
start_server 1  # the schema, as this turf writes it
stop_server
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
sqlite3 "$work/db" >/dev/null <<EOF
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $n)
INSERT INTO tables (id, game, options, seed, seats, created, status, moves, updated, settings,
 deadline, public)
SELECT lower(hex(randomblob(16))), 'dungeon', '{}', i,
 '[{"kind":"human","name":"Ann","bot":"","token_sha256":"' || lower(hex(randomblob(32))) ||
 '"},{"kind":"human","name":"Bea","bot":"","token_sha256":"' || lower(hex(randomblob(32))) || '"}]',
 '$now', 'playing', 0, '$now',
 '{"pace":"turn","turn_seconds":3600,"on_timeout":"move","timeout_bot":"easy"}',
 $t0 + 3600 + i * 86400 / $n, i % 2 FROM k;
PRAGMA wal_checkpoint(TRUNCATE);
EOF
some_id=$(sqlite3 "$work/db" "SELECT id FROM tables WHERE rowid = $((n / 2))")
echo "database: $n stored turn-based tables ($(du -k "$work/db" | cut -f1) KiB)"
start_server 0.05  # tables leave memory 3 s after their last change
echo "at start: RSS $(rss) KiB, lobby $(mean_ms /api/tables) ms, one entry $(mean_ms /api/tables/$some_id) ms"
# The first D deadlines pass.
last=$(sqlite3 "$work/db" "SELECT deadline FROM tables ORDER BY deadline LIMIT 1 OFFSET $((due - 1))")
echo "$last" >"$work/clock.new" && mv "$work/clock.new" "$work/clock"
begin=$(date +%s.%N)
peak=0
while :; do
  r=$(rss); [ "$r" -gt "$peak" ] && peak=$r
  moved=$(sqlite3 "$work/db" "SELECT count(*) FROM tables WHERE moves > 0")
  [ "$moved" -ge "$due" ] && break
  sleep 0.2
done
took=$(echo "$(date +%s.%N) - $begin" | bc -l)
printf 'after %d deadlines passed: a bot moved at each in %.1f s; RSS %s KiB (peak %s KiB), lobby %s ms\n' \
  "$due" "$took" "$(rss)" "$peak" "$(mean_ms /api/tables)"
sleep 8  # idle eviction (3 s) and a sweep
echo "once they left memory: RSS $(rss) KiB, lobby $(mean_ms /api/tables) ms"
stop_server
