import { describe, expect, it } from "vitest";
import { initialState, mergeLog, myTurn, parseFrame, rankingWords, reduce, renderText, type StateFrame, type Step } from "../../src/protocol";

const step = (move: number, seat: number, text: string): Step => ({ move, seat, lines: [{ kind: "action", seats: [seat], data: {}, text }] });

function stateFrame(p: Partial<StateFrame>): StateFrame {
  return { type: "state", move: 0, view: {}, to_move: 0, legal: [], undoable: 0, over: false, result: null, log: [], ...p };
}

describe("parseFrame", () => {
  it("accepts the four server frame types", () => {
    for (const t of ["welcome", "state", "error", "pong"]) expect(parseFrame(JSON.stringify({ type: t }))?.type).toBe(t);
  });
  it("refuses non-JSON, arrays, unknown types", () => {
    expect(parseFrame("{")).toBeNull();
    expect(parseFrame("[1]")).toBeNull();
    expect(parseFrame("null")).toBeNull();
    expect(parseFrame('{"type":"act"}')).toBeNull();
  });
});

describe("reduce", () => {
  const welcome = {
    type: "welcome" as const,
    table: "ab",
    game: "dungeon",
    seat: 1,
    seats: [
      { seat: 0, name: "Ann", kind: "human" as const },
      { seat: 1, name: "Bob", kind: "bot" as const },
    ],
    options: { tiles: "standard" },
  };

  it("welcome resets the picture and records the seat", () => {
    const s = reduce({ ...initialState(), log: [step(0, 0, "x")], move: 5 }, welcome);
    expect(s.seat).toBe(1);
    expect(s.game).toBe("dungeon");
    expect(s.log).toEqual([]);
    expect(s.move).toBe(0);
  });

  it("state frames append their log and replace the view", () => {
    let s = reduce(initialState(), welcome);
    s = reduce(s, stateFrame({ move: 1, log: [step(0, 0, "{P1}: tile T")], to_move: 1, legal: [{ id: 3, label: "tile T", json: {} }] }));
    s = reduce(s, stateFrame({ move: 2, log: [step(1, 1, "{P2}: at 0,1")], to_move: 0 }));
    expect(s.log.map((x) => x.move)).toEqual([0, 1]);
    expect(s.move).toBe(2);
    expect(s.toMove).toBe(0);
    expect(s.legal).toEqual([]);
  });

  it("a turn-based table's pace, deadline and stand-ins follow the frames", () => {
    let s = reduce(initialState(), { ...welcome, pace: { pace: "turn", turn_seconds: 3600, on_timeout: "bot", timeout_bot: "easy" } });
    expect(s.pace.pace).toBe("turn");
    s = reduce(s, stateFrame({ move: 1, to_move: 0, deadline: 2000003600, deadline_in: 3600, stand_ins: { "1": "easy" } }));
    expect(s.deadline).toBe(2000003600);
    expect(s.deadlineIn).toBe(3600);
    expect(s.clocks).toBeNull();
    expect(reduce(s, stateFrame({ move: 1, to_move: 0, deadline: 2000000060, deadline_in: 60, clocks: [60, 45] })).clocks).toEqual([60, 45]);
    expect(s.standIns).toEqual({ "1": "easy" });
    s = reduce(s, stateFrame({ move: 2, to_move: 1, deadline: null, deadline_in: null, stand_ins: {} }));
    expect(s.deadline).toBeNull();
    expect(s.deadlineIn).toBeNull();
    expect(s.standIns).toEqual({});
    expect(reduce(initialState(), welcome).pace).toEqual({ pace: "live" });
  });

  it("an undo drops the steps past the new move and re-narrated moves replace old ones", () => {
    let s = reduce(initialState(), welcome);
    s = reduce(s, stateFrame({ move: 3, log: [step(0, 0, "a"), step(1, 0, "b"), step(2, 0, "c")] }));
    s = reduce(s, stateFrame({ move: 1, log: [] }));
    expect(s.log.map((x) => x.move)).toEqual([0]);
    s = reduce(s, stateFrame({ move: 2, log: [step(1, 0, "b2")] }));
    expect(s.log.map((x) => x.lines[0].text)).toEqual(["a", "b2"]);
  });

  it("an error frame is kept and the next state clears it", () => {
    let s = reduce(initialState(), { type: "error", code: "stale", message: "m" });
    expect(s.error?.code).toBe("stale");
    s = reduce(s, stateFrame({ move: 1 }));
    expect(s.error).toBeNull();
  });

  it("myTurn only for the seat to move with legal actions and not over", () => {
    let s = reduce(initialState(), welcome);
    s = reduce(s, stateFrame({ to_move: 1, legal: [{ id: 1, label: "x", json: {} }] }));
    expect(myTurn(s)).toBe(true);
    expect(myTurn({ ...s, over: true })).toBe(false);
    expect(myTurn({ ...s, seat: null })).toBe(false);
    expect(myTurn({ ...s, toMove: 0 })).toBe(false);
  });
});

