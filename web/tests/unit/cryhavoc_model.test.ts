import { describe, expect, it } from "vitest";
import {
  EVENT_SPOTS,
  MAPS,
  cardList,
  cardUse,
  crystalsHeld,
  groupActions,
  isCryHavocView,
  lastBattle,
  mapById,
  mapRows,
  regionName,
  regionsHeld,
  seatOf,
  tacticsNow,
  vpBySource,
  wrapLetters,
  type CHView,
} from "../../src/games/cryhavoc/model";

describe("C1.1 the maps, from the data the engine embeds", () => {
  it("both sides, every region on its own cell", () => {
    expect(MAPS.map((m) => m.id)).toEqual(["two_player", "three_four"]);
    for (const m of MAPS) {
      const cells = new Set(m.regions.map((r) => r.cell.join(",")));
      expect(cells.size).toBe(m.regions.length);
      for (const [a, b] of [...m.links, ...m.wrap_links]) {
        expect(m.regions.some((r) => r.id === a)).toBe(true);
        expect(m.regions.some((r) => r.id === b)).toBe(true);
      }
    }
  });
  it("the Warrens lies on a fourth row below the 3-row map", () => {
    const m = mapById("three_four")!;
    expect(m.rows).toBe(3);
    expect(mapRows(m)).toBe(4);
    expect(mapRows(mapById("two_player")!)).toBe(4);
  });
  it("C6.13 a wrap-around link carries the same letter at both ends", () => {
    const w = wrapLetters(mapById("three_four")!);
    expect(w.get("dune_pass")).toEqual(["a"]);
    expect(w.get("red_landing")).toEqual(["a"]);
    expect(w.get("rot_thicket")).toEqual(["c"]);
    expect(w.has("shard_peak")).toBe(false);
  });
  it("the score track's event spaces", () => {
    expect(EVENT_SPOTS).toEqual([6, 16, 26, 36]);
  });
  it("names regions from the map", () => {
    expect(regionName(mapById("two_player"), "glass_waste")).toBe("Glass Waste");
    expect(regionName(undefined, "glass_waste")).toBe("Glass Waste");
  });
});

const view = {
  map: "three_four",
  regions: [
    { id: "red_landing", crystals: 0, control: "pilgrims", hq: "pilgrims", units: { pilgrims: 2 } },
    { id: "ashfall_pass", crystals: 2, control: "machines" },
    { id: "shard_peak", crystals: 2, control: "humans", units: { humans: 1, machines: 2 } },
    { id: "feralas_banks", crystals: 4, trog_token: "nest" },
  ],
  seats: [
    { faction: "humans", vp: 7 },
    { faction: "machines", vp: 11 },
  ],
} as unknown as CHView;

describe("the view", () => {
  it("finds who plays a faction; the Trogs may be nobody's", () => {
    expect(seatOf(view, "machines")).toBe(1);
    expect(seatOf(view, "trogs")).toBeNull();
    expect(isCryHavocView(view)).toBe(true);
    expect(isCryHavocView({ turfs: [] })).toBe(false);
  });
  it("C10.2 crystals and regions a faction holds", () => {
    expect(crystalsHeld(view, "machines")).toBe(2);
    expect(crystalsHeld(view, "humans")).toBe(2);
    expect(regionsHeld(view, "pilgrims")).toBe(1);
  });
  it("reads card lists in both forms", () => {
    expect(cardList(["a", "b"])).toEqual(["a", "b"]);
    expect(cardList({ a: 2 })).toEqual(["a", "a"]);
    expect(cardList(undefined)).toEqual([]);
  });
});

