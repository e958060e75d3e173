import { describe, expect, it } from "vitest";
import { faviconHref, newTurns } from "../../src/attention";
import { agoWords, durationWords } from "../../src/names";

describe("being told it is your turn (issue 30)", () => {
  it("the tab's icon has a mark exactly when a table waits for you", () => {
    expect(faviconHref(true)).not.toBe(faviconHref(false));
    expect(decodeURIComponent(faviconHref(true))).toContain("<circle");
    expect(decodeURIComponent(faviconHref(false))).not.toContain("<circle");
    expect(faviconHref(false).startsWith("data:image/svg+xml,")).toBe(true);
  });
  it("only turns that became yours since the last look are notified; the first look notifies none", () => {
    expect(newTurns(null, new Set(["a", "b"]))).toEqual([]);
    expect(newTurns(new Set(["a"]), new Set(["a", "b"]))).toEqual(["b"]);
    expect(newTurns(new Set(["a", "b"]), new Set(["b"]))).toEqual([]);
    // a turn that went and came back is a new turn
    expect(newTurns(new Set([]), new Set(["a"]))).toEqual(["a"]);
  });
  it("how long: minutes, hours up to two days, then days", () => {
    expect(durationWords(59)).toBe("less than a minute");
    expect(durationWords(60)).toBe("1 min");
    expect(durationWords(3599)).toBe("59 min");
    expect(durationWords(3600)).toBe("1 h");
    expect(durationWords(47 * 3600 + 3599)).toBe("47 h");
    expect(durationWords(48 * 3600)).toBe("2 days");
    expect(agoWords(120)).toBe("2 min ago");
  });
});
