#!/usr/bin/python3
"""Bots that break the turf-bot protocol on purpose, one way each (tests/external_test.cpp).

    hostile_bot.py MODE [AFTER] [PIDFILE]

It plays uniformly at random for AFTER decisions (default 0), then misbehaves as MODE says
(modes: see the branches below; "slow" pauses 1.2 s once, "grandchild" and "escape" start a
process and hang, "linger" plays well but does not leave at the end, "dirty_stdout" and
"dirty_stderr" write terminal controls, bidi overrides and bytes that are not UTF-8).
PIDFILE, when given, receives "PID PGID [GRANDCHILD]" at the start.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time

mode = sys.argv[1]
after = int(sys.argv[2]) if len(sys.argv) > 2 else 0
pidfile = sys.argv[3] if len(sys.argv) > 3 else None
rng = random.Random(7)
# One of each: an 8-bit CSI (0x9b), bytes that are not UTF-8 (a lone 0xff, an overlong '/'), the
# bidi controls U+202A-U+202E and U+2066-U+2069, LRM/RLM and ALM, zero-width characters and the
# BOM, a C1 CSI in UTF-8 (U+009B), and ESC sequences (a window title, a clear screen), DEL, BS.
DIRTY = b" ".join([
    b"\x9b31m", b"\xff\xfe", b"\xc0\xaf",
    "\u202a\u202b\u202c\u202d\u202e".encode(), "\u2066\u2067\u2068\u2069".encode(),
    "\u200e\u200f\u061c".encode(), "\u200b\u200c\u200d\ufeff".encode(),
    "\u009b".encode(), b"\x1b]0;owned\x07", b"\x1b[2J", b"\x7f\x08",
])


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def write_pids(extra=""):
    if pidfile:
        with open(pidfile + ".tmp", "w") as f:
            f.write("%d %d %s\n" % (os.getpid(), os.getpgid(0), extra))
        os.rename(pidfile + ".tmp", pidfile)


def hang():
    while True:
        time.sleep(60)


if mode == "crash_at_start":
    sys.stderr.write("hostile: giving up before hello\n")
    sys.exit(3)
if mode == "ignore_term":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
grandchild = ""
if mode in ("grandchild", "escape"):
    # A process of its own that would outlive the bot: in the bot's group, or in a new session.
    pre = os.setsid if mode == "escape" else None
    child = subprocess.Popen(["sleep", "600"], stdin=subprocess.DEVNULL, preexec_fn=pre)
    grandchild = str(child.pid)
write_pids(grandchild)

decisions = 0
while True:
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "hello":
        if mode == "wrong_version":
            send({"type": "ready", "version": 99})
        elif mode == "no_ready":
            send({"type": "action", "id": 0})
        elif mode == "silent_start":
            hang()
        elif mode == "close_stdin":
            os.close(0)  # turf's next message meets a pipe with no reader
            send({"type": "ready", "version": 1})
            hang()
        else:
            send({"type": "ready", "version": 1, "name": "hostile " + mode})
        continue
    if kind == "end":
        if mode in ("grandchild", "escape", "ignore_term", "linger"):
            hang()  # turf must stop it (and what it started)
        sys.exit(0)
    if kind != "decide":
        continue
    decisions += 1
    legal = msg["view"]["legal"]
    if decisions <= after:
        if mode == "stderr_flood":
            sys.stderr.write(("noise %d " % decisions) * 20000 + "\n")
            sys.stderr.flush()
        answer = json.dumps({"type": "action", "id": rng.choice(legal)["id"]}) + "\n"
        if mode == "unsolicited" and decisions == after:  # one answer too many, in one write
            answer += json.dumps({"type": "action", "id": legal[0]["id"]}) + "\n"
        sys.stdout.write(answer)
        sys.stdout.flush()
        continue
    if mode == "crash":
        sys.stderr.write("hostile: crashing now\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "exit":
        sys.exit(4)
    elif mode in ("hang", "ignore_term"):
        hang()
    elif mode == "garbage":
        sys.stdout.write("I resign, good game\n")
        sys.stdout.flush()
        hang()
    elif mode == "wrong_type":
        send({"type": "ready", "version": 1})
        hang()
    elif mode == "wrong_decision":
        send({"type": "action", "id": legal[0]["id"], "decision": decisions - 1})
        hang()
    elif mode == "illegal":
        send({"type": "action", "id": 987654})
        hang()
    elif mode == "string_id":
        send({"type": "action", "id": str(legal[0]["id"])})
        hang()
    elif mode == "deep":
        sys.stdout.write("[" * 5000 + "]" * 5000 + "\n")
        sys.stdout.flush()
        hang()
    elif mode == "flood":
        blank = b"\n" * 65536
        while True:
            os.write(1, blank)
    elif mode == "huge_line":
        chunk = b"x" * 65536
        while True:
            os.write(1, chunk)
    elif mode == "close_stdout":
        os.close(1)
        hang()
    elif mode == "dirty_stdout":  # bytes that must not reach a terminal raw, as an answer
        os.write(1, DIRTY + b"\n")
        hang()
    elif mode == "dirty_stderr":  # the same on stderr, one kind a line, then a crash
        for kind in DIRTY.split(b" "):
            os.write(2, b"dirty " + kind + b" end\n")
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "echo_view":  # what it sees, written back where an action belongs
        send({"seen": msg["view"]})
        hang()
    elif mode == "slow":
        if decisions == after + 1:
            time.sleep(1.2)
        send({"type": "action", "id": rng.choice(legal)["id"]})
    elif mode in ("grandchild", "escape"):
        hang()  # with the process it started: turf must stop both
    else:  # well-behaved modes: stderr_flood, linger, unsolicited
        if mode == "stderr_flood":
            sys.stderr.write(("noise %d " % decisions) * 20000 + "\n")
            sys.stderr.flush()
        send({"type": "action", "id": rng.choice(legal)["id"]})
