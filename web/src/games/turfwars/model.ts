// Turf Wars: the view JSON (src/games/turfwars/view.cpp, TurfWarsView::to_json), the action JSON
// (docs/rules/turfwars.md, "Actions"), the card catalogue (GET /api/games/turfwars/cards) and the
// pure logic the drawing needs: the board parsed from its rows, which legal action is a click on
// which thing, the Turf War told by the log, the DP scored so far. No DOM here: unit-tested.
import type { LegalAction, Step } from "../../protocol";

export type TurfType = "desert" | "forest" | "mountain" | "plains" | "sea" | "swamp";

// The board's letters (data/turfwars/content.json, "letter").
export const TURF_LETTERS: Record<string, TurfType> = { D: "desert", F: "forest", M: "mountain", P: "plains", S: "sea", W: "swamp" };
export const TURF_NAMES: Record<TurfType, string> = {
  desert: "Desert",
  forest: "Forest",
  mountain: "Mountain",
  plains: "Plains",
  sea: "Sea",
  swamp: "Swamp",
};
export const TURF_TYPES = Object.keys(TURF_NAMES) as TurfType[];

export interface Cell {
  name: string; // "C4": column letter, row number from the top-left (E5)
  row: number;
  col: number;
  kind: "turf" | "dead" | "teleporter" | "off";
  type: TurfType | null;
  troops: number;
  owner: number | null;
}

