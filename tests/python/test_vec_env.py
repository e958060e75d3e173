"""turf.VecEnv (issue 26, docs/api.md "VecEnv"): n games stepped in C++ with stacked
observations, masks and rewards, auto-reset, an optional built-in opponent, the GIL released."""

import sys
import threading

import numpy as np
import pytest

import turf
from conftest import cases
from turf.env import rank_rewards


@cases
def test_buffers_match_the_games_and_games_reset(game_id, players):
    n = 6
    v = turf.VecEnv(game_id, n, seed=3, players=players)
    spec = turf.observation_spec(game_id, players=players)
    obs, info = v.reset(seed=3)
    assert obs.shape == (n, spec["size"]) and obs.dtype == np.float32
    assert info["action_mask"].shape == (n, spec["action_space"]) and info["action_mask"].dtype == np.int8
    assert v.rewards.shape == (n, players) and v.terminated.dtype == np.bool_
    ended = 0
    for step in range(400):
        for i in (0, n - 1) if step % 25 == 0 else ():
            g = v.game(i)
            assert g.to_move == v.to_move[i]
            assert np.array_equal(obs[i], g.observation(int(v.to_move[i])))
            assert np.array_equal(info["action_mask"][i], g.legal_mask())
        lengths = v.episode_length.copy()
        obs, rewards, terminated, truncated, info = v.step(v.sample_actions())
        assert not truncated.any()
        for i in range(n):
            if terminated[i]:
                ended += 1
                assert abs(rewards[i].sum()) < 1e-5 and (rewards[i].max() > 0 or not rewards[i].any())  # or a full tie
                assert v.episode_length[i] == 0
            else:
                assert not rewards[i].any() and v.episode_length[i] == lengths[i] + 1
    if game_id in ("dungeon", "turfwars", "cryhavoc") and players <= 3:
        assert ended > 0


@cases
def test_illegal_actions_raise_and_change_nothing(game_id, players):
    v = turf.VecEnv(game_id, 3, seed=1, players=players)
    for _ in range(5):
        v.step(v.sample_actions())
    before = [b.copy() for b in (v.obs, v.action_mask, v.to_move, v.episode_length)]
    actions = v.sample_actions()
    actions[1] = int(np.flatnonzero(v.action_mask[1] == 0)[0])
    with pytest.raises(turf.IllegalActionError, match="game 1"):
        v.step(actions)
    for a in (-1, v.action_mask.shape[1]):
        actions[1] = a
        with pytest.raises(turf.IllegalActionError):
            v.step(actions)
    with pytest.raises(TypeError):
        v.step(actions.astype(np.float64))
    with pytest.raises(turf.TurfError):
        v.step(actions[:2])
    after = [v.obs, v.action_mask, v.to_move, v.episode_length]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_same_seed_same_run():
    def run(seed):
        v = turf.VecEnv("yard", 4, seed=seed, players=3)
        out = []
        for _ in range(200):
            obs, rewards, term, _, info = v.step(v.sample_actions())
            out.append((obs.tobytes(), rewards.tobytes(), term.tobytes()))
        return out

    assert run(5) == run(5) and run(5) != run(6)


@pytest.mark.parametrize("game_id,players", [("dungeon", 2), ("turfwars", 4), ("cryhavoc", 3), ("yard", 2)])
def test_opponent_plays_the_other_seats(game_id, players):
    v = turf.VecEnv(game_id, 8, seed=2, opponent="random", seat=1, players=players)
    for _ in range(300):
        assert (v.to_move == 1).all() and (v.learner == 1).all()
        _, rewards, term, _, info = v.step(v.sample_actions())
        assert not rewards[~term].any()
    r = turf.VecEnv(game_id, 16, seed=2, opponent="greedy", seat="random", players=players)
    assert len(set(r.learner.tolist())) > 1
    assert (r.to_move == r.learner).all()
    r.step(r.sample_actions())
    assert (r.to_move == r.learner).all()


def test_bad_settings_are_clear_errors():
    with pytest.raises(turf.TurfError, match="unknown bot"):
        turf.VecEnv("dungeon", 2, opponent="genius")
    with pytest.raises(turf.TurfError, match="seat must be"):
        turf.VecEnv("dungeon", 2, opponent="random", seat=5)
    with pytest.raises(turf.TurfError, match="n must be"):
        turf.VecEnv("dungeon", 0)
    with pytest.raises(turf.TurfError, match="unknown game"):
        turf.VecEnv("chess", 2)