describe("actions as clicks (docs/rules/cryhavoc.md, Actions)", () => {
  it("files every kind; a move is a click on a region, then on where the unit goes", () => {
    const c = groupActions([
      { id: 0, label: "Move", json: { type: "move", step: "turn_start" } },
      { id: 3, label: "Draw 2: own deck", json: { type: "draw_own", step: "turn_start" } },
      { id: 10, label: "end turn", json: { type: "end_turn", step: "turn_end" } },
      { id: 25, label: "skill Harvest", json: { type: "skill", skill: "harvest", step: "turn_start" } },
      { id: 105, label: "discard Forced March (+2)", json: { type: "card", card: "forced_march", step: "move" } },
      { id: 207, label: "retreat to Fernreach", json: { type: "region", region: "fernreach", step: "retreat" } },
      { id: 300 + 1 * 24 + 5, label: "A -> B", json: { type: "step", from: "ashfall_pass", to: "shard_peak", step: "move" } },
      { id: 300 + 1 * 24 + 2, label: "A -> C", json: { type: "step", from: "ashfall_pass", to: "blue_landing", step: "move" } },
      { id: 241, label: "reinforce Capture Prisoners", json: { type: "objective", objective: "Capture Prisoners", step: "effect" } },
      { id: 252, label: "2 on Region Control", json: { type: "number", n: 2, step: "place" } },
      { id: 250, label: "0 on Region Control", json: { type: "number", n: 0, step: "place" } },
      { id: 1000, label: "build Airfield", json: { type: "structure", structure: "airfield", step: "build" } },
      { id: 1100, label: "activate Airfield at Sunscar", json: { type: "built_structure", structure: "airfield", region: "sunscar", step: "build" } },
      { id: 1600, label: "kill a Humans unit at Sunscar", json: { type: "unit", region: "sunscar", faction: "humans", step: "kill" } },
      { id: 1900, label: "buy back from the Trogs", json: { type: "buy_back", captor: "trogs", step: "buy_back" } },
    ]);
    expect(c.actions.map((p) => p.id)).toEqual([0, 3]);
    expect(c.buttons.map((p) => p.id)).toEqual([10]);
    expect(c.skills.map((p) => p.id)).toEqual([25]);
    expect(c.cards.get("forced_march")?.map((p) => p.id)).toEqual([105]);
    expect(c.regions.get("fernreach")?.id).toBe(207);
    expect([...(c.steps.get("ashfall_pass")?.keys() ?? [])]).toEqual(["shard_peak", "blue_landing"]);
    expect(c.objectives.map((p) => p.id)).toEqual([241]);
    expect(c.numbers.map((k) => k.n)).toEqual([0, 2]);
    expect(c.structures.map((p) => p.id)).toEqual([1000]);
    expect(c.built.get("sunscar")?.map((p) => p.id)).toEqual([1100]);
    expect(c.units.get("sunscar")?.map((p) => p.id)).toEqual([1600]);
    expect(c.other.map((p) => p.id)).toEqual([1900]);
    expect(c.step).toBe("buy_back");
  });
});

describe("C8 what the log tells", () => {
  const log = [
    { move: 10, seat: 0, lines: [{ kind: "scoring", seats: [0], text: "", data: { vp: 7 } }] },
    { move: 11, seat: 1, lines: [{ kind: "action", seats: [1], text: "{P2} plays the tactics card Rockslide.", data: { label: "play Rockslide" } }] },
    {
      move: 12,
      seat: 1,
      lines: [
        { kind: "battle", seats: [0, 1], text: "Battle at Shard Peak: …", data: { region: "shard_peak", objectives: [] } },
        { kind: "prisoners", seats: [1], text: "", data: { vp: 2 } },
      ],
    },
    { move: 13, seat: 0, lines: [{ kind: "action", seats: [0], text: "{P1} places 2 units on Region Control.", data: { label: "2 on Region Control" } }] },
    { move: 14, seat: 0, lines: [{ kind: "action", seats: [0], text: "{P1} plays the tactics card Ambush.", data: { label: "play Ambush" } }] },
  ];
  it("the latest battle", () => {
    expect(lastBattle(log)?.region).toBe("shard_peak");
    expect(lastBattle([])).toBeNull();
  });
  it("the tactics cards of the battle in progress only", () => {
    expect(tacticsNow(log)).toEqual(["{P1} plays the tactics card Ambush."]);
  });
  it("VP by the kind of line that scored them", () => {
    const v = vpBySource(log, 2);
    expect(v[0].get("scoring")).toBe(7);
    expect(v[1].get("prisoners")).toBe(2);
  });
});

describe("C6 a card's button says what using it does", () => {
  it("a discard for points names its points; one worth nothing says so", () => {
    expect(cardUse("discard Wanderers (+2)", "Wanderers", "move")).toEqual({ text: "Discard: +2 move points", wasted: false });
    expect(cardUse("discard Wanderers (+1)", "Wanderers", "recruit")).toEqual({ text: "Discard: +1 recruit point", wasted: false });
    expect(cardUse("discard Shrine Builders (+0)", "Shrine Builders", "move")).toEqual({ text: "Discard for nothing (0 move points)", wasted: true });
    expect(cardUse("play Mirage Walk", "Mirage Walk", "tactics")).toEqual({ text: "Play", wasted: false });
    expect(cardUse("keep Harvest", "Harvest", "keep")).toEqual({ text: "Keep", wasted: false });
  });
});
