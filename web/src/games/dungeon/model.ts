// Dungeon: the view JSON (src/games/dungeon/view.cpp, DungeonView::to_json), the action JSON
// (DungeonState::action_to_json) and the pure geometry the board drawing needs.

export type ShapeId = "dead_end" | "straight" | "corner" | "tee" | "cross";
export type MonsterId = "turtleman" | "were_rat" | "crane_wife";

export interface DTile {
  x: number;
  y: number;
  shape: ShapeId;
  passages: string; // open sides, e.g. "NES"
  monsters: { owner: number; monster: MonsterId }[]; // bottom first, top last
}

export interface DSeat {
  hand_count: number;
  monster_in_hand: boolean;
  monster_deck_count: number;
  score: number;
  hand?: ShapeId[]; // only for the viewer's own seat
  monster?: MonsterId | null; // only for the viewer's own seat
}

export interface DView {
  tiles_mix: string;
  first_player: number;
  turn: number;
  step: "tile" | "monster" | "over";
  board: DTile[];
  set_aside: ShapeId[];
  deck_count: number;
  seats: DSeat[];
  pending?: { step: string; shape?: ShapeId; cell?: [number, number] };
}

export type DAction =
  | { type: "tile"; shape: ShapeId }
  | { type: "set_aside"; shape: ShapeId }
  | { type: "orient"; passages: string }
  | { type: "pass" }
  | { type: "cell"; x: number; y: number }
  | { type: "monster"; x: number; y: number; monster?: MonsterId };

export const SHAPES: { id: ShapeId; name: string; passages: string }[] = [
  { id: "dead_end", name: "Dead end", passages: "N" },
  { id: "straight", name: "Straight", passages: "NS" },
  { id: "corner", name: "L", passages: "NE" },
  { id: "tee", name: "T", passages: "NES" },
  { id: "cross", name: "Cross", passages: "NESW" },
];

export const MONSTERS: Record<MonsterId, { name: string; letter: string; defeats: MonsterId }> = {
  turtleman: { name: "Turtleman", letter: "T", defeats: "were_rat" },
  were_rat: { name: "Were-Rat", letter: "R", defeats: "crane_wife" },
  crane_wife: { name: "Crane Wife", letter: "C", defeats: "turtleman" },
};

export function shapeName(id: string): string {
  return SHAPES.find((s) => s.id === id)?.name ?? id;
}

export function monsterName(id: string): string {
  return (MONSTERS as Record<string, { name: string }>)[id]?.name ?? id;
}

export const SIDES = ["N", "E", "S", "W"] as const;
export type Side = (typeof SIDES)[number];

export function maskOf(passages: string): number {
  let m = 0;
  for (const ch of passages) {
    const i = SIDES.indexOf(ch as Side);
    if (i >= 0) m |= 1 << i;
  }
  return m;
}

export function passagesOf(mask: number): string {
  return SIDES.filter((_s, i) => mask & (1 << i)).join("");
}

// Turns a tile a quarter clockwise: N->E, E->S, S->W, W->N.
export function rotateCW(passages: string): string {
  const m = maskOf(passages);
  return passagesOf(((m << 1) | (m >> 3)) & 15);
}

// The distinct rotations of a shape, in clockwise order from the base orientation.
export function rotations(shape: ShapeId): string[] {
  const base = SHAPES.find((s) => s.id === shape)?.passages ?? "";
  const out: string[] = [];
  let p = base;
  for (let i = 0; i < 4; i++) {
    if (!out.includes(p)) out.push(p);
    p = rotateCW(p);
  }
  return out;
}

// Screen position of a cell: engine y grows north, SVG y grows south.
export const CELL = 100;
export function cellOrigin(x: number, y: number): { px: number; py: number } {
  return { px: x * CELL, py: -y * CELL };
}

// Rectangles (in a 100x100 tile, origin top left) that draw a tile's floor: a centre square and
// an arm to each open side. Used for tiles on the board, the hand and the previews.
export const PASSAGE_WIDTH = 36;
export function floorRects(passages: string): { x: number; y: number; w: number; h: number }[] {
  const c = (CELL - PASSAGE_WIDTH) / 2;
  const w = PASSAGE_WIDTH;
  const rects = [{ x: c, y: c, w, h: w }];
  if (passages.includes("N")) rects.push({ x: c, y: 0, w, h: c + 1 });
  if (passages.includes("S")) rects.push({ x: c, y: c + w - 1, w, h: c + 1 });
  if (passages.includes("W")) rects.push({ x: 0, y: c, w: c + 1, h: w });
  if (passages.includes("E")) rects.push({ x: c + w - 1, y: c, w: c + 1, h: w });
  return rects;
}

// The board's extent in cells (with a margin of one cell for candidates), for fitting the view.
export function bounds(cells: { x: number; y: number }[]): { minX: number; maxX: number; minY: number; maxY: number } {
  if (cells.length === 0) return { minX: -1, maxX: 1, minY: -1, maxY: 1 };
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const c of cells) {
    minX = Math.min(minX, c.x);
    maxX = Math.max(maxX, c.x);
    minY = Math.min(minY, c.y);
    maxY = Math.max(maxY, c.y);
  }
  return { minX: minX - 1, maxX: maxX + 1, minY: minY - 1, maxY: maxY + 1 };
}

// What the seat to move is asked now, from its legal actions (grouped by kind).
export interface DChoices {
  tiles: { id: number; shape: ShapeId }[];
  setAside: { id: number; shape: ShapeId }[];
  cells: { id: number; x: number; y: number }[];
  orients: { id: number; passages: string }[];
  monsters: { id: number; x: number; y: number; monster?: MonsterId }[];
  pass: number | null;
  other: { id: number; label: string }[];
}

