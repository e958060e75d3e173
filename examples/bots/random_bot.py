#!/usr/bin/python3
"""A bot for any Turf game that picks one of the legal actions at random.

It speaks the turf-bot protocol (docs/bots.md) on stdin and stdout, with Python's standard
library only:

    turf play dungeon --seats human,ext:"python3 examples/bots/random_bot.py"

Give --seed N to make its choices reproducible; without it they come from the OS.
"""
import json
import random
import sys

PROTOCOL_VERSION = 1


def send(message):
    # One JSON object a line, flushed at once: turf waits for the whole line.
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    seed = None
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed = int(sys.argv[2])
    rng = random.Random(seed)
    while True:
        line = sys.stdin.readline()
        if not line:  # turf closed our input: the match is gone
            return
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "ready", "version": PROTOCOL_VERSION, "name": "random (Python)"})
        elif kind == "decide":
            choice = rng.choice(message["view"]["legal"])
            send({"type": "action", "id": choice["id"], "decision": message["decision"]})
        elif kind == "end":
            return
        # Any other type is news this bot does not need: ignored, as the protocol asks.


if __name__ == "__main__":
    main()
