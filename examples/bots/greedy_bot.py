#!/usr/bin/python3
"""A bot that plays every Turf game by a strategy read from its view alone.

Written only from docs/bots.md and the JSON it receives (the view, the legal actions with their
JSON, the game's cards in the hello), with Python's standard library:

    turf play dungeon --seats human,ext:"/usr/bin/python3 examples/bots/greedy_bot.py"

One strategy per game:
  dungeon   greedy on points: it scores the dungeon as the rules do (lines of influence along
            passages, monsters cancelling the types they defeat) and places each tile, rotation
            and monster where its lead grows most, looking one monster ahead when placing a tile.
  yard      an economy: work and buy the best card it can afford when Away, come Home to play
            them, sway a Neighbor whenever it can, pests into a rival's Yard.
  turfwars  take turfs of the home type, attack and defend with everything, play the highest
            combat card, spend points on troops.
  cryhavoc  spread to the regions with the most crystals, recruit when the map is thin, enable
            scoring while ahead on crystals, everything on Region Control in battles.
A decision it has no rule for is taken at random among the legal actions.

Give --seed N to make its random choices reproducible.
"""
import json
import random
import sys

PROTOCOL_VERSION = 1


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def by_type(legal):
    """The legal actions grouped by the "type" of their JSON."""
    groups = {}
    for a in legal:
        groups.setdefault(a["action"].get("type"), []).append(a)
    return groups


# ---------------------------------------------------------------------------------------------
# dungeon (docs/rules/dungeon.md D4, D6)

STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
DEFEATS = {"turtleman": "were_rat", "were_rat": "crane_wife", "crane_wife": "turtleman"}
OPEN_SIDES = {"dead_end": 1, "straight": 2, "corner": 2, "tee": 3, "cross": 4}


def rotations(shape):
    """Every set of open sides a tile of this shape can show."""
    sides = "NESW"
    out = set()
    for mask in range(16):
        opened = "".join(s for i, s in enumerate(sides) if mask >> i & 1)
        if len(opened) != OPEN_SIDES[shape]:
            continue
        if shape == "straight" and opened not in ("NS", "EW"):
            continue
        if shape == "corner" and opened in ("NS", "EW"):
            continue
        out.add(opened)
    return sorted(out)


class Dungeon:
    def __init__(self, view):
        self.tiles = {}  # (x, y) -> [open sides, top monster (owner, type) or None]
        for t in view["board"]:
            top = t["monsters"][-1] if t["monsters"] else None
            self.tiles[(t["x"], t["y"])] = [
                t["passages"],
                (top["owner"], top["monster"]) if top else None,
            ]

    def run(self, x, y, axis):
        """The tiles of the passage through (x, y) along an axis ("EW" or "NS")."""
        cells = [(x, y)]
        for d in axis:
            cx, cy = x, y
            while d in self.tiles[(cx, cy)][0]:
                nx, ny = cx + STEP[d][0], cy + STEP[d][1]
                if (nx, ny) not in self.tiles or OPPOSITE[d] not in self.tiles[(nx, ny)][0]:
                    break
                cells.append((nx, ny))
                cx, cy = nx, ny
        return cells

    def scores(self, players):
        points = [0] * players
        for (x, y), (sides, top) in self.tiles.items():
            if top is None:
                continue
            owner, kind = top
            for axis in ("EW", "NS"):
                if not any(s in sides for s in axis):
                    continue
                cells = self.run(x, y, axis)
                lost = any(
                    self.tiles[c][1] is not None
                    and self.tiles[c][1][0] != owner
                    and DEFEATS[self.tiles[c][1][1]] == kind
                    for c in cells
                )
                if not lost:
                    points[owner] += len(cells)
        return points

    def lead(self, me, players):
        s = self.scores(players)
        return s[me] - max(s[i] for i in range(players) if i != me)

    def fits(self, x, y, sides):
        if (x, y) in self.tiles:
            return False
        joined = False
        neighbours = False
        for d, (dx, dy) in STEP.items():
            n = self.tiles.get((x + dx, y + dy))
            if n is None:
                continue
            neighbours = True
            mine, theirs = d in sides, OPPOSITE[d] in n[0]
            if mine != theirs:
                return False
            joined |= mine
        return neighbours and joined

    def placements(self, shape):
        if not self.tiles:
            return [((0, 0), r) for r in rotations(shape)]
        cells = set()
        for (x, y) in self.tiles:
            for dx, dy in STEP.values():
                cells.add((x + dx, y + dy))
        return [((x, y), r) for (x, y) in sorted(cells) for r in rotations(shape)
                if self.fits(x, y, r)]

    def best_monster_gain(self, monster, me, players):
        """What playing our monster card could add to our lead now (0 when nothing helps)."""
        if monster is None:
            return 0
        base = self.lead(me, players)
        best = 0
        for cell, (sides, top) in list(self.tiles.items()):
            if len(sides) < 2 and False:
                continue
            if sides in ("NS", "EW"):  # a straight tile holds no monster (D5.2)
                continue
            if top is not None and (top[0] == me or DEFEATS[monster] != top[1]):
                continue
            self.tiles[cell][1] = (me, monster)
            best = max(best, self.lead(me, players) - base)
            self.tiles[cell][1] = top
        return best

    def with_tile(self, cell, sides, fn):
        self.tiles[cell] = [sides, None]
        try:
            return fn()
        finally:
            del self.tiles[cell]


