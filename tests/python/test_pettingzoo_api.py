"""PettingZoo's own API test, run against turf.env for every game and player count (issue 29).

PettingZoo and Gymnasium are not packaged by Debian (`apt-cache search pettingzoo gymnasium`
finds nothing) and this project installs nothing from PyPI, so the checks of PettingZoo's
`pettingzoo/test/api_test.py` (`api_test`, `play_test`, `test_observation`,
`test_action_mask`, `test_observation_action_spaces`, `test_rewards_terminations_truncations`,
`test_action_flexibility`; PettingZoo 1.24, the version with terminations and truncations) and
`pettingzoo/test/seed_test.py` (`check_environment_deterministic`) are done here, one for one,
in the same order and with the same messages. Where the original only warns, this test records
the warning and fails on any that PettingZoo itself would raise for a well-formed classic board
game: PettingZoo exempts its own classic games with dict observations (chess, go, connect four,
...: its lists `env_obs_dicts` and `env_obs_space`) from "Observation is not a NumPy array" and
from "should be gymnasium.spaces.box or discrete", and so does this test; the one other warning
allowed is an all-zero action mask in the observation of an agent whose game is over (AEC:
a finished agent has no legal action).

The differences from the original, all on PettingZoo's own types: `turf.spaces.Space` stands
for `gymnasium.spaces.Space`, and the isinstance checks against `pettingzoo.AECEnv` and its
wrappers (our environment is not a wrapper and has no PettingZoo base class) are replaced by
checks of the methods the base class would supply.
"""

import re
from collections import defaultdict

import numpy as np

import turf
from conftest import cases
from turf import spaces

# The warnings PettingZoo would not give a classic game with {"observation", "action_mask"}
# observations (see the module docstring).
EXEMPT = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}
FINISHED_MASK = "Action mask numpy array is all zeros (no legal actions)."


class Warnings:
    def __init__(self):
        self.seen = []

    def warn(self, text, finished=False):
        if text in EXEMPT or (finished and text == FINISHED_MASK):
            return
        self.seen.append(text)


def check_observation(w, observation, observation_0, finished=False):
    # api_test.test_observation
    if not isinstance(observation, np.ndarray):
        w.warn("Observation is not a NumPy array")
        if isinstance(observation, dict) and "observation" in observation:
            check_observation(w, observation["observation"], observation_0, finished)
        if isinstance(observation, dict) and "action_mask" in observation:
            check_action_mask(w, observation["action_mask"], finished)
        return
    if np.isinf(observation).any():
        w.warn("Observation contains infinity (np.inf) or negative infinity (-np.inf)")
    if np.isnan(observation).any():
        w.warn("Observation contains NaNs")
    if len(observation.shape) > 3:
        w.warn("Observation has more than 3 dimensions")
    assert observation.shape != (0,), "Observation can not be an empty array"
    if observation.shape == (1,):
        w.warn("Observation is a single number")
    if not isinstance(observation, observation_0.__class__):
        w.warn("Observations between agents are different classes")
    if observation.shape != observation_0.shape and len(observation.shape) == len(observation_0.shape):
        w.warn("Observations are different shapes")
    if len(observation.shape) != len(observation_0.shape):
        w.warn("Observations have different number of dimensions")
    if not np.can_cast(observation.dtype, np.dtype("float64")):
        w.warn("Observation numpy array is not a numeric dtype")
    if np.array_equal(observation, np.zeros(observation.shape)):
        w.warn("Observation numpy array is all zeros.")
    if not np.all(observation >= 0) and (
        len(observation.shape) == 2
        or (len(observation.shape) == 3 and observation.shape[2] in (1, 3))
    ):
        w.warn("The observation contains negative numbers and is in the shape of a graphical observation.")


def check_action_mask(w, action_mask, finished=False):
    # api_test.test_action_mask
    if not isinstance(action_mask, np.ndarray):
        w.warn("Action mask is not a NumPy array")
        return
    if np.isinf(action_mask).any():
        w.warn("Action mask contains infinity (np.inf) or negative infinity (-np.inf)")
    if np.isnan(action_mask).any():
        w.warn("Action mask contains NaNs")
    if len(action_mask.shape) > 1:
        w.warn("Action mask has more than 1 dimension")
    assert action_mask.shape != (0,), "Action mask can not be an empty array"
    if action_mask.shape == (1,):
        w.warn("Action mask is a single number")
    if not np.can_cast(action_mask.dtype, np.dtype("float64")):
        w.warn("Action mask numpy array is not a numeric dtype")
    if np.array_equal(action_mask, np.zeros(action_mask.shape)):
        w.warn(FINISHED_MASK, finished)
    if not np.array_equal(action_mask, action_mask.astype(bool)):
        w.warn("Action mask is not boolean (contains values other than 0 and 1).")


