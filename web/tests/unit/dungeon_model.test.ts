import { describe, expect, it } from "vitest";
import { bounds, floorRects, groupActions, influenceLines, lastMove, maskOf, passagesOf, rotateCW, rotations, scoresFromLines, topMonster } from "../../src/games/dungeon/model";
import { fitTransform, zoomAt } from "../../src/panzoom_math";

// Action JSON as the engine writes it (DungeonState::action_to_json; docs/rules/dungeon.md, Actions).
const legal = [
  { id: 3, label: "tile T", json: { type: "tile", shape: "tee" } },
  { id: 102, label: "set aside L", json: { type: "set_aside", shape: "corner" } },
  { id: 1000 + 31 * 64 + 33, label: "at 1,-1", json: { type: "cell", x: 1, y: -1 } },
  { id: 207, label: "open NES", json: { type: "orient", passages: "NES" } },
  { id: 300, label: "pass", json: { type: "pass" } },
  { id: 10000 + 32 * 64 + 32, label: "Turtleman at 0,0", json: { type: "monster", x: 0, y: 0, monster: "turtleman" } },
  { id: 9999, label: "odd", json: { type: "mystery" } },
];

describe("dungeon actions", () => {
  it("groups every legal action, unknown ones into the text fallback", () => {
    const c = groupActions(legal);
    expect(c.tiles).toEqual([{ id: 3, shape: "tee" }]);
    expect(c.setAside).toEqual([{ id: 102, shape: "corner" }]);
    expect(c.cells).toEqual([{ id: 1000 + 31 * 64 + 33, x: 1, y: -1 }]);
    expect(c.orients).toEqual([{ id: 207, passages: "NES" }]);
    expect(c.pass).toBe(300);
    expect(c.monsters).toEqual([{ id: 12080, x: 0, y: 0, monster: "turtleman" }]);
    expect(c.other).toEqual([{ id: 9999, label: "odd" }]);
  });
});

describe("D4_3 rotations", () => {
  it("masks use the engine's bits N=1 E=2 S=4 W=8", () => {
    expect(maskOf("NES")).toBe(7);
    expect(maskOf("W")).toBe(8);
    expect(passagesOf(10)).toBe("EW");
  });
  it("turns a quarter clockwise", () => {
    expect(rotateCW("N")).toBe("E");
    expect(rotateCW("NE")).toBe("ES");
    expect(rotateCW("NES")).toBe("ESW");
    expect(rotateCW("W")).toBe("N");
  });
  it("lists the distinct rotations of each shape", () => {
    expect(rotations("dead_end")).toEqual(["N", "E", "S", "W"]);
    expect(rotations("straight")).toEqual(["NS", "EW"]);
    expect(rotations("corner")).toEqual(["NE", "ES", "SW", "NW"]);
    expect(rotations("tee")).toHaveLength(4);
    expect(rotations("cross")).toEqual(["NESW"]);
  });
  it("draws an arm to each open side only", () => {
    expect(floorRects("N")).toHaveLength(2);
    expect(floorRects("NESW")).toHaveLength(5);
    const ew = floorRects("EW");
    expect(ew.some((r) => r.y === 0)).toBe(false); // no arm to the north edge
    expect(ew.some((r) => r.x === 0)).toBe(true); // an arm to the west edge
  });
});

describe("board helpers", () => {
  it("bounds add a margin cell", () => {
    expect(bounds([{ x: 0, y: 0 }, { x: 2, y: -1 }])).toEqual({ minX: -1, maxX: 3, minY: -2, maxY: 1 });
  });
  it("D5_5 the top monster is the last in the stack", () => {
    const t = { x: 0, y: 0, shape: "cross" as const, passages: "NESW", monsters: [{ owner: 0, monster: "turtleman" as const }, { owner: 1, monster: "crane_wife" as const }] };
    expect(topMonster(t)).toEqual({ owner: 1, monster: "crane_wife" });
    expect(topMonster({ ...t, monsters: [] })).toBeNull();
  });
  it("fit centres the content and zoom keeps the point under the cursor", () => {
    const t = fitTransform({ x: 0, y: 0, w: 100, h: 100 }, 400, 200, 0);
    expect(t.k).toBeCloseTo(1.6);
    expect(t.tx + 50 * t.k).toBeCloseTo(200);
    expect(t.ty + 50 * t.k).toBeCloseTo(100);
    const z = zoomAt({ k: 1, tx: 10, ty: 20 }, 110, 120, 2);
    expect((110 - z.tx) / z.k).toBeCloseTo(100);
    expect((120 - z.ty) / z.k).toBeCloseTo(100);
  });
});

