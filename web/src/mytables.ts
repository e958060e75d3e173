// "My tables": every seat this browser holds (issue 30). A seat is held once its link was opened
// here and the server welcomed it at that seat; the token stays in this browser's local storage
// and is sent only to the server it came from (the page's own origin). The lobby lists the held
// tables, "your turn" first. Pure functions apart from the storage calls at the end.
import type { LobbyTable } from "./api";

export interface HeldSeat {
  table: string; // 32 hex digits
  token: string; // the seat's token (hex)
  seat: number;
  game: string;
  at: number; // when the link was last opened here (ms since 1970)
}

export const HELD_KEY = "turf.seats";
// A bound on what one browser keeps: the oldest seat opened goes first.
export const MAX_HELD = 50;

const HEX = /^[0-9a-f]{1,128}$/;

function valid(x: unknown): x is HeldSeat {
  if (!x || typeof x !== "object") return false;
  const s = x as Record<string, unknown>;
  return (
    typeof s.table === "string" && HEX.test(s.table) &&
    typeof s.token === "string" && HEX.test(s.token) &&
    Number.isInteger(s.seat) && (s.seat as number) >= 0 && (s.seat as number) < 16 &&
    typeof s.game === "string" && /^[a-z0-9_-]{1,32}$/.test(s.game) &&
    typeof s.at === "number" && Number.isFinite(s.at)
  );
}

// The stored list, whatever the storage holds: junk and repeats are dropped, newest first.
export function parseHeld(raw: string | null): HeldSeat[] {
  let v: unknown;
  try {
    v = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const out: HeldSeat[] = [];
  for (const s of v) if (valid(s) && !out.some((o) => o.table === s.table && o.seat === s.seat)) out.push({ table: s.table, token: s.token, seat: s.seat, game: s.game, at: s.at });
  return out.sort((a, b) => b.at - a.at).slice(0, MAX_HELD);
}

// The list with `s` added or brought to the front (one entry per table and seat).
export function withSeat(list: HeldSeat[], s: HeldSeat): HeldSeat[] {
  return [s, ...list.filter((o) => !(o.table === s.table && o.seat === s.seat))].slice(0, MAX_HELD);
}

export function withoutTable(list: HeldSeat[], table: string): HeldSeat[] {
  return list.filter((o) => o.table !== table);
}

// One line of "my tables": a table with the seats held at it and what the server says of it
// (null: not heard of yet; "gone": the server no longer has it).
export interface MyTable {
  table: string;
  game: string;
  seats: HeldSeat[]; // by seat number
  entry: LobbyTable | null | "gone";
  yourTurn: boolean;
}

function rank(t: MyTable): number {
  if (t.yourTurn) return 0;
  if (t.entry === null) return 2;
  if (t.entry === "gone") return 4;
  return t.entry.status === "over" ? 3 : 1;
}

// The held seats grouped by table, "your turn" first, then the tables under way, those not heard
// of yet, the finished ones and those the server no longer has; most recently opened first within.
export function myTables(held: HeldSeat[], entries: Map<string, LobbyTable | "gone">): MyTable[] {
  const by = new Map<string, HeldSeat[]>();
  for (const s of held) by.set(s.table, [...(by.get(s.table) ?? []), s]);
  const out: MyTable[] = [];
  for (const [table, seats] of by) {
    const entry = entries.get(table) ?? null;
    const toMove = entry && entry !== "gone" && entry.status !== "over" ? entry.to_move : null;
    out.push({
      table,
      game: seats[0].game,
      seats: [...seats].sort((a, b) => a.seat - b.seat),
      entry,
      yourTurn: toMove !== null && toMove !== undefined && seats.some((s) => s.seat === toMove),
    });
  }
  const latest = (t: MyTable) => Math.max(...t.seats.map((s) => s.at));
  return out.sort((a, b) => rank(a) - rank(b) || latest(b) - latest(a));
}

// What a line says of the turn, for a person: names are the table's.
export function turnWords(t: MyTable): string {
  if (t.entry === null) return "";
  if (t.entry === "gone") return "no longer on the server";
  if (t.entry.status === "over") return "finished";
  if (t.yourTurn) return "your turn";
  const tm = t.entry.to_move;
  if (tm === null || tm === undefined) return "under way";
  const who = t.entry.seats.find((s) => s.seat === tm);
  return who ? `${who.name || `Player ${tm + 1}`} to move` : "under way";
}

// The storage side (the browser's local storage; a private window may refuse it: then nothing is
// kept, and nothing breaks).
export function heldSeats(): HeldSeat[] {
  try {
    return parseHeld(localStorage.getItem(HELD_KEY));
  } catch {
    return [];
  }
}

function store(list: HeldSeat[]) {
  try {
    localStorage.setItem(HELD_KEY, JSON.stringify(list));
  } catch {
    /* not kept */
  }
}

export function holdSeat(s: HeldSeat) {
  store(withSeat(heldSeats(), s));
}

export function forgetTable(table: string) {
  store(withoutTable(heldSeats(), table));
}
