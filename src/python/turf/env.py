"""Environments (docs/api.md): turf.env(id, **options), a PettingZoo-style AEC environment that
follows PettingZoo's documented conventions without depending on it, and turf.VecEnv, n games
stepped together in C++.

Rewards (both): 0 on every step but the last; when a game ends, each seat gets
(seats ranked below it - seats ranked above it) / (players - 1), from the game's final ranking
with its tie-breaks: +1 for a sole winner, -1 for a sole last, 0 for everyone in a full tie,
and the rewards of a game sum to 0.
"""

import operator
import random

import numpy as np

from . import _core
from .spaces import Box, Dict, Discrete


def rank_rewards(ranking):
    """The reward of each seat for a final ranking (0 = first; tied seats share a rank)."""
    p = len(ranking)
    return [sum((r > ranking[s]) - (r < ranking[s]) for r in ranking) / (p - 1) for s in range(p)]


def check_reset_options(options, fixed):
    """The `options` of reset (PettingZoo's and Gymnasium's free dict, which an environment may
    ignore): None or a mapping. A key that names one of the game's options must give the value
    the environment was made with (game options are fixed at turf.env(...) / turf.VecEnv(...):
    they shape the observation and action spaces); every other key is ignored."""
    if options is None:
        return
    if not hasattr(options, "items"):
        raise TypeError(f"options must be a dict or None, not {type(options).__name__}")
    for key, value in options.items():
        if key in fixed and str(value) != str(fixed[key]):
            raise ValueError(
                f"the game option {key}={fixed[key]} is fixed when the environment is made "
                f"(turf.env(id, {key}=...)), so reset cannot make it {value!r}"
            )


def _observation_space(spec):
    low = np.zeros(spec["size"], dtype=np.float32)
    high = np.ones(spec["size"], dtype=np.float32)
    for f in spec["fields"]:
        low[f["offset"] : f["offset"] + f["size"]] = f["low"]
        high[f["offset"] : f["offset"] + f["size"]] = f["high"]
    return Box(low, high, dtype=np.float32)


