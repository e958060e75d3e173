// The table's log as people read it: the narration steps (one per decision, docs/protocol.md)
// grouped into turns, each turn numbered and told once. Pure: unit-tested in tests/unit/log.test.ts.
//
// A turn is a run of consecutive steps by one seat. Many games ask a turn in several decisions
// (dungeon: a tile, a cell, a rotation); the engine says nothing of the first ones and the core
// gives each of them a bare line "{P1}: <label>", and the last one its sentence ("{P1} places an
// L tile at 4,-3, open NW."). A bare line is dropped once a later decision of the same turn has
// been told in a sentence, so that each decision appears once, as its sentence; the bare lines of
// a turn still in progress stay, so that a watcher sees it move.
import type { NarrationLine, Step } from "./protocol";

export interface LogLine {
  kind: string;
  seat: number | null; // the seat the line is about (its colour), null for the whole table
  text: string; // with {P1} placeholders, as the engine wrote it
}

export interface LogEntry {
  n: number; // 1-based turn number, as shown
  seat: number; // the seat whose turn it is
  moves: [number, number]; // first and last move (history index) of the turn
  lines: LogLine[];
}

// The core's bare line for a decision the game does not narrate (src/core/narration.cpp).
export function isBare(line: NarrationLine, mover: number): boolean {
  const label = (line.data as { label?: unknown } | null)?.label;
  return line.kind === "action" && typeof label === "string" && line.text === `{P${mover + 1}}: ${label}`;
}

export function logEntries(steps: readonly Step[]): LogEntry[] {
  const out: LogEntry[] = [];
  let i = 0;
  while (i < steps.length) {
    const seat = steps[i].seat;
    let j = i;
    while (j < steps.length && steps[j].seat === seat) j++;
    const turn = steps.slice(i, j);
    // the last step of the turn that says more than a bare line
    let lastTold = -1;
    turn.forEach((st, k) => {
      if (st.lines.some((l) => !isBare(l, st.seat))) lastTold = k;
    });
    const lines: LogLine[] = [];
    turn.forEach((st, k) => {
      for (const l of st.lines) {
        if (k < lastTold && isBare(l, st.seat)) continue;
        lines.push({ kind: l.kind, seat: l.seats.length === 1 ? l.seats[0] : l.seats.length ? null : st.seat, text: l.text });
      }
    });
    out.push({ n: out.length + 1, seat, moves: [turn[0].move, turn[turn.length - 1].move], lines });
    i = j;
  }
  return out;
}
