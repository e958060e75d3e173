// Cry Havoc: the view JSON (src/games/cryhavoc/view.cpp, public_json / private_json), the action
// JSON (docs/rules/cryhavoc.md, "Actions"), the maps and the score track's event spaces (the same
// data files the engine embeds: data/cryhavoc/maps.json and tokens.json, bundled at build time),
// and the pure logic the drawing needs. No DOM here: unit-tested in tests/unit.
import type { LegalAction, Step } from "../../protocol";
import mapsData from "../../../../data/cryhavoc/maps.json";
import tokensData from "../../../../data/cryhavoc/tokens.json";

export type Faction = "humans" | "machines" | "pilgrims" | "trogs";
export const FACTIONS: Faction[] = ["humans", "machines", "pilgrims", "trogs"];
export const FACTION_NAMES: Record<Faction, string> = { humans: "Humans", machines: "Machines", pilgrims: "Pilgrims", trogs: "Trogs" };
export const OBJECTIVES = ["Region Control", "Capture Prisoners", "Attrition"];
export const TERRAIN_LETTER: Record<string, string> = { mountain: "M", desert: "D", jungle: "J", ocean: "O" };

// ---------------------------------------------------------------------------------------------
// The maps

export interface MapRegion {
  id: string;
  name: string;
  cell: [number, number]; // [row, column]
  terrain?: string; // mountain | desert | jungle | ocean; none on an HQ slot
  crystals?: number;
  token?: string | null;
  hq?: number;
  tunnel?: boolean;
  trog_hq?: boolean;
}

export interface MapDef {
  id: string;
  name: string;
  rows: number;
  columns: number;
  regions: MapRegion[];
  links: [string, string][];
  wrap_links: [string, string][];
}

export const MAPS: MapDef[] = (mapsData as unknown as { maps: MapDef[] }).maps;
export const EVENT_SPOTS: number[] = (tokensData as unknown as { event_spots: { values: number[] } }).event_spots.values;

export function mapById(id: string): MapDef | undefined {
  return MAPS.find((m) => m.id === id);
}

// The rows the map's cells use (the Warrens lies below the 3-row map: one more row).
export function mapRows(m: MapDef): number {
  return Math.max(m.rows, ...m.regions.map((r) => r.cell[0] + 1));
}

