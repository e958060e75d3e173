// How seats are named, the one place that decides it (player rows, log, turn line, end card,
// lobby). Pure: unit-tested in tests/unit/seats.test.ts.
import type { Pace, SeatInfo } from "./protocol";

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
export type SeatTag = "you" | "bot" | "away" | "stand-in";

// `standIn`: a bot plays this person's seat until they are back (a turn-based table's timeout).
export function seatTags(st: Pick<SeatInfo, "seat" | "kind" | "connected">, you: number | null, standIn = false): SeatTag[] {
  const tags: SeatTag[] = [];
  if (you === st.seat) tags.push("you");
  if (st.kind === "bot") tags.push("bot");
  else if (standIn) tags.push("stand-in");
  else if (st.connected === false && you !== st.seat) tags.push("away");
  return tags;
}

// Where a human seat stands, as the source can tell (LiveSource: the table's lobby entry):
// someone is connected there, and for a seat nobody holds, how many seconds ago its last
// connection closed (null: none since the server loaded the table).
export interface Presence {
  connected: boolean;
  awaySeconds: number | null;
}

// "less than a minute", "3 min", "2 h", "3 days".
export function durationWords(seconds: number): string {
  const min = Math.floor(seconds / 60);
  if (min < 1) return "less than a minute";
  if (min < 60) return `${min} min`;
  const hours = Math.floor(min / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

// "less than a minute ago", "3 min ago", "2 h ago", "3 days ago".
export function agoWords(seconds: number): string {
  return `${durationWords(seconds)} ago`;
}

// What is happening while the seat to move is a person who is not at the table. At a live table
// no clock runs and no bot takes the seat over (the server waits), so the sentence says that the
// game waits for that person, and how they come back; at a turn-based one, until when, and what
// the table's rule does then.
export function absenceWords(name: string, awaySeconds: number | null, pace?: Pace, secondsLeft?: number | null): string {
  const where = awaySeconds === null ? `${name} is not at the table` : `${name} left the table ${agoWords(awaySeconds)}`;
  if ((pace?.pace === "turn" || hasClock(pace)) && typeof secondsLeft === "number") {
    const bot = `the ${pace?.timeout_bot ?? "normal"} bot`;
    const then = pace?.on_timeout === "bot" ? `${bot} plays for them until they open their link again` : `${bot} makes that turn for them`;
    return `${where}; the game waits for them ${secondsLeft > 0 ? `for ${durationWords(secondsLeft)} more` : "no longer"}, then ${then}.`;
  }
  return `${where}; the game waits until they open their link again (only that link plays the seat).`;
}

// A turn-based table's time left to the seat to move: "23 h left", "time is up".
export function timeLeftWords(secondsLeft: number): string {
  return secondsLeft > 0 ? `${durationWords(secondsLeft)} left` : "time is up";
}

// A clock's face (a live table's time per move): "0:45", "12:05", "1:00:00"; whole seconds,
// rounded up (it reads 0:00 only when the time is up).
export function clockWords(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft));
  const two = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

// Whether a table's pace has a clock that runs while the players sit at it (a live table's time
// per move), shown as a clock face that counts down each second.
export function hasClock(pace: Pace | undefined): boolean {
  return pace?.pace === "live" && (pace.clock === "move" || pace.clock === "fischer");
}

// A table's pace in words: "turn-based, 24 h a turn", "live, 1 min a turn" (live, no clock: "").
export function paceWords(pace: Pace | undefined): string {
  const span = (t: number) => (t % 60 === 0 ? `${t / 60} min` : `${t} s`);
  if (pace?.pace === "live" && pace.clock === "fischer") return `live, ${span(pace.budget_seconds ?? 600)} + ${pace.increment_seconds ?? 5} s a turn`;
  if (hasClock(pace)) return `live, ${span(pace?.move_seconds ?? 60)} a turn`;
  if (!pace || pace.pace !== "turn") return "";
  const t = pace.turn_seconds ?? 86400;
  return `turn-based, ${t % 86400 === 0 ? `${t / 86400} ${t === 86400 ? "day" : "days"}` : `${Math.round(t / 3600)} h`} a turn`;
}

// The rule a new seat name must follow, the server's own (table::seat_name in
// src/table/seats.cpp, which refuses what breaks it; both are tested on the cases of
// tests/fixtures/seat_names.json): runs of spaces collapse to one and the ends are trimmed
// (keptName), then at most 24 characters; no control, zero-width or direction-changing
// characters; no brackets, so that a name cannot pass for a tag like "(bot)" or a placeholder
// like "{P2}"; not "Player N" of another seat. Returns what is wrong in words, or null.
export const NAME_MAX = 24;
export function checkName(name: string, seat: number): string | null {
  INVISIBLE.lastIndex = 0;
  if (INVISIBLE.test(name)) return "a name cannot hold invisible or direction-changing characters.";
  if (/[()[\]{}<>]/.test(name)) return "a name cannot hold brackets.";
  const n = keptName(name);
  if ([...n].length > NAME_MAX) return `a name has at most ${NAME_MAX} characters.`;
  const m = /^player *(\d{1,3})$/i.exec(n);
  if (m && Number(m[1]) !== seat + 1) return `"${n}" is another seat's name.`;
  return null;
}

// A name as the server keeps it: the spaces it counts as spaces (space, no-break, the en/em
// family, narrow and ideographic) collapsed to one, the ends trimmed.
export function keptName(name: string): string {
  return name.split(SPACES).filter((w) => w !== "").join(" ");
}
const SPACES = /[ \u00a0\u2000-\u200a\u202f\u205f\u3000]+/;
