"""Shared helpers of the Python module's tests (issue 26). The module comes from the build tree:
ctest sets PYTHONPATH=<build>/python (tests/python/CMakeLists.txt)."""

import os
import random

import pytest

import turf

SOURCE_DIR = os.environ.get("TURF_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))


def game_cases():
    """Every game at every player count, as (game id, players)."""
    return [(g["id"], p) for g in turf.games() for p in range(g["min_players"], g["max_players"] + 1)]


CASES = game_cases()
CASE_IDS = [f"{g}-{p}" for g, p in CASES]


def cases(fn):
    return pytest.mark.parametrize("game_id,players", CASES, ids=CASE_IDS)(fn)


def random_game(game_id, players, seed, moves=None):
    """A seeded game played at random for `moves` actions (to the end when None)."""
    g = turf.new_game(game_id, seed=seed, players=players)
    r = random.Random(seed)
    n = 0
    while not g.terminal and (moves is None or n < moves):
        g.apply(r.choice(g.legal_actions()))
        n += 1
    return g


def subprocess_env(**extra):
    """The environment for a child python3 that imports the same turf (an absolute PYTHONPATH),
    without TURF_FORBID_OMNISCIENT unless given."""
    env = dict(os.environ)
    env.pop("TURF_FORBID_OMNISCIENT", None)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(turf.__file__)))
    env.update(extra)
    return env