describe("influenceLines (D6, R1): the board's scoring lines", () => {
  const tile = (x: number, y: number, passages: string, ...monsters: [number, "turtleman" | "were_rat" | "crane_wife"][]) => ({
    x,
    y,
    shape: "cross" as const,
    passages,
    monsters: monsters.map(([owner, monster]) => ({ owner, monster })),
  });
  it("D6_4 a lone monster on an L scores one point per line", () => {
    const lines = influenceLines([tile(0, 0, "NE", [0, "turtleman"])]);
    expect(lines.map((l) => [l.axis, l.points])).toEqual([["EW", 1], ["NS", 1]]);
    expect(scoresFromLines(lines, 2)).toEqual([2, 0]);
  });
  it("D6_3 the stronger type takes the passage; the other line stays (Red 4 = 3 + 1, Blue 1)", () => {
    const board = [tile(-1, 0, "EW"), tile(0, 0, "NESW", [0, "turtleman"]), tile(1, 0, "NEW", [1, "crane_wife"])];
    const lines = influenceLines(board);
    expect(scoresFromLines(lines, 2)).toEqual([1, 4]);
    const lost = lines.find((l) => l.owner === 0 && l.axis === "EW")!;
    expect(lost.points).toBe(0);
    expect(lost.lostTo).toEqual({ owner: 1, monster: "crane_wife", at: [1, 0] });
    expect(lines.find((l) => l.owner === 1 && l.axis === "EW")!.cells).toEqual([[-1, 0], [0, 0], [1, 0]]);
  });
  it("D6_3 same types share a passage; a wall between tiles ends it", () => {
    const board = [tile(0, 0, "E", [0, "were_rat"]), tile(1, 0, "EW"), tile(2, 0, "W", [1, "were_rat"]), tile(3, 0, "EW")];
    expect(scoresFromLines(influenceLines(board), 2)).toEqual([3, 3]);
  });
  it("only the top monster of a stack counts", () => {
    const board = [tile(0, 0, "NS", [0, "turtleman"], [1, "crane_wife"]), tile(0, 1, "S")];
    expect(scoresFromLines(influenceLines(board), 2)).toEqual([0, 2]);
  });
  it("R1 influence=direction counts each open side to the wall, the monster's tile in each", () => {
    const board = [tile(-1, 0, "EW"), tile(0, 0, "NEW", [0, "turtleman"]), tile(1, 0, "W")];
    expect(scoresFromLines(influenceLines(board, "direction"), 2)).toEqual([2 + 2 + 1, 0]);
    expect(scoresFromLines(influenceLines(board, "passage"), 2)).toEqual([3 + 1, 0]);
  });
});

describe("lastMove", () => {
  const line = (kind: string, x: number, y: number) => ({ kind, data: { x, y } });
  it("marks the tile and monster of the latest turn not by the seat to move", () => {
    const log = [
      { seat: 1, lines: [line("tile_placed", 0, 1)] },
      { seat: 1, lines: [line("monster_placed", 0, 1)] },
      { seat: 0, lines: [line("tile_placed", 5, 5)] },
    ];
    expect(lastMove(log, 0)).toEqual({ seat: 1, tile: [0, 1], monster: [0, 1] });
    expect(lastMove(log, null)).toEqual({ seat: 0, tile: [5, 5], monster: null });
    expect(lastMove([], 0)).toBeNull();
  });
});
