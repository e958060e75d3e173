#!/usr/bin/env bash
# Scripted sessions of the turf command: records, replay, a human at the keyboard, undo, resume.
# Usage: cli_test.sh path/to/turf
set -u
turf="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export NO_COLOR=1
export XDG_STATE_HOME="$dir/state"  # keys of matches in progress

# A bots-only game runs unattended, saves its record and exits 0.
"$turf" play dungeon --seats random,random --seed 11 --record "$dir/a.json" >"$dir/out" 2>&1 || fail "bots-only game: exit $?"
grep -q "Final scores" "$dir/out" || fail "no final scores"
grep -q '"format": "turf-record"' "$dir/a.json" || fail "no record written"

# The same seed plays the same game.
"$turf" play dungeon --seats random,random --seed 11 --record "$dir/b.json" >/dev/null 2>&1
diff <(grep -v '"time"\|"started"\|"finished"' "$dir/a.json") <(grep -v '"time"\|"started"\|"finished"' "$dir/b.json") >/dev/null || fail "same seed, different game"

# Replay: every position, every viewer; bad positions and viewers are clear errors.
"$turf" replay "$dir/a.json" --at 0 >/dev/null || fail "replay --at 0"
n=$(grep -c '"id":' "$dir/a.json")
"$turf" replay "$dir/a.json" --at "$n" --seat omniscient | grep -q "Game over" || fail "replay end"
"$turf" replay "$dir/a.json" --at 5 --seat 1 --json | grep -q '"viewer": "seat 1"' || fail "replay json"
"$turf" replay "$dir/a.json" --at 999 2>&1 | grep -q "must be in 0.." || fail "replay --at range"
"$turf" replay "$dir/a.json" --seat 7 --at 1 2>&1 | grep -q "viewer must be" || fail "replay seat"
"$turf" replay "$dir/a.json" </dev/null | grep -q "^\[1\]" || fail "replay listing"
# Replays tell what happened (issue 16): the tile shapes placed, the end; --json holds the lines.
"$turf" replay "$dir/a.json" </dev/null | grep -Eq "places an? (dead end|straight|L|T|cross) tile at" || fail "replay narration"
"$turf" replay "$dir/a.json" </dev/null | grep -q "The dungeon is complete" || fail "replay end narration"
"$turf" replay "$dir/a.json" --at 3 --json | grep -q '"narration"' || fail "replay json narration"

# Records carry the public narration (issue 16): the finished record holds, line for line, the
# story `turf replay` tells a spectator; a live record's public log holds it too, readable without
# the key, and no seat's own line (the dungeon's are all public; tests/narration_test.cpp checks
# the games with secrets).
"$turf" replay "$dir/a.json" </dev/null >"$dir/story" || fail "replay for the story"
python3 - "$dir/a.json" "$dir/story" <<'PY' || fail "the record does not hold the replay's narration"
import json, sys
r = json.load(open(sys.argv[1]))
want = ""
for i, a in enumerate(r["actions"]):
    num = "[%d] " % (i + 1)
    for k, line in enumerate(a["narration"]):
        want += (num if k == 0 else " " * (len(num) + 2)) + line["said"] + "\n"
got = open(sys.argv[2]).read()
assert got.startswith(want), "replay and record differ"
assert any(l["kind"] == "game_over" for l in r["actions"][-1]["narration"])
PY
printf '1\n1\n1\nq\n' | "$turf" play dungeon --seats human,random --seed 3 --record "$dir/live.json" >/dev/null 2>&1
grep -q '"sealed"' "$dir/live.json" || fail "no live record"
XDG_STATE_HOME="$dir/nokeys" "$turf" replay "$dir/live.json" </dev/null 2>/dev/null | grep -Eq "^    Player 1 places an? (dead end|straight|L|T|cross) tile at" || fail "live record narration without the key"

