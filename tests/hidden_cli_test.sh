#!/usr/bin/env bash
# Hidden information at the command line (issue 15): fresh seeds, what screens, file names and
# quit messages show, bots' seeds, the record of a match in progress and replay --spoilers, and
# the hot seat in a real terminal (tmux): the alternate screen, the scrollback, the pass screen
# and input typed ahead while a bot thinks.
# Usage: hidden_cli_test.sh path/to/turf
set -u
turf="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
dir=$(mktemp -d)
tmux_socket="turf-hidden-$$"
cleanup() {
  tmux -L "$tmux_socket" kill-server 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
export NO_COLOR=1
export XDG_STATE_HOME="$dir/state"
seed_of() { grep -o '"seed": [0-9]*' "$1" | grep -o '[0-9]*$'; }
ids_of() { grep -o '"id": [0-9]*' "$1" | tr -d '\n'; }

# Fresh seeds are full 64-bit: three games below 10^10 would happen with probability < 10^-27.
long=0
for i in 1 2 3; do
  "$turf" play yard --seats random,random --quiet --record "$dir/f$i.json" >/dev/null 2>&1 || fail "fresh game $i"
  s=$(seed_of "$dir/f$i.json")
  [ -n "$s" ] || fail "no seed in the finished record"
  [ ${#s} -gt 10 ] && long=1
done
[ $long -eq 1 ] || fail "fresh seeds are short: $(seed_of "$dir/f1.json") $(seed_of "$dir/f2.json") $(seed_of "$dir/f3.json")"
[ "$(seed_of "$dir/f1.json")" != "$(seed_of "$dir/f2.json")" ] || fail "two fresh seeds are equal"

# Bots of a fresh-seed match do not play from seeds derived from the match seed: the same seed
# given on the command line (which derives the bots' seeds from it) plays another game.
s=$(seed_of "$dir/f1.json")
"$turf" play yard --seats random,random --quiet --seed "$s" --record "$dir/g1.json" >/dev/null 2>&1 || fail "replaying the seed"
"$turf" play yard --seats random,random --quiet --seed "$s" --record "$dir/g2.json" >/dev/null 2>&1
[ "$(ids_of "$dir/g1.json")" = "$(ids_of "$dir/g2.json")" ] || fail "a given seed is not reproducible"
[ "$(ids_of "$dir/f1.json")" != "$(ids_of "$dir/g1.json")" ] || fail "the bots' seeds follow from the match seed"

# The default record name holds no seed.
mkdir -p "$dir/cwd"
(cd "$dir/cwd" && "$turf" play dungeon --seats random,random --quiet >/dev/null 2>&1) || fail "default record"
name=$(ls "$dir/cwd/turf-records")
s=$(seed_of "$dir/cwd/turf-records/$name")
echo "$name" | grep -Eq '^dungeon-[0-9]{8}-[0-9]{6}-[0-9a-f]{8}\.json$' || fail "record name '$name'"
case "$name" in *"$s"*) fail "the record name holds the seed" ;; esac

# A human plays, quits: neither the screens nor the quit message show the seed, and the record
# in progress holds neither the seed nor the actions in clear.
printf '1\n1\nq\n' | "$turf" play dungeon --seats human,random --record "$dir/live.json" >"$dir/h.out" 2>&1; rc=$?
[ $rc -eq 1 ] || fail "quit: exit $rc"
grep -q '"sealed"' "$dir/live.json" || fail "the record in progress is not sealed"
grep -q '"seed"\|"actions"' "$dir/live.json" && fail "seed or actions in clear in the record in progress"
grep -q '"public_log"' "$dir/live.json" || fail "no public log"
[ "$(stat -c %a "$XDG_STATE_HOME/turf/keys")" = 700 ] || fail "key folder not private"
[ "$(stat -c %a "$XDG_STATE_HOME"/turf/keys/*.key)" = 600 ] || fail "key file not private"

# Replaying a match in progress: only the spectator without --spoilers.
"$turf" replay "$dir/live.json" --seat spectator --at 1 >/dev/null 2>&1 || fail "spectator replay of a live record"
for seat in 0 1 omniscient; do
  "$turf" replay "$dir/live.json" --seat $seat --at 1 >"$dir/o" 2>"$dir/e"; rc=$?
  [ $rc -eq 2 ] || fail "replay --seat $seat of a match in progress: exit $rc"
  grep -q "^error: this match is not over.*--spoilers" "$dir/e" || fail "no spoiler refusal for $seat"
  [ -s "$dir/o" ] && fail "replay --seat $seat printed a view"
done
"$turf" replay "$dir/live.json" --seat omniscient --spoilers --at 1 >"$dir/o" 2>"$dir/e" || fail "--spoilers"
grep -q "SPOILERS" "$dir/e" || fail "--spoilers is not loud"
grep -q "viewer: omniscient" "$dir/o" || fail "--spoilers shows nothing"

# A full record in clear of a match that is not over (a finished record cut after its first action)
# gets the same rule.
awk '/^ "actions": \[/ { inact = 1; print; next }
     inact && !done && /^  },?$/ { print "  }"; done = 1; skip = 1; next }
     inact && /^ \],?$/ { inact = 0; skip = 0; print; next }
     skip { next } { print }' "$dir/f1.json" >"$dir/cut.json"
