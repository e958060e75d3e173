#!/usr/bin/python3
"""Runs another bot and writes every message between turf and it to a file: a debugging aid.

    turf play dungeon --seats human,ext:"/usr/bin/python3 examples/bots/tee_bot.py \
        /tmp/talk.jsonl /usr/bin/python3 examples/bots/random_bot.py"

Each line of the file is {"from": "turf" or "bot", "message": <the message>}. It relies on the
protocol's rhythm (docs/bots.md): a "hello" or a "decide" gets exactly one answer line.
"""
import json
import subprocess
import sys


def main():
    log = open(sys.argv[1], "w")
    bot = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)

    def note(side, line):
        log.write(json.dumps({"from": side, "message": json.loads(line)}) + "\n")
        log.flush()

    for line in sys.stdin:
        note("turf", line)
        bot.stdin.write(line)
        bot.stdin.flush()
        kind = json.loads(line).get("type")
        if kind in ("hello", "decide"):
            answer = bot.stdout.readline()
            if not answer:
                sys.exit("tee_bot: the bot ended without answering")
            note("bot", answer)
            sys.stdout.write(answer)
            sys.stdout.flush()
        if kind == "end":
            break
    bot.stdin.close()
    bot.wait(timeout=5)


if __name__ == "__main__":
    main()
