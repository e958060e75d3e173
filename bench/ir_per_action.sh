#!/usr/bin/env bash
# Instructions a random-playout action costs (callgrind Ir), per game and player count: issue 32's
# measure (docs/performance.md, "Instructions an action"). For each game and count, `turf bench`
# runs under callgrind for S=1 and S=3 seconds; the figure is the difference of the two runs'
# total Ir over the difference of their actions, so start-up and the signature games cancel out.
# The actions of a run are the ones the bench counted (`actions_counted`); the issue's first
# form, (actions_per_s_1core + actions_per_s_all) x seconds_each, misses the games of the last
# batch past the deadline, which under callgrind on a busy machine moved the figure by 5%.
# Instructions do not care how busy the machine is; with the counted actions, neither does this.
#   bash bench/ir_per_action.sh [TURF_BINARY] [GAME[:PLAYERS]] ...
#   bash bench/ir_per_action.sh build/ci/turf yard:3 turfwars
set -euo pipefail
turf=${1:-build/ci/turf}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(dungeon yard turfwars cryhavoc)
command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One run: prints "<Ir> <actions>".
run() {  # game players seconds
  local out="$work/cg.$1.$2.$3" json="$work/json.$1.$2.$3"
  local count=()
  [ "$2" = all ] || count=(--players "$2")
  valgrind --tool=callgrind --callgrind-out-file="$out" "$turf" bench "$1" "${count[@]}" \
    --no-mcts --threads 1 --repeat 1 --seconds "$3" --json >"$json" 2>/dev/null
  local ir
  ir=$(grep -m1 '^summary:' "$out" | awk '{print $2}')
  python3 - "$json" "$ir" <<'PY'
import json, sys
entries = json.load(open(sys.argv[1]))
actions = sum(e["actions_counted"] for e in entries)
print(sys.argv[2], actions)
PY
}

printf '%-10s %7s %14s\n' game players "Ir/action"
for t in "${targets[@]}"; do
  game=${t%%:*}
  players=all
  [ "$t" = "$game" ] || players=${t#*:}
  read -r ir1 a1 < <(run "$game" "$players" 1)
  read -r ir3 a3 < <(run "$game" "$players" 3)
  python3 -c "print('%-10s %7s %14.1f' % ('$game', '$players', ($ir3 - $ir1) / ($a3 - $a1)))"
done
