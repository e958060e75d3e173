import { describe, expect, it } from "vitest";
import { bounds, floorRects, groupActions, maskOf, passagesOf, rotateCW, rotations, topMonster } from "../../src/games/dungeon/model";
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
