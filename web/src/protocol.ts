// The table protocol (docs/protocol.md) as types, and the pure reducer that folds server frames
// into the client's picture of a table. No DOM here: unit-tested in tests/unit.
import { defaultName } from "./names";

export type SeatKind = "human" | "bot";

export interface SeatInfo {
  seat: number;
  name: string;
  kind: SeatKind;
  connected?: boolean;
}

export interface NarrationLine {
  kind: string;
  seats: number[];
  data: unknown;
  text: string;
}

export interface Step {
  move: number;
  seat: number;
  lines: NarrationLine[];
}

export interface LegalAction {
  id: number;
  label: string;
  json: Record<string, unknown>;
}

export interface MatchResult {
  scores: number[];
  ranking: number[]; // rank per seat, 0 = first; tied seats share a rank
  words?: string[]; // each seat's result in words, to follow "wins with" (why a winner won)
}

// How a table is played (docs/protocol.md "Turn-based tables").
export interface Pace {
  pace: "live" | "turn";
  turn_seconds?: number;
  clock?: "move" | "fischer"; // a live table's clock: a time per move, or a budget and an increment
  move_seconds?: number;
  budget_seconds?: number;
  increment_seconds?: number;
  on_timeout?: "move" | "bot";
  timeout_bot?: string;
}

export interface WelcomeFrame {
  type: "welcome";
  table: string;
  game: string;
  seat: number | null;
  seats: SeatInfo[];
  options: Record<string, unknown>;
  pace?: Pace;
}

export interface StateFrame {
  type: "state";
  move: number;
  view: Record<string, unknown>;
  to_move: number | null;
  legal: LegalAction[];
  undoable: number;
  over: boolean;
  result: MatchResult | null;
  log: Step[];
  deadline?: number | null; // Unix seconds: when the seat to move runs out of time
  deadline_in?: number | null; // seconds left when the server made the frame (its clock, not ours)
  clocks?: number[] | null; // a Fischer clock: each seat's seconds left when the frame was made
  stand_ins?: Record<string, string>; // seat -> the bot that plays it until its player is back
}

export interface ErrorFrame {
  type: "error";
  code: string;
  message: string;
}

// A finished table's rematch was made (docs/protocol.md): its id.
export interface RematchFrame {
  type: "rematch";
  table: string;
}

export type ServerFrame = WelcomeFrame | StateFrame | ErrorFrame | RematchFrame | { type: "pong" };

export type ClientFrame =
  | { type: "hello"; table: string; token?: string }
  | { type: "act"; action: number; move: number }
  | { type: "undo" }
  | { type: "rematch" }
  | { type: "replace"; seat: number }
  | { type: "ping" };

export interface TableState {
  table: string | null;
  game: string | null;
  seat: number | null; // null: spectator
  seats: SeatInfo[];
  options: Record<string, unknown>;
  move: number;
  view: Record<string, unknown> | null;
  toMove: number | null;
  legal: LegalAction[];
  undoable: number;
  over: boolean;
  result: MatchResult | null;
  log: Step[]; // by move number, each move at most once
  error: ErrorFrame | null;
  rematch: string | null; // the id of this finished table's rematch, once made
  pace: Pace;
  deadline: number | null; // Unix seconds (a turn-based table's seat to move)
  deadlineIn: number | null; // seconds left when the frame was made (the server's clock)
  clocks: number[] | null; // a Fischer clock: each seat's seconds left when the frame was made
  standIns: Record<string, string>;
}

export function initialState(): TableState {
  return {
    table: null,
    game: null,
    seat: null,
    seats: [],
    options: {},
    move: 0,
    view: null,
    toMove: null,
    legal: [],
    undoable: 0,
    over: false,
    result: null,
    log: [],
    error: null,
    rematch: null,
    pace: { pace: "live" },
    deadline: null,
    deadlineIn: null,
    clocks: null,
    standIns: {},
  };
}

// Parses one text frame; anything that is not an object with a known `type` is refused.
export function parseFrame(text: string): ServerFrame | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const t = (v as { type?: unknown }).type;
  if (t === "welcome" || t === "state" || t === "error" || t === "pong") return v as ServerFrame;
  if (t === "rematch") {
    const id = (v as { table?: unknown }).table;
    return typeof id === "string" && /^[0-9a-f]{32}$/.test(id) ? { type: "rematch", table: id } : null;
  }
  return null;
}

