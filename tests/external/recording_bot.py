#!/usr/bin/python3
"""Plays at random and writes every message it receives to the file named by its argument
(tests/external_test.cpp compares them with the engine's views, narration and result). With a
second argument, it creates that file once its ready is written (a state a test can wait for)."""
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
        if len(sys.argv) > 2:
            open(sys.argv[2], "w").close()
    elif msg["type"] == "decide":
        print(json.dumps({"type": "action", "id": rng.choice(msg["view"]["legal"])["id"]}),
              flush=True)
    elif msg["type"] == "end":
        break
