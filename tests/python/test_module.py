"""The turf module's game API (issue 26, docs/api.md "Games"): games and options, playing,
illegal actions, clones, labels and JSON, views, narration, records, pickling, matches against
built-in bots."""

import copy
import json
import pickle
import random
from pathlib import Path

import numpy as np
import pytest

import turf
from conftest import cases, random_game


def test_games_lists_every_game_with_its_options():
    ids = [g["id"] for g in turf.games()]
    assert ids == ["dungeon", "yard", "turfwars", "cryhavoc"]
    for g in turf.games():
        names = [o["name"] for o in g["options"]]
        assert names[0] == "players"
        assert g["min_players"] <= g["max_players"]
        for o in g["options"]:
            assert o["kind"] in ("integer", "choice", "variant") and o["help"]


def test_a_content_variant_is_an_option_given_as_a_dict():
    five = {"name": "five", "patch": {"constants": {"start_troops": {"value": 5}}}}
    g = turf.new_game("turfwars", players=2, variant=five, seed=3)
    assert json.loads(g.options["variant"]) == five
    with pytest.raises(turf.TurfError, match="factions.sirns: no entry has the id 'sirns'"):
        turf.new_game("turfwars", variant={"name": "x", "patch": {"factions": {"sirns": {}}}})
    with pytest.raises(turf.TurfError, match="has no option .variant."):
        turf.new_game("yard", variant=five)


def test_unknown_game_and_bad_options_are_clear_errors():
    with pytest.raises(turf.TurfError, match="unknown game 'chess'"):
        turf.new_game("chess")
    with pytest.raises(turf.TurfError, match="must be in 2..2"):
        turf.new_game("dungeon", players=3)
    with pytest.raises(turf.TurfError, match="has no option 'colour'"):
        turf.new_game("dungeon", colour="red")
    with pytest.raises(turf.TurfError, match="must be one of"):
        turf.new_game("dungeon", tiles="huge")
    with pytest.raises(turf.TurfError, match="not True or False"):
        turf.new_game("yard", players=True)
    assert issubclass(turf.TurfError, ValueError)


@cases
def test_random_play_to_the_end(game_id, players):
    g = random_game(game_id, players, seed=3)
    assert g.terminal and g.to_move == -1 and g.legal_actions() == []
    assert len(g.scores()) == players and len(g.ranking()) == players
    assert min(g.ranking()) == 0
    assert abs(sum(g.outcome()) - 1.0) < 1e-9
    assert g.move_number == len(g.actions)


@cases
def test_same_seed_same_game(game_id, players):
    a = random_game(game_id, players, seed=17)
    b = random_game(game_id, players, seed=17)
    assert a.actions == b.actions and a.scores() == b.scores()
    c = turf.new_game(game_id, seed=18, players=players)
    d = turf.new_game(game_id, seed=17, players=players)
    assert c.view(turf.SPECTATOR) != d.view(turf.SPECTATOR) or c.legal_actions() != d.legal_actions() or game_id == "dungeon"


@cases
def test_illegal_action_raises_and_changes_nothing(game_id, players):
    g = random_game(game_id, players, seed=5, moves=20)
    before = (g.move_number, g.actions, g.view(g.to_move), g.observation(g.to_move).tobytes())
    legal = set(g.legal_actions())
    bad = next(a for a in range(g.action_space + 5) if a not in legal)
    for a in (bad, -1, g.action_space + 1000, 2**40):
        with pytest.raises(turf.IllegalActionError):
            g.apply(a)
    with pytest.raises(TypeError):
        g.apply("0")
    assert (g.move_number, g.actions, g.view(g.to_move), g.observation(g.to_move).tobytes()) == before
    assert issubclass(turf.IllegalActionError, turf.TurfError)


def test_numpy_integers_are_actions():
    g = turf.new_game("dungeon", seed=1)
    g.apply(np.int64(g.legal_actions()[0]))
    g.apply(np.int32(g.legal_actions()[0]))
    assert g.move_number == 2


@cases
def test_clone_is_independent(game_id, players):
    g = random_game(game_id, players, seed=9, moves=10)
    c = g.clone()
    assert c.actions == g.actions and c.view(0) == g.view(0)
    c.apply(c.legal_actions()[0])
    assert c.move_number == g.move_number + 1
    assert copy.deepcopy(g).view(1) == g.view(1)


@cases
def test_labels_and_json_of_legal_actions(game_id, players):
    g = random_game(game_id, players, seed=2, moves=15)
    labels = [g.action_label(a) for a in g.legal_actions()]
    assert len(set(labels)) == len(labels) and all(labels)
    for a in g.legal_actions():
        assert isinstance(g.action_json(a), dict) and g.public_label(a)
    with pytest.raises(turf.TurfError):
        g.action_label(max(g.legal_actions()) + 100000)


