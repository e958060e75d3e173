import { describe, expect, it } from "vitest";
import { absenceWords, agoWords, checkName, clockWords, defaultName, hasClock, keptName, paceWords, seatNames, seatTags, timeLeftWords } from "../../src/names";
import seatNameCases from "../../../tests/fixtures/seat_names.json";
import { MAX_SEATS, seatMark, shapePath } from "../../src/seats";

describe("seat marks", () => {
  it("six seats, each with its own colour, shape and number", () => {
    const marks = Array.from({ length: MAX_SEATS }, (_, i) => seatMark(i));
    expect(MAX_SEATS).toBe(6);
    expect(new Set(marks.map((m) => m.colour)).size).toBe(6);
    expect(new Set(marks.map((m) => m.shape)).size).toBe(6);
    expect(marks.map((m) => m.letter)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(marks.map((m) => m.cls)).toEqual(["seat-0", "seat-1", "seat-2", "seat-3", "seat-4", "seat-5"]);
  });
  it("the number on a mark is readable on its colour (WCAG contrast at least 4.5:1)", () => {
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    for (let i = 0; i < MAX_SEATS; i++) {
      const m = seatMark(i);
      const [a, b] = [lum(m.colour), lum(m.ink)].sort((x, y) => y - x);
      expect((a + 0.05) / (b + 0.05), `seat ${i}`).toBeGreaterThanOrEqual(4.5);
    }
  });
  it("every shape is a closed path of finite numbers", () => {
    for (let i = 0; i < MAX_SEATS; i++) {
      const d = shapePath(seatMark(i).shape, 10);
      expect(d.startsWith("M")).toBe(true);
      expect(d.endsWith("Z")).toBe(true);
      for (const n of d.match(/-?[\d.]+/g) ?? []) expect(Number.isFinite(Number(n))).toBe(true);
    }
  });
});

describe("names", () => {
  it("seatNames defaults empty names and fills holes", () => {
    expect(seatNames([{ seat: 1, name: "" }, { seat: 0, name: "Ann" }])).toEqual(["Ann", "Player 2"]);
    expect(seatNames([{ seat: 2, name: "Cy" }])).toEqual(["Player 1", "Player 2", "Cy"]);
  });
  it("drops invisible and direction-changing characters", () => {
    expect(defaultName(0, "A\u202Enn\u200B")).toBe("Ann");
    expect(defaultName(3, "\u2066\u200D ")).toBe("Player 4");
    expect(defaultName(0, "  Ann   Lee ")).toBe("Ann Lee");
  });
  it("tags say you, bot and away beside the name", () => {
    expect(seatTags({ seat: 0, kind: "human", connected: true }, 0)).toEqual(["you"]);
    expect(seatTags({ seat: 1, kind: "bot" }, 0)).toEqual(["bot"]);
    expect(seatTags({ seat: 1, kind: "human", connected: false }, 0)).toEqual(["away"]);
    expect(seatTags({ seat: 1, kind: "human" }, null)).toEqual([]);
  });
});

describe("checkName (the server's rule: table::seat_name in src/table/seats.cpp)", () => {
  it("agrees with the server on every shared case (tests/fixtures/seat_names.json)", () => {
    const cases: { name: string; seat: number; kept?: string; refused?: string }[] = seatNameCases.cases;
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const c of cases) {
      if (c.kept !== undefined) {
        expect(checkName(c.name, c.seat), c.name).toBeNull();
        expect(keptName(c.name), c.name).toBe(c.kept);
      } else {
        expect(checkName(c.name, c.seat), c.name).toContain(c.refused);
      }
    }
  });
  it("accepts plain names in any script", () => {
    for (const n of ["Ann", "Zoë", "李雷", "Ann-Marie O'Neil", "Player 2"]) expect(checkName(n, 1), n).toBeNull();
  });
  it("refuses names that pass for a tag, another seat or hide characters", () => {
    expect(checkName("Player 2 (bot)", 0)).toMatch(/brackets/);
    expect(checkName("Ann (you)", 0)).toMatch(/brackets/);
    expect(checkName("{P2}", 0)).toMatch(/brackets/);
    expect(checkName("Player 2", 0)).toMatch(/another seat/);
    expect(checkName("Ann\u202Enoom", 0)).toMatch(/invisible/);
    expect(checkName("A\u200Bnn", 0)).toMatch(/invisible/);
    expect(checkName("x".repeat(25), 0)).toMatch(/24/);
  });
});