def test_without_observations_or_masks():
    v = turf.VecEnv("turfwars", 4, seed=1, observations=False, masks=False, players=5)
    assert v.obs is None and v.action_mask is None
    for _ in range(100):
        v.step(v.sample_actions())


def test_the_gil_is_released_while_stepping():
    # The worker signals, then steps once. With a long switch interval the main thread can run
    # during that step only if step() lets go of the GIL; holding it, the main thread would get
    # it back only after the step, and find `done` already set (counter 0, every time). A loaded
    # machine may not schedule the main thread within one step: up to five tries.
    v = turf.VecEnv("yard", 2048, seed=1, players=4)

    def attempt():
        actions = v.sample_actions()
        ready, done = threading.Event(), threading.Event()
        counter = 0

        def worker():
            ready.set()
            v.step(actions)
            done.set()

        t = threading.Thread(target=worker)
        t.start()
        ready.wait()
        while not done.is_set():
            counter += 1
        t.join()
        return counter

    old = sys.getswitchinterval()
    sys.setswitchinterval(1.0)
    try:
        counts = []
        for _ in range(5):
            counts.append(attempt())
            if counts[-1] > 100:
                break
    finally:
        sys.setswitchinterval(old)
    assert counts[-1] > 100, counts


@cases
def test_a_finished_game_keeps_what_it_ended_with(game_id, players):
    # Same-step autoreset (Gymnasium's final_obs / final_info): on the step where terminated[i]
    # is set, obs, the mask, to_move and episode_length already belong to the next game; what
    # the finished one ended with is in info["final_obs"] and info["final_info"], checked here
    # against a copy of each game stepped alongside.
    n = 4
    v = turf.VecEnv(game_id, n, seed=7, players=players)
    obs, info = v.reset(seed=7, options={"options": 1})
    # The masks of the final values are the step's terminated array (a copy, as everything returned).
    assert info["_final_obs"] is info["final_info"]["_episode_length"] and info["_final_obs"] is not v.terminated
    ended = 0
    for _ in range(3000):
        actions = v.sample_actions()
        twins = [v.game(i) for i in range(n)]
        actors = v.to_move.copy()
        for i in range(n):
            twins[i].apply(int(actions[i]))
        obs, rewards, terminated, truncated, info = v.step(actions)
        final = info["final_info"]
        for i in np.flatnonzero(terminated):
            t = twins[i]
            assert t.terminal
            assert final["seat"][i] == actors[i]
            assert final["episode_length"][i] == t.move_number and v.episode_length[i] == 0
            assert list(final["ranking"][i]) == t.ranking() and list(final["scores"][i]) == t.scores()
            assert np.array_equal(info["final_obs"][i], t.observation(int(actors[i])))
            assert list(rewards[i]) == pytest.approx(rank_rewards(t.ranking()))
            # ... while the step's own buffers are the new game's.
            assert np.array_equal(obs[i], v.game(i).observation(int(v.to_move[i])))
            ended += 1
        if ended >= 3:
            break
    assert ended >= 3


@pytest.mark.parametrize("game_id,players", [("dungeon", 2), ("turfwars", 3)])
def test_with_an_opponent_the_finished_learner_and_length_are_kept(game_id, players):
    v = turf.VecEnv(game_id, 16, seed=3, opponent="random", seat="random", players=players)
    changed_seat = ended = 0
    for _ in range(2000):
        learner, lengths = v.learner.copy(), v.episode_length.copy()
        _, rewards, terminated, _, info = v.step(v.sample_actions())
        final = info["final_info"]
        for i in np.flatnonzero(terminated):
            assert final["learner"][i] == learner[i] == final["seat"][i]
            assert final["episode_length"][i] > lengths[i]  # the learner's action, then the bot's
            assert v.learner[i] == v.to_move[i] and v.episode_length[i] == v.game(i).move_number
            assert rewards[i].sum() == pytest.approx(0)
            changed_seat += v.learner[i] != learner[i]
            ended += 1
        if ended >= 40:
            break
    assert ended >= 40 and changed_seat > 0  # the next episode's seat differs: the kept one matters


def test_reset_options_follow_the_aec_rule():
    v = turf.VecEnv("turfwars", 2, seed=1, players=3)
    v.reset(seed=1, options={"players": 3, "something": True})
    with pytest.raises(ValueError, match="fixed"):
        v.reset(options={"players": 4})