class TurfAECEnv:
    """A game as a PettingZoo AEC environment: agents "player_0" .. "player_{n-1}" (seat i),
    one acting at a time (agent_selection), observations {"observation", "action_mask"} built
    from the agent's own view, the dead-step protocol at the end."""

    def __init__(self, game, render_mode=None, **options):
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self._game_id = game
        self._options = _core.resolve_options(game, **options)
        self._spec = _core.observation_spec(game, **self._options)
        players = self._options["players"]
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = self._spec["action_space"]
        obs = _observation_space(self._spec)
        self._observation_spaces = {
            a: Dict({"observation": obs, "action_mask": Box(0, 1, shape=(n,), dtype=np.int8)}) for a in self.possible_agents
        }
        self._action_spaces = {a: Discrete(n) for a in self.possible_agents}
        self.metadata = {
            "name": f"turf_{game}_v{self._spec['version']}",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self._game = None
        self._seeds = random.Random()
        self.agents = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = None
        self._skip_agent_selection = None

    # --- PettingZoo API -----------------------------------------------------------------------

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def reset(self, seed=None, options=None):
        """Starts a new game. The same seed gives the same game; without one, the next seed of
        the environment's own sequence (seeded by the last reset(seed=...), else at random).
        `options`: None or a dict; its keys are ignored, except one naming a game option, which
        must repeat the value the environment was made with (check_reset_options)."""
        check_reset_options(options, self._options)
        if seed is not None:
            self._seeds.seed(operator.index(seed))
            game_seed = operator.index(seed) & (2**64 - 1)
        else:
            game_seed = self._seeds.getrandbits(64)
        self._game = _core.new_game(self._game_id, seed=game_seed, **self._options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._game.to_move]

    def observe(self, agent):
        """{"observation": float32 array from the agent's view, "action_mask": int8 array, 1 for
        each legal action of the agent (all 0 when it is not the agent's turn)}."""
        seat = self._seat[agent]
        game = self._game
        if not game.terminal and game.to_move == seat:
            mask = game.legal_mask()
        else:
            mask = np.zeros(self._spec["action_space"], dtype=np.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter=2**63):
        return _AECIterable(self, max_iter)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise ValueError(f"{agent} is not done: its action must be an action id, not None")
        try:
            a = operator.index(action)
        except TypeError:
            raise TypeError(f"an action is an integer, not {type(action).__name__}") from None
        self._game.apply(a)  # IllegalActionError (a ValueError) changes nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game = self._game
        if game.terminal:
            ranking = game.ranking()
            scores = game.scores()
            final = {a_: scores[i] for i, a_ in enumerate(self.possible_agents)}
            for a_, r in zip(self.possible_agents, rank_rewards(ranking)):
                self.rewards[a_] = r
                self.terminations[a_] = True
                self.infos[a_] = {"rank": ranking[self._seat[a_]], "score": final[a_], "scores": dict(final)}
            self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self._game.draw()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def state(self):
        raise NotImplementedError("turf environments have no global state tensor; env.game is the omniscient handle")

    def __str__(self):
        return self.metadata["name"]

    # --- Omniscient access and copies ---------------------------------------------------------

    @property
    def game(self):
        """The true game (omniscient: forbidden after turf.forbid_omniscient())."""
        _core._check_omniscient("env.game")
        return self._game

    def __getstate__(self):
        if self._game is not None and not self._game.terminal:
            _core._check_omniscient("pickling or copying an environment in play")
        return dict(self.__dict__)

    def __setstate__(self, state):
        self.__dict__.update(state)

    # --- PettingZoo's helpers, with their documented behaviour --------------------------------

    def _clear_rewards(self):
        for a in self.rewards:
            self.rewards[a] = 0.0

    def _accumulate_rewards(self):
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _was_dead_step(self, action):
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        assert self.terminations[agent] or self.truncations[agent], "an agent that was not dead was removed"
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()


class _AECIterable:
    def __init__(self, env, max_iter):
        self.env = env
        self.max_iter = max_iter

    def __iter__(self):
        return _AECIterator(self.env, self.max_iter)


class _AECIterator:
    def __init__(self, env, max_iter):
        self.env = env
        self.left = max_iter

    def __iter__(self):
        return self

    def __next__(self):
        if not self.env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return self.env.agent_selection


_PETTINGZOO_CLASSES = {}


def pettingzoo_env(game, render_mode=None, **options):
    """turf.env as a real pettingzoo.AECEnv with gymnasium spaces, where both are importable
    (turf never depends on them: they are imported here, at the first call). The same environment
    as turf.env in every other way."""
    try:
        import gymnasium
        from pettingzoo import AECEnv
    except ImportError as e:
        raise ImportError(
            f"turf.pettingzoo_env needs the pettingzoo and gymnasium packages ({e}); "
            "turf.env(...) is the same environment without them"
        ) from e
    cls = _PETTINGZOO_CLASSES.get((AECEnv, gymnasium.spaces))
    if cls is None:
        cls = _PETTINGZOO_CLASSES[(AECEnv, gymnasium.spaces)] = _pettingzoo_class(AECEnv, gymnasium.spaces)
    return cls(game, render_mode=render_mode, **options)


def _pettingzoo_class(base, spaces):
    class TurfPettingZooEnv(TurfAECEnv, base):
        __doc__ = TurfAECEnv.__doc__

        def __init__(self, game, render_mode=None, **options):
            base.__init__(self)
            TurfAECEnv.__init__(self, game, render_mode=render_mode, **options)
            ours = self._observation_spaces[self.possible_agents[0]]
            obs, mask = ours["observation"], ours["action_mask"]
            theirs = spaces.Dict(
                {
                    "observation": spaces.Box(obs.low, obs.high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=mask.shape, dtype=np.int8),
                }
            )
            n = self._spec["action_space"]
            self._observation_spaces = {a: theirs for a in self.possible_agents}
            self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

        def __reduce__(self):
            return (_rebuild_pettingzoo, (self._game_id, self.render_mode, self._options), self.__getstate__())

    TurfPettingZooEnv.__module__ = __name__
    return TurfPettingZooEnv


def _rebuild_pettingzoo(game, render_mode, options):
    return pettingzoo_env(game, render_mode=render_mode, **options)


def _copy_array(a):
    return None if a is None else a.copy()


def observation_fields(game, obs, **options):
    """The named parts of an observation of `game` (a row, or a batch of rows with the fields on
    the last axis): {field name: obs[..., offset:offset + size]} in the order of
    turf.observation_spec(game, **options)["fields"]. The values are views of obs, not copies."""
    spec = _core.observation_spec(game, **options)
    obs = np.asarray(obs)
    if obs.shape[-1:] != (spec["size"],):
        raise ValueError(
            f"an observation of {game} has {spec['size']} values on its last axis, not {obs.shape[-1] if obs.ndim else 0}"
        )
    return {f["name"]: obs[..., f["offset"] : f["offset"] + f["size"]] for f in spec["fields"]}


def env(game, render_mode=None, **options):
    """A PettingZoo-style AEC environment for a game: turf.env("turfwars", players=4)."""
    return TurfAECEnv(game, render_mode=render_mode, **options)


class VecEnv:
    """n games stepped in C++ (docs/api.md, "VecEnv").

    venv = turf.VecEnv("yard", 256, seed=1, players=3)            # self-play
    venv = turf.VecEnv("dungeon", 256, opponent="greedy", seat=0)  # against a built-in bot
    obs, info = venv.reset()
    obs, rewards, terminated, truncated, info = venv.step(actions)

    obs: float32 (n, obs_size), the observation of the seat that decides next in each game;
    info["action_mask"]: int8 (n, action_space); info["to_move"]: that seat; with legal_ids,
    info["legal_ids"]: int32 (n, width), each game's legal ids in the game's order padded with -1
    (width: the most legal actions of any game at this step, or legal_ids if that is larger), and
    info["legal_count"]: int32 (n,); rewards: float32 (n, players), nonzero only on the step a
    game ends; terminated: bool (n,), the game ended on this step and was reset (obs, mask, ids,
    to_move, learner and episode_length are the new game's; what the finished game ended with is
    in info["final_obs"] and info["final_info"], Gymnasium's same-step autoreset, rows valid where
    info["_final_obs"] / info["_final_info"], the terminated array, is True). With an opponent,
    every seat but the learner's (info["learner"]) is played by the bot inside step.

    reset and step return copies (copy=True, the default). With copy=False they return the
    VecEnv's own buffers, updated in place by the next step (the attributes venv.obs,
    venv.action_mask, venv.rewards, ... are those buffers either way; legal_ids is a new view
    each step).
    """

    def __init__(
        self,
        game,
        n,
        seed=None,
        observations=True,
        masks=True,
        opponent=None,
        seat=0,
        legal_ids=False,
        copy=True,
        **options,
    ):
        if legal_ids is True:
            legal_ids = 1
        elif legal_ids is False or legal_ids is None:
            legal_ids = 0
        elif not isinstance(legal_ids, (int, np.integer)) or not 1 <= legal_ids <= 4096:
            raise ValueError(f"legal_ids must be True, False or a width in 1..4096, not {legal_ids!r}")
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        if seat == "random":
            seat = -1
        elif opponent is not None and not (isinstance(seat, (int, np.integer)) and seat >= 0):
            raise ValueError("seat must be a seat number or 'random'")
        self._seeds = random.Random(int(seed))
        self._v = _core._VecEnv(
            game,
            int(n),
            self._seeds.getrandbits(64),
            bool(observations),
            bool(masks),
            opponent or "",
            int(seat),
            int(legal_ids),
            **options,
        )
        self._copy = bool(copy)
        b = self._v.buffers()
        self.obs = b.get("obs")
        self.action_mask = b.get("mask")
        self.rewards = b["rewards"]
        self.terminated = b["terminated"]
        self.truncated = b["truncated"]
        self.to_move = b["to_move"]
        self.learner = b["learner"]
        self.episode_length = b["episode_length"]
        final_info = {
            "seat": b["final_seat"],
            "episode_length": b["final_length"],
            "ranking": b["final_ranking"],
            "scores": b["final_scores"],
        }
        if opponent is not None:
            final_info["learner"] = b["final_seat"]
        for key in list(final_info):
            final_info["_" + key] = self.terminated
        self.num_envs = self._v.n
        self.num_players = self._v.num_players
        self.game_id = game
        self.options = self._v.options
        spec = _core.observation_spec(game, **self.options)
        self.single_observation_space = _observation_space(spec) if observations else None
        self.single_action_space = Discrete(spec["action_space"])
        self._info = {"to_move": self.to_move}
        if self.action_mask is not None:
            self._info["action_mask"] = self.action_mask
        if opponent is not None:
            self._info["learner"] = self.learner
        self.legal_count = self._v.legal_count()
        if self.legal_count is not None:
            self._info["legal_count"] = self.legal_count
            self._info["legal_ids"] = self._v.legal_ids()
        if "final_obs" in b:
            self._info["final_obs"] = b["final_obs"]
            self._info["_final_obs"] = self.terminated
        self._info["final_info"] = final_info
        self._info["_final_info"] = self.terminated

    def reset(self, seed=None, options=None):
        """Starts every game afresh: from `seed`, or from the next seed of the VecEnv's own
        sequence (seeded at construction). `options` as for turf.env's reset: ignored, except a
        key naming a game option, which must repeat the VecEnv's value."""
        check_reset_options(options, self.options)
        if seed is not None:
            self._seeds.seed(int(seed))
        self._v.reset(self._seeds.getrandbits(64))
        self._refresh_ids()
        if not self._copy:
            return self.obs, self._info
        return _copy_array(self.obs), self._copied_info(self.terminated.copy())

    def step(self, actions):
        """One action per game: the id for the seat deciding in it (info["to_move"]). Every
        action is checked first: an illegal one raises IllegalActionError naming the game, and
        changes nothing."""
        actions = np.asarray(actions)
        if not np.issubdtype(actions.dtype, np.integer):
            raise TypeError(f"actions must be integers, not {actions.dtype}")
        self._v.step(actions)
        self._refresh_ids()
        if not self._copy:
            return self.obs, self.rewards, self.terminated, self.truncated, self._info
        terminated = self.terminated.copy()
        return (
            _copy_array(self.obs),
            self.rewards.copy(),
            terminated,
            self.truncated.copy(),
            self._copied_info(terminated),
        )

    @property
    def legal_ids(self):
        """This step's padded legal ids (n, width), or None without legal_ids: a view of the
        VecEnv's buffer, valid until the next step."""
        return self._info.get("legal_ids")

    def fields(self, obs):
        """The named parts of observations (one row or a batch): a dict from each field of the
        game's observation spec (docs/api.md, "Observations") to a view of obs[..., part]."""
        return observation_fields(self.game_id, obs, **self.options)

    def _refresh_ids(self):
        if self.legal_count is not None:
            self._info["legal_ids"] = self._v.legal_ids()

    def _copied_info(self, terminated):
        """A copy of info in which the masks of final values are `terminated` (a copy too)."""
        out = {}
        for key, value in self._info.items():
            if key == "final_info":
                final = {k: (terminated if k.startswith("_") else v.copy()) for k, v in value.items()}
                out[key] = final
            elif key.startswith("_"):
                out[key] = terminated
            else:
                out[key] = value.copy()
        return out

    def sample_actions(self):
        """A uniformly random legal action per game (int64 array), from the VecEnv's generator."""
        return self._v.sample_actions()

    def game(self, i):
        """A copy of game i's true state (omniscient: forbidden after turf.forbid_omniscient())."""
        return self._v.game(i)

    def close(self):
        pass
