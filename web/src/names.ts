// How seats are named, the one place that decides it (player rows, log, turn line, end card,
// lobby). Pure: unit-tested in tests/unit/seats.test.ts.
import type { SeatInfo } from "./protocol";

// Display names per seat, for every place a seat is named (player rows, log, turn line, end
// card): the seat's own name, or "Player N" where it has none. Names are plain: whether a seat is
// a bot, is you or has left is shown beside the name (seatTags), never written into it, so that a
// name cannot pass for a tag.
export function seatNames(seats: Pick<SeatInfo, "seat" | "name">[]): string[] {
  const names: string[] = [];
  for (const st of seats) names[st.seat] = defaultName(st.seat, st.name);
  for (let i = 0; i < names.length; i++) if (names[i] === undefined) names[i] = defaultName(i, "");
  return names;
}

// A seat's name as shown: without control, zero-width and direction-changing characters (the
// server refuses them in new names; this covers tables stored before), spaces collapsed, or
// "Player N" where nothing is left.
export function defaultName(seat: number, name: string | undefined): string {
  const n = (name ?? "").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  return n || `Player ${seat + 1}`;
}

// C0/C1 controls, zero-width spaces and joiners, direction marks, embeddings, overrides and
// isolates, the word joiner and invisible operators, the byte-order mark.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

// What is shown beside a seat's name, as separate styled chips: "you", "bot", "away" (a human seat
// with no open connection, where the source knows).
export type SeatTag = "you" | "bot" | "away";

export function seatTags(st: Pick<SeatInfo, "seat" | "kind" | "connected">, you: number | null): SeatTag[] {
  const tags: SeatTag[] = [];
  if (you === st.seat) tags.push("you");
  if (st.kind === "bot") tags.push("bot");
  else if (st.connected === false && you !== st.seat) tags.push("away");
  return tags;
}
