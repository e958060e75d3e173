"""The wall in Python (issue 26): a seat's observation is the same in every world sampled from its
view (so it holds nothing the view does not), for every game and player count; and nothing in the
module hands a seat's code the hidden state except the omniscient calls, which a process can
forbid."""

import pickle
import random
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import turf
from conftest import SOURCE_DIR, cases, subprocess_env


@cases
def test_observation_is_the_same_in_every_world_sampled_from_the_view(game_id, players):
    checked = differing = 0
    for seed in range(4):
        g = turf.new_game(game_id, seed=100 + seed, players=players)
        r = random.Random(seed)
        step = 0
        while not g.terminal:
            if step % 7 == 0:
                for seat in range(players):
                    view = g.seat_view(seat)
                    obs = view.observation()
                    worlds = [view.sample_world(s) for s in range(3)]
                    for w in worlds:
                        assert np.array_equal(w.observation(seat), obs), (
                            f"{game_id} players={players} seed={100 + seed} move {g.move_number} seat {seat}: "
                            "the observation differs in a world sampled from the seat's view"
                        )
                        assert w.view(seat) == view.to_dict()
                    checked += 1
                    if view.ambiguous:
                        # The worlds really differ where the view says they can: the check has teeth.
                        truths = {repr(w.view(turf.OMNISCIENT)) for w in worlds}
                        differing += len(truths) > 1
            g.apply(r.choice(g.legal_actions()))
            step += 1
    assert checked > 20
    assert differing > 0


def test_a_hidden_difference_does_not_reach_the_observation():
    # Two worlds sampled from seat 0's view differ in what seat 1 holds; seat 0's tensors agree,
    # seat 1's do not.
    g = turf.new_game("cryhavoc", seed=3, players=2)
    view = g.seat_view(0)
    a, b = view.sample_world(1), view.sample_world(2)
    assert np.array_equal(a.observation(0), b.observation(0))
    assert not np.array_equal(a.observation(1), b.observation(1))


FORBIDDEN = textwrap.dedent(
    """
    import pickle, random, numpy as np, turf
    assert turf.omniscient_forbidden()
    env = turf.env("turfwars", players=3)
    env.reset(seed=4)
    r = random.Random(0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        if env._seat[agent] == 0 and obs["observation"].size:
            # A seat's code trying the omniscient calls mid-game.
            for attempt in (lambda: env.game, lambda: pickle.dumps(env)):
                try:
                    attempt()
                except turf.OmniscientAccessError:
                    pass
                else:
                    raise SystemExit("omniscient access was allowed")
        env.step(int(r.choice(np.flatnonzero(obs["action_mask"]))))
    g = turf.new_game("yard", seed=1, players=2)
    for call in (lambda: g.view(turf.OMNISCIENT), lambda: g.seat_view("omniscient"),
                 lambda: g.record(), lambda: pickle.dumps(g), lambda: g.narration(turf.OMNISCIENT),
                 lambda: turf.VecEnv("dungeon", 2, seed=1).game(0)):
        try:
            call()
        except turf.OmniscientAccessError:
            continue
        raise SystemExit("an omniscient call was allowed")
    # What a seat may have still works: its view, observation, mask, a finished game's record.
    g.view(0); g.observation(1); g.legal_mask(); g.seat_view(0).sample_world(3)
    while not g.terminal:
        g.apply(g.legal_actions()[0])
    g.record(); pickle.dumps(g)
    print("walled")
    """
)


def run_forbidden(code, env_flag):
    env = subprocess_env(TURF_FORBID_OMNISCIENT="1") if env_flag else subprocess_env()
    if not env_flag:
        code = "import turf; turf.forbid_omniscient()\n" + code
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=SOURCE_DIR)


@pytest.mark.parametrize("env_flag", [True, False], ids=["environment", "call"])
def test_omniscient_calls_can_be_forbidden(env_flag):
    out = run_forbidden(FORBIDDEN, env_flag)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "walled"


def test_forbidding_has_no_way_back():
    code = "import turf; turf.forbid_omniscient(); import turf._core as c; print(c.omniscient_forbidden())"
    out = run_forbidden(code, False)
    assert out.stdout.strip() == "True"
    assert not hasattr(turf, "allow_omniscient")


def test_omniscient_calls_work_when_allowed():
    if turf.omniscient_forbidden():
        pytest.skip("this process forbids omniscient access")
    g = turf.new_game("dungeon", seed=2)
    assert "deck_order" in g.view(turf.OMNISCIENT)
    assert "deck_order" not in g.view(0)
    assert pickle.loads(pickle.dumps(g)).actions == []
    assert g.record()["seed"] is not None