# The table (issue 16): the end in words, `log` keeps the story across --resume, `look` shows a card.
# (each seat's points and, since issue 29, the monsters that scored them: "31 points: 11 by the
# ...", a line the screen wraps)
tr '\n' ' ' <"$dir/out" | tr -s ' ' | grep -Eq "1st=? random [12], [0-9]+ points?(: [0-9]+ by the [^;]*| \(no monster[^;]*)?; (2nd|1st=) random [12], [0-9]+ points?" || fail "end screen in words"
printf '1\n1\n1\nq\n' | "$turf" play dungeon --seats human,random --seed 3 --record "$dir/r.json" >/dev/null 2>&1
printf 'log\n\nq\n' | "$turf" play --resume "$dir/r.json" >"$dir/resumed" 2>&1
grep -Eq "^\[2\] Player 1 places an? (dead end|straight|L|T|cross) tile at" "$dir/resumed" || fail "log after --resume"
# Presets (issue 18): the default opponent is the game's normal bot; a seat may name a level.
printf 'q\n' | "$turf" play dungeon --seed 3 --no-record >"$dir/default" 2>&1
grep -q "normal 2" "$dir/default" || fail "default opponent is not the normal preset"
"$turf" play dungeon --seats easy,random --seed 3 --quiet --record "$dir/lv.json" >/dev/null 2>&1 || fail "level seat"
grep -q '"agent": "greedy"' "$dir/lv.json" || fail "the record does not name the preset's spec"
"$turf" play dungeon --seats human,hrad --no-record </dev/null 2>&1 | grep -q "did you mean 'hard'" || fail "misspelt level"
"$turf" play --help | grep -Eq "^ +hard +mcts:" || fail "help lists the levels"
printf 'look crane\nq\n' | "$turf" play dungeon --seats human,random --seed 3 --no-record 2>&1 | grep -q "Crane Wife  (monster)" || fail "look NAME"
printf 'look cranw\nq\n' | "$turf" play dungeon --seats human,random --seed 3 --no-record 2>&1 | grep -q "did you mean 'Crane Wife'" || fail "look did you mean"
# Card texts follow the options (issue 29, yard Y8.1): a Tool's rule is its edition's, in `turf
# cards -o` and in `look` at a 1st-edition table; a bad option is an error.
flat() { tr '\n' ' ' | tr -s ' '; }
"$turf" cards yard Rake | flat | grep -q "goes to your Garage after its Play action" || fail "edition 2 Tool text"
"$turf" cards yard Rake | flat | grep -q "like a Pest" && fail "edition 1 Tool text by default"
"$turf" cards yard Rake -o edition=1 | flat | grep -q "played onto a Pile like a Pest" || fail "turf cards -o edition=1"
printf 'look rake\nq\n' | "$turf" play yard --option edition=1 --seats human,random --seed 3 --no-record 2>&1 | flat | grep -q "played onto a Pile like a Pest" || fail "look at a 1st-edition table"
"$turf" cards yard -o edition=3 >/dev/null 2>&1 && fail "a bad option is accepted by turf cards"

# Malformed records: clear errors, exit 2, no crash.
echo '{"format": "turf-record", "version": 1' >"$dir/bad.json"
"$turf" replay "$dir/bad.json" >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "malformed record: exit $rc"
grep -q "is not valid JSON" "$dir/err" || fail "malformed record message"
sed 's/"id": \([0-9]*\)/"id": 99999/' "$dir/a.json" >"$dir/bad2.json"
"$turf" replay "$dir/bad2.json" 2>&1 | grep -q "is not legal there" || fail "illegal action in record"

# A human at the keyboard: bad input is refused without harm, then undo, then quit and resume.
printf 'nonsense\n999\n1\nu\n1\nq\n' | "$turf" play dungeon --seats human,random --seed 3 --record "$dir/h.json" >"$dir/h.out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "quit should exit 1 (unfinished), got $rc"
grep -q "'nonsense' is not a legal action now" "$dir/h.out" || fail "bad label not reported"
grep -q "choose 1 to" "$dir/h.out" || fail "bad number not reported"
grep -q "turf play --resume" "$dir/h.out" || fail "no resume hint"
"$turf" replay "$dir/h.json" --at 0 >/dev/null || fail "the saved record does not load"

# Resume the saved game with bots in both seats and finish it.
"$turf" play --resume "$dir/h.json" --seats random,random --quiet >"$dir/r.out" 2>&1 || fail "resume: exit $?"
grep -q "Final scores" "$dir/r.out" || fail "resume did not finish"
"$turf" play --resume "$dir/h.json" 2>&1 | grep -q "already over" || fail "resuming a finished game"

# Two humans at one screen: the pass-the-device screen appears between their turns.
# (the pass screen takes only an empty line: every "1" is preceded by one)
yes $'\n1' | head -800 | "$turf" play dungeon --seats human,human --seed 4 --no-record >"$dir/hh.out" 2>&1
grep -q "Pass the device to" "$dir/hh.out" || fail "no pass-the-device screen"
grep -q "Final scores" "$dir/hh.out" || fail "two humans did not finish"

# Input ending early saves and exits 1, never crashes.
printf '' | "$turf" play dungeon --seats human,random --seed 5 --no-record >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "EOF: exit $rc"
# --clock: a person's turn has its time; when it runs out the normal bot makes that turn for them
# and the log says so; the screen says the time left. stdin stays open (a fifo) and silent until
# the output shows the timeout (a state, polled), then the player quits.
mkfifo "$dir/clock.in"
"$turf" play dungeon --seats human,random --seed 3 --clock 1 --record "$dir/clock.json" \
  <"$dir/clock.in" >"$dir/clock.out" 2>&1 &
clock_pid=$!
exec 7>"$dir/clock.in"
for _ in $(seq 1 1200); do
  grep -q "ran out of time: the normal bot moved for Player 1" "$dir/clock.out" && break
  sleep 0.1
done
echo q >&7
exec 7>&-
wait $clock_pid; rc=$?
[ $rc -le 1 ] || fail "--clock: exit $rc"
grep -q "ran out of time: the normal bot moved for Player 1" "$dir/clock.out" || fail "--clock: no timeout told"
grep -q "Time left for this turn: 0:01" "$dir/clock.out" || fail "--clock: the time left is not shown"
"$turf" replay "$dir/clock.json" >/dev/null || fail "--clock: the record does not replay"
"$turf" play dungeon --seats human,random --clock 0 --no-record </dev/null >"$dir/clock0" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "clock" "$dir/clock0" || fail "--clock 0: exit $rc, $(cat "$dir/clock0")"
echo "all CLI sessions passed"
