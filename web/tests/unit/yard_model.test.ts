import { describe, expect, it } from "vitest";
import {
  TurnMemory,
  actionText,
  cardFacts,
  cardName,
  catalogue,
  changedPiles,
  depthOf,
  endRule,
  fullYard,
  groupActions,
  isYardView,
  overWords,
  pileCardKey,
  pileKey,
  pointsLines,
  sideShown,
  snapshot,
  stallStatus,
  type YView,
} from "../../src/games/yard/model";

// A view as the engine writes it (src/games/yard/view.cpp; docs/rules/yard.md).
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

  it("files an action under the Yard where it acts: a rival's top card, the deciding seat's Pests, the turn player's Start actions", () => {
    // seat 1 decides during seat 0's turn (Y5.4): its own Pests are in its Yard, not the viewer's
    const during = view({ to_move: 1, turn_player: 0, phase: "actions" });
    const mine = [
      { id: 2000 + 128 * 3 + 1, label: "trash Skunk on b1 (under 1)", json: { type: "pest", pile: "b1", depth: 1 } },
      { id: 2000 + 128 * 3 + 2, label: "give Rose Bush from b1 (under 2)", json: { type: "yard_card", pile: "b1", depth: 2 } },
    ];
    const c = groupActions(mine, 1, during);
    expect(c.pileCards.get(pileCardKey(1, "b1", 1))?.map((p) => p.id)).toEqual([2385]);
    expect(c.pileCards.get(pileCardKey(1, "b1", 2))?.map((p) => p.id)).toEqual([2386]);
    expect(c.pileCards.has(pileCardKey(0, "b1", 1))).toBe(false);
    expect([...c.targets]).toEqual(["1:b1"]);
    // the top card of a rival's Pile (trash it, move it, give it) is a click on that card
    const top = [{ id: 700 + 16 * 1 + 3, label: "trash Mole on P2 b1", json: { type: "top", seat: 1, pile: "b1" } }];
    const t = groupActions(top, 0, view());
    expect(t.pileCards.get(pileCardKey(1, "b1", 0))?.map((p) => p.id)).toEqual([719]);
    expect(t.piles.size).toBe(0);
    expect(t.targets.has("1:b1")).toBe(true);
    // Start actions are on the Yard of the seat whose turn it is
    const start = [{ id: 3200 + 64 * 3 + 30, label: "start Mole on P2 b1", json: { type: "start", pile: "b1", card: "mole" } }];
    const st = groupActions(start, 1, view({ to_move: 1, turn_player: 1, phase: "start" }));
    expect(st.pileCards.get(pileCardKey(1, "b1", 0))?.map((p) => p.id)).toEqual([3422]);
    expect(st.other).toEqual([]);
  });

  it("while the Pest Magnet's gathered Pests are played, a play is of a gathered Pest, not of the hand", () => {
    const magnet = view({ gathered_pests: ["mosquito", "mole"], resolving: [{ actor: 0, what: "play", stage: 0 }] });
    const plays = [
      { id: 100 + 40, label: "play Mosquito", json: { type: "play", card: "mosquito" } },
      { id: 100 + 41, label: "play Mole", json: { type: "play", card: "mole" } },
    ];
    const c = groupActions(plays, 0, magnet);
    expect([...c.gathered.keys()]).toEqual(["mosquito", "mole"]);
    expect(c.hand.size).toBe(0);
    // otherwise a play is of the hand
    expect(groupActions(plays, 0, view()).hand.size).toBe(2);
  });

  it("a label names seats as the page does", () => {
    const names = ["Ann", "Bea", "Cy"];
    expect(actionText("trash Skunk on P2 b3", names)).toBe("trash Skunk on Bea's b3");
    expect(actionText("onto P3 a1", names)).toBe("onto Cy's a1");
    expect(actionText("give to P2", names)).toBe("give to Bea");
    expect(actionText("take Gazebo from P2's Garage", names)).toBe("take Gazebo from Bea's Garage");
    expect(actionText("buy Pinwheel ($1)", names)).toBe("buy Pinwheel ($1)");
    expect(actionText("give to P4", names)).toBe("give to Player 4");
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

describe("Y3.2 the side while it is being chosen", () => {
  it("the seat whose turn it is shows no side until it turns its card; the others show theirs", () => {
    expect(sideShown(view({ phase: "home_or_away", turn_player: 1 }), 1)).toBe("choosing");
    expect(sideShown(view({ phase: "start", turn_player: 1 }), 1)).toBe("choosing");
    expect(sideShown(view({ phase: "home_or_away", turn_player: 1 }), 0)).toBe("home");
    expect(sideShown(view({ phase: "actions", turn_player: 1 }), 1)).toBe("away");
    expect(sideShown(view({ phase: "over", turn_player: 1, terminal: true }), 1)).toBe("away");
  });
});

describe("Y7.1 R26 E5 how a game ends", () => {
  const limits = { still_rounds: 3, rounds: 200, actions: 8000 };
  it("says how the game ended, from the view's end_reason and limits", () => {
    expect(overWords(view({ end_reason: "last_neighbor", limits }))).toBe("The last Neighbor is swayed: the game is over.");
    expect(overWords(view({ end_reason: "stalemate", limits }))).toMatch(/Store deck was used up and the table stood still for 3 whole rounds/);
    expect(overWords(view({ end_reason: "round_limit", limits }))).toMatch(/^Round 200 is played/);
    expect(overWords(view({ end_reason: "action_cap", limits }))).toMatch(/8,000 decisions/);
  });
  it("says how a stalled game ends, and how far this one is once the Store deck is used up", () => {
    const rule = endRule(view({ limits }));
    expect(rule).toMatch(/last Neighbor of the row is swayed/);
    expect(rule).toMatch(/3 whole rounds/);
    expect(rule).toMatch(/as many more such rounds as working \(\$5 a turn\) takes to pay it/);
    expect(rule).toMatch(/Round 200 is the last/);
    expect(stallStatus(view({ limits }))).toBeNull();
    expect(stallStatus(view({ limits, deck_count: 1, deck_bottom: ["garbage_day"], still_rounds: 2 }))).toBe("The Store deck is used up: 2 of 3 rounds without a change so far.");
    expect(stallStatus(view({ limits, deck_count: 0, still_rounds: 0 }))).toBe("The Store deck is used up: no round without a change yet (3 end the game).");
    // Maximilian ($20) left: four more rounds of work (R26)
    expect(stallStatus(view({ limits, deck_count: 0, still_rounds: 5, still_rounds_to_end: 7 }))).toBe("The Store deck is used up: 5 of 7 rounds without a change so far.");
    expect(overWords(view({ end_reason: "stalemate", limits, still_rounds: 7 }))).toMatch(/stood still for 7 whole rounds/);
    expect(stallStatus(view({ limits, deck_count: 0, terminal: true }))).toBeNull();
    // a view without the limits (an older server) still says the printed end
    expect(endRule(view())).toBe("The game ends when the last Neighbor of the row is swayed.");
  });
});