@cases
def test_legal_ids_are_the_legal_actions_padded(game_id, players):
    # Issue 33: the legal ids of each game as a padded (n, width) int32 array with counts, in the
    # game's order, beside the mask or instead of it.
    n = 5
    for masks in (True, False):
        v = turf.VecEnv(game_id, n, seed=4, masks=masks, observations=False, legal_ids=True, players=players)
        obs, info = v.reset()
        rng = np.random.default_rng(4)
        for step in range(150):
            ids, count = info["legal_ids"], info["legal_count"]
            assert ids.dtype == np.int32 and count.dtype == np.int32 and ids.shape == (n, count.max())
            for i in range(n):
                row = ids[i]
                assert (row[count[i] :] == -1).all() and (row[: count[i]] >= 0).all()
                if masks:
                    assert sorted(row[: count[i]]) == list(np.flatnonzero(info["action_mask"][i]))
                if step % 30 == 0:
                    assert list(row[: count[i]]) == v.game(i).legal_actions()
            # A learner's choice made from the ids alone.
            actions = ids[np.arange(n), rng.integers(0, count)]
            obs, rewards, terminated, truncated, info = v.step(actions)
    # A least width keeps the shape fixed while no game has more legal actions.
    v = turf.VecEnv(game_id, 3, seed=4, masks=False, observations=False, legal_ids=300, players=players)
    for _ in range(50):
        _, _, _, _, info = v.step(v.sample_actions())
        assert info["legal_ids"].shape == (3, max(300, info["legal_count"].max()))


def test_legal_ids_settings_and_illegal_actions():
    for bad in (0.5, -1, 5000, "many"):
        with pytest.raises(ValueError, match="legal_ids"):
            turf.VecEnv("dungeon", 2, legal_ids=bad)
    v = turf.VecEnv("dungeon", 2, seed=1, masks=False, legal_ids=True)
    assert v.action_mask is None and v.legal_ids is not None
    before = (v.legal_ids.copy(), v.legal_count.copy(), v.episode_length.copy())
    actions = v.sample_actions()
    legal = set(v.legal_ids[1][: v.legal_count[1]])
    actions[1] = next(a for a in range(v.single_action_space.n) if a not in legal)
    with pytest.raises(turf.IllegalActionError, match="game 1"):
        v.step(actions)
    assert all(np.array_equal(a, b) for a, b in zip(before, (v.legal_ids, v.legal_count, v.episode_length)))


def test_returned_arrays_are_copies_unless_asked_otherwise():
    v = turf.VecEnv("dungeon", 4, seed=2, legal_ids=True)
    obs, info = v.reset()
    kept = (obs.copy(), info["action_mask"].copy(), info["legal_ids"].copy(), info["to_move"].copy())
    buffers = (v.obs, v.action_mask, v.rewards, v.terminated, v.to_move, v.legal_count)
    for _ in range(3):
        out = v.step(v.sample_actions())
        for a in list(out[:4]) + [x for x in out[4].values() if isinstance(x, np.ndarray)]:
            assert not any(np.shares_memory(a, b) for b in buffers), "a returned array is a live buffer"
    assert all(np.array_equal(a, b) for a, b in zip(kept, (obs, info["action_mask"], info["legal_ids"], info["to_move"])))
    assert not np.array_equal(kept[0], v.obs)  # the game went on; what was returned did not change

    live = turf.VecEnv("dungeon", 4, seed=2, copy=False)
    obs, info = live.reset()
    assert obs is live.obs and info["action_mask"] is live.action_mask and info["_final_obs"] is live.terminated
    before = obs.copy()
    obs2, *_ = live.step(live.sample_actions())
    assert obs2 is obs and not np.array_equal(before, obs)  # updated in place


@cases
def test_observation_fields_name_the_parts(game_id, players):
    v = turf.VecEnv(game_id, 3, seed=5, players=players)
    obs, _ = v.reset()
    spec = turf.observation_spec(game_id, players=players)
    parts = v.fields(obs)
    assert list(parts) == [f["name"] for f in spec["fields"]]
    assert np.array_equal(np.concatenate(list(parts.values()), axis=-1), obs)
    one = turf.observation_fields(game_id, obs[1], players=players)
    assert all(np.array_equal(one[k], parts[k][1]) for k in parts)
    assert np.shares_memory(parts[spec["fields"][-1]["name"]], obs)  # views, not copies
    with pytest.raises(ValueError, match="values on its last axis"):
        turf.observation_fields(game_id, obs[:, :-1], players=players)