def dungeon_choice(hello, view, rng):
    me = hello["seat"]
    players = len(view["seats"])
    legal = view["legal"]
    groups = by_type(legal)
    board = Dungeon(view)
    monster = view["seats"][me].get("monster")

    def value_after(cell, sides):
        return board.with_tile(
            cell, sides,
            lambda: board.lead(me, players) + board.best_monster_gain(monster, me, players))

    def best_for_shape(shape, cells=None):
        best = None
        for cell, sides in board.placements(shape):
            if cells is not None and cell not in cells:
                continue
            v = value_after(cell, sides)
            if best is None or v > best:
                best = v
        return best if best is not None else -999

    if "tile" in groups:  # which tile: the one that can do most
        return max(groups["tile"], key=lambda a: (best_for_shape(a["action"]["shape"]),
                                                  rng.random()))["id"]
    if "set_aside" in groups:
        return rng.choice(groups["set_aside"])["id"]
    pending = view.get("pending") or {}
    if "cell" in groups:
        shape = pending["shape"]
        return max(groups["cell"], key=lambda a: (
            best_for_shape(shape, {(a["action"]["x"], a["action"]["y"])}), rng.random()))["id"]
    if "orient" in groups:
        cell = tuple(pending["cell"])
        return max(groups["orient"], key=lambda a: (
            value_after(cell, a["action"]["passages"]), rng.random()))["id"]
    if "monster" in groups or "pass" in groups:
        base = board.lead(me, players)
        best, best_gain = None, 0
        for a in groups.get("monster", []):
            cell = (a["action"]["x"], a["action"]["y"])
            top = board.tiles[cell][1]
            board.tiles[cell][1] = (me, a["action"]["monster"])
            gain = board.lead(me, players) - base
            board.tiles[cell][1] = top
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best["id"]
        return (groups.get("pass") or legal)[0]["id"]
    return rng.choice(legal)["id"]


# ---------------------------------------------------------------------------------------------
# yard (docs/rules/yard.md Y3-Y7)

def yard_choice(hello, view, rng):
    me = hello["seat"]
    cards = {c["id"]: c for c in hello.get("cards", [])}
    legal = view["legal"]
    groups = by_type(legal)
    mine = view["seats"][me]
    rivals_away = any(s.get("side") == "away" for i, s in enumerate(view["seats"]) if i != me)

    def is_pest(card_id):
        return "Pest" in cards.get(card_id, {}).get("types", [])

    def worth(card_id):
        """Rough value of a card for us: its points, or its cost when it scores by rule."""
        c = cards.get(card_id, {})
        if "Event" in c.get("types", []):
            return -1
        if is_pest(card_id):
            return -5
        points = c.get("points", 0)
        if not isinstance(points, (int, float)):
            points = c.get("cost", 0) / 2
        return points + c.get("places", 0) + c.get("cost", 0) / 4

    if "side" in groups:  # Home to play and sway, Away to earn and buy
        want = "home"
        hand = mine.get("hand", [])
        if mine.get("side") == "home" and not hand:
            want = "away"
        if mine.get("side") == "away" and mine.get("garage_count", 0) == 0 and not hand:
            want = "away"
        if mine.get("money", 0) < 2 and not hand and mine.get("garage_count", 0) == 0:
            want = "away"
        for a in groups["side"]:
            if a["action"]["side"] == want:
                return a["id"]
    if "sway" in groups:
        return groups["sway"][0]["id"]
    if "play" in groups:
        plays = [a for a in groups["play"]
                 if not is_pest(a["action"]["card"]) or rivals_away]
        if plays:
            def play_rank(a):
                card = a["action"]["card"]
                types = cards.get(card, {}).get("types", [])
                if card == "toolbox":
                    return 100
                if card in ("watering_can", "garden_hose"):
                    return 90
                if "Tool" in types:
                    return 10
                return 50 + worth(card)
            return max(plays, key=play_rank)["id"]
    if "work" in groups:
        return groups["work"][0]["id"]
    if "buy" in groups:
        buys = [a for a in groups["buy"] if worth(a["action"]["card"]) > 0]
        if buys:
            return max(buys, key=lambda a: worth(a["action"]["card"]))["id"]
    if "onto" in groups:
        card = None
        for r in view.get("resolving", []):
            if r.get("card"):
                card = r["card"]
        ours = [a for a in groups["onto"] if a["action"].get("seat") == me]
        theirs = [a for a in groups["onto"] if a["action"].get("seat") != me]
        if card is not None and is_pest(card) and theirs:
            return rng.choice(theirs)["id"]
        if ours:
            return rng.choice(ours)["id"]
    if "hand_card" in groups:  # trash from hand: the least useful
        return min(groups["hand_card"], key=lambda a: worth(a["action"]["card"]))["id"]
    if "trash_card" in groups:  # take from the Trash: the best
        return max(groups["trash_card"], key=lambda a: worth(a["action"]["card"]))["id"]
    if "store_card" in groups:  # trash from the Store: the best, before a rival buys it
        return max(groups["store_card"], key=lambda a: worth(a["action"]["card"]))["id"]
    for quiet in ("stop", "done"):
        if quiet in groups and len(groups) == 1:
            return groups[quiet][0]["id"]
    others = [a for a in legal if a["action"].get("type") not in ("stop", "done", "buy")]
    if others:
        return rng.choice(others)["id"]
    for quiet in ("done", "stop"):
        if quiet in groups:
            return groups[quiet][0]["id"]
    return rng.choice(legal)["id"]


