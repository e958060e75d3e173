#!/usr/bin/python3
"""A flat Monte Carlo bot for any Turf game: it searches with worlds turf samples for it.

It speaks version 2 of the turf-bot protocol (docs/bots.md, "Searching"), with Python's
standard library only:

    turf play dungeon --seats human,ext:"/usr/bin/python3 examples/bots/mc_bot.py"

At each decision with a choice it asks turf for a world drawn from its own seat's view (what
it cannot see is dealt anew, never the truth), and for every legal action it plays the action in
a copy of that world and lets turf play the copy out to the end with the game's rollout policy.
It keeps doing so, one new world a round, for a share of its time, then plays the action whose
playouts it won most often (ties: the better mean score margin). A forced decision (one legal
action) is answered at once.

    --seed N       its own randomness (which of equal actions); turf's worlds come from turf
    --share F      the share of each decision's time it may search (default 0.4)
    --rollouts R   playouts of each action in each world (default 2)
    --depth D      stop each playout after D actions and judge it by turf's estimate of the
                   final points (default 0: to the end)
"""
import json
import random
import sys
import time

PROTOCOL_VERSION = 2


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def receive():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)  # turf closed our input: the match is gone
    return json.loads(line)


def ask(request):
    """One request of version 2, answered by one line (a "refused" answer says why)."""
    send(request)
    return receive()


def value(outcome, seat):
    """A playout's worth to `seat`: its share of the win, and its margin over the best rival."""
    if outcome["terminal"]:
        ranking, points = outcome["ranking"], outcome["scores"]
        firsts = [s for s, r in enumerate(ranking) if r == 0]
        share = 1.0 / len(firsts) if seat in firsts else 0.0
    else:  # cut short: turf's estimate of each seat's final points
        points = outcome["estimate"]
        best = max(points)
        firsts = [s for s, p in enumerate(points) if p == best]
        share = 1.0 / len(firsts) if seat in firsts else 0.0
    rivals = [p for s, p in enumerate(points) if s != seat]
    margin = points[seat] - (max(rivals) if rivals else 0.0)
    return share, margin


def search(message, seat, options, rng):
    legal = [a["id"] for a in message["view"]["legal"]]
    if message.get("forced") or len(legal) == 1:
        return legal[0]
    decision = message["decision"]
    stop = time.monotonic() + options["share"] * message["time_ms"] / 1000.0
    wins = {a: 0.0 for a in legal}
    margins = {a: 0.0 for a in legal}
    played = {a: 0 for a in legal}
    requests, cap = 0, options["requests"]
    cost = len(legal) * (3 + options["rollouts"]) + 2  # one round: a world, every action in it
    while time.monotonic() < stop and requests + cost <= cap:
        world = ask({"type": "sample", "decision": decision})
        requests += 1
        if world["type"] != "world":
            break
        order = legal[:]
        rng.shuffle(order)
        for a in order:
            if time.monotonic() >= stop:
                break
            copy = ask({"type": "fork", "world": world["world"]})
            after = ask({"type": "play", "world": copy["world"], "actions": [a]})
            if after["type"] == "world":
                out = ask({"type": "rollout", "world": copy["world"],
                           "count": options["rollouts"], "depth": options["depth"]})
                for o in out.get("outcomes", []):
                    share, margin = value(o, seat)
                    wins[a] += share
                    margins[a] += margin
                    played[a] += 1
            ask({"type": "drop", "world": copy["world"]})
            requests += 3 + options["rollouts"]
        ask({"type": "drop", "world": world["world"]})
        requests += 1

    def score(a):
        n = played[a]
        return (wins[a] / n, margins[a] / n, rng.random()) if n else (-1.0, 0.0, rng.random())

    return max(legal, key=score)


def main():
    options = {"seed": None, "share": 0.4, "rollouts": 2, "depth": 0, "requests": 10000}
    args = sys.argv[1:]
    while args:
        key, val = args[0].lstrip("-"), args[1]
        options[key] = float(val) if key == "share" else int(val)
        args = args[2:]
    rng = random.Random(options["seed"])
    seat = 0
    while True:
        message = receive()
        kind = message.get("type")
        if kind == "hello":
            if 2 not in message.get("versions", [1]):
                sys.stderr.write("mc_bot: this turf does not speak version 2\n")
                sys.exit(1)
            seat = message["seat"]
            options["requests"] = message["limits"].get("requests", options["requests"])
            send({"type": "ready", "version": PROTOCOL_VERSION, "name": "flat Monte Carlo (Python)"})
        elif kind == "decide":
            choice = search(message, seat, options, rng)
            send({"type": "action", "id": choice, "decision": message["decision"]})
        elif kind == "end":
            return


if __name__ == "__main__":
    main()
