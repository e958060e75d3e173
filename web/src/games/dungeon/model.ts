// Dungeon: the view JSON (src/games/dungeon/game.cpp, DungeonView::to_json), the action JSON
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