// Letters for the wrap-around links, so that both ends of one link carry the same letter.
export function wrapLetters(m: MapDef): Map<string, string[]> {
  const out = new Map<string, string[]>();
  m.wrap_links.forEach(([a, b], i) => {
    const letter = String.fromCharCode(97 + i);
    for (const r of [a, b]) out.set(r, [...(out.get(r) ?? []), letter]);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The view

export interface CHRegion {
  id: string;
  crystals: number;
  control?: Faction;
  units?: Partial<Record<Faction, number>>;
  hq?: Faction;
  battle?: number;
  attacker?: Faction;
  exploration_token?: boolean;
  trog_token?: "war_party" | "nest";
  artillery?: boolean;
  watchtower?: boolean;
  distraction?: string;
  structures?: string[];
  matrix_cards?: string[];
}

export interface CHSeat {
  faction: Faction;
  vp: number;
  hq: string;
  hand_count: number;
  deck_count: number;
  discard: string[];
  known_in_hand_and_deck: string[] | Record<string, number>;
  unknown_terrain_cards?: Record<string, number>;
  skills: Record<string, boolean>; // skill id -> exhausted
  structures_built?: Record<string, number>;
  crystal_store?: number;
  ancient_crystals?: string;
  drawing?: { from: string; cards: number };
}

export interface CHSide {
  faction: Faction;
  seat: number; // -1 for neutral Trogs
  board: number[]; // units on Region Control, Capture Prisoners, Attrition
  bonus: number[];
  passed: boolean;
}

export interface CHView {
  map: string;
  round: number;
  action_round: number;
  step: string;
  prompt?: string;
  initiative: number[];
  upcoming_initiative: number[];
  scoring_enabled_by: number | null;
  event_spaces: number[];
  events_revealed: string[];
  regions: CHRegion[];
  reserve: Partial<Record<Faction, number>>;
  prisoners: Partial<Record<Faction, Partial<Record<Faction, number>>>>;
  seats: CHSeat[];
  terrain_decks: number[];
  tokens: Record<string, unknown>;
  decision?: { seat: number; step: string; action?: string; points?: number; regions?: string[]; stopped?: Record<string, number> };
  battle?: { region: string; sides: CHSide[]; next_objective: number };
  over: boolean;
  you?: {
    hand: string[];
    deck_cards: string[] | Record<string, number>;
    drawn?: string[];
    matrix?: Record<string, unknown>;
    unplayable?: Record<string, string>;
  };
}

export function isCryHavocView(v: unknown): v is CHView {
  const o = v as Partial<CHView> | null;
  return !!o && typeof o.map === "string" && Array.isArray(o.regions) && Array.isArray(o.seats);
}

// The seat that plays a faction, or null (neutral Trogs).
export function seatOf(view: CHView, f: Faction): number | null {
  const i = view.seats.findIndex((s) => s.faction === f);
  return i >= 0 ? i : null;
}

// A card list as the view gives it: an array of ids, or {id: copies}.
export function cardList(x: string[] | Record<string, number> | undefined): string[] {
  if (!x) return [];
  if (Array.isArray(x)) return x;
  return Object.entries(x).flatMap(([id, n]) => Array.from({ length: n }, () => id));
}

// C10.2: the crystals in the regions a faction controls (what it would score for crystals now).
export function crystalsHeld(view: CHView, f: Faction): number {
  let n = 0;
  for (const r of view.regions) if (r.control === f) n += r.crystals;
  return n;
}

export function regionsHeld(view: CHView, f: Faction): number {
  return view.regions.filter((r) => r.control === f).length;
}

// ---------------------------------------------------------------------------------------------
// Legal actions as clicks

export interface Pick {
  id: number;
  label: string;
}

export interface CHChoices {
  step: string | null;
  actions: Pick[]; // Move, Recruit, Build, Draw 2, Enable Scoring
  buttons: Pick[]; // done, end turn, pass
  skills: Pick[];
  cards: Map<string, Pick[]>; // hand card id -> its uses (discard for points, keep, play)
  regions: Map<string, Pick>; // region id -> that region
  steps: Map<string, Map<string, Pick>>; // from -> to -> one unit one step
  objectives: Pick[];
  numbers: { n: number; pick: Pick }[];
  structures: Pick[];
  built: Map<string, Pick[]>; // region -> activate / redeploy / disassemble a structure there
  units: Map<string, Pick[]>; // region -> an enemy unit there (kill, capture)
  other: Pick[]; // shift, push, matrix cards, buy back, terrain decks, ...
}

export function groupActions(legal: LegalAction[]): CHChoices {
  const c: CHChoices = {
    step: null,
    actions: [],
    buttons: [],
    skills: [],
    cards: new Map(),
    regions: new Map(),
    steps: new Map(),
    objectives: [],
    numbers: [],
    structures: [],
    built: new Map(),
    units: new Map(),
    other: [],
  };
  const push = <K>(m: Map<K, Pick[]>, k: K, p: Pick) => m.set(k, [...(m.get(k) ?? []), p]);
  for (const a of legal) {
    const j = a.json as Record<string, unknown>;
    const p: Pick = { id: a.id, label: a.label };
    if (typeof j.step === "string") c.step = j.step;
    switch (j.type) {
      case "move":
      case "recruit":
      case "build":
      case "draw_own":
      case "draw_terrain":
      case "enable_scoring":
        c.actions.push(p);
        break;
      case "done":
      case "end_turn":
      case "pass":
        c.buttons.push(p);
        break;
      case "skill":
        c.skills.push(p);
        break;
      case "card":
        push(c.cards, String(j.card), p);
        break;
      case "region":
        c.regions.set(String(j.region), p);
        break;
      case "step": {
        const from = String(j.from);
        const m = c.steps.get(from) ?? new Map<string, Pick>();
        m.set(String(j.to), p);
        c.steps.set(from, m);
        break;
      }
      case "objective":
        c.objectives.push(p);
        break;
      case "number":
        c.numbers.push({ n: Number(j.n), pick: p });
        break;
      case "structure":
        c.structures.push(p);
        break;
      case "built_structure":
        push(c.built, String(j.region), p);
        break;
      case "unit":
        push(c.units, String(j.region), p);
        break;
      default:
        c.other.push(p);
    }
  }
  c.numbers.sort((a, b) => a.n - b.n);
  return c;
}

// What a card's button says it does, from the engine's label: "discard Wanderers (+2)" at the
// move step is "Discard: +2 move points"; a card worth nothing at that step says so on its
// button (`wasted`), so that no card goes for nothing unwarned; any other use is its label
// without the card's name ("play Wanderers" -> "Play").
export function cardUse(label: string, cardName: string, step: string | null): { text: string; wasted: boolean } {
  const m = /^discard .* \(\+(\d+)\)$/.exec(label);
  if (m) {
    const n = Number(m[1]);
    const what = step === "move" ? "move" : step === "recruit" ? "recruit" : step === "build" ? "build" : "";
    const unit = `${what ? `${what} ` : ""}point${n === 1 ? "" : "s"}`;
    return n === 0 ? { text: `Discard for nothing (0 ${unit})`, wasted: true } : { text: `Discard: +${n} ${unit}`, wasted: false };
  }
  const rest = cardName ? label.replace(` ${cardName}`, "") : label;
  return { text: rest.charAt(0).toUpperCase() + rest.slice(1), wasted: false };
}

// ---------------------------------------------------------------------------------------------
// What the log tells

export interface BattleTold {
  move: number;
  region: string;
  text: string;
  data: Record<string, unknown>;
}

// The latest battle the log tells (a "battle" line), or null.
export function lastBattle(log: Step[]): BattleTold | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const lines = log[i].lines;
    for (let k = lines.length - 1; k >= 0; k--) {
      const l = lines[k];
      if (l.kind !== "battle") continue;
      const d = (l.data ?? {}) as Record<string, unknown>;
      return { move: log[i].move, region: String(d.region ?? ""), text: l.text, data: d };
    }
  }
  return null;
}

// The tactics cards played in the battle being fought: the "play X" lines of the log since the
// last battle was resolved (its "battle" line), oldest first.
export function tacticsNow(log: Step[]): string[] {
  const out: string[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const lines = log[i].lines;
    if (lines.some((l) => l.kind === "battle")) break;
    for (let k = lines.length - 1; k >= 0; k--) {
      const l = lines[k];
      const d = (l.data ?? {}) as { label?: unknown };
      if (l.kind === "action" && typeof d.label === "string" && d.label.startsWith("play ")) out.unshift(l.text);
    }
  }
  return out;
}

// VP scored per seat by kind, from the log lines that carry "vp" for one seat in their data.
export function vpBySource(log: Step[], seats: number): Map<string, number>[] {
  const out = Array.from({ length: seats }, () => new Map<string, number>());
  for (const st of log)
    for (const l of st.lines) {
      const d = (l.data ?? {}) as Record<string, unknown>;
      const vp = typeof d.vp === "number" ? d.vp : null;
      if (vp === null || l.seats.length !== 1) continue;
      const m = out[l.seats[0]];
      if (m) m.set(l.kind, (m.get(l.kind) ?? 0) + vp);
    }
  return out;
}

// "sunscar" -> "Sunscar" from the map, or words from the id.
export function regionName(m: MapDef | undefined, id: string): string {
  return m?.regions.find((r) => r.id === id)?.name ?? id.replace(/_/g, " ").replace(/\b\w/g, (x) => x.toUpperCase());
}
