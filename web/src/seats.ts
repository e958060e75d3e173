// How seats are marked, the same everywhere on the page: one mark per seat (a colour AND a shape
// AND a number), for up to six seats, and the SVG that draws it. Names are in names.ts.
import { s } from "./dom";
import type { SeatMark } from "./games/game";

// Okabe & Ito's palette ("Color Universal Design", 2008), chosen to stay apart under the common
// colour-vision deficiencies; each seat also has its own shape and number, so that colour is
// never the only cue. Seats 0 and 1 keep the dungeon's blue and orange.
const MARKS: Omit<SeatMark, "seat" | "cls">[] = [
  { colour: "#0072B2", ink: "#ffffff", letter: "1", shape: "circle" }, // blue
  { colour: "#E69F00", ink: "#000000", letter: "2", shape: "diamond" }, // orange
  { colour: "#009E73", ink: "#000000", letter: "3", shape: "square" }, // bluish green
  { colour: "#CC79A7", ink: "#000000", letter: "4", shape: "triangle" }, // reddish purple
  { colour: "#F0E442", ink: "#000000", letter: "5", shape: "hexagon" }, // yellow
  { colour: "#D55E00", ink: "#000000", letter: "6", shape: "star" }, // vermillion
];

export const MAX_SEATS = MARKS.length;

// The mark of seat `seat` (0-based). Seats past six wrap around (no game has more).
export function seatMark(seat: number): SeatMark {
  const i = ((seat % MARKS.length) + MARKS.length) % MARKS.length;
  return { ...MARKS[i], seat, cls: `seat-${i}` };
}

// The outline of a mark's shape centred on (0,0) with "radius" r, as an SVG path. Every shape
// fills about the same area, so that no seat looks bigger than another.
export function shapePath(shape: SeatMark["shape"], r: number): string {
  const poly = (n: number, rot: number, rr: number[]) => {
    const pts: string[] = [];
    for (let i = 0; i < n; i++) {
      const a = rot + (i * 2 * Math.PI) / n;
      const k = rr[i % rr.length];
      pts.push(`${(Math.cos(a) * k).toFixed(2)},${(Math.sin(a) * k).toFixed(2)}`);
    }
    return `M${pts.join("L")}Z`;
  };
  switch (shape) {
    case "circle":
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case "diamond":
      return poly(4, -Math.PI / 2, [r * 1.2]);
    case "square":
      return poly(4, -Math.PI / 4, [r * 1.22]);
    case "triangle":
      return poly(3, -Math.PI / 2, [r * 1.45]);
    case "hexagon":
      return poly(6, 0, [r * 1.08]);
    case "star":
      return poly(10, -Math.PI / 2, [r * 1.4, r * 0.7]);
  }
}

// A seat's mark as an SVG group centred on (0,0): its shape in its colour with a dark outline,
// and its number on top. `label` false leaves the number out (for very small marks).
export function markSvg(m: SeatMark, r: number, label = true): SVGElement {
  const g = s("g", { class: `seat-mark ${m.cls}`, "data-seat": m.seat });
  g.append(s("path", { d: shapePath(m.shape, r), fill: m.colour, stroke: "#111", "stroke-width": Math.max(1, r / 9) }));
  if (label) {
    // the triangle's centre of mass sits lower than its box's: nudge its number down
    const dy = (m.shape === "triangle" ? r * 0.3 : 0) + r * 0.36;
    g.append(s("text", { y: dy.toFixed(1), "text-anchor": "middle", "font-size": (r * 1.05).toFixed(1), fill: m.ink, class: "seat-mark-letter" }, m.letter));
  }
  return g;
}

// A seat's mark as a small inline image for HTML (player rows, log lines, the lobby).
export function markBadge(m: SeatMark, size = 22): Element {
  const svg = s("svg", { viewBox: "-16 -16 32 32", width: size, height: size, class: "seat-badge", "aria-hidden": "true" });
  svg.append(markSvg(m, 12));
  return svg;
}