def check_observation_action_spaces(w, env, agent_0):
    # api_test.test_observation_action_spaces
    for agent in env.agents:
        obs_space, act_space = env.observation_space(agent), env.action_space(agent)
        assert isinstance(obs_space, spaces.Space), "Observation space for each agent must extend gymnasium.spaces.Space"
        assert isinstance(act_space, spaces.Space), "Agent space for each agent must extend gymnasium.spaces.Space"
        assert obs_space is env.observation_space(agent), "observation_space should return the exact same space object (not a copy) for an agent"
        assert act_space is env.action_space(agent), "action_space should return the exact same space object (not a copy) for an agent"
        if not isinstance(obs_space, (spaces.Box, spaces.Discrete)):
            w.warn("Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")
        if not isinstance(act_space, (spaces.Box, spaces.Discrete)):
            w.warn("Action space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")
        if not isinstance(agent, str) and agent != "env":
            w.warn("Agents are recommended to have numbered string names, like player_0")
        if not isinstance(agent, str) or not re.match("[a-z]+_[0-9]+", agent):
            w.warn('We recommend agents to be named in the format <descriptor>_<number>, like "player_0"')
        if not isinstance(obs_space, env.observation_space(agent_0).__class__):
            w.warn("The class of observation spaces is different between two agents")
        if obs_space != env.observation_space(agent_0):
            w.warn("Agents have different observation space sizes")
        if act_space != env.action_space(agent_0):  # the original compares agent with itself here
            w.warn("Agents have different action space sizes")
        for space, what in ((act_space, "action"), (obs_space, "observation")):
            if isinstance(space, spaces.Box):
                if np.any(np.equal(space.low, -np.inf)):
                    w.warn(f"Agent's minimum {what} space value is -infinity. This is probably too low.")
                if np.any(np.equal(space.high, np.inf)):
                    w.warn(f"Agent's maximum {what} space value is infinity. This is probably too high")
                if np.any(np.equal(space.low, space.high)):
                    w.warn(f"Agent's maximum and minimum {what} space values are equal")
                assert not np.any(np.greater(space.low, space.high)), f"Agent's minimum {what} space value is greater than it's maximum"
                assert space.low.shape == space.shape, f"Agent's {what}_space.low and {what}_space have different shapes"
                assert space.high.shape == space.shape, f"Agent's {what}_space.high and {what}_space have different shapes"
        # The Box inside our Dict observation space, which the original does not open.
        box = obs_space["observation"]
        assert not np.any(np.greater(box.low, box.high)) and box.low.shape == box.shape == box.high.shape


def check_reward(reward):
    # api_test.test_reward
    assert isinstance(reward, (int, float, np.number, np.ndarray)), "Reward should be int, float, NumPy dtype or NumPy array"
    if isinstance(reward, np.ndarray):
        assert reward.shape == (1,), "Rewards can only be one number"
        assert not np.isinf(reward), "Reward must be finite"
        assert not np.isnan(reward), "Rewards cannot be NaN"
    assert np.isfinite(float(reward)), "Reward must be finite"


def check_rewards_terminations_truncations(env):
    # api_test.test_rewards_terminations_truncations
    for agent in env.agents:
        assert isinstance(env.terminations[agent], bool), "Agent's values in terminations must be True or False"
        assert isinstance(env.truncations[agent], bool), "Agent's values in truncations must be True or False"
        float(env.rewards[agent])
        check_reward(env.rewards[agent])


def choose(env, agent, obs, terminated, truncated, info):
    # The action api_test's loops take: None when dead, else a sample of the mask.
    if terminated or truncated:
        return None
    if isinstance(obs, dict) and "action_mask" in obs:
        return env.action_space(agent).sample(obs["action_mask"])
    if "action_mask" in info:
        return env.action_space(agent).sample(info["action_mask"])
    return env.action_space(agent).sample()


