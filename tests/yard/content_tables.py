#!/usr/bin/env python3
"""Prints the content tables of docs/rules/yard.md (section "Content") from data/yard/*.json.

Usage: python3 tests/yard/content_tables.py > /tmp/tables.md, then paste between the markers
<!-- content tables --> and <!-- end of content tables --> in docs/rules/yard.md; or
`python3 tests/yard/content_tables.py --write` replaces them in place.
`python3 tests/yard/content_tables.py --check` (the ctest `yard.doc_tables`) fails when the block
in docs/rules/yard.md differs from what the data gives; YardRules.DocTablesMatchTheData checks
the same rows against the data the engine loaded.
"""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

STEP_TEXT = {
    "gain": "gain ${n}",
    "lose": "lose ${n}",
    "pay": "pay ${n}",
    "grass": "turn {n} Dirt to Grass",
    "dirt_here": "this Pile's Grass turns to Dirt",
    "extra_plays": "play up to {n} more cards",
    "must_play": "must play a card",
    "play_here": "play a card onto this Pile (may decline when only Pests fit)",
    "trash_store": "trash {n} Store card",
    "trash_store_all": "trash the whole Store",
    "trash_to_hand": "take a Trash card into hand",
    "trash_to_garage": "take a Trash card into Garage",
    "trash_rival_top": "trash {n} top card of a rival's Pile",
    "trash_own_top": "trash {n} top cards of your Piles",
    "trash_own_pest": "trash a Pest of your Yard",
    "trash_pile_others": "trash every other card on this Pile",
    "trash_hand": "trash {n} card from hand",
    "steal_garage": "take a card from a rival's Garage",
    "pest_magnet": "gather every Pest of Store and Trash, play each onto this Pile",
    "move_top_to_rival": "move a top card of your Yard onto a rival's Pile",
    "give_to_garage": "give {n} cards of your Yard, covered or not, to a rival's Garage",
}
TIMINGS = [("play", "Play"), ("start", "Start"), ("end", "End"), ("home", "Away to Home"),
           ("reveal", "Revealed")]


def steps(prog):
    return "; ".join(STEP_TEXT[s["op"]].format(n=s.get("n", 1)) for s in prog)


def vp_text(vp):
    r, v = vp["rule"], vp["value"]
    if r == "flat":
        return str(v)
    if r == "per_symbol":
        return f"{v}/{vp['symbol']}"
    if r == "adjacent":
        return f"{v}/adjacent card"
    if r == "row":
        return f"{v}/card in row"
    if r == "column":
        return f"{v}/card in column"
    if r == "trash":
        return f"{v}/{vp['every']} in Trash"
    raise ValueError(r)


def card_rows(cards):
    out = ["| Card | Types | Cost | VP | Places | Effects | Ed. 1 | Ed. 2 | Tag |",
           "|---|---|---|---|---|---|---|---|---|"]
    for c in cards:
        eff = []
        for key, name in TIMINGS:
            if c.get(key):
                eff.append(f"{name}: {steps(c[key])}" + (" (each player)" if key == "reveal" and c.get("each_player") else ""))
        if c.get("no_sway"):
            eff.append("its Yard's owner cannot sway")
        start = " (start)" if c.get("starting") else ""
        out.append(f"| {c['name']}{start} | {', '.join(c['types'])} | ${c['cost']} | {vp_text(c['vp'])} | "
                   f"{c.get('places', 0)} | {'; '.join(eff) or '-'} | {c['count']['1']} | "
                   f"{c['count']['2']} | {c['tag']} |")
    return out


def neighbor_rows(ns):
    out = ["| Neighbor | VP | Criteria | Bribe | Tag |", "|---|---|---|---|---|"]
    for n in ns:
        crit = ", ".join(f"{v} {k.replace('_', ' ')}" for k, v in n.get("criteria", {}).items()) or "-"
        bribe = steps(n.get("bribe", [])) or "-"
        out.append(f"| {n['name']} | {n['vp']} | {crit} | {bribe} | {n['tag']} |")
    return out


def main():
    cards = json.load(open(os.path.join(ROOT, "data/yard/cards.json")))["cards"]
    ns = json.load(open(os.path.join(ROOT, "data/yard/neighbors.json")))["neighbors"]
    lines = ["<!-- content tables -->", "", "### Cards", ""] + card_rows(cards)
    totals = [sum(c["count"][e] for c in cards) for e in ("1", "2")]
    kinds = [sum(1 for c in cards if c["count"][e] > 0) for e in ("1", "2")]
    lines += ["", f"Store deck: {totals[0]} cards of {kinds[0]} kinds in edition 1, "
              f"{totals[1]} cards of {kinds[1]} kinds in edition 2 (plus one Rake, Toolbox and "
              "Watering Can per player, dealt as the starting hand).", "",
              "### Sources and reasons", ""]
    for c in cards:
        extra = f" Designed by us: {'; '.join(c['designed_fields'])}." if c.get("designed_fields") else ""
        lines.append(f"- **{c['name']}** ({c['tag']}): {c['source']}.{extra}")
    lines += ["", "### Neighbors", ""] + neighbor_rows(ns) + [""]
    for n in ns:
        lines.append(f"- **{n['name']}** ({n['tag']}): {n['source']}.")
    lines += ["", "<!-- end of content tables -->"]
    block = "\n".join(lines) + "\n"
    if len(sys.argv) > 1 and sys.argv[1] in ("--check", "--write"):
        path = os.path.join(ROOT, "docs/rules/yard.md")
        doc = open(path).read()
        start = doc.index("<!-- content tables -->")
        end = doc.index("<!-- end of content tables -->") + len("<!-- end of content tables -->\n")
        if doc[start:end] == block:
            return 0
        if sys.argv[1] == "--write":
            open(path, "w").write(doc[:start] + block + doc[end:])
            return 0
        sys.stderr.write("docs/rules/yard.md: the content tables differ from data/yard/*.json; "
                         "run python3 tests/yard/content_tables.py --write\n")
        return 1
    sys.stdout.write(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