describe("a seat nobody sits at", () => {
  it("says how long ago its person left", () => {
    expect(agoWords(20)).toBe("less than a minute ago");
    expect(agoWords(185)).toBe("3 min ago");
    expect(agoWords(3 * 3600 + 60)).toBe("3 h ago");
    expect(agoWords(5 * 86400)).toBe("5 days ago");
  });
  it("says what is happening and how the game goes on", () => {
    expect(absenceWords("Bea", 185)).toBe("Bea left the table 3 min ago; the game waits until they open their link again (only that link plays the seat).");
    expect(absenceWords("Bea", null)).toMatch(/^Bea is not at the table; the game waits until/);
  });
});

describe("turn-based tables in words", () => {
  const turn = { pace: "turn" as const, turn_seconds: 86400, on_timeout: "move" as const, timeout_bot: "normal" };
  it("the time left to the seat to move", () => {
    expect(timeLeftWords(23 * 3600 + 59)).toBe("23 h left");
    expect(timeLeftWords(30)).toBe("less than a minute left");
    expect(timeLeftWords(0)).toBe("time is up");
  });
  it("a live table's clock: its face, rounded up to whole seconds, and its pace", () => {
    expect(clockWords(45)).toBe("0:45");
    expect(clockWords(44.2)).toBe("0:45");
    expect(clockWords(0.01)).toBe("0:01");
    expect(clockWords(0)).toBe("0:00");
    expect(clockWords(-3)).toBe("0:00");
    expect(clockWords(725)).toBe("12:05");
    expect(clockWords(3600)).toBe("1:00:00");
    const clock = { pace: "live" as const, clock: "move" as const, move_seconds: 60, on_timeout: "move" as const, timeout_bot: "easy" };
    expect(hasClock(clock)).toBe(true);
    expect(hasClock({ pace: "live" })).toBe(false);
    expect(hasClock(turn)).toBe(false);
    expect(paceWords(clock)).toBe("live, 1 min a turn");
    expect(paceWords({ ...clock, move_seconds: 30 })).toBe("live, 30 s a turn");
    const fischer = { pace: "live" as const, clock: "fischer" as const, budget_seconds: 600, increment_seconds: 5 };
    expect(hasClock(fischer)).toBe(true);
    expect(paceWords(fischer)).toBe("live, 10 min + 5 s a turn");
    expect(paceWords({ ...fischer, budget_seconds: 90, increment_seconds: 0 })).toBe("live, 90 s + 0 s a turn");
    expect(absenceWords("Bea", null, clock, 20)).toBe("Bea is not at the table; the game waits for them for less than a minute more, then the easy bot makes that turn for them.");
  });
  it("the pace", () => {
    expect(paceWords({ pace: "live" })).toBe("");
    expect(paceWords(turn)).toBe("turn-based, 1 day a turn");
    expect(paceWords({ ...turn, turn_seconds: 3 * 86400 })).toBe("turn-based, 3 days a turn");
    expect(paceWords({ ...turn, turn_seconds: 4 * 3600 })).toBe("turn-based, 4 h a turn");
  });
  it("an absent player: until when the game waits, and what the table's rule does then", () => {
    expect(absenceWords("Bea", 185, turn, 7200)).toBe("Bea left the table 3 min ago; the game waits for them for 2 h more, then the normal bot makes that turn for them.");
    expect(absenceWords("Bea", null, { ...turn, on_timeout: "bot", timeout_bot: "easy" }, 0)).toBe(
      "Bea is not at the table; the game waits for them no longer, then the easy bot plays for them until they open their link again.",
    );
    expect(absenceWords("Bea", 185, { pace: "live" }, null)).toMatch(/waits until they open their link again/);
  });
  it("a seat a bot plays until its player is back is tagged so, never as away", () => {
    expect(seatTags({ seat: 1, kind: "human", connected: false }, 0, true)).toEqual(["stand-in"]);
    expect(seatTags({ seat: 1, kind: "human", connected: false }, 0)).toEqual(["away"]);
  });
});
