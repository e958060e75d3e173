import { describe, expect, it } from "vitest";
import { logEntries } from "../../src/log";
import type { NarrationLine, Step } from "../../src/protocol";
import { connWords, logKey, resultsUnsaid } from "../../src/table";

const said = (seat: number, text: string): NarrationLine => ({ kind: "said", seats: [seat], data: {}, text });

describe("the table shell's words", () => {
  it("says the connection, and 'watching' for a spectator", () => {
    expect(connWords("open", { table: "t1", seat: 0 })).toBe("connected");
    expect(connWords("open", { table: "t1", seat: null })).toBe("watching");
    expect(connWords("open", { table: null, seat: null })).toBe("connected");
    expect(connWords("connecting", { table: null, seat: null })).toBe("connecting…");
    expect(connWords("closed", { table: "t1", seat: 0 })).toBe("reconnecting…");
    expect(connWords("failed", { table: null, seat: null })).toBe("no table");
  });
  it("lists the results in a table only where the ranking lines leave one unsaid", () => {
    const seats = [{ seat: 0 }, { seat: 1 }];
    const result = { scores: [5, 3], ranking: [0, 1], words: ["5 points.", "3 points."] };
    expect(resultsUnsaid(["Ann wins with 5 points.", "Bea: 3 points."], result, seats)).toBe(false);
    expect(resultsUnsaid(["Ann wins with 5 points."], result, seats)).toBe(true);
  });
  it("keys the log by names, moves and lines, so that it is drawn again when one changes", () => {
    const steps: Step[] = [{ move: 0, seat: 0, lines: [said(0, "{P1} starts.")] }];
    const key = logKey(steps, logEntries(steps), ["Ann", "Bea"]);
    expect(logKey(steps, logEntries(steps), ["Ann", "Bea"])).toBe(key);
    expect(logKey(steps, logEntries(steps), ["Ann", "Cy"])).not.toBe(key);
    const more: Step[] = [...steps, { move: 1, seat: 1, lines: [said(1, "{P2} goes.")] }];
    expect(logKey(more, logEntries(more), ["Ann", "Bea"])).not.toBe(key);
  });
});