"$turf" replay "$dir/cut.json" --seat spectator --at 1 >/dev/null 2>&1 || fail "the cut record does not load"
"$turf" replay "$dir/cut.json" --seat 1 --at 1 >/dev/null 2>"$dir/e"; rc=$?
[ $rc -eq 2 ] && grep -q "not over" "$dir/e" || fail "a clear record not over is replayed from a seat: exit $rc"
"$turf" replay "$dir/cut.json" --seat 1 --at 1 --spoilers >/dev/null 2>&1 || fail "--spoilers on a clear record"

# Another account (no key): the public log only; resuming needs the key.
XDG_STATE_HOME="$dir/other" "$turf" replay "$dir/live.json" >"$dir/o" 2>"$dir/e" || fail "keyless replay: exit $?"
grep -q "^\[1\]" "$dir/o" || fail "keyless replay shows no public log"
grep -q "only the account that plays it" "$dir/e" || fail "keyless replay note"
XDG_STATE_HOME="$dir/other" "$turf" replay "$dir/live.json" --seat 0 --spoilers >/dev/null 2>"$dir/e"; rc=$?
[ $rc -eq 2 ] || fail "keyless spoilers: exit $rc"
XDG_STATE_HOME="$dir/other" "$turf" play --resume "$dir/live.json" --seats random,random >/dev/null 2>"$dir/e"; rc=$?
[ $rc -eq 2 ] && grep -q "key" "$dir/e" || fail "keyless resume: exit $rc"

