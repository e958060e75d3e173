"""Observation tensors and legal masks (issue 26, docs/api.md "Observations"): a fixed layout per
game and options, every float inside its field's documented range, masks over a fixed action
space that hold exactly the legal actions."""

import random

import numpy as np
import pytest

import turf
from conftest import cases


@cases
def test_spec_is_a_contiguous_field_table(game_id, players):
    spec = turf.observation_spec(game_id, players=players)
    assert spec["version"] >= 1 and spec["shape"] == (spec["size"],)
    at = 0
    names = set()
    for f in spec["fields"]:
        assert f["offset"] == at and f["size"] > 0
        assert f["low"] < f["high"] and f["meaning"] and f["scale"]
        assert f["name"] not in names
        names.add(f["name"])
        at += f["size"]
    assert at == spec["size"]
    assert spec["action_space"] > 0


@cases
def test_observations_and_masks_through_random_games(game_id, players):
    spec = turf.observation_spec(game_id, players=players)
    low = np.concatenate([np.full(f["size"], f["low"], np.float32) for f in spec["fields"]])
    high = np.concatenate([np.full(f["size"], f["high"], np.float32) for f in spec["fields"]])
    n = spec["action_space"]
    seen = set()
    for seed in range(3):
        g = turf.new_game(game_id, seed=seed, players=players)
        r = random.Random(seed)
        while True:
            for seat in range(players):
                obs = g.observation(seat)
                assert obs.dtype == np.float32 and obs.shape == (spec["size"],)
                bad = np.flatnonzero((obs < low) | (obs > high) | ~np.isfinite(obs))
                assert bad.size == 0, f"seat {seat} move {g.move_number}: {describe(spec, bad[0], obs)}"
                seen.add(obs.tobytes())
            mask = g.legal_mask()
            assert mask.dtype == np.int8 and mask.shape == (n,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(g.legal_actions())
            if g.terminal:
                assert mask.sum() == 0
                break
            g.apply(r.choice(g.legal_actions()))
    assert len(seen) > 10  # the tensor follows the game


def describe(spec, index, obs):
    for f in spec["fields"]:
        if f["offset"] <= index < f["offset"] + f["size"]:
            return f"field {f['name']}[{index - f['offset']}] = {obs[index]} outside {f['low']}..{f['high']}"
    return f"float {index}"


@cases
def test_my_turn_flag_and_observe_into(game_id, players):
    g = turf.new_game(game_id, seed=1, players=players)
    spec = turf.observation_spec(game_id, players=players)
    status = next(f for f in spec["fields"] if f["name"] == "status")
    me = g.to_move
    assert g.observation(me)[status["offset"]] == 1.0
    assert g.observation((me + 1) % players)[status["offset"]] == 0.0
    out = np.empty(spec["size"], np.float32)
    g.observe_into(me, out)
    assert np.array_equal(out, g.observation(me))
    with pytest.raises(turf.TurfError):
        g.observe_into(me, np.empty(3, np.float32))


def test_spec_depends_on_the_player_count():
    sizes = {p: turf.observation_spec("turfwars", players=p)["size"] for p in range(2, 7)}
    assert len(set(sizes.values())) == 5
    assert turf.observation_spec("dungeon")["action_space"] == 10000 + 64 * 64
