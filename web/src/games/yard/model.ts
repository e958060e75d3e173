// Yard: the view JSON (src/games/yard/view.cpp, the view's to_json), the action JSON
// (docs/rules/yard.md, "Actions"), the card catalogue (GET /api/games/yard/cards) and the pure
// logic the drawing needs: which thing on the table each legal action is a click on, what
// changed since a turn began, the score's parts. No DOM here: unit-tested in tests/unit.
import type { LegalAction } from "../../protocol";

export type PileId = "a1" | "a2" | "a3" | "b1" | "b2" | "b3" | "c1" | "c2" | "c3";
export const PILES: PileId[] = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"];

// A card on a Pile: its id, or an object while its Play action is due or resolving.
export type YPileCard = string | { card: string; due?: boolean; resolving?: boolean };

export interface YPile {
  pile: PileId;
  grass: boolean;
  places: number;
  cards: YPileCard[]; // bottom first
}

export interface YSeat {
  money: number;
  side: "home" | "away";
  hand: string[]; // the cards this viewer knows to be in that hand
  hand_count: number;
  garage: string[];
  garage_count: number;
  score: number;
  hand_blocked?: Record<string, string>; // card id -> why it cannot be played now
  sway: string[];
  yard: YPile[]; // only Piles that are Grass or hold cards
  points?: { yard: { pile: PileId; card: string; points: number }[]; sway: { neighbor: string; points: number }[] };
}

export interface YFrame {
  actor: number;
  what?: string; // "card" | "bribe" | ...
  source?: string;
  [k: string]: unknown;
}

export interface YView {
  decision: string;
  deck_bottom: string[];
  deck_count: number;
  edition: number;
  end_reason: string;
  first_player: number;
  gathered_pests: string[];
  neighbors: string[];
  neighbors_set_aside: number;
  out_of_game: string[];
  phase: string;
  resolving: YFrame[];
  still_rounds?: number; // R26: rounds the table has stood still since the Store deck ran out
  still_rounds_to_end?: number; // R26: the still rounds that end the game with this row
  limits?: { still_rounds: number; rounds: number; actions: number };
  round: number;
  seats: YSeat[];
  side_actions_used: string[];
  store: string[];
  terminal: boolean;
  to_move: number;
  trash: string[];
  turn: number;
  turn_player: number;
}

export function isYardView(v: unknown): v is YView {
  const o = v as Partial<YView> | null;
  return !!o && Array.isArray(o.seats) && Array.isArray(o.store) && Array.isArray(o.neighbors);
}

// ---------------------------------------------------------------------------------------------
// The card catalogue

export interface YCard {
  id: string;
  name: string;
  kind: string; // "card" | "neighbor" | "event"
  text: string;
  cost?: number;
  points?: number | null;
  places?: number;
  types?: string[];
  criteria?: string; // a Neighbor's Criteria in words
}

export type Catalogue = Map<string, YCard>;

export function catalogue(cards: unknown): Catalogue {
  const out: Catalogue = new Map();
  if (!Array.isArray(cards)) return out;
  for (const c of cards) {
    if (c && typeof c === "object" && typeof (c as YCard).id === "string" && typeof (c as YCard).name === "string")
      out.set((c as YCard).id, c as YCard);
  }
  return out;
}

// "rose_bush" -> "Rose Bush" when the catalogue has not come (or lacks the card).
export function cardName(cat: Catalogue, id: string): string {
  return cat.get(id)?.name ?? id.replace(/_/g, " ").replace(/\b\w/g, (m) => m.toUpperCase());
}

export function cardId(c: YPileCard): string {
  return typeof c === "string" ? c : c.card;
}

// ---------------------------------------------------------------------------------------------
// Legal actions as clicks

export interface Pick {
  id: number;
  label: string;
}