def play_test(w, env, observation_0, num_cycles):
    # api_test.play_test
    env.reset()
    live_agents = set(env.agents[:])
    has_finished = set()
    generated_agents = set()
    accumulated_rewards = defaultdict(int)
    steps = 0
    for agent in env.agent_iter(env.num_agents * num_cycles):
        generated_agents.add(agent)
        assert agent not in has_finished, "agents cannot resurect! Generate a new agent with a new name."
        assert isinstance(env.infos[agent], dict), "an environment agent's info must be a dictionary"
        prev_observe, reward, terminated, truncated, info = env.last()
        action = choose(env, agent, prev_observe, terminated, truncated, info)
        if agent not in live_agents:
            live_agents.add(agent)
        assert live_agents.issubset(set(env.agents)), "environment must delete agents as the game continues"
        if terminated or truncated:
            live_agents.remove(agent)
            has_finished.add(agent)
        assert accumulated_rewards[agent] == reward, "reward returned by last is not the accumulated rewards in its rewards dict"
        accumulated_rewards[agent] = 0
        env.step(action)
        steps += 1
        for a, rew in env.rewards.items():
            accumulated_rewards[a] += rew
        assert env.num_agents == len(env.agents), "env.num_agents is not equal to len(env.agents)"
        assert set(env.rewards) == set(env.agents), "agents should not be given a reward if they were terminated or truncated last turn"
        assert set(env.terminations) == set(env.agents), "agents should not be given a termination if they were terminated or truncated last turn"
        assert set(env.truncations) == set(env.agents), "agents should not be given a truncation if they were terminated or truncated last turn"
        assert set(env.infos) == set(env.agents), "agents should not be given an info if they were terminated or truncated last turn"
        assert set(env.agents).issubset(set(env.possible_agents)), "possible agents should always include all agents, if it exists"
        if not env.agents:
            break
        assert env.observation_space(agent).contains(prev_observe), "Out of bounds observation: " + str(prev_observe)
        assert env.observation_space(agent)["observation"].dtype == prev_observe["observation"].dtype
        check_observation(w, prev_observe, observation_0, finished=terminated or truncated)
        assert isinstance(env.infos[env.agent_selection], dict), "The info of each agent should be a dict"
    finished = not env.agents
    if finished:
        assert has_finished == generated_agents, "not all agents finished, some were skipped over"

    env.reset()
    for agent in env.agent_iter(env.num_agents * 2):
        obs, reward, terminated, truncated, info = env.last()
        action = choose(env, agent, obs, terminated, truncated, info)
        assert isinstance(terminated, bool), "terminated from last is not True or False"
        assert isinstance(truncated, bool), "truncated from last is not True or False"
        assert terminated == env.terminations[agent], "terminated from last() and terminations[agent] do not match"
        assert truncated == env.truncations[agent], "truncated from last() and truncations[agent] do not match"
        assert info == env.infos[agent], "Info from last() and infos[agent] do not match"
        float(env.rewards[agent])
        check_reward(reward)
        assert env.step(action) is None, "step() must not return anything"
    return steps, finished


def check_action_flexibility(env):
    # api_test.test_action_flexibility: a seeded reset, an action, the same reset, the same action
    # as a numpy integer.
    env.reset(seed=0)
    agent = env.agent_selection
    assert isinstance(env.action_space(agent), spaces.Discrete)
    obs, reward, terminated, truncated, info = env.last()
    action = choose(env, agent, obs, terminated, truncated, info)
    env.step(action)
    env.reset(seed=0)
    env.step(np.int32(action))


