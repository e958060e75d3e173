"""The observation field tables of docs/api.md, generated from the games' own layouts (the
ObsSpec each encoder declares), so that the page cannot drift from the tensors.

    python3 -m turf.apidoc --check docs/api.md    exit 1 (and say why) when the page differs
    python3 -m turf.apidoc --write docs/api.md    rewrite the generated part

--write refuses to change a game's table without a new observation-spec version: a layout is
stable within a version (docs/api.md, "Versions").
"""

import re
import sys

from . import _core

BEGIN = "<!-- BEGIN GENERATED observation tables: python3 -m turf.apidoc --write docs/api.md -->"
END = "<!-- END GENERATED observation tables -->"
_HEAD = re.compile(r"^### `(\w+)`, players=(\d+): observation version (\d+)", re.M)


def _player_counts(game):
    return list(range(game["min_players"], game["max_players"] + 1))


def _cell(text):
    return str(text).replace("|", "\\|")


def section(game_id, players):
    spec = _core.observation_spec(game_id, players=players)
    lines = [
        f"### `{game_id}`, players={players}: observation version {spec['version']}",
        "",
        f"{spec['size']} floats; action space {spec['action_space']}.",
        "",
        "| field | offset | size | range | meaning | scale |",
        "|---|---|---|---|---|---|",
    ]
    for f in spec["fields"]:
        rng = f"{f['low']:g} .. {f['high']:g}"
        lines.append(
            f"| `{f['name']}` | {f['offset']} | {f['size']} | {rng} | {_cell(f['meaning'])} | {_cell(f['scale'])} |"
        )
    return spec["version"], "\n".join(lines) + "\n"


def generate():
    """{(game, players): (version, markdown)} in the registry's order."""
    out = {}
    for g in _core.games():
        for p in _player_counts(g):
            out[(g["id"], p)] = section(g["id"], p)
    return out


def block(sections):
    body = "\n".join(md for _, md in sections.values())
    return f"{BEGIN}\n\n{body}\n{END}"


def parse(page):
    """The generated sections of a page: {(game, players): (version, markdown)}."""
    if BEGIN not in page or END not in page:
        raise ValueError("the page has no generated observation tables (their markers are missing)")
    inner = page[page.index(BEGIN) + len(BEGIN) : page.index(END)]
    heads = list(_HEAD.finditer(inner))
    out = {}
    for i, h in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(inner)
        out[(h.group(1), int(h.group(2)))] = (int(h.group(3)), inner[h.start() : end].strip() + "\n")
    return out


def problems(page):
    """What differs between the page and the games' layouts, one sentence each."""
    want = generate()
    have = parse(page)
    out = []
    for key, (version, md) in want.items():
        if key not in have:
            out.append(f"{key[0]} players={key[1]}: no table on the page")
        elif have[key][1] != md.strip() + "\n":
            if have[key][0] == version:
                out.append(
                    f"{key[0]} players={key[1]}: the layout changed but its observation version is still "
                    f"{version}: bump the version in src/games/{key[0]}/observe.cpp, then --write"
                )
            else:
                out.append(f"{key[0]} players={key[1]}: the page shows version {have[key][0]}, the game {version}: --write")
    for key in have:
        if key not in want:
            out.append(f"{key[0]} players={key[1]}: on the page but not a game and player count")
    return out


def main(argv):
    if len(argv) != 3 or argv[1] not in ("--check", "--write"):
        print("usage: python3 -m turf.apidoc --check|--write docs/api.md", file=sys.stderr)
        return 2
    path = argv[2]
    with open(path, encoding="utf-8") as f:
        page = f.read()
    found = problems(page)
    if argv[1] == "--check":
        for p in found:
            print(f"error: {p}", file=sys.stderr)
        return 1 if found else 0
    blocked = [p for p in found if "bump the version" in p]
    if blocked:
        for p in blocked:
            print(f"error: {p}", file=sys.stderr)
        return 1
    start, end = page.index(BEGIN), page.index(END) + len(END)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page[:start] + block(generate()) + page[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