// Every legal action, filed under the thing on the table it is a click on. Actions of a kind the
// drawing does not know go to `other` (the shell's text list offers them too).
export interface YChoices {
  buttons: Pick[]; // done, stop, work: the prompt's buttons
  sides: { home?: Pick; away?: Pick };
  hand: Map<string, Pick>; // card -> play it, or pick it (to trash)
  gathered: Map<string, Pick>; // card -> play that gathered Pest (the Pest Magnet plays them, not the hand)
  handKind: "play" | "hand_card" | null;
  store: Map<string, Pick>; // card -> buy it, or pick it (to trash)
  storeKind: "buy" | "store_card" | null;
  trash: Map<string, Pick>; // card -> take it
  neighbors: Map<string, Pick>; // neighbor -> sway
  rivals: Map<number, Pick>; // seat -> choose that rival
  garage: Map<string, Pick>; // "seat:card" -> take it from that Garage
  piles: Map<string, Pick[]>; // "seat:pile" -> onto / top / grass
  pileCards: Map<string, Pick[]>; // "seat:pile:depth" (depth 0 = top) -> that card (top, pest, yard_card, start, end)
  targets: Set<string>; // "seat:pile": every Pile some action is a click on
  other: Pick[];
}

export function pileKey(seat: number, pile: string): string {
  return `${seat}:${pile}`;
}
export function pileCardKey(seat: number, pile: string, depth: number): string {
  return `${seat}:${pile}:${depth}`;
}

function push<K>(m: Map<K, Pick[]>, k: K, p: Pick) {
  const l = m.get(k);
  if (l) l.push(p);
  else m.set(k, [p]);
}

// Every action is filed under the Yard where it acts: the seat its JSON names (onto, top, rival,
// garage_card); else, for a card or Pile of "your" Yard, the Yard of the seat deciding
// (`view.to_move`: the pest and yard_card choices, Grass) or of the seat whose turn it is
// (`view.turn_player`: Start and End actions); `me` (the viewer) where there is no view.
// A `top` action (trash, move or give the top card of a Pile) is a click on that top card.
export function groupActions(legal: LegalAction[], me: number | null, view: YView | null): YChoices {
  const c: YChoices = {
    buttons: [],
    sides: {},
    hand: new Map(),
    gathered: new Map(),
    handKind: null,
    store: new Map(),
    storeKind: null,
    trash: new Map(),
    neighbors: new Map(),
    rivals: new Map(),
    garage: new Map(),
    piles: new Map(),
    pileCards: new Map(),
    targets: new Set(),
    other: [],
  };
  const actor = view?.to_move ?? me ?? 0;
  const turn = view?.turn_player ?? actor;
  for (const a of legal) {
    const j = a.json as Record<string, unknown>;
    const p: Pick = { id: a.id, label: a.label };
    const card = typeof j.card === "string" ? j.card : "";
    const pile = typeof j.pile === "string" ? j.pile : "";
    const seat = typeof j.seat === "number" ? j.seat : actor;
    switch (j.type) {
      case "done":
      case "stop":
      case "work":
        c.buttons.push(p);
        break;
      case "side":
        if (j.side === "home") c.sides.home = p;
        else if (j.side === "away") c.sides.away = p;
        else c.other.push(p);
        break;
      case "play":
        // while gathered Pests are being played (the Pest Magnet), a play is of one of them
        if (view?.gathered_pests.includes(card) && view.resolving[view.resolving.length - 1]?.what === "play") c.gathered.set(card, p);
        else {
          c.hand.set(card, p);
          c.handKind = "play";
        }
        break;
      case "hand_card":
        c.hand.set(card, p);
        c.handKind = j.type;
        break;
      case "buy":
      case "store_card":
        c.store.set(card, p);
        c.storeKind = j.type;
        break;
      case "trash_card":
        c.trash.set(card, p);
        break;
      case "sway":
        c.neighbors.set(String(j.neighbor), p);
        break;
      case "rival":
        c.rivals.set(seat, p);
        break;
      case "garage_card":
        c.garage.set(`${seat}:${card}`, p);
        break;
      case "onto":
      case "grass":
        push(c.piles, pileKey(seat, pile), p);
        c.targets.add(pileKey(seat, pile));
        break;
      case "top":
        push(c.pileCards, pileCardKey(seat, pile, 0), p);
        c.targets.add(pileKey(seat, pile));
        break;
      case "pest":
      case "yard_card":
        push(c.pileCards, pileCardKey(actor, pile, typeof j.depth === "number" ? j.depth : 0), p);
        c.targets.add(pileKey(actor, pile));
        break;
      case "start":
      case "end": {
        const depth = view ? depthOf(view, turn, pile, card) : -1;
        if (depth >= 0) {
          push(c.pileCards, pileCardKey(turn, pile, depth), p);
          c.targets.add(pileKey(turn, pile));
        } else c.other.push(p);
        break;
      }
      default:
        c.other.push(p);
    }
  }
  return c;
}

