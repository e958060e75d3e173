import { describe, expect, it } from "vitest";
import type { LobbyTable } from "../../src/api";
import { MAX_HELD, myTables, parseHeld, turnWords, withSeat, withoutTable, type HeldSeat } from "../../src/mytables";

const T1 = "a".repeat(32);
const T2 = "b".repeat(32);
const T3 = "c".repeat(32);
const seat = (table: string, s: number, at: number, game = "dungeon"): HeldSeat => ({ table, token: `${s}f`.repeat(16), seat: s, game, at });
const entry = (id: string, status: LobbyTable["status"], to_move: number | null | undefined): LobbyTable => ({
  id,
  game: "dungeon",
  options: {},
  status,
  seats: [
    { seat: 0, name: "Ann", kind: "human", connected: true },
    { seat: 1, name: "Rex", kind: "bot", connected: true },
  ],
  moves: 3,
  to_move,
  created: "",
});

describe("my tables (issue 30)", () => {
  it("the stored list survives junk: bad entries, repeats and non-lists are dropped, newest first", () => {
    expect(parseHeld(null)).toEqual([]);
    expect(parseHeld("{")).toEqual([]);
    expect(parseHeld('{"table":1}')).toEqual([]);
    const good = seat(T1, 0, 5);
    const raw = JSON.stringify([
      seat(T2, 1, 1),
      good,
      { ...good, at: 9 }, // the same table and seat again: the first kept
      { ...good, seat: -1 },
      { ...good, token: "not hex" },
      { ...good, table: "<img>" },
      { ...good, game: "../x" },
      { ...good, at: "now" },
      null,
      7,
    ]);
    expect(parseHeld(raw)).toEqual([good, seat(T2, 1, 1)]);
    // extra fields are not kept
    expect(parseHeld(JSON.stringify([{ ...good, secret: "x" }]))).toEqual([good]);
  });

  it("opening a seat's link again brings it to the front; the list is bounded", () => {
    let list: HeldSeat[] = [];
    for (let i = 0; i < MAX_HELD + 5; i++) list = withSeat(list, seat(i.toString(16).padStart(32, "0"), 0, i));
    expect(list.length).toBe(MAX_HELD);
    expect(list[0].at).toBe(MAX_HELD + 4);
    const again = withSeat(list, { ...list[10], at: 1000 });
    expect(again.length).toBe(MAX_HELD);
    expect(again[0]).toEqual({ ...list[10], at: 1000 });
    expect(withoutTable(again, again[0].table).some((s) => s.table === again[0].table)).toBe(false);
  });

  it("your turn first, then tables under way, not heard of, finished, gone; newest first within", () => {
    const held = [seat(T1, 1, 10), seat(T2, 0, 20), seat(T3, 0, 30), seat("d".repeat(32), 0, 40), seat("e".repeat(32), 0, 50)];
    const entries = new Map<string, LobbyTable | "gone">([
      [T1, entry(T1, "playing", 1)], // seat 1 is held and to move: your turn
      [T2, entry(T2, "playing", 1)], // Rex to move
      [T3, entry(T3, "over", null)],
      ["e".repeat(32), "gone"],
    ]);
    const mine = myTables(held, entries);
    expect(mine.map((t) => t.table)).toEqual([T1, T2, "d".repeat(32), T3, "e".repeat(32)]);
    expect(mine.map(turnWords)).toEqual(["your turn", "Rex to move", "", "finished", "no longer on the server"]);
    expect(mine.map((t) => t.yourTurn)).toEqual([true, false, false, false, false]);
  });

  it("two seats held at one table (a hot seat, or both links opened here) make one line", () => {
    const mine = myTables([seat(T1, 1, 10), seat(T1, 0, 20)], new Map([[T1, entry(T1, "playing", 0)]]));
    expect(mine.length).toBe(1);
    expect(mine[0].seats.map((s) => s.seat)).toEqual([0, 1]);
    expect(mine[0].yourTurn).toBe(true);
  });

  it("a table whose turn the server did not say is not 'your turn'", () => {
    const mine = myTables([seat(T1, 0, 10)], new Map([[T1, entry(T1, "playing", undefined)]]));
    expect(mine[0].yourTurn).toBe(false);
    expect(turnWords(mine[0])).toBe("under way");
  });
});

describe("links", () => {
  it("a seat, a spectator and a hot seat link are told apart; anything else is the lobby", async () => {
    const { parseRoute } = await import("../../src/api");
    expect(parseRoute(`#/table/${T1}`)).toEqual({ page: "table", table: T1, token: null });
    expect(parseRoute(`#/table/${T1}/seat/ABC`)).toEqual({ page: "table", table: T1, token: "abc" });
    expect(parseRoute(`#/hotseat/${T1.toUpperCase()}`)).toEqual({ page: "hotseat", table: T1 });
    expect(parseRoute(`#/hotseat/${T1}/seat/abc`)).toEqual({ page: "lobby" });
    expect(parseRoute("#/hotseat/<b>")).toEqual({ page: "lobby" });
    expect(parseRoute(`#/replay/${T1}`)).toEqual({ page: "replay", table: T1, at: null, view: null });
    expect(parseRoute(`#/replay/${T1}?at=17`)).toEqual({ page: "replay", table: T1, at: 17, view: null });
    expect(parseRoute(`#/replay/${T1}?view=1&at=17`)).toEqual({ page: "replay", table: T1, at: 17, view: 1 });
    expect(parseRoute(`#/replay/${T1}?at=1&at=2`)).toEqual({ page: "lobby" });
    expect(parseRoute(`#/replay/${T1}?view=all&at=3`)).toEqual({ page: "replay", table: T1, at: 3, view: "all" });
    expect(parseRoute(`#/replay/${T1}?at=all`)).toEqual({ page: "lobby" });
    expect(parseRoute(`#/replay/${T1}?seed=1`)).toEqual({ page: "lobby" });
    expect(parseRoute(`#/replay/${T1}?at=-1`)).toEqual({ page: "lobby" });
    expect(parseRoute("")).toEqual({ page: "lobby" });
  });
});
