#!/usr/bin/env bash
# The example external bots (examples/bots/, docs/bots.md) at the real command line, for every
# game: an arena against the built-in bots (random and greedy), the records it writes replay, the
# strategy bot beats random, and `turf play` seats a program. Kept short for CI: a few games per
# game; the measured strengths are in docs/bots.md ("The example bots"). Under the sanitizers
# (second argument ON) each arena plays 2 games without the built-in greedy bot, and the strength
# check is left to the release build: what the sanitizers look at here is the program protocol,
# not who wins (the built-in greedy's sampled worlds made the arenas take over 6 minutes there;
# it has tests of its own).
#   tests/external_arena_test.sh path/to/turf [sanitized: ON|OFF]
set -euo pipefail
turf=$(realpath "$1")
sanitized="${2:-OFF}"
arena_games=6 builtin=random,greedy
if [ "$sanitized" = ON ]; then arena_games=2 builtin=random; fi
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
py=/usr/bin/python3
random_bot="ext:$py examples/bots/random_bot.py --seed 1"
greedy_bot="ext:$py examples/bots/greedy_bot.py --seed 1"
fail() { echo "FAIL: $*" >&2; exit 1; }

games=$("$turf" games --json | "$py" -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)))')
for game in $games; do
  out="$work/$game.jsonl"
  # Four agents (three sanitized) with two seats: a round robin, every pair in both seat orders.
  timeout 600 "$turf" arena "$game" --agents "$random_bot,$greedy_bot,$builtin" \
    --games "$arena_games" --seed 3 --threads 2 --out "$out" --json >"$work/$game.json" 2>"$work/$game.err" ||
    fail "$game: the arena failed: $(cat "$work/$game.err")"
  # No program failed: a failure would be a "turf: seat N ..." line and the fallback playing.
  if grep -q "^turf: seat" "$work/$game.err"; then fail "$game: $(cat "$work/$game.err")"; fi
  "$py" - "$work/$game.json" "$out" "$work" "$game" "$sanitized" <<'EOF' || fail "$game: results"
import json, sys
table, results, work, game = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], sys.argv[4]
rows = {r["agent"]: r for r in table["agents"]}
ext = [a for a in rows if a.startswith("ext:")]
assert len(ext) == 2, rows.keys()
if sys.argv[5] != "ON":
    for a in ext:
        assert rows[a]["games"] >= 3, (a, rows[a])
    greedy = next(a for a in ext if "greedy_bot" in a)
    # The strategy bot against random, head to head (every pair met twice).
    h2h = rows[greedy]["head_to_head"]["random"]
    print("%s: greedy_bot vs random %.2f over %d games" % (game, h2h["score"], h2h["games"]), flush=True)
    assert h2h["score"] >= 0.5, h2h
lines = [json.loads(l) for l in open(results)]
assert len(lines) == table["games"], (len(lines), table["games"])
# One record with a program in a seat, for `turf replay`.
rec = next(l["record"] for l in lines if any(s.startswith("ext:") for s in l["seats"]))
json.dump(rec, open(work + "/" + game + ".record.json", "w"))
open(work + "/" + game + ".length", "w").write(str(len(rec["actions"])))
EOF
  "$turf" replay "$work/$game.record.json" --at "$(cat "$work/$game.length")" --json \
    >"$work/$game.final.json" || fail "$game: the record of a game with a program does not replay"
  grep -q '"terminal": true' "$work/$game.final.json" || fail "$game: the replay does not end"
done

# turf play seats a program too (bots only here: no terminal), and tells it the end.
"$turf" play dungeon --seats "$greedy_bot,random" --seed 5 --quiet --no-record \
  >"$work/play.out" 2>"$work/play.err" || fail "play: $(cat "$work/play.err")"
grep -q "Final scores" "$work/play.out" || fail "play: no final scores"
if grep -q "^turf: seat" "$work/play.err"; then fail "play: $(cat "$work/play.err")"; fi

# A failing program: by default the fallback plays on (the arena completes, the log says so);
# with on_error=abort the arena stops with an error naming the failure.
hostile="ext:$py tests/external/hostile_bot.py illegal 2"
"$turf" arena dungeon --agents "$hostile,random" --games 2 --seed 1 >"$work/fb.out" 2>"$work/fb.err" ||
  fail "fallback: $(cat "$work/fb.err")"
grep -q "^turf: seat .*answered id '987654'.*the built-in bot 'greedy' plays this seat from now on" \
  "$work/fb.err" || fail "fallback: $(cat "$work/fb.err")"
set +e
"$turf" arena dungeon --agents "$hostile,on_error=abort,random" --games 2 --seed 1 \
  >"$work/ab.out" 2>"$work/ab.err"
code=$?
set -e
[ "$code" = 2 ] || fail "abort: exit $code"
grep -q "^error: the bot of seat .* failed: .*; the match is aborted" "$work/ab.err" ||
  fail "abort: $(cat "$work/ab.err")"

# A bad spec is an input error (exit 2) naming what is wrong, before anything runs.
set +e
"$turf" arena dungeon --agents "ext:$py examples/bots/random_bot.py,tme=1s,random" --games 2 \
  >"$work/bad.out" 2>"$work/bad.err"
code=$?
set -e
[ "$code" = 2 ] || fail "bad spec: exit $code"
grep -q "did you mean 'time'" "$work/bad.err" || fail "bad spec: $(cat "$work/bad.err")"
echo "external bots: arena, replay and play passed for: $games"