@cases
def test_view_dicts_and_view_objects(game_id, players):
    g = random_game(game_id, players, seed=4, moves=12)
    me = g.to_move
    d = g.view(me)
    assert d["viewer"] == f"seat {me}" and d["to_move"] == me
    json.dumps(d)
    v = g.seat_view(me)
    assert v.viewer == me and v.my_turn and v.legal_actions == g.legal_actions()
    assert v.to_dict() == d
    other = (me + 1) % players
    assert g.seat_view(other).legal_actions == []
    assert np.array_equal(v.observation(), g.observation(me))
    with pytest.raises(turf.TurfError, match="an observation is a seat's"):
        g.observation(turf.SPECTATOR)
    with pytest.raises(turf.TurfError):
        g.view(players)


@cases
def test_narration_per_seat(game_id, players):
    g = random_game(game_id, players, seed=6, moves=8)
    story = g.narration(0)
    assert len(story) == g.move_number
    lines = [line for step in story for line in step]
    assert lines and all(set(line) >= {"kind", "text", "said", "seats"} for line in lines)
    assert all("{P" not in line["said"] for line in lines)
    spectator = g.narration(turf.SPECTATOR)
    assert len(spectator) == g.move_number


@cases
def test_records_round_trip(game_id, players):
    g = random_game(game_id, players, seed=8)
    rec = g.record()
    assert rec["format"] == "turf-record" and rec["game"] == game_id
    h = turf.game_from_record(rec)
    assert h.actions == g.actions and h.scores() == g.scores()
    assert turf.game_from_record(json.dumps(rec)).actions == g.actions
    bad = dict(rec, actions=rec["actions"][:3] + [dict(rec["actions"][3], id=999999)])
    with pytest.raises(turf.TurfError):
        turf.game_from_record(bad)


@cases
def test_pickle_in_play(game_id, players):
    g = random_game(game_id, players, seed=10, moves=25)
    h = pickle.loads(pickle.dumps(g))
    assert h.actions == g.actions and h.view(0) == g.view(0)
    assert np.array_equal(h.observation(1), g.observation(1))


def test_sample_world_keeps_the_view():
    g = random_game("turfwars", 4, seed=12, moves=60)
    v = g.seat_view(2)
    w = turf.sample_world(v, 1)
    assert w.view(2) == g.view(2)
    with pytest.raises(turf.TurfError, match="no record"):
        w.record()


def test_play_match_against_built_in_bots():
    out = turf.play_match("dungeon", ["greedy", "random"], seed=3)
    assert out["agents"] == ["greedy", "random"]
    assert turf.game_from_record(out["record"]).scores() == out["scores"]
    again = turf.play_match("dungeon", ["greedy", "random"], seed=3)
    # the same game, action for action (each action's wall-clock "time" is when it was played:
    # two runs may fall on either side of a second)
    def played(record):
        return [{k: v for k, v in a.items() if k != "time"} for a in record["actions"]]

    assert played(again["record"]) == played(out["record"])
    assert all("time" in a for a in out["record"]["actions"])
    three = turf.play_match("yard", ["easy", "random", "greedy"], seed=4, players=3)
    assert len(three["ranking"]) == 3
    with pytest.raises(turf.TurfError, match="needs 2 agents"):
        turf.play_match("dungeon", ["random"])
    with pytest.raises(turf.TurfError, match="unknown bot"):
        turf.play_match("dungeon", ["random", "genius"])


def test_play_match_seats_an_external_bot_through_the_table_layer():
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"
    out = turf.play_match("yard", ["ext:/usr/bin/python3 " + str(bot), "random"], seed=6)
    assert out["agents"] == ["ext:/usr/bin/python3 " + str(bot), "random"]
    assert turf.game_from_record(out["record"]).scores() == out["scores"]
    with pytest.raises(turf.TurfError, match="human"):
        turf.play_match("dungeon", ["human", "random"])


def test_play_match_with_a_python_agent_sees_only_its_view():
    seen = []

    def agent(view):
        assert isinstance(view, turf.View) and view.my_turn
        seen.append(view.viewer)
        return random.Random(view.move_number).choice(view.legal_actions)

    out = turf.play_match("cryhavoc", [agent, "random", "random"], seed=2, players=3)
    assert seen and set(seen) == {0}
    assert len(out["scores"]) == 3


@cases
def test_a_view_labels_its_legal_actions(game_id, players):
    # Issue 29: a seat's code holds a View, not the Game: the View labels its own legal actions
    # (the labels and JSON the game gives the mover), and nothing else.
    g = random_game(game_id, players, seed=13, moves=9)
    v = g.seat_view(g.to_move)
    for a in v.legal_actions:
        assert v.action_label(a) == g.action_label(a)
        assert v.action_json(a) == g.action_json(a)
    with pytest.raises(turf.TurfError, match="not one of this view's legal actions"):
        v.action_label(max(v.legal_actions) + 1)
    other = g.seat_view((g.to_move + 1) % players)
    with pytest.raises(turf.TurfError, match="not seat .*'s turn"):
        other.action_label(v.legal_actions[0])
