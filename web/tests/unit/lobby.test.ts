import { describe, expect, it } from "vitest";
import { helpParts, offeredOption, readable, seatKinds } from "../../src/lobby";

describe("the lobby's words", () => {
  it("option names and unlabelled choices read as words: no '_' and no '-' between words", () => {
    expect(readable("mind_control")).toBe("Mind control");
    expect(readable("after-round-5")).toBe("After round 5");
    expect(readable("not-into-battles")).toBe("Not into battles");
  });
  it("a long help shows its first sentence, the rest behind 'more'", () => {
    const help =
      "What winning a Turf War costs the winner. Simple, the rulebook's recommendation: a third of the losers' committed troops, at least one. Winner takes all: nothing.";
    expect(helpParts(help)).toEqual({
      first: "What winning a Turf War costs the winner.",
      more: "Simple, the rulebook's recommendation: a third of the losers' committed troops, at least one. Winner takes all: nothing.",
    });
    expect(helpParts("Number of players.")).toEqual({ first: "Number of players.", more: "" });
    // no sentence end early enough: shown whole
    expect(helpParts("x".repeat(200)).more).toBe("");
  });
  it("a seat may be a person, a bot level, or one of the operator's programs, by name only", () => {
    expect(seatKinds({}).map(([v]) => v)).toEqual(["human", "bot:easy", "bot:normal", "bot:hard"]);
    expect(seatKinds({ programs: [{ name: "mc", bot: "ext:mc" }] })[4]).toEqual(["bot:ext:mc", "mc", "Programs"]);
  });
  it("a variant option is offered only where the server offers variants beyond the game's own", () => {
    const variant = { name: "variant", type: "variant" as const, default: "base" };
    expect(offeredOption(variant)).toBe(false);
    expect(offeredOption({ ...variant, choices: ["base"], labels: ["The game's own"] })).toBe(false);
    expect(offeredOption({ ...variant, choices: ["base", "lure-3"], labels: ["The game's own", "lure-3"] })).toBe(true);
    expect(offeredOption({ name: "players", type: "integer", default: 2 })).toBe(false);
    expect(offeredOption({ name: "tiles", type: "choice", default: "a", choices: ["a", "b"] })).toBe(true);
  });
});
