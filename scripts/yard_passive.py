#!/usr/bin/env python3
"""Counts passive turns of yard per agent in `turf arena yard ... --out FILE.jsonl` results
(docs/ai.md, "Passive play at low budgets"): Away turns that end without Work (a free $5), and
Home turns with no action at all.

Usage: scripts/yard_passive.py FILE.jsonl...
"""
import collections
import json
import sys


def main(files):
    stats = collections.defaultdict(collections.Counter)
    for path in files:
        with open(path) as f:
            for line in f:
                try:
                    game = json.loads(line)
                except json.JSONDecodeError:
                    continue  # an unfinished last line
                seats = game["seats"]
                turn = None  # (seat, labels)

                def close(t):
                    if t is None:
                        return
                    seat, labels = t
                    st = stats[seats[seat]]
                    if labels[0] == "away":
                        st["away"] += 1
                        st["away_no_work"] += "work" not in labels
                    else:
                        st["home"] += 1
                        st["home_idle"] += labels[1:] == ["done"]

                for act in game["record"]["actions"]:
                    if act["label"] in ("home", "away"):
                        close(turn)
                        turn = (act["seat"], [act["label"]])
                    elif turn and act["seat"] == turn[0]:
                        turn[1].append(act["label"])
                close(turn)
    for agent, st in sorted(stats.items()):
        away, home = max(1, st["away"]), max(1, st["home"])
        print(f"{agent:45s} Away turns {st['away']:5d}, without Work {st['away_no_work']:4d} "
              f"({st['away_no_work'] / away:.2f}); Home turns {st['home']:5d}, idle "
              f"{st['home_idle']:4d} ({st['home_idle'] / home:.2f})")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.stderr.write("error: usage: scripts/yard_passive.py FILE.jsonl...\n")
        sys.exit(2)
    main(sys.argv[1:])
