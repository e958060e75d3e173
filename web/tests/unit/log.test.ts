import { describe, expect, it } from "vitest";
import { isBare, logEntries } from "../../src/log";
import type { NarrationLine, Step } from "../../src/protocol";

const bare = (seat: number, label: string): NarrationLine => ({ kind: "action", seats: [seat], data: { label }, text: `{P${seat + 1}}: ${label}` });
const said = (kind: string, seats: number[], text: string): NarrationLine => ({ kind, seats, data: {}, text });
const step = (move: number, seat: number, ...lines: NarrationLine[]): Step => ({ move, seat, lines });

describe("logEntries", () => {
  it("tells a turn of several decisions once, as its sentence", () => {
    const log = [
      step(0, 0, bare(0, "takes a tile")),
      step(1, 0, bare(0, "at 4,-3")),
      step(2, 0, said("tile_placed", [0], "{P1} places an L tile at 4,-3, open NW.")),
      step(3, 0, said("pass", [0], "{P1} plays no monster this turn."), said("tile_drawn", [1], "{P2} draws a tile.")),
      step(4, 1, bare(1, "takes a tile")),
    ];
    const e = logEntries(log);
    expect(e.map((x) => x.n)).toEqual([1, 2]);
    expect(e[0].seat).toBe(0);
    expect(e[0].moves).toEqual([0, 3]);
    expect(e[0].lines.map((l) => l.text)).toEqual(["{P1} places an L tile at 4,-3, open NW.", "{P1} plays no monster this turn.", "{P2} draws a tile."]);
    expect(e[0].lines.map((l) => l.seat)).toEqual([0, 0, 1]);
    // a turn in progress shows its bare decisions
    expect(e[1].lines.map((l) => l.text)).toEqual(["{P2}: takes a tile"]);
  });
  it("keeps bare lines after the last sentence of a turn, and games' own action sentences", () => {
    const own = said("action", [0], "{P1} moves two troops.");
    const e = logEntries([step(0, 0, own), step(1, 0, bare(0, "commit 6"))]);
    expect(e[0].lines.map((l) => l.text)).toEqual(["{P1} moves two troops.", "{P1}: commit 6"]);
  });
  it("numbers turns past a hundred without losing digits", () => {
    const log = Array.from({ length: 240 }, (_, i) => step(i, i % 2, said("x", [i % 2], `line ${i}`)));
    const e = logEntries(log);
    expect(e.length).toBe(240);
    expect(e[137].n).toBe(138);
  });
  it("isBare recognises only the core's bare line", () => {
    expect(isBare(bare(2, "x"), 2)).toBe(true);
    expect(isBare(bare(2, "x"), 1)).toBe(false);
    expect(isBare({ ...bare(0, "x"), text: "{P1}: x." }, 0)).toBe(false);
    expect(isBare(said("action", [0], "{P1}: x"), 0)).toBe(false);
  });
});