def api_test(env, num_cycles=1000):
    w = Warnings()
    assert hasattr(env, "possible_agents")
    # "checks that reset takes arguments called seed and options"
    env.reset(seed=0, options={"options": 1})
    # Instead of isinstance(env, pettingzoo.AECEnv): what the base class supplies.
    for name in ("agent_iter", "last", "observe", "step", "reset", "render", "close", "state", "unwrapped", "num_agents", "max_num_agents"):
        assert hasattr(env, name), name
    env.reset()
    assert not any(env.terminations.values()), "terminations must all be False after reset"
    assert not any(env.truncations.values()), "truncations must all be False after reset"
    assert isinstance(env.num_agents, int), "num_agents must be an integer"
    assert env.num_agents > 0, "An environment should have a positive number of agents"
    env.reset()
    observation_0, *_ = env.last()
    if isinstance(observation_0, dict) and "observation" in observation_0:
        observation_0 = observation_0["observation"]
    check_observation(w, observation_0, observation_0)
    non_observe, *_ = env.last(observe=False)
    assert non_observe is None, "last must return a None when observe=False"
    agent_0 = env.agent_selection
    check_observation_action_spaces(w, env, agent_0)
    steps, finished = play_test(w, env, observation_0, num_cycles)
    assert isinstance(env.rewards, dict), "rewards must be a dict"
    assert isinstance(env.terminations, dict), "terminations must be a dict"
    assert isinstance(env.truncations, dict), "truncations must be a dict"
    assert isinstance(env.infos, dict), "infos must be a dict"
    assert len(env.rewards) == len(env.terminations) == len(env.truncations) == len(env.infos) == len(env.agents), (
        "rewards, terminations, truncations, infos and agents must have the same length"
    )
    check_rewards_terminations_truncations(env)
    check_action_flexibility(env)
    # "checks unwrapped attribute": not a wrapper.
    assert env.unwrapped is env
    # "if env has overridden render(), they must have overridden close() as well"
    assert "render" in type(env).__dict__ and "close" in type(env).__dict__
    assert w.seen == [], w.seen
    return steps, finished


def check_environment_deterministic(env1, env2, num_cycles):
    # seed_test.check_environment_deterministic: two environments reset with seed 42 and their
    # spaces seeded alike execute the same way.
    env1.reset(seed=42)
    env2.reset(seed=42)
    for env in (env1, env2):
        for i, agent in enumerate(env.agents):
            env.action_space(agent).seed(42 + i)
            env.observation_space(agent).seed(42 + i)
    steps = 0
    for agent1, agent2 in zip(env1.agent_iter(), env2.agent_iter()):
        assert agent1 == agent2, f"Incorrect agent: {agent1} {agent2}"
        obs1, reward1, term1, trunc1, info1 = env1.last()
        obs2, reward2, term2, trunc2, info2 = env2.last()
        assert obs1.keys() == obs2.keys() and all(np.array_equal(obs1[k], obs2[k]) for k in obs1), "Incorrect observation"
        assert (reward1, term1, trunc1, info1) == (reward2, term2, trunc2, info2)
        if term1 or trunc1:
            break
        a1 = env1.action_space(agent1).sample(obs1["action_mask"])
        a2 = env2.action_space(agent2).sample(obs2["action_mask"])
        assert a1 == a2, f"Incorrect actions: {a1} {a2}"
        env1.step(a1)
        env2.step(a2)
        steps += 1
        if steps >= num_cycles * len(env1.agents):
            break
    env1.close()
    env2.close()


@cases
def test_pettingzoo_api_test(game_id, players):
    env = turf.env(game_id, players=players)
    steps, finished = api_test(env, num_cycles=1000)
    # 1000 cycles of every agent outlast a game: play_test played one to its end, dead steps
    # included.
    assert finished and steps > players, (steps, finished)


@cases
def test_pettingzoo_seed_test(game_id, players):
    check_environment_deterministic(turf.env(game_id, players=players), turf.env(game_id, players=players), 500)


def test_the_checks_have_teeth():
    # The reimplemented checks fail an environment that breaks the contract they check.
    class Broken(turf.TurfAECEnv):
        def reset(self, seed=None, options=None):
            super().reset(seed=seed)  # the old reset(options) refusal would raise here instead

        def last(self, observe=True):
            obs, reward, term, trunc, info = super().last(observe)
            return obs, reward + 1.0, term, trunc, info  # not the accumulated reward

    try:
        api_test(Broken("dungeon"), num_cycles=1000)
    except AssertionError as e:
        assert "accumulated rewards" in str(e)
    else:
        raise AssertionError("a wrong cumulative reward passed the checks")

    class NoOptions(turf.TurfAECEnv):
        def reset(self, seed=None):
            super().reset(seed=seed)

    try:
        api_test(NoOptions("dungeon"), num_cycles=1000)
    except TypeError as e:
        assert "options" in str(e)
    else:
        raise AssertionError("a reset without options passed the checks")