export function cellName(row: number, col: number): string {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

// The view's "turfs": one string per row, a token per cell: "#" dead space, "T" teleporter, "-"
// off the board, a turf letter alone when empty, or letter, troops and owner ("F3@1").
export function parseBoard(rows: string[]): Cell[][] {
  return rows.map((line, row) =>
    line.split(" ").map((tok, col): Cell => {
      const base = { name: cellName(row, col), row, col, troops: 0, owner: null, type: null };
      if (tok === "#") return { ...base, kind: "dead" };
      if (tok === "T") return { ...base, kind: "teleporter" };
      if (tok === "-" || tok === "") return { ...base, kind: "off" };
      const m = /^([A-Z])(?:(\d+)@(\d+))?$/.exec(tok);
      const type = m ? TURF_LETTERS[m[1]] ?? null : null;
      if (!m || !type) return { ...base, kind: "off" };
      return { ...base, kind: "turf", type, troops: m[2] ? Number(m[2]) : 0, owner: m[3] !== undefined ? Number(m[3]) : null };
    }),
  );
}

// T1.5: a teleporter's partner is the cell mirrored through the centre.
export function teleporterPartner(c: { row: number; col: number }, size: number): { row: number; col: number } {
  return { row: size - 1 - c.row, col: size - 1 - c.col };
}

// A number for each teleporter pair (1, 2, ...), so that the drawing can label partners alike.
export function teleporterPairs(board: Cell[][]): Map<string, number> {
  const out = new Map<string, number>();
  const size = board.length;
  let n = 0;
  for (const row of board)
    for (const c of row) {
      if (c.kind !== "teleporter" || out.has(c.name)) continue;
      n += 1;
      out.set(c.name, n);
      const p = teleporterPartner(c, size);
      const partner = board[p.row]?.[p.col];
      if (partner?.kind === "teleporter") out.set(partner.name, n);
    }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The view

export interface TWSeat {
  dp: number;
  home: TurfType;
  troops: number;
  turfs: number;
  combat_cards: number;
  secret_cards: number;
  held_action_cards: number;
  record: number[]; // wars won, lost, attacks won, defences won, kills, attack-win streak
  eliminated?: boolean;
  stayed_out?: boolean;
  picked?: boolean;
  face_down_card?: boolean;
  choosing_bought_card?: boolean;
  faction?: string;
  nemesis_seat?: number;
  clone?: string;
  start?: string;
  action_card?: string; // "Sea Attack (50)" once revealed
  // the viewer's own seat only:
  dealt?: string[];
  chosen?: string;
  hand?: Record<string, number>; // combat card id -> copies
  unplayable?: Record<string, string>;
  face_down?: string;
  drawn?: string[];
  held?: Record<string, number>;
  pick?: string;
  packet_received?: Record<string, number>;
  known_discard?: Record<string, number>;
  known_cards?: Record<string, Record<string, number>>;
  secrets?: string; // ids, space-separated (everyone's once the game is over)
}

export interface TWWar {
  target: string;
  revealed: boolean;
  cancelled: boolean;
  stage: number;
  sides: { seat: number; committed: number; role: "attacker" | "defender"; card?: string }[];
  supporters: { seat: number; side: number; troops: number; forced: boolean; card?: string }[];
}

export interface TWView {
  board: string;
  domination?: number;
  cost: string;
  mind_control: boolean;
  factions: string;
  bloodlust: string;
  round: number;
  rounds_played: number;
  phase: string;
  step: string;
  prompt?: string;
  ftt: number;
  teleporters_active: boolean;
  event: string | null;
  events_seen: string;
  event_deck: number;
  turfs: string[];
  seats: TWSeat[];
  packet?: Record<string, number>;
  packet_size: number;
  combat_deck: number;
  combat_discard: Record<string, number>;
  action_deck: number;
  action_discard: Record<string, number>;
  face_down_discard: number;
  secret_deck: number;
  draft_order?: string;
  card?: string;
  war?: TWWar;
  support_owed?: number[][];
  win?: string;
  winners?: number[];
}

export function isTurfWarsView(v: unknown): v is TWView {
  const o = v as Partial<TWView> | null;
  return !!o && Array.isArray(o.turfs) && Array.isArray(o.seats) && typeof o.step === "string";
}

// How many turfs of its home type each seat holds, from the board.
export function homeTurfs(view: TWView, board: Cell[][]): number[] {
  const out = view.seats.map(() => 0);
  for (const row of board) for (const c of row) if (c.owner !== null && c.type === view.seats[c.owner]?.home) out[c.owner]++;
  return out;
}

// A seat's home turfs in words for its player row: "home turfs: Mountain, 1 of 5 needed to win"
// (T13.1, home turf domination), or without a goal "home turfs: Mountain, 1 held".
export function homeWords(home: string, held: number, goal: number | undefined): string {
  return goal ? `home turfs: ${home}, ${held} of ${goal} needed to win` : `home turfs: ${home}, ${held} held`;
}

// Combat card ids in play order: Zero, 1..10, Negate Attack, Cry for Help.
export const COMBAT_ORDER = ["zero", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "negate", "cry_for_help"];

export function combatName(id: string): string {
  if (id === "zero") return "Zero";
  if (id === "negate") return "Negate Attack";
  if (id === "cry_for_help") return "Cry for Help";
  const m = /^v(\d+)$/.exec(id);
  return m ? m[1] : id;
}

// "Sea Attack (50)" -> { name: "Sea Attack", priority: 50 }
export function parseActionLabel(label: string): { name: string; priority: number | null } {
  const m = /^(.*) \((\d+)\)$/.exec(label);
  return m ? { name: m[1], priority: Number(m[2]) } : { name: label, priority: null };
}

// A {card: copies} map as a sorted list, one entry a copy.
export function expand(m: Record<string, number> | undefined, order?: string[]): string[] {
  if (!m) return [];
  const keys = Object.keys(m);
  if (order) keys.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  else keys.sort((a, b) => (parseActionLabel(a).priority ?? 0) - (parseActionLabel(b).priority ?? 0) || a.localeCompare(b));
  return keys.flatMap((k) => Array.from({ length: m[k] }, () => k));
}

// ---------------------------------------------------------------------------------------------
// Legal actions as clicks

export interface Pick {
  id: number;
  label: string;
}

export interface TWChoices {
  step: string | null;
  cells: Map<string, Pick>; // cell name -> that turf
  counts: { n: number; pick: Pick }[]; // how many troops, ascending
  factions: { faction: string; pick: Pick }[];
  homes: { home: TurfType; pick: Pick }[];
  seats: Map<number, Pick>; // a player
  combat: Map<string, Pick>; // combat card id
  draft: { label: string; pick: Pick }[]; // "Sea Attack (50)"
  buys: Map<string, Pick>; // troop, secret, actions, combat, ftt, exchange
  pass: Pick | null; // pass, done, stop, stay out
  directions: Pick[];
  optOut: Pick[];
  other: Pick[];
}

export function groupActions(legal: LegalAction[]): TWChoices {
  const c: TWChoices = {
    step: null,
    cells: new Map(),
    counts: [],
    factions: [],
    homes: [],
    seats: new Map(),
    combat: new Map(),
    draft: [],
    buys: new Map(),
    pass: null,
    directions: [],
    optOut: [],
    other: [],
  };
  for (const a of legal) {
    const j = a.json as Record<string, unknown>;
    const p: Pick = { id: a.id, label: a.label };
    if (typeof j.type === "string" && j.type !== "buy") c.step = j.type;
    if (j.type === "buy") c.buys.set(String(j.item ?? ""), p);
    else if (j.choice === "pass") c.pass = p;
    else if (typeof j.cell === "string") c.cells.set(j.cell, p);
    else if (typeof j.troops === "number") c.counts.push({ n: j.troops, pick: p });
    else if (typeof j.faction === "string") c.factions.push({ faction: j.faction, pick: p });
    else if (typeof j.home === "string") c.homes.push({ home: j.home as TurfType, pick: p });
    else if (typeof j.seat === "number") c.seats.set(j.seat, p);
    else if (j.type === "draft_pick") c.draft.push({ label: `${String(j.card)} (${String(j.priority)})`, pick: p });
    else if (typeof j.card === "string") c.combat.set(j.card, p);
    else if (typeof j.direction === "string") c.directions.push(p);
    else if (j.choice === "take_part" || j.choice === "stay_out") c.optOut.push(p);
    else c.other.push(p);
  }
  c.counts.sort((a, b) => a.n - b.n);
  return c;
}

// ---------------------------------------------------------------------------------------------
// What the log tells: the latest Turf War, the DP scored, what changed

export interface WarSide {
  seat: number;
  role: "attacker" | "defender";
  committed: number;
  lost: number;
  card?: string;
  strength?: number;
}

export interface WarTold {
  move: number;
  target: string;
  cancelled: boolean;
  winner: number | null;
  sides: WarSide[];
  text: string; // the sentence, with {P1} placeholders
}

// The latest Turf War the log tells (a "war" line's data: narrate.cpp), or null.
export function lastWar(log: Step[]): WarTold | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const lines = log[i].lines;
    for (let k = lines.length - 1; k >= 0; k--) {
      const l = lines[k];
      if (l.kind !== "war") continue;
      const d = (l.data ?? {}) as Record<string, unknown>;
      const sides = Array.isArray(d.sides) ? (d.sides as WarSide[]) : [];
      return {
        move: log[i].move,
        target: String(d.target ?? ""),
        cancelled: d.cancelled === true,
        winner: typeof d.winner_seat === "number" ? d.winner_seat : null,
        sides,
        text: l.text,
      };
    }
  }
  return null;
}