# Finish it: the record is now in full, its key is gone, and the screens never showed the seed.
"$turf" play --resume "$dir/live.json" --seats random,random --quiet >/dev/null 2>&1 || fail "resume"
s=$(seed_of "$dir/live.json")
[ -n "$s" ] || fail "the finished record has no seed"
grep -qF "$s" "$dir/h.out" && fail "the seed was on the play screen or in the quit message"
ls "$XDG_STATE_HOME"/turf/keys/*.key >/dev/null 2>&1 && fail "the key outlived the match"
"$turf" replay "$dir/live.json" --seat omniscient >/dev/null 2>&1 || fail "a finished match replays from any seat"

# The pass screen takes only an empty line: a move typed by habit is refused.
printf '1\n\n1\n' | "$turf" play dungeon --seats human,human --seed 4 --no-record >"$dir/p.out" 2>&1
grep -q "Only Enter goes on" "$dir/p.out" || fail "the pass screen took a typed move"

# The hot seat in a real terminal.
if ! command -v tmux >/dev/null; then
  echo "tmux missing: terminal checks skipped"
  echo "all hidden-information CLI checks passed"
  exit 0
fi
tm() { tmux -L "$tmux_socket" "$@"; }
screen() { tm capture-pane -p -t t; }
history() { tm capture-pane -p -S -5000 -t t; }
wait_for() {  # wait_for PATTERN SECONDS (at least 60: a bound for a busy machine, not a speed)
  local i limit=$(($2 < 60 ? 60 : $2))
  for ((i = 0; i < limit * 10; i++)); do
    screen 2>/dev/null | grep -q "$1" && return 0
    tm has-session -t t 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# A session that lives through the test, so that the server does not exit between the others.
tm new-session -d -s keep "sleep 600" || fail "tmux cannot start"

# Two humans: the raw output uses the alternate screen and wipes the scrollback; at the pass
# screen nothing of the first player's turn is left above it.
tm new-session -d -s t -x 120 -y 50 \
  "env NO_COLOR=1 XDG_STATE_HOME='$XDG_STATE_HOME' script -qfc '$turf play dungeon --seats human,human --seed 4 --no-record' '$dir/typescript'; sleep 60"
wait_for "Pass the device to" 20 || fail "no pass screen in the terminal: $(screen)"
first=$(screen | grep -o 'Pass the device to Player [0-9]' | grep -o '[0-9]$')
second=$((3 - first))
tm send-keys -t t Enter
wait_for "Player $first>" 20 || fail "no prompt for Player $first: $(screen)"
moved=0
for i in $(seq 1 12); do
  tm send-keys -t t 1 Enter
  # a key a decision: wait for the pass screen a while, then give the next decision's key
  for ((j = 0; j < 30; j++)); do
    screen | grep -q "Pass the device to Player $second" && break
    sleep 0.1
  done
  if screen | grep -q "Pass the device to Player $second"; then moved=1; break; fi
done
[ $moved -eq 1 ] || fail "Player $first's turn did not end: $(screen)"
history | grep -q "Player $first>" && fail "Player $first's screen is in the scrollback above the pass screen"
grep -q $'\e\[?1049h' "$dir/typescript" || fail "no alternate screen"
grep -q $'\e\[3J' "$dir/typescript" || fail "no scrollback clearing (ESC[3J)"
tm send-keys -t t q Enter  # refused at the pass screen (only Enter goes on)
wait_for "Only Enter goes on" 10 || fail "the pass screen took 'q': $(screen)"
tm send-keys -t t Enter
wait_for "Player $second>" 10 || fail "no prompt for Player $second"
tm send-keys -t t q Enter
wait_for "The match is not finished" 10 || fail "no quit message: $(screen)"
grep -q $'\e\[?1049l' "$dir/typescript" || fail "the alternate screen was not left"
history | grep -q "Player $second>" && fail "the players' screens stayed in the terminal after the quit"
tm kill-session -t t

# Ctrl-Z in a shell with job control: the hand leaves the screen before turf stops, and comes
# back on demand after `fg`.
tm new-session -d -s t -x 120 -y 50 "env -i PATH='$PATH' TERM=xterm HOME='$dir' HISTFILE=/dev/null PS1='shell$ ' bash --norc --noprofile -i"
shell=$(tm list-panes -t t -F '#{pane_pid}')
wait_for 'shell\$' 10 || fail "no shell in tmux"
tm send-keys -t t "NO_COLOR=1 XDG_STATE_HOME='$XDG_STATE_HOME' '$turf' play dungeon --seats human,human --seed 4 --no-record" Enter
wait_for "Pass the device to" 20 || fail "no pass screen (Ctrl-Z test)"
tm send-keys -t t Enter
wait_for "Player [12]>" 20 || fail "no prompt (Ctrl-Z test)"
pid=$(ps -o pid= --ppid "$shell" | tr -d ' ')
tm send-keys -t t C-z
wait_for "Stopped" 10 || fail "Ctrl-Z did not stop turf: $(screen)"
[ "$(ps -o stat= -p "$pid" | cut -c1)" = T ] || fail "turf is not stopped"
history | grep -q "Player [12]>" && fail "the hand stayed on the screen after Ctrl-Z"
tm send-keys -t t fg Enter
wait_for "press Enter to redraw" 10 || fail "no blank screen after fg: $(screen)"
tm send-keys -t t Enter
wait_for "Player [12]>" 10 || fail "no redraw after fg"
tm send-keys -t t q Enter
wait_for "The match is not finished" 10 || fail "no quit after fg"
tm kill-session -t t 2>/dev/null

# Input typed while a bot thinks is dropped: the bot (seat 0, first to move with seed 5) thinks
# 3 s a decision; keys sent meanwhile must not play for the human once its turn comes: when the
# human quits at its first prompt, the record holds no action of the human.
tm new-session -d -s t -x 120 -y 50 \
  "env NO_COLOR=1 XDG_STATE_HOME='$XDG_STATE_HOME' '$turf' play dungeon --seats mcts:time=3s,threads=1,human --seed 5 --record '$dir/ahead.json'; sleep 60"
sleep 0.5
tm send-keys -t t 1 Enter 1 Enter 2 Enter
wait_for "Player 2>" 60 || fail "no prompt for the human: $(screen)"
tm send-keys -t t q Enter
wait_for "The match is not finished" 30 || fail "no quit: $(screen)"
grep -q '"public_log"' "$dir/ahead.json" || fail "no record of the match with a bot"
grep -q '"seat": 0' "$dir/ahead.json" || fail "the bot did not move"
human_moves=$(tr -d ' \n' <"$dir/ahead.json" | grep -o '"public_log":\[[^]]*\]' | grep -o '"seat":1' | wc -l)
[ "$human_moves" -eq 0 ] || fail "keys typed while the bot thought were played for the human"
tm kill-session -t t
echo "all hidden-information CLI checks passed"
