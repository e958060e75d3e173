#!/usr/bin/env bash
# Issue 15 from the command line: one exit code and message style for every input error, with a
# "did you mean"; hostile values refused; outputs checked before any work; no crash on bad
# records, shards or result files; `turf sim` and `turf arena` lose no work and never mix
# experiments.
# Usage: input_test.sh path/to/turf [sanitized: ON|OFF]
set -u
turf="$1"
sanitized="${2:-OFF}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export NO_COLOR=1

# check EXPECTED-MESSAGE command...: exit 2, one `error: ` line naming the problem.
check() {
  local want="$1"; shift
  out=$("$turf" "$@" 2>&1 </dev/null); rc=$?
  [ $rc -eq 2 ] || fail "'$*' exited $rc: $out"
  echo "$out" | grep -q "^error: " || fail "'$*' gave no 'error:' line: $out"
  echo "$out" | grep -qF -- "$want" || fail "'$*' said: $out"
}

# --- One exit-code scheme, one message style, a "did you mean".
check "unknown command 'gmaes' (did you mean 'games'?)" gmaes
check "did you mean '--seed'" sim dungeon --seats random --sede 5
check "did you mean '--games'" arena dungeon --agents random,greedy --gmaes 4
check "error: " play dungeon --seats
check "error: " bench --threads 100000
check "error: " sim dungeon --seats random --games 0
check "did you mean 'dungeon'" sim dungen --seats random
"$turf" --help >/dev/null 2>&1 || fail "--help should exit 0"
"$turf" sim --help >/dev/null 2>&1 || fail "sim --help should exit 0"

# --- One name rule (table::seat_name, docs/protocol.md "Names"): the same names the server refuses.
check "error: name 2: the name cannot hold brackets" play dungeon --seats random,random --names "Ann,Bo (bot)" --no-record
check "error: two seats would have the same name 'ann'" play dungeon --seats random,random --names "Ann,ann" --no-record
check "error: name 1: \"Player 2\" is another seat's name" play dungeon --seats random,random --names "Player 2" --no-record

# --- Seeds are never wrapped.
check "--seed must be an integer from 0 to 18446744073709551615, not '-1'" sim dungeon --seats random --seed -1
check "not '18446744073709551616'" sim dungeon --seats random --seed 18446744073709551616
check "not '-1'" play dungeon --seats random,random --seed -1 --no-record
check "not '1e3'" arena dungeon --agents random,greedy --seed 1e3
"$turf" sim dungeon --seats random --games 2 --seed 18446744073709551615 >/dev/null || fail "the largest seed"

# --- Outputs are checked before any work (these would run for hours if they were not).
touch "$dir/afile"
check "is not a folder" sim dungeon --seats mcts:time=10s --games 1000 --out "$dir/afile"
check "cannot" sim dungeon --seats mcts:time=10s --games 1000 --report /proc/turf-nope/r.html
check "cannot" arena dungeon --agents mcts:time=10s,random --games 1000 --out /proc/turf-nope/a.jsonl
out=$("$turf" play dungeon --seats random,random --seed 3 --record /proc/turf-nope/r.json 2>&1); rc=$?
[ $rc -eq 2 ] || fail "unwritable --record: exit $rc"
echo "$out" | grep -q "Final scores" && fail "unwritable --record was found only after the game"