export interface DpParts {
  turfs: number; // 1 DP per 2 turfs
  home: number; // 1 DP per home turf
  rainbow: number; // 5 DP for every type
  support: number; // support received or paid
  rounds: number;
}

// The DP each seat scored in phase 5 so far, by source (the "scoring" lines' data).
export function scoredSoFar(log: Step[], seats: number): DpParts[] {
  const out: DpParts[] = Array.from({ length: seats }, () => ({ turfs: 0, home: 0, rainbow: 0, support: 0, rounds: 0 }));
  for (const step of log)
    for (const l of step.lines) {
      if (l.kind !== "scoring" || l.seats.length !== 1) continue;
      const s = l.seats[0];
      const d = (l.data ?? {}) as Record<string, unknown>;
      if (!out[s]) continue;
      out[s].turfs += Number(d.turf_dp ?? 0);
      out[s].home += Number(d.home_turfs ?? 0);
      out[s].rainbow += Number(d.rainbow_dp ?? 0);
      out[s].support += Number(d.support ?? 0);
      out[s].rounds += 1;
    }
  return out;
}

// The cells whose troops or owner differ between two boards.
export function changedCells(before: Cell[][] | null, after: Cell[][]): Set<string> {
  const out = new Set<string>();
  if (!before) return out;
  for (const row of after)
    for (const c of row) {
      const b = before[c.row]?.[c.col];
      if (!b || b.troops !== c.troops || b.owner !== c.owner) out.add(c.name);
    }
  return out;
}