// The depth (0 = top) of the highest copy of `card` on a Pile of the seat's Yard, or -1.
export function depthOf(view: YView, seat: number, pile: string, card: string): number {
  const p = view.seats[seat]?.yard.find((q) => q.pile === pile);
  if (!p) return -1;
  for (let i = p.cards.length - 1; i >= 0; i--) if (cardId(p.cards[i]) === card) return p.cards.length - 1 - i;
  return -1;
}

// A full 3x3 Yard: every Pile, bare Dirt where the view lists none.
export function fullYard(seat: YSeat): YPile[] {
  return PILES.map((id) => seat.yard.find((p) => p.pile === id) ?? { pile: id, grass: false, places: 0, cards: [] });
}

// ---------------------------------------------------------------------------------------------
// What changed

// A compact picture of what is on the table, to compare two moments: each Pile's cards and
// ground per seat, each seat's Sway, the Store.
export interface Snapshot {
  piles: Map<string, string>;
  sway: string[];
  store: string;
}

export function snapshot(view: YView): Snapshot {
  const piles = new Map<string, string>();
  view.seats.forEach((s, seat) => {
    for (const p of s.yard) piles.set(pileKey(seat, p.pile), `${p.grass ? "G" : "D"}:${p.cards.map(cardId).join(",")}`);
  });
  return { piles, sway: view.seats.map((s) => s.sway.join(",")), store: view.store.join(",") };
}

// The Piles ("seat:pile") whose ground or cards differ between two moments.
export function changedPiles(before: Snapshot, after: Snapshot): Set<string> {
  const out = new Set<string>();
  const keys = new Set([...before.piles.keys(), ...after.piles.keys()]);
  for (const k of keys) if ((before.piles.get(k) ?? "D:") !== (after.piles.get(k) ?? "D:")) out.add(k);
  return out;
}

// Remembers the table as each turn began, so that the drawing can mark what the last player
// did: while a rival plays, what changed since its turn began; on your turn, what changed
// during the turn before yours. Keeps the latest few turns only.
export class TurnMemory {
  private starts = new Map<number, Snapshot>();

  note(view: YView): void {
    if (!this.starts.has(view.turn)) this.starts.set(view.turn, snapshot(view));
    for (const t of this.starts.keys()) if (t < view.turn - 3) this.starts.delete(t);
  }

  // The Piles to mark now, for viewer `me` (null: spectator).
  marks(view: YView, me: number | null): Set<string> {
    const now = snapshot(view);
    if (view.turn_player === me) {
      const prev = this.starts.get(view.turn - 1);
      const cur = this.starts.get(view.turn);
      return prev && cur ? changedPiles(prev, cur) : new Set();
    }
    const cur = this.starts.get(view.turn);
    return cur ? changedPiles(cur, now) : new Set();
  }

  clear(): void {
    this.starts.clear();
  }
}

// ---------------------------------------------------------------------------------------------
// Words

// An engine label with its seats named as the page names them: the labels write another
// seat's Pile "P2 b3", a rival "P2" and a Garage "P2's Garage" (docs/rules/yard.md, "Actions");
// "trash Skunk on P2 b3" reads "trash Skunk on Bea's b3".
export function actionText(label: string, names: string[]): string {
  const name = (n: string) => names[Number(n) - 1] ?? `Player ${n}`;
  return label
    .replace(/\bP(\d+) ([a-c][1-3])\b/g, (_m, n: string, pile: string) => `${name(n)}'s ${pile}`)
    .replace(/\bP(\d+)\b/g, (_m, n: string) => name(n));
}