# ---------------------------------------------------------------------------------------------
# turfwars (docs/rules/turfwars.md T8-T13): take turfs of the home type (three of them win
# outright with two players), attack with everything, defend with everything, play the highest
# combat card, spend points on troops.

TURF_LETTERS = {"D": "desert", "F": "forest", "M": "mountain", "P": "plains", "S": "sea",
                "W": "swamp"}


def turf_grid(view):
    """cell name ("C4") -> (turf type or None, troops, owner or None)."""
    cells = {}
    for r, row in enumerate(view["turfs"]):
        for c, token in enumerate(row.split()):
            name = "%s%d" % (chr(ord("A") + c), r + 1)
            kind = TURF_LETTERS.get(token[0])
            troops, owner = 0, None
            if "@" in token:
                count, who = token[1:].split("@")
                troops, owner = int(count), int(who)
            cells[name] = (kind, troops, owner)
    return cells


def numbered(groups, kind, key):
    return max(groups[kind], key=lambda a: a["action"].get(key, 0))


COMBAT_ORDER = ["v10", "v9", "v8", "v7", "v6", "v5", "v4", "v3", "v2", "v1", "zero"]


def turfwars_choice(hello, view, rng):
    me = hello["seat"]
    legal = view["legal"]
    groups = by_type(legal)
    mine = view["seats"][me]
    home = mine.get("home")
    cells = turf_grid(view)

    if "commit" in groups:  # everything but one troop, which holds the turf it leaves
        most = numbered(groups, "commit", "troops")
        fewer = [a for a in groups["commit"] if a["action"]["troops"] == most["action"]["troops"] - 1]
        return (fewer or [most])[0]["id"] if most["action"]["troops"] > 1 else most["id"]
    if "defend_commit" in groups:
        return numbered(groups, "defend_commit", "troops")["id"]
    if "combat_card" in groups:
        def strength(a):
            card = a["action"]["card"]
            return len(COMBAT_ORDER) - COMBAT_ORDER.index(card) if card in COMBAT_ORDER else 0
        return max(groups["combat_card"], key=strength)["id"]
    if "target" in groups:
        def target_value(a):
            kind, troops, owner = cells.get(a["action"]["cell"], (None, 0, None))
            return (a["action"].get("turf") == home, owner is None, -troops, rng.random())
        return max(groups["target"], key=target_value)["id"]
    if "rampage" in groups:
        targets = [a for a in groups["rampage"] if "cell" in a["action"]
                   and cells.get(a["action"]["cell"], (None, 0, None))[1] == 0]
        if targets:
            return rng.choice(targets)["id"]
    if "source" in groups:
        return max(groups["source"],
                   key=lambda a: cells.get(a["action"]["cell"], (None, 0, None))[1])["id"]
    if "place" in groups:
        return max(groups["place"],
                   key=lambda a: (cells.get(a["action"]["cell"], (None, 0, None))[1],
                                  rng.random()))["id"]
    if "draft_pick" in groups:
        def pick_value(a):
            card = a["action"]["card"]
            v = 0
            if home and card.lower().startswith(home):
                v += 10 if "Teleport" not in card else 6
            if "Attack" in card or "Strike" in card:
                v += 3
            if card.startswith("Reinforcements"):
                v += 4
            return (v, rng.random())
        return max(groups["draft_pick"], key=pick_value)["id"]
    if "declare_home" in groups:
        held = {}
        for kind, troops, owner in cells.values():
            if owner == me and kind:
                held[kind] = held.get(kind, 0) + 1
        return max(groups["declare_home"],
                   key=lambda a: (held.get(a["action"]["home"], 0), rng.random()))["id"]
    if "buy" in groups:  # points are the score: keep them
        for a in groups["buy"]:
            if a["action"].get("choice") == "pass":
                return a["id"]
    if "choose_start" in groups:
        home_starts = [a for a in groups["choose_start"] if a["action"].get("turf") == home]
        return rng.choice(home_starts or groups["choose_start"])["id"]
    return rng.choice(legal)["id"]


