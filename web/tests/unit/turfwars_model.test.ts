import { describe, expect, it } from "vitest";
import {
  changedCells,
  combatName,
  expand,
  groupActions,
  homeTurfs,
  isTurfWarsView,
  lastWar,
  parseActionLabel,
  parseBoard,
  scoredSoFar,
  teleporterPairs,
  teleporterPartner,
  type TWView,
  homeWords,
} from "../../src/games/turfwars/model";

// The 7x7 board's rows as the engine writes them (TurfWarsView::to_json, board_rows).
const rows = ["D M S W P M P", "F T # # S3@2 T F", "W P M9@2 W D # D", "S # F8@0 # F # S", "D # P10@0 M W D F", "P8@3 T D # # T S", "F8@3 W S M11@1 P4@1 W2@2 M"];

describe("T1 the board", () => {
  const b = parseBoard(rows);
  it("reads turfs with their troops and owner, dead spaces and teleporters (E5 names)", () => {
    expect(b.length).toBe(7);
    expect(b[0][0]).toMatchObject({ name: "A1", kind: "turf", type: "desert", troops: 0, owner: null });
    expect(b[1][4]).toMatchObject({ name: "E2", kind: "turf", type: "sea", troops: 3, owner: 2 });
    expect(b[1][1]).toMatchObject({ name: "B2", kind: "teleporter" });
    expect(b[1][2]).toMatchObject({ kind: "dead" });
    expect(b[4][2]).toMatchObject({ name: "C5", type: "plains", troops: 10, owner: 0 });
    expect(b[0][3].type).toBe("swamp"); // W is Swamp
  });
  it("reads the 9x9 board's cut corners as off the board", () => {
    const nine = parseBoard(["- - D F M S P - -"]);
    expect(nine[0][0].kind).toBe("off");
    expect(nine[0][2].kind).toBe("turf");
  });
  it("T1.5 pairs each teleporter with its mirror through the centre", () => {
    expect(teleporterPartner({ row: 1, col: 1 }, 7)).toEqual({ row: 5, col: 5 });
    const pairs = teleporterPairs(b);
    expect(pairs.get("B2")).toBe(pairs.get("F6"));
    expect(pairs.get("F2")).toBe(pairs.get("B6"));
    expect(pairs.get("B2")).not.toBe(pairs.get("F2"));
  });
  it("T11.3 counts the turfs of each seat's home type", () => {
    const view = { seats: [{ home: "plains" }, { home: "mountain" }, { home: "mountain" }, { home: "forest" }] } as unknown as TWView;
    expect(homeTurfs(view, b)).toEqual([1, 1, 1, 1]);
  });
  it("finds the turfs whose troops or owner changed", () => {
    const after = parseBoard(rows.map((r, i) => (i === 0 ? "D2@1 M S W P M P" : r)));
    expect([...changedCells(b, after)]).toEqual(["A1"]);
    expect(changedCells(null, after).size).toBe(0);
  });
  it("recognises a Turf Wars view", () => {
    expect(isTurfWarsView({ turfs: rows, seats: [], step: "place" })).toBe(true);
    expect(isTurfWarsView({ board: [] })).toBe(false);
  });
});

describe("actions as clicks (docs/rules/turfwars.md, Actions)", () => {
  it("files every kind of action; unknown ones go to the text list", () => {
    const c = groupActions([
      { id: 17, label: "to C3 Sea", json: { type: "target", cell: "C3", turf: "sea" } },
      { id: 104, label: "commit 4", json: { type: "commit", troops: 4 } },
      { id: 101, label: "commit 1", json: { type: "commit", troops: 1 } },
      { id: 212, label: "Pixies", json: { type: "choose_faction", faction: "pixies" } },
      { id: 234, label: "home Sea", json: { type: "declare_home", home: "sea" } },
      { id: 243, label: "call player 4 (Pirates)", json: { type: "call_help", seat: 3 } },
      { id: 257, label: "play 7", json: { type: "combat_card", card: "v7" } },
      { id: 305, label: "Forest Attack (27)", json: { type: "draft_pick", card: "Forest Attack", priority: 27 } },
      { id: 404, label: "buy the FTT (6 DP)", json: { type: "buy", item: "ftt" } },
      { id: 500, label: "stay out", json: { type: "join", choice: "pass" } },
      { id: 501, label: "left", json: { type: "direction", direction: "left" } },
      { id: 504, label: "stay out", json: { type: "opt_out", choice: "stay_out" } },
      { id: 999, label: "odd", json: { type: "unknown", id: 999 } },
    ]);
    expect(c.cells.get("C3")?.id).toBe(17);
    expect(c.counts.map((k) => k.n)).toEqual([1, 4]);
    expect(c.factions[0].faction).toBe("pixies");
    expect(c.homes[0].home).toBe("sea");
    expect(c.seats.get(3)?.id).toBe(243);
    expect(c.combat.get("v7")?.id).toBe(257);
    expect(c.draft[0]).toEqual({ label: "Forest Attack (27)", pick: { id: 305, label: "Forest Attack (27)" } });
    expect(c.buys.get("ftt")?.id).toBe(404);
    expect(c.pass?.id).toBe(500);
    expect(c.directions.map((p) => p.id)).toEqual([501]);
    expect(c.optOut.map((p) => p.id)).toEqual([504]);
    expect(c.other.map((p) => p.id)).toEqual([999]);
  });
});