// The side a seat's card shows. While the seat whose turn it is has not turned it yet (its Start
// actions and the Home or Away question), last turn's side is not this turn's: "choosing".
export function sideShown(view: YView, seat: number): "home" | "away" | "choosing" {
  if (!view.terminal && seat === view.turn_player && (view.phase === "start" || view.phase === "home_or_away")) return "choosing";
  return view.seats[seat]?.side ?? "home";
}

// How the game ended, from the view's end_reason (Y7.1, R26, E5).
export function overWords(view: YView): string {
  const l = view.limits;
  switch (view.end_reason) {
    case "last_neighbor":
      return "The last Neighbor is swayed: the game is over.";
    case "stalemate":
      return `The Store deck was used up and the table stood still for ${view.still_rounds ?? l?.still_rounds ?? 3} whole rounds: the game is over.`;
    case "round_limit":
      return `Round ${l?.rounds ?? 200} is played: the game ends here, the longest a game may last.`;
    case "action_cap":
      return `The game reached ${(l?.actions ?? 8000).toLocaleString("en")} decisions: it ends here, the longest a game may last.`;
    default:
      return "The game is over.";
  }
}

// How the game will end (Y7.1), and how one that stalls ends (R26, E5): for the side panel.
export function endRule(view: YView): string {
  const l = view.limits;
  if (!l) return "The game ends when the last Neighbor of the row is swayed.";
  return (
    `The game ends when the last Neighbor of the row is swayed. One that stalls ends too: once the Store deck is used up, ` +
    `${l.still_rounds} whole rounds in which nothing changes on the table (no card enters, leaves or moves within a Yard, ` +
    `the Store or the Trash, no Pile turns, no Neighbor is swayed; money, hands and Garages do not count) end it. While a ` +
    `Neighbor who asks only a Bribe is left, the table gets as many more such rounds as working ($5 a turn) takes to pay it. ` +
    `Round ${l.rounds} is the last in any case.`
  );
}

// Where this table stands on the way to a stalled end, once the Store deck is used up (R26),
// else null.
export function stallStatus(view: YView): string | null {
  const l = view.limits;
  if (!l || view.terminal || view.deck_count > view.deck_bottom.length) return null;
  const n = view.still_rounds ?? 0;
  const end = view.still_rounds_to_end ?? l.still_rounds;
  return `The Store deck is used up: ${n === 0 ? `no round without a change yet (${end} end the game)` : `${n} of ${end} rounds without a change so far`}.`;
}

export function money(n: number): string {
  return `$${n}`;
}

export function pointsWord(n: number): string {
  return n === 1 || n === -1 ? `${n} point` : `${n} points`;
}

// "a1" -> "row a, column 1" for screen readers; the board shows "a1".
export function pileWords(pile: string): string {
  return `row ${pile[0]}, column ${pile[1]}`;
}

// The short line a card chip shows under its name: "$3 · 2 VP · +1 Place".
export function cardFacts(c: YCard | undefined): string {
  if (!c) return "";
  const parts: string[] = [];
  if (c.kind === "card" && typeof c.cost === "number") parts.push(money(c.cost));
  if (typeof c.points === "number" && c.points !== 0) parts.push(`${c.points} VP`);
  else if (c.points === null && c.kind === "card") parts.push("VP varies");
  if (c.places) parts.push(`+${c.places} Place${c.places > 1 ? "s" : ""}`);
  return parts.join(" · ");
}

// The breakdown of a seat's points for the breakdown panel, largest first.
export interface PointsLine {
  what: string; // card or Neighbor name
  where: string; // "b2" or "Sway"
  points: number;
  pile?: PileId;
}

export function pointsLines(seat: YSeat, cat: Catalogue): PointsLine[] {
  const out: PointsLine[] = [];
  for (const e of seat.points?.yard ?? []) out.push({ what: cardName(cat, e.card), where: e.pile, points: e.points, pile: e.pile });
  for (const e of seat.points?.sway ?? []) out.push({ what: cardName(cat, e.neighbor), where: "Sway", points: e.points });
  out.sort((a, b) => b.points - a.points || a.where.localeCompare(b.where));
  return out;
}
