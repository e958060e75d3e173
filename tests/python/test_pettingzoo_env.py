"""turf.pettingzoo_env (issue 33): turf.env as a real pettingzoo.AECEnv with gymnasium spaces,
imported lazily, where both packages are importable; turf itself never imports them.

Debian packages neither PettingZoo nor Gymnasium, and this project installs nothing from PyPI.
Where the real packages are importable the checks below run against them. Here they run against
two small stand-in packages written by the test into a scratch folder: `pettingzoo.AECEnv` and
`gymnasium.spaces.{Box, Discrete, Dict}` with the constructor signatures of PettingZoo 1.24 and
Gymnasium 1.0, which record what they were built with. What is checked is the wiring: the base
class, the spaces' bounds and sizes taken from the observation spec, a whole game played through
the AEC loop, a pickle round trip, and the same game as turf.env for the same seed.
"""

import importlib.util
import os
import subprocess
import sys
import textwrap

from conftest import subprocess_env

REAL = importlib.util.find_spec("pettingzoo") is not None and importlib.util.find_spec("gymnasium") is not None

STAND_INS = {
    "pettingzoo/__init__.py": """
        class AECEnv:
            metadata = {"render_modes": []}

            def __init__(self):
                self.built_by_the_base = True
    """,
    "gymnasium/__init__.py": "from . import spaces\n",
    "gymnasium/spaces.py": """
        import numpy as np

        class Space:
            pass

        class Box(Space):
            def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
                shape = tuple(shape) if shape is not None else np.shape(low) if np.ndim(low) else np.shape(high)
                self.low = np.broadcast_to(np.asarray(low, dtype=dtype), shape).copy()
                self.high = np.broadcast_to(np.asarray(high, dtype=dtype), shape).copy()
                self.shape, self.dtype = shape, np.dtype(dtype)

        class Discrete(Space):
            def __init__(self, n, seed=None, start=0):
                self.n = int(n)

            def sample(self, mask=None):
                return int(np.flatnonzero(mask)[-1])

        class Dict(Space):
            def __init__(self, spaces=None, seed=None):
                self.spaces = dict(spaces)

            def __getitem__(self, key):
                return self.spaces[key]
    """,
}

CHECKS = """
import pickle
import numpy as np
import gymnasium
import pettingzoo
import turf

env = turf.pettingzoo_env("turfwars", players=3)
assert isinstance(env, pettingzoo.AECEnv) and isinstance(env, turf.TurfAECEnv)
if not REAL:
    assert env.built_by_the_base
ours = turf.env("turfwars", players=3)
for agent in env.possible_agents:
    space = env.observation_space(agent)
    assert isinstance(space, gymnasium.spaces.Dict)
    box, mask = space["observation"], space["action_mask"]
    assert isinstance(box, gymnasium.spaces.Box) and box.dtype == np.float32
    assert np.array_equal(box.low, ours.observation_space(agent)["observation"].low)
    assert np.array_equal(box.high, ours.observation_space(agent)["observation"].high)
    assert mask.shape == (ours.action_space(agent).n,) and mask.dtype == np.int8
    assert isinstance(env.action_space(agent), gymnasium.spaces.Discrete)
    assert env.action_space(agent).n == ours.action_space(agent).n

def play(e, seed):
    e.reset(seed=seed)
    totals, steps = {a: 0.0 for a in e.possible_agents}, 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            steps += 1
            if steps == 5:
                copy = pickle.loads(pickle.dumps(e))
                assert type(copy) is type(e) and copy.agent_selection == e.agent_selection
                assert type(copy.observation_space(agent)) is type(e.observation_space(agent))
    return totals, steps

mine = play(env, 11)
assert mine == play(ours, 11), "the same game as turf.env"
assert mine[1] > 5 and abs(sum(mine[0].values())) < 1e-9
print("ok", mine[1])
"""


def run(code, path):
    env = subprocess_env()
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env["PYTHONPATH"]
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)


def test_turf_imports_neither_package():
    out = run("import sys, turf; turf.env('dungeon'); turf.VecEnv('dungeon', 2); print(sorted(m for m in sys.modules if m.split('.')[0] in ('pettingzoo', 'gymnasium')))", None)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_without_the_packages_a_clear_error():
    if REAL:
        return
    out = run("import turf\ntry:\n    turf.pettingzoo_env('dungeon')\nexcept ImportError as e:\n    print(e)", None)
    assert out.returncode == 0, out.stderr
    assert "needs the pettingzoo and gymnasium packages" in out.stdout and "turf.env(...)" in out.stdout


def test_an_aec_env_with_gymnasium_spaces(tmp_path):
    path = None
    if not REAL:
        for name, text in STAND_INS.items():
            f = tmp_path / name
            f.parent.mkdir(exist_ok=True)
            f.write_text(textwrap.dedent(text))
        path = str(tmp_path)
    out = run(f"REAL = {REAL}\n" + CHECKS, path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")
