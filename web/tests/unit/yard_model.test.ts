import { describe, expect, it } from "vitest";
import {
  TurnMemory,
  cardFacts,
  cardName,
  catalogue,
  changedPiles,
  depthOf,
  fullYard,
  groupActions,
  isYardView,
  pileCardKey,
  pileKey,
  pointsLines,
  snapshot,
  type YView,
} from "../../src/games/yard/model";

// A view as the engine writes it (src/games/yard/game.cpp; docs/rules/yard.md).
function view(over: Partial<YView> = {}): YView {
  return {
    decision: "Home: play a card, sway a Neighbor, or be done.",
    deck_bottom: [],
    deck_count: 49,
    edition: 2,
    end_reason: "none",
    first_player: 1,
    gathered_pests: [],
    neighbors: ["joyce", "rosa"],
    neighbors_set_aside: 1,
    out_of_game: [],
    phase: "actions",
    resolving: [],
    round: 6,
    seats: [
      {
        money: 9,
        side: "home",
        hand: ["rake", "sunflower"],
        hand_count: 2,
        garage: [],
        garage_count: 0,
        score: 6,
        sway: ["rosa"],
        yard: [{ pile: "c2", grass: true, places: 1, cards: ["venus_flytrap"] }],
        points: { yard: [{ pile: "c2", card: "venus_flytrap", points: 2 }], sway: [{ neighbor: "rosa", points: 4 }] },
      },
      {
        money: 12,
        side: "away",
        hand: ["rake"],
        hand_count: 1,
        garage: ["toolbox", "gazebo"],
        garage_count: 2,
        score: 3,
        sway: [],
        yard: [
          { pile: "b1", grass: true, places: 1, cards: ["rose_bush", "skunk", { card: "mole", due: true }] },
          { pile: "a3", grass: true, places: 1, cards: [] },
        ],
      },
    ],
    side_actions_used: [],
    store: ["pinwheel", "raccoon"],
    terminal: false,
    to_move: 0,
    trash: ["tulips"],
    turn: 16,
    turn_player: 0,
    ...over,
  };
}

// Action JSON as the engine writes it (docs/rules/yard.md, "Actions").
const legal = [
  { id: 0, label: "done", json: { type: "done" } },
  { id: 2, label: "home", json: { type: "side", side: "home" } },
  { id: 100 + 13, label: "play Sunflower", json: { type: "play", card: "sunflower" } },
  { id: 200 + 16, label: "buy Pinwheel ($1)", json: { type: "buy", card: "pinwheel" } },
  { id: 300 + 1, label: "sway Rosa", json: { type: "sway", neighbor: "rosa" } },
  { id: 600 + 16 * 1 + 3, label: "onto seat 2 b1", json: { type: "onto", seat: 1, pile: "b1" } },
  { id: 600 + 7, label: "onto c2", json: { type: "onto", seat: 0, pile: "c2" } },
  { id: 800 + 0, label: "grass a1", json: { type: "grass", pile: "a1" } },
  { id: 1000 + 9, label: "take Tulips from the Trash", json: { type: "trash_card", card: "tulips" } },
  { id: 1200 + 1, label: "give to seat 2", json: { type: "rival", seat: 1 } },
  { id: 1300 + 64 + 31, label: "take Gazebo from seat 2's Garage", json: { type: "garage_card", seat: 1, card: "gazebo" } },
  { id: 2000 + 128 * 7 + 0, label: "trash Venus Flytrap on c2", json: { type: "pest", pile: "c2", depth: 0 } },
  { id: 3200 + 64 * 7 + 10, label: "start Venus Flytrap on c2", json: { type: "start", pile: "c2", card: "venus_flytrap" } },
  { id: 9999, label: "odd", json: { type: "mystery" } },
];