describe("mergeLog", () => {
  it("keeps one step per move in order", () => {
    const l = mergeLog([step(0, 0, "a"), step(1, 1, "b")], [step(1, 1, "B"), step(2, 0, "c")]);
    expect(l.map((x) => x.lines[0].text)).toEqual(["a", "B", "c"]);
  });
});

describe("renderText", () => {
  it("replaces placeholders by names and falls back to Player N", () => {
    expect(renderText("{P1} beats {P2}; {P3} watches", ["Ann", "Bob"])).toBe("Ann beats Bob; Player 3 watches");
    expect(renderText("{P12} and {P1}{P1}", ["Ann"])).toBe("Player 12 and AnnAnn");
  });
});

describe("rankingWords", () => {
  it("names the winner and the others in words", () => {
    expect(rankingWords({ scores: [9, 14], ranking: [1, 0] }, ["Ann", "Bob"])).toEqual(["Bob wins with 14 points.", "Ann is second with 9 points."]);
  });
  it("says draw when first place is shared", () => {
    expect(rankingWords({ scores: [1, 1], ranking: [0, 0] }, ["Ann", "Bob"])).toEqual(["Draw: Ann and Bob share first place with 1 point."]);
  });
  it("builds the sentence around the game's own words", () => {
    const r = { scores: [3, 5, 9], ranking: [0, 2, 1], words: ["the secret win card Fortress (3 DP)", "5 DP (eliminated)", "9 DP"] };
    expect(rankingWords(r, ["Ann", "Bob", "Cy"])).toEqual(["Ann wins with the secret win card Fortress (3 DP).", "Cy is second with 9 DP.", "Bob is third with 5 DP (eliminated)."]);
    expect(rankingWords({ scores: [12, 3], ranking: [0, 1], words: ["12 DP", "3 DP"] }, ["Ann", "Bob"])[0]).toBe("Ann wins with 12 DP.");
  });
  it("tells each winner's way when seats win together in different ways (Turf Wars T13.4)", () => {
    const r = { scores: [12, 41, 38], ranking: [2, 0, 0], words: ["12 DP", "the most DP (41 DP)", "the secret win card Undefeated (38 DP)"] };
    expect(rankingWords(r, ["Ann", "Bob", "Cy"])).toEqual([
      "Bob wins with the most DP (41 DP).",
      "Cy also wins, with the secret win card Undefeated (38 DP).",
      "Ann is third with 12 DP.",
    ]);
  });
  it("says draw only when the winners are level on the score", () => {
    const r = { scores: [7, 7], ranking: [0, 0], words: ["the most DP (7 DP)", "the most DP (7 DP)"] };
    expect(rankingWords(r, ["Ann", "Bob"])).toEqual(["Draw: Ann and Bob share first place with the most DP (7 DP)."]);
    expect(rankingWords({ scores: [7, 5], ranking: [0, 0] }, ["Ann", "Bob"])).toEqual(["Ann wins with 7 points.", "Bob also wins, with 5 points."]);
  });
  it("says draw when the winners are level on the score, each in their own words (dungeon D7, Turf Wars T13.4)", () => {
    const d = { scores: [12, 12], ranking: [0, 0], words: ["12 points: Turtleman on b3", "12 points: Crane Wife on c4"] };
    expect(rankingWords(d, ["Ann", "Bea"])).toEqual(["Draw: Ann and Bea share first place: Ann with 12 points: Turtleman on b3; Bea with 12 points: Crane Wife on c4."]);
    const t = { scores: [38, 38], ranking: [0, 0], words: ["the most DP (38 DP)", "the secret win card Undefeated (38 DP)"] };
    expect(rankingWords(t, ["Ann", "Bob"])[0]).toMatch(/^Draw: Ann and Bob share first place: Ann with the most DP \(38 DP\); Bob with the secret win card Undefeated/);
  });
});

describe("the rematch frame (issue 30)", () => {
  it("names a table id and nothing else; a welcome forgets it until the server tells it again", async () => {
    const id = "0123456789abcdef0123456789abcdef";
    expect(parseFrame(JSON.stringify({ type: "rematch", table: id, token: "ff" }))).toEqual({ type: "rematch", table: id });
    expect(parseFrame(JSON.stringify({ type: "rematch", table: "<b>" }))).toBeNull();
    expect(parseFrame(JSON.stringify({ type: "rematch" }))).toBeNull();
    const told = reduce(initialState(), { type: "rematch", table: id });
    expect(told.rematch).toBe(id);
    expect(reduce(told, { type: "welcome", table: "a", game: "dungeon", seat: 0, seats: [], options: {} }).rematch).toBeNull();
  });
});
