// HTTP side of the protocol (docs/protocol.md): the game catalogue and the lobby.
import type { Pace, StateFrame, WelcomeFrame } from "./protocol";

// One option of a game, as the catalogue (GameInfo::catalogue_json) gives it.
export interface GameOption {
  name: string;
  type: "integer" | "choice" | "variant"; // "variant": a designer's content variant (turf serve --variant)
  default: number | string;
  choices?: string[]; // type "choice"; type "variant": "base", then the variants the server offers
  labels?: string[]; // the choices as a player reads them ("After round 5", "1st edition")
  min?: number; // type "integer", inclusive
  max?: number;
  help?: string;
}

export interface GameEntry {
  id: string;
  title: string;
  summary: string;
  rules_version?: string;
  about?: string;
  min_players: number;
  max_players: number;
  options: GameOption[];
  bots?: Record<string, string>;
  programs?: { name: string; bot: string }[]; // the operator's programs (turf serve --ext-bot)
}

export interface LobbySeat {
  seat: number;
  name: string;
  kind: "human" | "bot";
  connected?: boolean;
  away_s?: number; // a human seat nobody holds: seconds since its last connection closed
  stand_in?: string; // a bot plays this person's seat until they are back (turn-based tables)
}

export interface LobbyTable {
  id: string;
  game: string;
  options: Record<string, unknown>;
  status: "waiting" | "playing" | "over";
  seats: LobbySeat[];
  moves: number;
  to_move?: number | null; // whose turn (null: over; absent: the server has not rebuilt the position)
  created: string | number;
  updated?: string; // ISO 8601 (UTC): the last action or undo, the creation before any
  pace?: Pace;
  deadline?: number | null; // Unix seconds: when the seat to move runs out of time
  public?: boolean; // listed in the lobby (the lobby lists only these)
}

// A new table's pace (docs/protocol.md "Turn-based tables"); live when absent.
export type NewPace =
  | { pace: "turn"; turn_seconds: number; on_timeout: "move" | "bot" }
  | { pace: "live"; clock: "move"; move_seconds: number; on_timeout: "move" | "bot" } // a clock
  | { pace: "live"; clock: "fischer"; budget_seconds: number; increment_seconds: number; on_timeout: "move" | "bot" };

export type NewSeat = { kind: "human"; name: string } | { kind: "bot"; bot: string; name: string };

export interface CreatedTable {
  id: string;
  seats: { seat: number; name: string; kind: "human" | "bot"; token?: string; join?: string }[];
  spectate: string;
}

// A refusal by the server (`status` is the HTTP status), apart from a server that cannot be reached.
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const r = await fetch(path, { ...init, headers: { "Content-Type": "application/json" } });
  const text = await r.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!r.ok) {
    const msg = (body as { error?: string } | null)?.error ?? `HTTP ${r.status}`;
    throw new HttpError(msg, r.status);
  }
  return body as T;
}

export const api = {
  games: () => call<GameEntry[]>("api/games"),
  tables: () => call<LobbyTable[]>("api/tables"),
  table: (id: string) => call<LobbyTable>(`api/tables/${encodeURIComponent(id)}`),
  // a finished table's frames at move `at` (null: the end), as a spectator got them
  // view: a seat, "all" (every hidden thing: the game is over) or null (a spectator)
  replay: (id: string, at: number | null, view: ReplayView = null) => {
    const q = [view === null ? "" : `view=${view}`, at === null ? "" : `at=${at}`].filter(Boolean).join("&");
    return call<{ welcome: WelcomeFrame; state: StateFrame; moves: number }>(`api/tables/${encodeURIComponent(id)}/replay${q ? `?${q}` : ""}`);
  },
  importRecord: (body: RecordBody) => call<{ id: string; replay: string }>("api/records", { method: "POST", body: JSON.stringify(body) }),
  create: (game: string, options: Record<string, unknown>, seats: NewSeat[], pace: NewPace | null = null, listed = false) =>
    call<CreatedTable>("api/tables", { method: "POST", body: JSON.stringify({ game, options, seats, ...(pace ?? {}), public: listed }) }),
};

