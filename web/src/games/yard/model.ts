// Yard: the view JSON (src/games/yard/game.cpp, the view's to_json), the action JSON
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
  handKind: "play" | "hand_card" | null;
  store: Map<string, Pick>; // card -> buy it, or pick it (to trash)
  storeKind: "buy" | "store_card" | null;
  trash: Map<string, Pick>; // card -> take it
  neighbors: Map<string, Pick>; // neighbor -> sway
  rivals: Map<number, Pick>; // seat -> choose that rival
  garage: Map<string, Pick>; // "seat:card" -> take it from that Garage
  piles: Map<string, Pick[]>; // "seat:pile" -> onto / top / grass
  pileCards: Map<string, Pick[]>; // "seat:pile:depth" (depth 0 = top) -> that card (pest, yard_card, start, end)
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

// `me` is the viewer's seat: actions on "your" Piles (grass, pest, start, end) name no seat.
// `view` finds the depth of a start/end card on its Pile.
export function groupActions(legal: LegalAction[], me: number | null, view: YView | null): YChoices {
  const c: YChoices = {
    buttons: [],
    sides: {},
    hand: new Map(),
    handKind: null,
    store: new Map(),
    storeKind: null,
    trash: new Map(),
    neighbors: new Map(),
    rivals: new Map(),
    garage: new Map(),
    piles: new Map(),
    pileCards: new Map(),
    other: [],
  };
  const own = me ?? 0;
  for (const a of legal) {
    const j = a.json as Record<string, unknown>;
    const p: Pick = { id: a.id, label: a.label };
    const card = typeof j.card === "string" ? j.card : "";
    const pile = typeof j.pile === "string" ? j.pile : "";
    const seat = typeof j.seat === "number" ? j.seat : own;
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
      case "top":
      case "grass":
        push(c.piles, pileKey(seat, pile), p);
        break;
      case "pest":
      case "yard_card":
        push(c.pileCards, pileCardKey(own, pile, typeof j.depth === "number" ? j.depth : 0), p);
        break;
      case "start":
      case "end": {
        const depth = view ? depthOf(view, own, pile, card) : -1;
        if (depth >= 0) push(c.pileCards, pileCardKey(own, pile, depth), p);
        else c.other.push(p);
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