# --- Records: limits, sanitizing, capped agents.
check "is not a regular file" replay /dev/zero
check "is a directory" replay "$dir"
"$turf" play dungeon --seats random,random --seed 8 --record "$dir/r.json" --quiet >/dev/null || fail "record"
python3 - "$dir" <<'PY' || fail "python"
import json, sys
d = sys.argv[1]
r = json.load(open(d + "/r.json"))
r["actions"] = r["actions"][:4]
r["finished"] = None
r.pop("result", None)
r["seats"][0]["name"] = "Eve\u001b[2J\u001b]0;owned\u0007"
json.dump(r, open(d + "/esc.json", "w"))
big = dict(r); big["actions"] = [dict(a) for a in r["actions"]]
big["actions"][0]["id"] = 2**32 + r["actions"][0]["id"]
json.dump(big, open(d + "/big.json", "w"))
hog = json.loads(json.dumps(r)); hog["seats"][1]["agent"] = "mcts:threads=256,time=3600s"
json.dump(hog, open(d + "/hog.json", "w"))
PY
"$turf" replay "$dir/esc.json" --at 2 --seat omniscient --spoilers >"$dir/esc.out" 2>&1 || fail "replay esc.json"
grep -q $'\x1b' "$dir/esc.out" && fail "a terminal escape from a record was printed"
check "out of range" replay "$dir/big.json"
check "threads in a record (choose the bots with --seats)" play --resume "$dir/hog.json" --quiet --no-record
truncate -s 70M "$dir/huge.json"
check "larger than 64 MiB" replay "$dir/huge.json"

# --- Threads: a memory limit makes fewer threads (with a warning), never std::terminate.
if [ "$sanitized" != ON ]; then
  out=$(ulimit -v 300000; "$turf" sim dungeon --seats random --games 400 --threads 256 2>&1); rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "--threads 256 under ulimit -v: exit $rc: $out"
  # The yard's card answers narrate every step (JSON in every worker): malloc arenas, not the
  # work, used up the address space (core/parallel.h).
  out=$(ulimit -v 300000; "$turf" sim yard --seats random --games 200 --threads 256 2>&1); rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "yard --threads 256 under ulimit -v: exit $rc: $out"
  out=$(ulimit -v 300000; "$turf" arena dungeon --agents random,greedy:worlds=1 --games 400 --threads 256 2>&1); rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "arena --threads 256 under ulimit -v: exit $rc: $out"
fi

# --- turf sim merge validates every field of every line.
args=(sim dungeon --seats random --games 6 --seed 5 --no-records)
"$turf" "${args[@]}" --shard 1/2 --out "$dir/m1" >/dev/null || fail "shard 1"
"$turf" "${args[@]}" --shard 2/2 --out "$dir/m2" >/dev/null || fail "shard 2"
bad_shard() { # expected-message python-expression-on-line
  rm -rf "$dir/mb"; cp -r "$dir/m2" "$dir/mb"
  python3 - "$dir/mb/games.jsonl" "$2" <<'PY'
import json, sys
path, expr = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
l = json.loads(lines[1])
exec(expr)
lines[1] = json.dumps(l) if not isinstance(l, str) else l
open(path, "w").write("\n".join(lines) + "\n")
PY
  check "$1" sim merge "$dir/m1" "$dir/mb"
}
bad_shard "games.jsonl:2: 'ranking' must be an array of 2" 'l["ranking"] = [0, 1, 1]'
bad_shard "games.jsonl:2: 'scores' must be an array of 2" 'l["scores"] = []'
bad_shard "games.jsonl:2: 'index' must be an integer from 0 to 5" 'l["index"] = 99'
bad_shard "games.jsonl:2: 'cell' must be an integer" 'l["cell"] = "0"'
bad_shard "games.jsonl:2: 'ranking' must hold ranks" 'l["ranking"] = ["a", 0]'
bad_shard "games.jsonl:2: the line is not valid JSON" 'l = "{\"cell\": 0,"'
bad_shard "games.jsonl:2: 'length' must be" 'l["length"] = None'
"$turf" sim merge "$dir/m1" "$dir/m2" --out "$dir/mm" >/dev/null || fail "a good merge"