# ---------------------------------------------------------------------------------------------
# cryhavoc (docs/rules/cryhavoc.md C5-C10): spread out to the regions with the most crystals,
# recruit when the map is thin, enable scoring while ahead on crystals, send everything to
# Region Control in battles.

def cryhavoc_choice(hello, view, rng):
    me = hello["seat"]
    legal = view["legal"]
    groups = by_type(legal)
    faction = view["seats"][me]["faction"]
    regions = {r["id"]: r for r in view["regions"]}
    decision = view.get("decision") or {}
    step = view.get("step")

    def crystals_of(who):
        return sum(r.get("crystals", 0) for r in view["regions"] if r.get("control") == who)

    def points_of(a):  # "discard Narrow Pass (+2)"
        label = a["label"]
        if "(+" in label:
            return int(label[label.rindex("(+") + 2:label.rindex(")")])
        return 0

    if step == "turn_start":
        rivals = [s["faction"] for i, s in enumerate(view["seats"]) if i != me]
        if "enable_scoring" in groups and all(
                crystals_of(faction) > crystals_of(r) for r in rivals):
            return groups["enable_scoring"][0]["id"]
        on_map = sum(r.get("units", {}).get(faction, 0) for r in view["regions"])
        if "recruit" in groups and on_map < 4:
            return groups["recruit"][0]["id"]
        if "move" in groups:
            return groups["move"][0]["id"]
        if "draw_own" in groups:
            return groups["draw_own"][0]["id"]
        return rng.choice(legal)["id"]
    if step == "move":
        def step_value(a):
            to = regions.get(a["action"]["to"], {})
            units = to.get("units", {})
            enemies = sum(n for f, n in units.items() if f != faction)
            if to.get("control") == faction:
                return -1
            v = to.get("crystals", 0) * 2 + (1 if to.get("exploration_token") else 0)
            v -= 3 * enemies + (2 if to.get("trog_token") else 0)
            # keep at least one unit where we stand when it holds crystals
            here = regions.get(a["action"]["from"], {})
            if here.get("units", {}).get(faction, 0) <= 1 and here.get("crystals", 0) > 0 \
                    and not here.get("hq"):
                v -= 3
            return v
        steps = [a for a in groups.get("step", []) if step_value(a) > 0]
        if steps:
            return max(steps, key=lambda a: (step_value(a), rng.random()))["id"]
        if decision.get("points", 0) == 0 and groups.get("step") is None:
            cards = [a for a in groups.get("card", []) if points_of(a) > 0]
            if cards:
                return max(cards, key=points_of)["id"]
        if "done" in groups:
            return groups["done"][0]["id"]
    if step == "recruit":
        cards = [a for a in groups.get("card", []) if points_of(a) > 0]
        if cards:
            return max(cards, key=points_of)["id"]
        if "done" in groups:
            return groups["done"][0]["id"]
    if step == "build" and "done" in groups:
        return groups["done"][0]["id"]
    if step == "place" and "number" in groups:
        return numbered(groups, "number", "n")["id"]
    if step == "buy_back" and "done" in groups:
        return groups["done"][0]["id"]
    if step == "turn_end" and "end_turn" in groups:
        return groups["end_turn"][0]["id"]
    if step == "tactics" and "card" in groups:
        return rng.choice(groups["card"])["id"]
    return rng.choice(legal)["id"]


# ---------------------------------------------------------------------------------------------

STRATEGIES = {
    "dungeon": dungeon_choice,
    "yard": yard_choice,
    "turfwars": turfwars_choice,
    "cryhavoc": cryhavoc_choice,
}


def main():
    seed = None
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed = int(sys.argv[2])
    rng = random.Random(seed)
    hello = None
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            hello = message
            send({"type": "ready", "version": PROTOCOL_VERSION, "name": "greedy (Python)"})
        elif kind == "decide":
            strategy = STRATEGIES.get(hello["game"])
            view = message["view"]
            choice = strategy(hello, view, rng) if strategy else rng.choice(view["legal"])["id"]
            send({"type": "action", "id": choice, "decision": message["decision"]})
        elif kind == "end":
            return


if __name__ == "__main__":
    main()
