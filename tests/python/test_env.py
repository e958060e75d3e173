"""turf.env: the PettingZoo-style AEC environment (issue 26, docs/api.md "AEC environment"),
checked against PettingZoo's documented conventions for every game and player count."""

import copy
import pickle

import numpy as np
import pytest

import turf
from conftest import cases


def play(env, seed, rng_seed=0, check=True):
    """Random play from the masks through agent_iter to the end, dead steps included. Returns the
    trajectory (agent, observation bytes, cumulative reward, termination) and the number of steps."""
    rng = np.random.default_rng(rng_seed)
    env.reset(seed=seed)
    trajectory = []
    rewards_seen = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if check:
            assert agent == env.agent_selection and agent in env.agents
            assert set(obs) == {"observation", "action_mask"}
            assert obs["action_mask"].dtype == np.int8
            assert env.observation_space(agent).contains(obs)
            assert isinstance(info, dict) and type(env.infos) is dict and type(env.rewards) is dict
            assert type(env.terminations) is dict and type(env.truncations) is dict
            assert trunc is False
            rewards_seen.append(dict(env.rewards))
        trajectory.append((agent, obs["observation"].tobytes(), reward, term))
        if term or trunc:
            env.step(None)
        else:
            mask = obs["action_mask"]
            assert mask.sum() > 0
            env.step(env.action_space(agent).sample(mask) if check else rng.choice(np.flatnonzero(mask)))
    return trajectory, rewards_seen


@cases
def test_api_conventions_through_a_whole_game(game_id, players):
    env = turf.env(game_id, players=players)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]
    assert env.max_num_agents == players
    for a in env.possible_agents:
        assert env.observation_space(a) is env.observation_space(a)
        assert env.action_space(a) is env.action_space(a)
        space = env.action_space(a)
        assert space.n == turf.observation_spec(game_id, players=players)["action_space"]
        assert space.dtype == np.int64 and space.shape == ()
        box = env.observation_space(a)["observation"]
        assert box.dtype == np.float32 and box.shape == (turf.observation_spec(game_id, players=players)["size"],)
        assert box.low.shape == box.shape and box.high.shape == box.shape
        assert env.observation_space(a)["action_mask"].dtype == np.int8
    assert env.reset(seed=1) is None
    assert env.agents == env.possible_agents and env.num_agents == players
    assert all(v == 0 for v in env.rewards.values())
    trajectory, rewards_seen = play(env, seed=1)
    assert env.agents == [] and env.rewards == {} and env.terminations == {}
    ended = [i for i, (_, _, _, term) in enumerate(trajectory) if term]
    # The last live step ends the game; then every agent takes its dead step, in turn.
    assert len(ended) == players and ended == list(range(len(trajectory) - players, len(trajectory)))
    assert {trajectory[i][0] for i in ended} == set(env.possible_agents)
    finals = {trajectory[i][0]: trajectory[i][2] for i in ended}
    assert abs(sum(finals.values())) < 1e-6 and (max(finals.values()) > 0 or set(finals.values()) == {0})
    # Rewards come on the last live step only; before it every reward and return is 0.
    assert all(all(r == 0 for r in step.values()) for step in rewards_seen[: ended[0]])
    assert all(reward == 0 for (_, _, reward, term) in trajectory if not term)


@cases
def test_same_seed_same_trajectory(game_id, players):
    env = turf.env(game_id, players=players)
    a, _ = play(env, seed=7, check=False)
    b, _ = play(env, seed=7, check=False)
    c, _ = play(env, seed=8, check=False)
    assert a == b and a != c


def test_reset_without_a_seed_continues_the_seeded_sequence():
    env = turf.env("yard", players=2)
    env.reset(seed=3)
    env.reset()
    first = env.observe("player_0")["observation"].tobytes(), env.game.actions
    env.reset(seed=3)
    env.reset()
    assert (env.observe("player_0")["observation"].tobytes(), env.game.actions) == first


def test_step_errors_change_nothing():
    env = turf.env("turfwars", players=3)
    env.reset(seed=2)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(turf.IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError, match="not done"):
        env.step(None)
    with pytest.raises(TypeError):
        env.step(1.5)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
    env.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))  # numpy integers are actions


def test_reset_options_are_a_free_dict():
    # PettingZoo's api_test starts with reset(seed=0, options={"options": 1}): a key the
    # environment does not know is ignored. A key naming a game option must repeat the value the
    # environment was made with (the spaces depend on it); anything else is refused, never
    # silently ignored.
    env = turf.env("turfwars", players=3)
    plain = play(env, seed=0, check=False)
    env.reset(seed=0, options={"options": 1, "anything": [1, 2]})
    assert env.agents == env.possible_agents
    with_options = env.game.actions, env.observe(env.agent_selection)["observation"].tobytes()
    env.reset(seed=0)
    assert (env.game.actions, env.observe(env.agent_selection)["observation"].tobytes()) == with_options
    env.reset(seed=0, options={})
    env.reset(seed=0, options={"players": 3, "cost": "simple"})  # the values it was made with
    assert play(env, seed=0, check=False) == plain
    with pytest.raises(ValueError, match="players=3 is fixed"):
        env.reset(seed=1, options={"players": 4})
    with pytest.raises(ValueError, match="cost=simple is fixed"):
        env.reset(seed=1, options={"cost": "fury"})
    with pytest.raises(TypeError, match="dict or None"):
        env.reset(seed=1, options="players=4")


@cases
def test_the_last_infos_hold_the_final_scores(game_id, players):
    env = turf.env(game_id, players=players)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    finals = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term:
            finals[agent] = info
            env.step(None)
            continue
        assert info == {}
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = env.game
    scores = {a: game.scores()[i] for i, a in enumerate(env.possible_agents)}
    assert set(finals) == set(env.possible_agents)
    for i, a in enumerate(env.possible_agents):
        assert finals[a] == {"rank": game.ranking()[i], "score": scores[a], "scores": scores}


def test_dead_agents_take_only_none():
    env = turf.env("dungeon")
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    while not any(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    agent = env.agent_selection
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)
    assert env.observe(agent)["action_mask"].sum() == 0
    env.step(None)
    assert agent not in env.agents and len(env.agents) == 1
    env.step(None)
    assert env.agents == [] and list(env.agent_iter()) == []


def test_masks_only_for_the_agent_to_move():
    env = turf.env("cryhavoc", players=4)
    env.reset(seed=9)
    for a in env.agents:
        total = env.observe(a)["action_mask"].sum()
        assert (total > 0) == (a == env.agent_selection)


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_copy_and_pickle_mid_game(how):
    env = turf.env("yard", players=3)
    env.reset(seed=11)
    rng = np.random.default_rng(1)
    for _ in range(40):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert twin.action_space("player_0") is twin.action_space("player_0")
    for _ in range(30):
        agent = env.agent_selection
        assert twin.agent_selection == agent
        o1, o2 = env.observe(agent), twin.observe(agent)
        assert np.array_equal(o1["observation"], o2["observation"])
        a = int(rng.choice(np.flatnonzero(o1["action_mask"])))
        env.step(a)
        twin.step(a)


def test_render_shows_the_spectators_picture():
    env = turf.env("dungeon", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text
    assert turf.env("dungeon").render() is None
    with pytest.raises(ValueError):
        turf.env("dungeon", render_mode="rgb_array")


def test_state_is_not_offered():
    env = turf.env("dungeon")
    env.reset(seed=1)
    with pytest.raises(NotImplementedError):
        env.state()