describe("yard actions as clicks", () => {
  it("files every legal action under the thing it acts on; unknown kinds go to the text list", () => {
    const c = groupActions(legal, 0, view());
    expect(c.buttons.map((b) => b.id)).toEqual([0]);
    expect(c.sides.home?.id).toBe(2);
    expect(c.hand.get("sunflower")?.id).toBe(113);
    expect(c.handKind).toBe("play");
    expect(c.store.get("pinwheel")?.id).toBe(216);
    expect(c.storeKind).toBe("buy");
    expect(c.neighbors.get("rosa")?.id).toBe(301);
    // a rival's Pile (two taps: the card, then the Pile) and one of your own
    expect(c.piles.get(pileKey(1, "b1"))?.map((p) => p.id)).toEqual([619]);
    expect(c.piles.get(pileKey(0, "c2"))?.map((p) => p.id)).toEqual([607]);
    // grass names no seat: it is the mover's own Yard
    expect(c.piles.get(pileKey(0, "a1"))?.map((p) => p.id)).toEqual([800]);
    expect(c.trash.get("tulips")?.id).toBe(1009);
    expect(c.rivals.get(1)?.id).toBe(1201);
    expect(c.garage.get("1:gazebo")?.id).toBe(1395);
    // a card on a Pile: by depth (0 = top); start/end actions find their card's depth
    expect(c.pileCards.get(pileCardKey(0, "c2", 0))?.map((p) => p.id)).toEqual([2896, 3658]);
    expect(c.other.map((o) => o.id)).toEqual([9999]);
  });

  it("a spectator or a waiting seat has nothing to click", () => {
    const c = groupActions([], null, view());
    expect(c.hand.size + c.store.size + c.piles.size + c.buttons.length).toBe(0);
  });

  it("finds a card's depth on a Pile, the highest copy first", () => {
    const v = view();
    expect(depthOf(v, 1, "b1", "mole")).toBe(0);
    expect(depthOf(v, 1, "b1", "rose_bush")).toBe(2);
    expect(depthOf(v, 1, "b1", "gazebo")).toBe(-1);
    expect(depthOf(v, 1, "c3", "mole")).toBe(-1);
  });
});

describe("Y1.1 the 3x3 Yard", () => {
  it("lists all nine Piles, bare Dirt where the view lists none", () => {
    const y = fullYard(view().seats[1]);
    expect(y.map((p) => p.pile)).toEqual(["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]);
    expect(y[0]).toEqual({ pile: "a1", grass: false, places: 0, cards: [] });
    expect(y[2].grass).toBe(true);
    expect(y[3].cards.length).toBe(3);
  });
  it("recognises a yard view", () => {
    expect(isYardView(view())).toBe(true);
    expect(isYardView({ board: [] })).toBe(false);
    expect(isYardView(null)).toBe(false);
  });
});

describe("what changed", () => {
  it("compares ground and cards of every Pile", () => {
    const a = snapshot(view());
    const v2 = view();
    v2.seats[1].yard[1] = { pile: "a3", grass: true, places: 1, cards: ["tulips"] };
    v2.seats[0].yard.push({ pile: "a1", grass: true, places: 1, cards: [] });
    expect([...changedPiles(a, snapshot(v2))].sort()).toEqual(["0:a1", "1:a3"]);
    expect(changedPiles(a, snapshot(view())).size).toBe(0);
  });

  it("marks what the last player did: during a rival's turn, and on yours the turn before", () => {
    const m = new TurnMemory();
    const t1 = view({ turn: 15, turn_player: 1 });
    m.note(t1);
    const t1b = view({ turn: 15, turn_player: 1 });
    t1b.seats[1].yard[1] = { pile: "a3", grass: true, places: 1, cards: ["pinwheel"] };
    m.note(t1b);
    expect([...m.marks(t1b, 0)]).toEqual(["1:a3"]); // watching the rival play
    const t2 = view({ turn: 16, turn_player: 0 });
    t2.seats[1].yard[1] = { pile: "a3", grass: true, places: 1, cards: ["pinwheel"] };
    m.note(t2);
    expect([...m.marks(t2, 0)]).toEqual(["1:a3"]); // your turn: what the rival's turn changed
    m.clear();
    expect(m.marks(t2, 0).size).toBe(0);
  });
});

describe("Y7.2 where the points come from", () => {
  const cat = catalogue([
    { id: "venus_flytrap", name: "Venus Flytrap", kind: "card", text: "", cost: 4, points: 2, places: 0, types: ["Plant"] },
    { id: "rosa", name: "Rosa", kind: "neighbor", text: "" },
    { id: "broken" },
  ]);
  it("lists each scoring card with its Pile and each Neighbor, largest first", () => {
    expect(pointsLines(view().seats[0], cat)).toEqual([
      { what: "Rosa", where: "Sway", points: 4 },
      { what: "Venus Flytrap", where: "c2", points: 2, pile: "c2" },
    ]);
    expect(pointsLines(view().seats[1], cat)).toEqual([]);
  });
  it("names cards from the catalogue, or from their ids when it is missing", () => {
    expect(cardName(cat, "venus_flytrap")).toBe("Venus Flytrap");
    expect(cardName(cat, "rose_bush")).toBe("Rose Bush");
    expect(cat.has("broken")).toBe(false);
  });
  it("a card's facts: cost, points, Places", () => {
    expect(cardFacts(cat.get("venus_flytrap"))).toBe("$4 · 2 VP");
    expect(cardFacts({ id: "x", name: "X", kind: "card", text: "", cost: 6, points: 1, places: 2 })).toBe("$6 · 1 VP · +2 Places");
    expect(cardFacts({ id: "x", name: "X", kind: "card", text: "", cost: 3, points: null })).toBe("$3 · VP varies");
    expect(cardFacts(undefined)).toBe("");
  });
});