export function groupActions(legal: { id: number; label: string; json: Record<string, unknown> }[]): DChoices {
  const c: DChoices = { tiles: [], setAside: [], cells: [], orients: [], monsters: [], pass: null, other: [] };
  for (const a of legal) {
    const j = a.json as unknown as DAction;
    switch (j?.type) {
      case "tile":
        c.tiles.push({ id: a.id, shape: j.shape });
        break;
      case "set_aside":
        c.setAside.push({ id: a.id, shape: j.shape });
        break;
      case "cell":
        c.cells.push({ id: a.id, x: j.x, y: j.y });
        break;
      case "orient":
        c.orients.push({ id: a.id, passages: j.passages });
        break;
      case "monster":
        c.monsters.push({ id: a.id, x: j.x, y: j.y, monster: j.monster });
        break;
      case "pass":
        c.pass = a.id;
        break;
      default:
        c.other.push({ id: a.id, label: a.label });
    }
  }
  return c;
}

// The monster on top of a tile decides its influence; the rest of the stack is covered.
export function topMonster(t: DTile): { owner: number; monster: MonsterId } | null {
  return t.monsters.length ? t.monsters[t.monsters.length - 1] : null;
}

// --- why the score is what it is (D6) ---------------------------------------------------------
// The engine's scoring (src/games/dungeon/rules.cpp score(), clauses D6.1-D6.4 and R1 of
// docs/rules/dungeon.md), restated over the view so that the board can show each monster's lines
// and the panel a breakdown. The browser tests check after every decision that these lines add up
// to the scores the engine sent.

export const BEATS: Record<MonsterId, MonsterId> = { turtleman: "were_rat", were_rat: "crane_wife", crane_wife: "turtleman" };

const STEP: Record<Side, [number, number]> = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
const OPPOSITE: Record<Side, Side> = { N: "S", E: "W", S: "N", W: "E" };

export interface InfluenceLine {
  owner: number;
  monster: MonsterId;
  at: [number, number]; // the monster's tile
  axis: "EW" | "NS"; // the passage's direction
  cells: [number, number][]; // the tiles the line counts, from one end of the passage to the other
  points: number; // what it adds to the owner's score (0 when lost)
  lostTo: { owner: number; monster: MonsterId; at: [number, number] } | null; // D6.3
}

// Every line of influence of every top monster on the board, in board order.
export function influenceLines(board: DTile[], influence: string = "passage"): InfluenceLine[] {
  const at = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
  const tileAt = (x: number, y: number) => at.get(`${x},${y}`);
  // tiles from t going d while passage meets passage (t itself excluded)
  const run = (t: DTile, d: Side): DTile[] => {
    const out: DTile[] = [];
    let cur = t;
    while (cur.passages.includes(d)) {
      const next = tileAt(cur.x + STEP[d][0], cur.y + STEP[d][1]);
      if (!next || !next.passages.includes(OPPOSITE[d])) break;
      out.push(next);
      cur = next;
    }
    return out;
  };
  const lines: InfluenceLine[] = [];
  for (const t of board) {
    const top = topMonster(t);
    if (!top) continue;
    for (const axis of ["EW", "NS"] as const) {
      const [d1, d2] = (axis === "EW" ? ["E", "W"] : ["N", "S"]) as [Side, Side];
      if (!t.passages.includes(d1) && !t.passages.includes(d2)) continue;
      const a = run(t, d1);
      const b = run(t, d2);
      let lostTo: InfluenceLine["lostTo"] = null;
      for (const o of [...a, ...b]) {
        const m = topMonster(o);
        if (!lostTo && m && m.owner !== top.owner && BEATS[m.monster] === top.monster) lostTo = { owner: m.owner, monster: m.monster, at: [o.x, o.y] };
      }
      const cells: [number, number][] = [...[...b].reverse(), t, ...a].map((c) => [c.x, c.y]);
      let points = 0;
      if (!lostTo) {
        if (influence === "direction") {
          // R1 option: one line per open side on this axis, from the monster to the wall
          if (t.passages.includes(d1)) points += a.length + 1;
          if (t.passages.includes(d2)) points += b.length + 1;
        } else points = cells.length; // D6.4
      }
      lines.push({ owner: top.owner, monster: top.monster, at: [t.x, t.y], axis, cells, points, lostTo });
    }
  }
  return lines;
}

// Points per seat from the lines (what score() gives).
export function scoresFromLines(lines: InfluenceLine[], seats: number): number[] {
  const out = new Array<number>(seats).fill(0);
  for (const l of lines) if (l.owner < seats) out[l.owner] += l.points;
  return out;
}

// What the board marks as "the last move": the tile placed and the monster played in the latest
// turn (run of log steps by one seat) that is not `notSeat`'s, from the narration's data; while
// you play, that is your opponent's last turn.
export interface LastMove {
  seat: number;
  tile: [number, number] | null;
  monster: [number, number] | null;
}

export function lastMove(log: { seat: number; lines: { kind: string; data: unknown }[] }[], notSeat: number | null): LastMove | null {
  let i = log.length - 1;
  while (i >= 0 && notSeat !== null && log[i].seat === notSeat) i--;
  if (i < 0) return null;
  const seat = log[i].seat;
  const out: LastMove = { seat, tile: null, monster: null };
  for (; i >= 0 && log[i].seat === seat; i--) {
    for (const l of log[i].lines) {
      const d = l.data as { x?: unknown; y?: unknown } | null;
      if (typeof d?.x !== "number" || typeof d?.y !== "number") continue;
      if (l.kind === "tile_placed" && !out.tile) out.tile = [d.x, d.y];
      if (l.kind === "monster_placed" && !out.monster) out.monster = [d.x, d.y];
    }
  }
  return out;
}
