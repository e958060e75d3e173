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
  words?: string[]; // each seat's result in words, where scores are ranking keys
}

export interface WelcomeFrame {
  type: "welcome";
  table: string;
  game: string;
  seat: number | null;
  seats: SeatInfo[];
  options: Record<string, unknown>;
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
}

export interface ErrorFrame {
  type: "error";
  code: string;
  message: string;
}

export type ServerFrame = WelcomeFrame | StateFrame | ErrorFrame | { type: "pong" };

export type ClientFrame =
  | { type: "hello"; table: string; token?: string }
  | { type: "act"; action: number; move: number }
  | { type: "undo" }
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
      };
    }
    case "error":
      return { ...state, error: frame };
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
// draw. Where the game says each seat's result in words (result.words: "12 DP", "won by home turf
// domination (33 DP)", "eliminated, 5 DP"), the sentence is built around them: a count follows
// "with", a "won ..." phrase follows the name, anything else follows a colon.
export function rankingWords(result: MatchResult, names: string[]): string[] {
  const seats = result.ranking.map((rank, seat) => ({ rank, seat }));
  seats.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const ordinal = ["first", "second", "third", "fourth", "fifth", "sixth"];
  const name = (s: number) => names[s] ?? defaultName(s, "");
  const words = (s: number) => result.words?.[s]?.trim().replace(/\.$/, "") || null;
  const pts = (s: number) => {
    const v = result.scores[s];
    return v === 1 ? "1 point" : `${v} points`;
  };
  // "with 12 DP", "with 14 points", or ": eliminated, 5 DP"
  const tail = (s: number) => {
    const w = words(s);
    if (!w) return ` with ${pts(s)}`;
    return /^\d/.test(w) ? ` with ${w}` : `: ${w}`;
  };
  const firsts = seats.filter((s) => s.rank === 0);
  const lines: string[] = [];
  if (firsts.length > 1) {
    lines.push(`Draw: ${firsts.map((s) => name(s.seat)).join(" and ")} share first place${tail(firsts[0].seat)}.`);
  } else if (firsts.length === 1) {
    const s = firsts[0].seat;
    const w = words(s);
    lines.push(w && /^won\b/i.test(w) ? `${name(s)} ${w}.` : `${name(s)} wins${tail(s)}.`);
  }
  for (const s of seats) {
    if (s.rank === 0) continue;
    lines.push(`${name(s.seat)} is ${ordinal[s.rank] ?? `#${s.rank + 1}`}${tail(s.seat)}.`);
  }
  return lines;
}
