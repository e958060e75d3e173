#!/usr/bin/env python3
"""Which Store cards winners buy and play more than losers, from balance-lab summaries.

Usage:
  turf sim yard --seats greedy:worlds=1 --games 3000 -o players=2 --json > s2.json
  python3 tests/yard/card_report.py s2.json              # one summary: the detailed table
  python3 tests/yard/card_report.py s2.json s3.json s4.json   # several: one combined table

The game reports per seat the attributes bought:<card> and played:<card> (yes/no). From the win
share of the seats with value "yes" (a draw counts as a share of a win) this prints, per card,
how often winners and losers bought it and played it, and the win share of the seats that
bought it and that played it, with 95% intervals. A card that does nothing for its holder sits
near 1 / players; "played" sits somewhat above it because winners play more cards. Designed cards
and found cards with designed costs are tagged so that outliers can be checked.
"""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def load(path):
    cell = json.load(open(path))["cells"][0]
    attrs = {}
    for a in cell["attributes"]:
        attrs.setdefault(a["key"], {})[a["value"]] = a["win_share"]
    return cell, attrs


def rates(yes, games, seats):
    """Share of winners and of losers with the value 'yes'."""
    if not yes:
        return 0.0, 0.0
    winners = yes["value"] * yes["n"] / games
    losers = (1 - yes["value"]) * yes["n"] / (games * (seats - 1))
    return winners, losers


def tag_of(c):
    designed = " ".join(c.get("designed_fields", []))
    return c["tag"] + (" (cost designed)" if c["tag"] != "designed" and "cost" in designed else "")


def share(ws):
    return f"{ws['value']:.2f} [{ws['ci95'][0]:.2f}, {ws['ci95'][1]:.2f}]" if ws else "-"


def single(path, cards):
    cell, attrs = load(path)
    games, seats = cell["games"], len(cell["seats"])
    print(f"{games:.0f} games, {seats} players, agents: {cell['seats'][0]['agent']}\n")
    print("| card | tag | bought: winners | losers | played: winners | losers "
          "| win share when bought | when played |")
    print("|---|---|---|---|---|---|---|---|")
    rows = []
    for cid, c in cards.items():
        bought = attrs.get(f"bought:{cid}", {}).get("yes")
        if "event" in c["types"] or f"bought:{cid}" not in attrs:
            continue
        played = attrs.get(f"played:{cid}", {}).get("yes")
        rows.append((-(played or bought or {"value": 0})["value"], c, bought, played))
    rows.sort(key=lambda r: r[0])
    for _, c, bought, played in rows:
        bw, bl = rates(bought, games, seats)
        pw, pl = rates(played, games, seats)
        p = f"{pw:.0%} | {pl:.0%}" if played else "- | -"
        print(f"| {c['name']} | {tag_of(c)} | {bw:.0%} | {bl:.0%} | {p} | {share(bought)} | "
              f"{share(played)} |")


def combined(paths, cards):
    cols = [load(p) for p in paths]
    head = " | ".join(f"{len(c['seats'])}p bought | {len(c['seats'])}p played" for c, _ in cols)
    print(f"| card | tag | {head} |")
    print("|---|---|" + "---|---|" * len(cols))
    for cid, c in cards.items():
        if "event" in c["types"] or all(f"bought:{cid}" not in a for _, a in cols):
            continue
        cells = []
        for cell, attrs in cols:
            b = attrs.get(f"bought:{cid}", {}).get("yes")
            p = attrs.get(f"played:{cid}", {}).get("yes")
            cells.append(f"{b['value']:.2f}" if b else "-")
            cells.append(f"{p['value']:.2f}" if p else "-")
        print(f"| {c['name']} | {tag_of(c)} | {' | '.join(cells)} |")
    fair = ", ".join(f"{1 / len(c['seats']):.2f}" for c, _ in cols)
    games = ", ".join(f"{c['games']:.0f}" for c, _ in cols)
    print(f"\nWin share of the seats that bought / played the card; a card that does nothing for "
          f"its holder sits near {fair}. Games: {games}.")


def main():
    cards = {c["id"]: c for c in json.load(open(os.path.join(ROOT, "data/yard/cards.json")))["cards"]}
    paths = [a for a in sys.argv[1:]]
    if len(paths) == 1:
        single(paths[0], cards)
    else:
        combined(paths, cards)


if __name__ == "__main__":
    main()
