import { describe, expect, it } from "vitest";
import { recordBody } from "../../src/api";

// A turf record file as `turf play --record` writes it (keys sorted; narration left out here).
const file = (seed: string, extra = "") => `{
 "actions": [
  {"id": 4, "label": "tile cross", "narration": [{"data": {"seed": 12}, "kind": "x", "text": "{P1}"}]},
  {"id": 3015, "label": "at -1,-1"}
 ],
 "format": "turf-record",
 "game": "dungeon",
 "options": {"players": "2", "tiles": "standard"},${extra}
 "seats": [{"agent": "random", "name": "Rex", "seat": 0}, {"agent": "human", "name": "Ann", "seat": 1}],
 "seed": ${seed},
 "version": 1
}`;

describe("a record file read for the server", () => {
  it("keeps the game, options, seats and action ids, nothing else", () => {
    expect(recordBody(file("7"))).toEqual({
      game: "dungeon",
      options: { players: "2", tiles: "standard" },
      seed: "7",
      seats: [
        { name: "Rex", agent: "random" },
        { name: "Ann", agent: "human" },
      ],
      actions: [4, 3015],
    });
  });
  it("sends a seed past 2^53 as the digits written in the file", () => {
    expect(recordBody(file("18446744073709551557")).seed).toBe("18446744073709551557");
    expect(recordBody(file("9007199254740993")).seed).toBe("9007199254740993");
  });
  it("refuses what is not a turf record", () => {
    expect(() => recordBody("not json")).toThrow(/not JSON/);
    expect(() => recordBody('{"game": "dungeon"}')).toThrow(/not a turf record/);
    expect(() => recordBody(file("7").replace('"seats"', '"chairs"'))).toThrow(/incomplete/);
  });
});