describe("words", () => {
  it("names combat cards and action cards", () => {
    expect(combatName("v7")).toBe("7");
    expect(combatName("zero")).toBe("Zero");
    expect(combatName("cry_for_help")).toBe("Cry for Help");
    expect(parseActionLabel("Sea Attack (50)")).toEqual({ name: "Sea Attack", priority: 50 });
    expect(parseActionLabel("odd")).toEqual({ name: "odd", priority: null });
  });
  it("expands {card: copies} in play order", () => {
    expect(expand({ v9: 2, zero: 1, negate: 1 }, ["zero", "v9", "negate"])).toEqual(["zero", "v9", "v9", "negate"]);
    expect(expand({ "Sea Attack (50)": 1, "Defensive Maneuvers (2)": 2 })).toEqual(["Defensive Maneuvers (2)", "Defensive Maneuvers (2)", "Sea Attack (50)"]);
    expect(expand(undefined)).toEqual([]);
  });
});

describe("T9 T11 what the log tells", () => {
  const log = [
    {
      move: 40,
      seat: 0,
      lines: [
        { kind: "scoring", seats: [0], text: "", data: { dp: 8, turf_dp: 2, home_turfs: 1, rainbow_dp: 5, support: 0 } },
        { kind: "scoring", seats: [1], text: "", data: { dp: 1, turf_dp: 1, home_turfs: 0, rainbow_dp: 0, support: -1 } },
      ],
    },
    {
      move: 41,
      seat: 1,
      lines: [
        {
          kind: "war",
          seats: [1, 2],
          text: "Turf War at F7 (Swamp): …",
          data: {
            cancelled: false,
            target: "F7",
            winner_seat: 2,
            sides: [
              { card: "zero", committed: 3, lost: 3, role: "attacker", seat: 1, strength: 5 },
              { card: "v8", committed: 3, lost: 1, role: "defender", seat: 2, strength: 14 },
            ],
          },
        },
      ],
    },
    { move: 42, seat: 0, lines: [{ kind: "scoring", seats: [0], text: "", data: { dp: 1, turf_dp: 1, home_turfs: 0, rainbow_dp: 0, support: 2 } }] },
  ];
  it("the latest war with its sides, cards, losses and winner", () => {
    const w = lastWar(log);
    expect(w?.target).toBe("F7");
    expect(w?.winner).toBe(2);
    expect(w?.sides.map((s) => [s.seat, s.card, s.lost])).toEqual([
      [1, "zero", 3],
      [2, "v8", 1],
    ]);
    expect(lastWar([])).toBeNull();
  });
  it("the DP scored so far, by source", () => {
    const d = scoredSoFar(log, 3);
    expect(d[0]).toEqual({ turfs: 3, home: 1, rainbow: 5, support: 2, rounds: 2 });
    expect(d[1]).toEqual({ turfs: 1, home: 0, rainbow: 0, support: -1, rounds: 1 });
    expect(d[2].rounds).toBe(0);
  });
});

describe("T13.1 home turfs in words", () => {
  it("says what the numbers mean: held, and how many win", () => {
    expect(homeWords("Mountain", 1, 5)).toBe("home turfs: Mountain, 1 of 5 needed to win");
    expect(homeWords("Sea", 2, undefined)).toBe("home turfs: Sea, 2 held");
  });
});
