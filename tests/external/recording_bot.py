#!/usr/bin/python3
"""Plays at random and writes every message it receives to the file named by its argument
(tests/external_test.cpp compares them with the engine's views, narration and result)."""
import json
import random
import sys

log = open(sys.argv[1], "w")
rng = random.Random(3)
for line in sys.stdin:
    log.write(line)
    log.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "version": 1}), flush=True)
    elif msg["type"] == "decide":
        print(json.dumps({"type": "action", "id": rng.choice(msg["view"]["legal"])["id"]}),
              flush=True)
    elif msg["type"] == "end":
        break