// Links live in the URL fragment (never sent to a server): #/table/ID and #/table/ID/seat/TOKEN;
// #/hotseat/ID plays every seat of the table this browser holds, in turn, on this device.
export type Route =
  | { page: "lobby" }
  | { page: "table"; table: string; token: string | null }
  | { page: "hotseat"; table: string }
  | { page: "replay"; table: string; at: number | null; view: ReplayView };

// Whose eyes a replay is seen with: a seat's, "all" (everything hidden, once the game is over),
// or null: a spectator's.
export type ReplayView = number | "all" | null;

export function parseRoute(hash: string): Route {
  const hot = /^#\/hotseat\/([0-9a-f]{1,64})\/?$/i.exec(hash);
  if (hot) return { page: "hotseat", table: hot[1].toLowerCase() };
  // #/replay/ID?view=V&at=K: view a seat or all (absent: the spectator), at a move (absent: the end)
  const rep = /^#\/replay\/([0-9a-f]{1,64})(?:\?((?:view|at)=(?:\d{1,7}|all)(?:&(?:view|at)=(?:\d{1,7}|all))?))?$/i.exec(hash);
  if (rep) {
    const q = new URLSearchParams(rep[2] ?? "");
    if (q.getAll("at").length > 1 || q.getAll("view").length > 1) return { page: "lobby" };
    const num = (k: string) => (q.has(k) ? Number(q.get(k)) : null);
    if (q.get("at") === "all") return { page: "lobby" };
    return { page: "replay", table: rep[1].toLowerCase(), at: num("at"), view: q.get("view") === "all" ? "all" : num("view") };
  }
  const m = /^#\/table\/([0-9a-f]{1,64})(?:\/seat\/([0-9a-f]{1,128}))?\/?$/i.exec(hash);
  if (m) return { page: "table", table: m[1].toLowerCase(), token: m[2] ? m[2].toLowerCase() : null };
  return { page: "lobby" };
}

export function tableLink(base: string, table: string, token?: string | null): string {
  const root = base.replace(/#.*$/, "");
  return token ? `${root}#/table/${table}/seat/${token}` : `${root}#/table/${table}`;
}

// What the server needs of a turf record file to replay it (POST /api/records): the game, its
// options, seed, seats and action ids, nothing else of the file. The seed goes as its decimal
// text, read from the file itself: a seed past 2^53 does not survive a JavaScript number.
export interface RecordBody {
  game: string;
  options: Record<string, unknown>;
  seed: string;
  seats: { name: string; agent: string }[];
  actions: number[];
}

export function recordBody(text: string): RecordBody {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch {
    throw new Error("it is not JSON");
  }
  const rec = r as { format?: unknown; game?: unknown; options?: unknown; seed?: unknown; seats?: unknown; actions?: unknown };
  if (typeof r !== "object" || r === null || rec.format !== "turf-record") throw new Error("it is not a turf record");
  if (typeof rec.game !== "string" || typeof rec.seed !== "number" || !Array.isArray(rec.seats) || !Array.isArray(rec.actions)) throw new Error("the record is incomplete");
  // the seed's digits as written (the top-level "seed", the one equal to the parsed number)
  let seed = String(rec.seed);
  if (!Number.isSafeInteger(rec.seed))
    for (const m of text.matchAll(/"seed"\s*:\s*(\d{1,20})/g)) if (Number(m[1]) === rec.seed) seed = m[1];
  return {
    game: rec.game,
    options: typeof rec.options === "object" && rec.options !== null ? (rec.options as Record<string, unknown>) : {},
    seed,
    seats: (rec.seats as { name?: unknown; agent?: unknown }[]).map((s) => ({ name: typeof s.name === "string" ? s.name : "", agent: typeof s.agent === "string" ? s.agent : "human" })),
    actions: (rec.actions as { id?: unknown }[]).map((a) => (typeof a.id === "number" ? a.id : -1)),
  };
}
