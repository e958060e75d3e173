"""Turf from Python: the four Turf War games, seat views, observation tensors, a
PettingZoo-style AEC environment and a vector environment stepped in C++ (docs/api.md).

    import turf
    g = turf.new_game("yard", seed=7, players=3)
    while not g.terminal:
        g.apply(g.legal_actions()[0])
    print(g.scores(), g.ranking())

The wall: a turf.Game is the referee's handle on the true state. A seat's code receives a
turf.View (game.seat_view(seat)), its observation tensor and its legal mask, or works through
turf.env / turf.VecEnv, which hand out nothing else. The omniscient calls (a view for
turf.OMNISCIENT, the record or pickle of an unfinished game, env.game, VecEnv.game(i)) raise
OmniscientAccessError after turf.forbid_omniscient() or with TURF_FORBID_OMNISCIENT=1 set.
"""

from ._core import (  # noqa: F401
    OMNISCIENT,
    SPECTATOR,
    Game,
    IllegalActionError,
    OmniscientAccessError,
    TurfError,
    View,
    bot_names,
    forbid_omniscient,
    game_from_record,
    games,
    new_game,
    observation_spec,
    omniscient_forbidden,
    play_match,
    resolve_options,
    sample_world,
)
from .env import TurfAECEnv, VecEnv, env, observation_fields, pettingzoo_env  # noqa: F401
from .spaces import Box, Dict, Discrete  # noqa: F401

__all__ = [
    "OMNISCIENT",
    "SPECTATOR",
    "Box",
    "Dict",
    "Discrete",
    "Game",
    "IllegalActionError",
    "OmniscientAccessError",
    "TurfAECEnv",
    "TurfError",
    "VecEnv",
    "View",
    "bot_names",
    "env",
    "forbid_omniscient",
    "game_from_record",
    "games",
    "new_game",
    "observation_fields",
    "observation_spec",
    "omniscient_forbidden",
    "pettingzoo_env",
    "play_match",
    "resolve_options",
    "sample_world",
]
