"""Benchmarks of the Python module (docs/performance.md, "Python"): one core, every figure of a
game measured in one run so that ratios hold on a noisy machine.

    python3 -m turf.bench                     every game at its default player count
    python3 -m turf.bench yard:3 turfwars:6   chosen games and player counts
    python3 -m turf.bench --seconds 2 --n 256

Per game: turf bench's native random-playout rate (C++, one thread); VecEnv steps a second with
uniformly random legal actions (VecEnv.sample_actions) without observations or masks, with masks,
and with observations and masks, and the ratio with masks to the native rate; the AEC loop with a
random agent choosing from the mask in Python (action_space(agent).sample(mask)), dead steps
included; the Game API without observations; and the cost of one observation (Game.observation,
Game.observe_into) and one legal mask (Game.legal_mask) in microseconds.

A second table times a learner's step without observations: a fixed linear policy's greedy
action chosen in numpy from the legal mask (np.where(mask, w, -inf).argmax) and from the padded
legal ids (w[ids], the same action), the step included, and the same with copy=True.
"""

import argparse
import random
import sys
import time

import numpy as np

from . import _core
from .env import VecEnv, env


def _timed(fn, seconds):
    """Calls fn() (which returns a count) until `seconds` pass; returns count / second."""
    count = 0
    start = time.perf_counter()
    while True:
        count += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def vec_rate(game, players, n, seconds, observations, masks):
    v = VecEnv(game, n, seed=1, observations=observations, masks=masks, copy=False, players=players)
    sample, step = v.sample_actions, v.step

    def burst():
        for _ in range(10):
            step(sample())
        return 10 * n

    burst()
    return _timed(burst, seconds)


def learner_rates(game, players, n, seconds):
    """Steps a second of a greedy linear policy choosing from the mask, from the legal ids, and
    from the legal ids with copies returned; and the bytes of mask and of ids a step carries."""
    w = np.random.default_rng(1).random(_core.observation_spec(game, players=players)["action_space"]).astype(np.float32)
    rows = np.arange(n)

    def masked():
        v = VecEnv(game, n, seed=1, observations=False, copy=False, players=players)
        _, info = v.reset(seed=1)

        def burst():
            for _ in range(10):
                v.step(np.where(info["action_mask"] != 0, w, -np.inf).argmax(1))
            return 10 * n

        return _timed(burst, seconds), info["action_mask"].nbytes

    def by_ids(copy):
        v = VecEnv(game, n, seed=1, observations=False, masks=False, legal_ids=True, copy=copy, players=players)
        _, info = v.reset(seed=1)
        widths = []

        def burst():
            nonlocal info
            for _ in range(10):
                ids = info["legal_ids"]
                _, _, _, _, info = v.step(ids[rows, np.where(ids >= 0, w[ids], -np.inf).argmax(1)])
                widths.append(info["legal_ids"].nbytes)
            return 10 * n

        return _timed(burst, seconds), sum(widths) / len(widths)

    mask_rate, mask_bytes = masked()
    ids_rate, ids_bytes = by_ids(False)
    copied_rate, _ = by_ids(True)
    return mask_rate, ids_rate, copied_rate, mask_bytes, ids_bytes


def aec_rate(game, players, seconds):
    e = env(game, players=players)
    e.reset(seed=1)
    steps = 0

    def one_game():
        nonlocal steps
        e.reset()
        k = 0
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(e.action_space(agent).sample(obs["action_mask"]))
            k += 1
        return k

    return _timed(one_game, seconds)


def api_rate(game, players, seconds):
    r = random.Random(1)

    def one_game():
        g = _core.new_game(game, seed=r.getrandbits(64), players=players)
        k = 0
        while not g.terminal:
            g.apply(r.choice(g.legal_actions()))
            k += 1
        return k

    return _timed(one_game, seconds)


def per_call_us(game, players, seconds):
    """Microseconds per observation (new array), per observe_into (caller's array) and per legal
    mask, over positions of a random game."""
    r = random.Random(2)
    g = _core.new_game(game, seed=5, players=players)
    positions = []
    while not g.terminal:
        if r.random() < 0.2:
            positions.append(g.clone())
        g.apply(r.choice(g.legal_actions()))
    positions = positions[:64] or [g]
    size = _core.observation_spec(game, players=players)["size"]
    out = np.empty(size, np.float32)

    def obs():
        for p in positions:
            p.observation(p.to_move)
        return len(positions)

    def into():
        for p in positions:
            p.observe_into(p.to_move, out)
        return len(positions)

    def mask():
        for p in positions:
            p.legal_mask()
        return len(positions)

    return tuple(1e6 / _timed(fn, seconds) for fn in (obs, into, mask))


def main(argv):
    ap = argparse.ArgumentParser(prog="python3 -m turf.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", nargs="*", help="GAME or GAME:PLAYERS (default: every game, default players)")
    ap.add_argument("--seconds", type=float, default=1.0, help="seconds per figure (default 1)")
    ap.add_argument("--n", type=int, default=256, help="games in the VecEnv (default 256)")
    args = ap.parse_args(argv)
    cases = []
    for c in args.cases or [g["id"] for g in _core.games()]:
        game, _, players = c.partition(":")
        cases.append((game, int(players) if players else _core.resolve_options(game)["players"]))
    print(
        "| game | players | native actions/s | VecEnv no obs, no masks | VecEnv masks | ratio to native "
        "| VecEnv obs + masks | AEC steps/s | Game API actions/s | observation µs | observe_into µs "
        "| legal_mask µs |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for game, players in cases:
        s = args.seconds
        native = _core._native_rate(game, s, players=players)
        bare = vec_rate(game, players, args.n, s, False, False)
        masked = vec_rate(game, players, args.n, s, False, True)
        full = vec_rate(game, players, args.n, s, True, True)
        aec = aec_rate(game, players, s)
        api = api_rate(game, players, s)
        obs_us, into_us, mask_us = per_call_us(game, players, s / 2)
        print(
            f"| {game} | {players} | {native / 1e6:.2f}M | {bare / 1e6:.2f}M | {masked / 1e6:.2f}M | "
            f"{masked / native:.2f} | {full / 1e3:.0f}k | {aec / 1e3:.1f}k | {api / 1e3:.0f}k | "
            f"{obs_us:.2f} | {into_us:.2f} | {mask_us:.2f} |",
            flush=True,
        )
    print()
    print(
        "| game | players | learner steps/s, mask | learner steps/s, legal ids | ratio "
        "| legal ids, copy=True | mask bytes a step | ids bytes a step |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game, players in cases:
        m, i, c, mb, ib = learner_rates(game, players, args.n, args.seconds)
        print(
            f"| {game} | {players} | {m / 1e3:.0f}k | {i / 1e3:.0f}k | {i / m:.1f} | {c / 1e3:.0f}k | "
            f"{mb / 1e3:.0f} kB | {ib / 1e3:.1f} kB |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