# --- turf sim: streamed, resumable to exactly the uninterrupted result, never mixed.
sim=(sim dungeon --seats random,greedy:worlds=4 --games 150 --seed 12 --sweep tiles=standard,open --threads 2)
"$turf" "${sim[@]}" --out "$dir/full" >/dev/null || fail "uninterrupted sim"
"$turf" "${sim[@]}" --out "$dir/cut" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do  # wait until some games are saved, then interrupt
  [ -f "$dir/cut/games.jsonl" ] && [ "$(wc -l <"$dir/cut/games.jsonl")" -ge 20 ] && break
  sleep 0.1
done
kill -INT $pid; wait $pid; rc=$?
[ $rc -eq 130 ] || [ $rc -eq 0 ] || fail "interrupted sim exit $rc"
n=$(wc -l <"$dir/cut/games.jsonl")
[ "$n" -ge 20 ] || fail "the interrupted run saved $n games"
[ $rc -eq 130 ] && [ -f "$dir/cut/summary.json" ] && fail "an interrupted run wrote a summary"
check "continue it with --resume" "${sim[@]}" --out "$dir/cut"
check "holds another experiment" sim dungeon --seats random --games 150 --seed 13 --out "$dir/cut"
printf '{"cell": 0, "ind' >>"$dir/cut/games.jsonl"  # as if killed mid-line
"$turf" "${sim[@]}" --out "$dir/cut" --resume >/dev/null 2>"$dir/resume.err" || fail "resume: $(cat "$dir/resume.err")"
grep -q "resuming" "$dir/resume.err" || fail "no resume note"
cmp "$dir/full/summary.json" "$dir/cut/summary.json" || fail "the resumed summary differs from the uninterrupted one"
strip() { python3 -c 'import json,sys
for l in open(sys.argv[1]): j = json.loads(l); j["record"].pop("started"); [a.pop("time") for a in j["record"]["actions"]]; j["record"].pop("finished"); print(json.dumps(j, sort_keys=True))' "$1"; }
cmp <(strip "$dir/full/games.jsonl") <(strip "$dir/cut/games.jsonl") || fail "the resumed games (but their times) differ from the uninterrupted ones"
check "already holds this finished experiment" "${sim[@]}" --out "$dir/cut"
"$turf" "${sim[@]}" --out "$dir/cut" --force >/dev/null || fail "--force"
mkdir -p "$dir/stray"; echo '{}' >"$dir/stray/summary.json"
check "without an experiment.json" sim dungeon --seats random --games 2 --out "$dir/stray"

# --- turf arena: a torn last line is cut off on resume; other settings are refused.
arena=(arena dungeon --agents random,greedy:worlds=2 --games 12 --seed 4)
"$turf" "${arena[@]}" --out "$dir/a.jsonl" >/dev/null || fail "arena"
head -n 6 "$dir/a.jsonl" >"$dir/a2.jsonl"
head -c 300 <(sed -n 7p "$dir/a.jsonl") >>"$dir/a2.jsonl"  # killed mid-line
"$turf" "${arena[@]}" --out "$dir/a2.jsonl" >"$dir/a2.out" 2>&1 || fail "arena resume: $(cat "$dir/a2.out")"
[ "$(wc -l <"$dir/a2.jsonl")" -eq 12 ] || fail "arena resume: $(wc -l <"$dir/a2.jsonl") lines"
"$turf" arena report "$dir/a2.jsonl" >"$dir/rep.out" 2>&1 || fail "arena report after resume"
grep -q "warning" "$dir/rep.out" && fail "the resumed file still holds a broken line"
"$turf" "${arena[@]}" --out "$dir/a2.jsonl" >/dev/null 2>&1 || fail "arena re-run"
check "holds another tournament (it differs in seed)" arena dungeon --agents random,greedy:worlds=2 --games 12 --seed 5 --out "$dir/a2.jsonl"
echo '{"experiment": 1, "index": "x"}' >"$dir/bad.jsonl"; echo '{}' >>"$dir/bad.jsonl"
check "bad.jsonl:1: a result line is malformed" arena report "$dir/bad.jsonl"
echo "all input tests passed"
