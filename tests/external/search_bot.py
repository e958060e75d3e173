#!/usr/bin/python3
"""A test program for version 2 of the turf-bot protocol (tests/external/protocol_test.cpp).

    search_bot.py record FILE N   at each decision with a choice: N worlds with "show", one of
                                  them played one action further and rolled out three times; every
                                  answer goes to FILE (one JSON line each); then the first legal id
    search_bot.py caps FILE       at its first decision, every kind of refusal: more worlds than
                                  allowed, unknown handles, illegal actions, bad counts, more
                                  requests than allowed; the answers' types and reasons go to FILE
    search_bot.py v1 FILE         speaks version 1 and sends a request anyway
It decides nothing at random: what it asks depends only on what it is told.
"""
import json
import sys

mode, path = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 0
out = open(path, "w")


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def ask(obj):
    send(obj)
    answer = json.loads(sys.stdin.readline())
    out.write(json.dumps(answer, sort_keys=True) + "\n")
    out.flush()
    return answer


decisions = 0
limit = {}
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        limit = msg["limits"]
        out.write(json.dumps({"versions": msg["versions"], "limits": limit}) + "\n")
        send({"type": "ready", "version": 1 if mode == "v1" else 2})
    elif msg["type"] == "decide":
        decisions += 1
        legal = [a["id"] for a in msg["view"]["legal"]]
        if mode == "v1":
            send({"type": "sample"})
            continue
        if mode == "record" and len(legal) > 1:
            worlds = [ask({"type": "sample", "show": True, "decision": msg["decision"]})
                      for _ in range(count)]
            first = worlds[0]
            if first["legal"]:
                ask({"type": "play", "world": first["world"], "actions": [first["legal"][0]]})
            ask({"type": "rollout", "world": first["world"], "count": 3})
            ask({"type": "rollout", "world": first["world"], "count": 2, "depth": 3})
            for w in worlds:
                ask({"type": "drop", "world": w["world"]})
        if mode == "caps" and decisions == 1:
            handles = []
            for _ in range(limit["worlds"] + 1):
                a = ask({"type": "sample"})
                if a["type"] == "world":
                    handles.append(a["world"])
            ask({"type": "play", "world": 999999, "actions": []})
            ask({"type": "play", "world": handles[0], "actions": [-5]})
            ask({"type": "play", "world": handles[0], "actions": "x"})
            ask({"type": "rollout", "world": handles[0], "count": 0})
            ask({"type": "rollout", "world": handles[0], "count": limit["rollouts"] + 1})
            ask({"type": "sample", "decision": msg["decision"] + 1})
            ask({"type": "drop", "world": handles[0]})
            ask({"type": "fork", "world": handles[1]})
            while ask({"type": "drop", "world": 123456789})["why"].find("requests") < 0:
                pass
        send({"type": "action", "id": legal[0], "decision": msg["decision"]})
    elif msg["type"] == "end":
        break