// Merges new narration steps into the log. A step for move i replaces what the log held from
// move i on: after an undo the server narrates the moves again, and history never has two steps
// for one move number.
export function mergeLog(log: Step[], incoming: Step[]): Step[] {
  if (incoming.length === 0) return log;
  let out = log;
  for (const step of incoming) {
    const keep = out.filter((s) => s.move < step.move);
    out = [...keep, step];
  }
  return out;
}

export function reduce(state: TableState, frame: ServerFrame): TableState {
  switch (frame.type) {
    case "welcome":
      // A welcome starts a fresh picture (first connect or a reconnect): the next state frame
      // carries the whole log again.
      return {
        ...initialState(),
        table: frame.table,
        game: frame.game,
        seat: frame.seat,
        seats: frame.seats,
        options: frame.options ?? {},
        pace: frame.pace ?? { pace: "live" },
      };
    case "state": {
      // Moves never shrink except by an undo; the log drops the steps past the new move.
      const base = state.log.filter((s) => s.move < frame.move);
      return {
        ...state,
        move: frame.move,
        view: frame.view,
        toMove: frame.to_move,
        legal: frame.legal ?? [],
        undoable: frame.undoable ?? 0,
        over: frame.over,
        result: frame.result,
        log: mergeLog(base, frame.log ?? []),
        error: null,
        deadline: typeof frame.deadline === "number" ? frame.deadline : null,
        deadlineIn: typeof frame.deadline_in === "number" ? frame.deadline_in : null,
        clocks: Array.isArray(frame.clocks) ? frame.clocks : null,
        standIns: frame.stand_ins ?? {},
      };
    }
    case "error":
      return { ...state, error: frame };
    case "rematch":
      return { ...state, rematch: frame.table };
    default:
      return state;
  }
}

// True when this client may act now.
export function myTurn(state: TableState): boolean {
  return state.seat !== null && !state.over && state.toMove === state.seat && state.legal.length > 0;
}

// "{P1}" -> names[0] ...; a number past the names becomes "Player N" (as the engine does).
export function renderText(text: string, names: string[]): string {
  return text.replace(/\{P(\d+)\}/g, (_m, n: string) => {
    const i = Number(n) - 1;
    return i >= 0 && i < names.length && names[i] ? names[i] : defaultName(i, "");
  });
}

// The end of a game in words: "Ann wins with 14 points." / "Bob is second with 9 points." or a
// draw. Where the game says each seat's result in words (result.words, a phrase that reads after
// "wins with" or "is second with": "12 DP", "home turf domination: 5 Mountain turfs (33 DP)",
// "4 DP (eliminated)"), those words are used. Several seats may win together in a different way
// each (a Turf Wars Undefeated holder beside the most DP): each winner's way is told, and only
// winners level on the score share a "Draw" (each in their own words where those differ).
export function rankingWords(result: MatchResult, names: string[]): string[] {
  const seats = result.ranking.map((rank, seat) => ({ rank, seat }));
  seats.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const ordinal = ["first", "second", "third", "fourth", "fifth", "sixth"];
  const name = (s: number) => names[s] ?? defaultName(s, "");
  const said = (s: number) => {
    const w = result.words?.[s]?.trim().replace(/\.$/, "");
    if (w) return w;
    const v = result.scores[s];
    return v === 1 ? "1 point" : `${v} points`;
  };
  const firsts = seats.filter((s) => s.rank === 0);
  const lines: string[] = [];
  const level = firsts.length > 1 && firsts.every((s) => result.scores[s.seat] === result.scores[firsts[0].seat]);
  if (level && firsts.every((s) => said(s.seat) === said(firsts[0].seat))) {
    lines.push(`Draw: ${firsts.map((s) => name(s.seat)).join(" and ")} share first place with ${said(firsts[0].seat)}.`);
  } else if (level) {
    // level on the score, each in their own words (dungeon's corridors, a Turf Wars card beside the DP)
    lines.push(`Draw: ${firsts.map((s) => name(s.seat)).join(" and ")} share first place: ${firsts.map((s) => `${name(s.seat)} with ${said(s.seat)}`).join("; ")}.`);
  } else {
    firsts.forEach((s, i) => lines.push(i === 0 ? `${name(s.seat)} wins with ${said(s.seat)}.` : `${name(s.seat)} also wins, with ${said(s.seat)}.`));
  }
  for (const s of seats) {
    if (s.rank === 0) continue;
    lines.push(`${name(s.seat)} is ${ordinal[s.rank] ?? `#${s.rank + 1}`} with ${said(s.seat)}.`);
  }
  return lines;
}
