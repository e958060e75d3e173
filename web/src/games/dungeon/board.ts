import { h, s } from "../../dom";
import { PanZoom, zoomTools } from "../../panzoom";
import type { TableState } from "../../protocol";
import { shapePath } from "../../seats";
import { BoardBase, svgBoard } from "../board_base";
import type { GameHost, SeatMark } from "../game";
import { startPrompt } from "../prompt";
import {
  CELL,
  MONSTERS,
  bounds,
  cellOrigin,
  floorRects,
  groupActions,
  monsterName,
  rotations,
  shapeName,
  influenceLines,
  lastMove,
  topMonster,
  type InfluenceLine,
  type LastMove,
  type DChoices,
  type DTile,
  type DView,
  type MonsterId,
} from "./model";
import "./dungeon.css";

// The dungeon table: the board (SVG, pan/zoom), the players with live scores, your hand and
// monster, and a prompt that turns the legal actions into clicks on the board and the hand.
export class DungeonBoard extends BoardBase {
  private readonly board: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly world: SVGGElement;
  protected readonly pz: PanZoom;
  private preview = 0; // index into the legal rotations at the orient step
  private previewKey = "";
  private lastTileCount = -1;
  private showLines = true; // the scoring lines on the board
  private readonly openBreakdowns = new Set<number>(); // seats whose "why" list is open

  constructor(host: GameHost) {
    super(host);
    // clear of the legend (top) and the zoom tools (bottom)
    const { svg, world, pz } = svgBoard("dungeon-svg", "the dungeon", { top: 34, bottom: 52 });
    svg.prepend(defs());
    this.world = world;
    this.pz = pz;
    const lines = h("button", { type: "button", class: "small lines-toggle", "aria-pressed": "true", title: "show the corridors each monster scores" }, "Scoring lines");
    lines.addEventListener("click", () => {
      this.showLines = !this.showLines;
      lines.setAttribute("aria-pressed", String(this.showLines));
      this.redraw();
    });
    this.board = h("div", { class: "dungeon-board", "data-testid": "map" }, svg, zoomTools(pz, "the dungeon", lines), legend());
    this.panel = h("div", { class: "dungeon-panel" });
    host.board.append(this.board);
    host.panel.append(this.panel);
  }

  update(state: TableState): void {
    this.last = state;
    const ctx = this.host;
    const view = state.view as unknown as DView | null;
    if (!view || !Array.isArray(view.board)) return;
    const mine = state.seat !== null && !state.over && state.toMove === state.seat;
    const choices: DChoices = mine ? groupActions(state.legal) : groupActions([]);
    const pending = view.pending;

    // the rotation preview restarts whenever the question changes
    const key = `${state.move}:${choices.orients.map((o) => o.id).join(",")}`;
    if (key !== this.previewKey) {
      this.previewKey = key;
      this.preview = 0;
    }

    const lines = influenceLines(view.board, String(state.options.influence ?? "passage"));
    // the last turn of the seat not to move now (while you play: your opponent's), or the very
    // last one when the game is over
    const lm = lastMove(state.log, state.over ? null : state.toMove);
    this.drawBoard(view, choices, ctx, pending, lines, lm);
    this.drawPanel(state, view, choices, ctx, lines);
  }

  private drawBoard(view: DView, c: DChoices, ctx: GameHost, pending: DView["pending"], lines: InfluenceLine[], lm: LastMove | null) {
    const world = this.world;
    world.replaceChildren();
    const monsterAt = new Map(c.monsters.map((m) => [`${m.x},${m.y}`, m]));
    const same = (a: [number, number] | null, t: DTile) => a !== null && a[0] === t.x && a[1] === t.y;
    const mark = (seat: number) => ctx.mark(seat);

    // tiles, then the scoring lines over their floors, then the monsters (they let clicks
    // through to their tile)
    for (const t of view.board)
      world.append(tileGroup(t, mark, { target: monsterAt.has(`${t.x},${t.y}`), lastBy: lm && same(lm.tile, t) ? mark(lm.seat) : null }));
    if (this.showLines) {
      const band = s("g", { class: "influence", "aria-hidden": "true" });
      for (const l of lines) if (l.points > 0) band.append(lineBand(l, mark(l.owner)));
      world.append(band);
    }
    const monsters = s("g", { class: "monsters" });
    for (const t of view.board) {
      const g = monsterStack(t, mark, lm && same(lm.monster, t) ? mark(lm.seat) : null);
      if (g) monsters.append(g);
    }
    world.append(monsters);

    // candidate cells for the chosen tile
    for (const cell of c.cells) {
      const { px, py } = cellOrigin(cell.x, cell.y);
      const g = s(
        "g",
        {
          class: "candidate",
          transform: `translate(${px},${py})`,
          "data-x": cell.x,
          "data-y": cell.y,
          "data-action": cell.id,
          role: "button",
          "aria-label": `place at ${cell.x},${cell.y}`,
        },
        s("rect", { x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 8 }),
        s("text", { x: CELL / 2, y: CELL / 2 + 8, "text-anchor": "middle", class: "candidate-plus" }, "+"),
      );
      this.tapButton(g, () => ctx.act(cell.id), true);
      world.append(g);
    }

    // the rotation preview at the chosen cell
    if (c.orients.length && pending?.cell) {
      const [x, y] = pending.cell;
      const { px, py } = cellOrigin(x, y);
      const o = c.orients[this.preview % c.orients.length];
      const g = s(
        "g",
        { class: "preview", transform: `translate(${px},${py})`, "data-passages": o.passages, role: "button", "aria-label": "turn the tile" },
        s("rect", { x: 0, y: 0, width: CELL, height: CELL, class: "preview-bg" }),
        ghost(o.passages, 0.95),
        s("rect", { x: 2, y: 2, width: CELL - 4, height: CELL - 4, class: "preview-frame", rx: 4 }),
      );
      this.tapButton(g, () => this.turnPreview(c), true);
      world.append(g);
    }

    // monster targets are tiles: tap the tile
    for (const m of c.monsters) {
      const el = world.querySelector<SVGGElement>(`g.tile[data-x="${m.x}"][data-y="${m.y}"]`);
      if (!el) continue;
      el.setAttribute("data-action", String(m.id));
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", `${monsterName(m.monster ?? "")} at ${m.x},${m.y}`);
      this.tapButton(el, () => ctx.act(m.id), true);
    }

    const cells = [...view.board.map((t) => ({ x: t.x, y: t.y })), ...c.cells.map((k) => ({ x: k.x, y: k.y }))];
    const b = bounds(cells);
    this.pz.setContent({ x: b.minX * CELL, y: -b.maxY * CELL, w: (b.maxX - b.minX + 1) * CELL, h: (b.maxY - b.minY + 1) * CELL });
    if (view.board.length !== this.lastTileCount) {
      this.lastTileCount = view.board.length;
      this.pz.autoFit();
    }
  }

  private turnPreview(c: DChoices) {
    if (!c.orients.length) return;
    this.preview = (this.preview + 1) % c.orients.length;
    this.redraw();
  }

  // Why a seat has its points: each line of each of its monsters, lost lines with the monster
  // that took them. Open on demand; stays open across moves.
  private why(seat: number, all: InfluenceLine[], ctx: GameHost, open = false): HTMLElement {
    const lines = all.filter((l) => l.owner === seat);
    const total = lines.reduce((a, l) => a + l.points, 0);
    const names = ctx.names();
    const where = (l: InfluenceLine) => `${monsterName(l.monster)} at ${l.at[0]},${l.at[1]}`;
    const items = lines.map((l) =>
      h(
        "li",
        { class: l.lostTo ? "lost" : "", "data-points": l.points },
        l.lostTo
          ? `${where(l)}: the ${l.axis === "EW" ? "row" : "column"} is lost to ${names[l.lostTo.owner]}'s ${monsterName(l.lostTo.monster)} at ${l.lostTo.at[0]},${l.lostTo.at[1]}: 0`
          : `${where(l)}: ${l.cells.length} tile${l.cells.length === 1 ? "" : "s"} along the ${l.axis === "EW" ? "row" : "column"}: ${l.points}`,
      ),
    );
    const box = h(
      "details",
      { class: "breakdown", "data-seat": seat, "data-total": total, open: open || this.openBreakdowns.has(seat) },
      h("summary", null, "Why these points"),
      items.length ? h("ul", null, ...items) : h("p", { class: "muted" }, "No monster on the board yet."),
      items.length ? h("p", { class: "muted" }, `Total ${total}.`) : null,
    );
    if (!open)
      box.addEventListener("toggle", () => {
        if ((box as HTMLDetailsElement).open) this.openBreakdowns.add(seat);
        else this.openBreakdowns.delete(seat);
      });
    return box;
  }

  // The players with their scores and why (the side panel, and the end card open).
  private players(state: TableState, view: DView, lines: InfluenceLine[], ctx: GameHost, end = false): HTMLElement {
    const you = state.seat;
    return h(
      "div",
      { class: "players" },
      ...view.seats.map((seat, i) =>
        h(
          "div",
          { class: `player seat-${i}${state.toMove === i && !state.over ? " to-move" : ""}${you === i ? " you" : ""}`, "data-seat": i },
          ctx.nameTag(i),
          h("span", { class: "score", "data-testid": end ? `end-score-${i}` : `score-${i}` }, String(seat.score)),
          end
            ? null
            : h(
                "small",
                { class: "pinfo" },
                `${seat.hand_count} tile${seat.hand_count === 1 ? "" : "s"} in hand · ${seat.monster_in_hand ? "holds a monster" : "no monster"} · ${seat.monster_deck_count} monster${seat.monster_deck_count === 1 ? "" : "s"} left`,
              ),
          this.why(i, lines, ctx, end),
        ),
      ),
    );
  }

  endBreakdown(): HTMLElement | null {
    const state = this.last;
    const view = state?.view as unknown as DView | null;
    if (!state || !view || !Array.isArray(view.board)) return null;
    return this.players(state, view, influenceLines(view.board, String(state.options.influence ?? "passage")), this.host, true);
  }

  private drawPanel(state: TableState, view: DView, c: DChoices, ctx: GameHost, lines: InfluenceLine[]) {
    const you = state.seat;
    const players = this.players(state, view, lines, ctx);
    const info = h(
      "p",
      { class: "deck-info muted" },
      `Turn ${view.turn} · ${view.deck_count} tile${view.deck_count === 1 ? "" : "s"} in the deck`,
      view.set_aside.length ? ` · set aside: ${view.set_aside.map(shapeName).join(", ")}` : "",
    );

    const parts: (HTMLElement | null)[] = [players, info];
    if (you !== null && view.seats[you]) {
      const me = view.seats[you];
      const tileIds = new Map<string, number>();
      for (const t of c.tiles) tileIds.set(t.shape, t.id);
      const asideIds = new Map<string, number>();
      for (const t of c.setAside) asideIds.set(t.shape, t.id);
      const hand = h(
        "div",
        { class: "hand", "aria-label": "your hand" },
        ...(me.hand ?? []).map((shape) => {
          const take = tileIds.get(shape);
          const aside = asideIds.get(shape);
          const chosen = view.pending?.shape === shape && (c.cells.length > 0 || c.orients.length > 0);
          const btn = h(
            "button",
            {
              type: "button",
              class: `hand-tile${take !== undefined ? " can-take" : ""}${aside !== undefined ? " can-aside" : ""}${chosen ? " chosen" : ""}`,
              "data-shape": shape,
              "data-action": take ?? aside ?? null,
              disabled: (take === undefined && aside === undefined) || ctx.busy(),
              title: aside !== undefined ? `set the ${shapeName(shape)} aside` : `take the ${shapeName(shape)}`,
            },
            miniTile(rotations(shape)[0]),
            h("span", null, aside !== undefined ? `Set aside ${shapeName(shape)}` : shapeName(shape)),
          );
          const id = take ?? aside;
          if (id !== undefined) btn.addEventListener("click", () => ctx.act(id));
          return btn;
        }),
      );
      const monster = me.monster
        ? h(
            "div",
            { class: `monster-card seat-${you}`, "data-monster": me.monster },
            monsterIcon(ctx.mark(you), me.monster as MonsterId, 1),
            h("span", null, h("strong", null, monsterName(me.monster)), h("small", null, ` beats ${monsterName(MONSTERS[me.monster as MonsterId]?.defeats ?? "")}`)),
          )
        : h("div", { class: "monster-card none muted" }, "No monster card in hand");
      parts.push(h("section", { class: "mine" }, h("h3", null, "Your hand"), hand, monster));
    }
    parts.push(this.prompt(state, view, c, ctx));
    this.panel.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  // What to do now, in words, with the buttons the board cannot hold.
  private prompt(state: TableState, view: DView, c: DChoices, ctx: GameHost): HTMLElement {
    let question = "";
    if (c.tiles.length) question = "Your turn: pick a tile from your hand.";
    else if (c.setAside.length) question = "No tile in your hand fits anywhere: pick one to set aside.";
    else if (c.cells.length) question = `Tap a highlighted cell to place the ${shapeName(view.pending?.shape ?? "")}.`;
    else if (c.orients.length) question = "Turn the tile (tap it or pick a rotation), then place it.";
    else if (c.monsters.length || c.pass !== null) {
      const m = c.monsters[0]?.monster;
      question = m ? `Tap a glowing tile to play your ${monsterName(m)}, or pass.` : "Play your monster or pass.";
    } else if (c.other.length) question = "Choose a move from the list below.";
    const { box, mine } = startPrompt(ctx, state, question, "dungeon", "The dungeon is complete.");
    if (!mine) return box;
    if (c.orients.length) {
      const cur = c.orients[this.preview % c.orients.length];
      const picker = h(
        "div",
        { class: "rotations" },
        ...c.orients.map((o, i) => {
          const b = h(
            "button",
            { type: "button", class: `rot${i === this.preview % c.orients.length ? " selected" : ""}`, "data-passages": o.passages, "aria-label": `open ${o.passages}` },
            miniTile(o.passages),
          );
          b.addEventListener("click", () => {
            this.preview = i;
            this.redraw();
          });
          return b;
        }),
      );
      const turnBtn = h("button", { type: "button", class: "turn-tile" }, "⟳ Turn");
      turnBtn.addEventListener("click", () => this.turnPreview(c));
      const place = h("button", { type: "button", class: "primary place", disabled: ctx.busy(), "data-action": cur.id }, "Place tile");
      place.addEventListener("click", () => ctx.act(cur.id));
      box.append(picker, h("div", { class: "row" }, turnBtn, place));
    } else if (c.pass !== null && !c.tiles.length && !c.setAside.length && !c.cells.length) {
      const pass = h("button", { type: "button", class: "pass", disabled: ctx.busy(), "data-action": c.pass }, "Pass (no monster)");
      const id = c.pass;
      pass.addEventListener("click", () => ctx.act(id));
      box.append(pass);
    }
    return box;
  }
}

// --- drawing helpers ------------------------------------------------------------------------

function defs(): SVGElement {
  return s(
    "defs",
    null,
    s("pattern", { id: "stone", width: 20, height: 20, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 20, height: 20, fill: "#4a4350" }),
      s("path", { d: "M0 10h20M10 0v10M0 20h20M5 10v10M15 10v10", stroke: "#3b3540", "stroke-width": 1.5 })),
  );
}

function floor(passages: string, opacity = 1): SVGElement {
  return s("g", { class: "floor", opacity }, ...floorRects(passages).map((r) => s("rect", { x: r.x, y: r.y, width: r.w, height: r.h })));
}

function ghost(passages: string, opacity: number): SVGElement {
  return s("g", { class: "ghost" }, floor(passages, opacity));
}

function tileGroup(t: DTile, mark: (seat: number) => SeatMark, o: { target: boolean; lastBy: SeatMark | null }): SVGElement {
  const { px, py } = cellOrigin(t.x, t.y);
  const g = s(
    "g",
    {
      class: `tile shape-${t.shape}${o.target ? " target" : ""}${o.lastBy ? " last-move" : ""}`,
      transform: `translate(${px},${py})`,
      "data-x": t.x,
      "data-y": t.y,
      "data-shape": t.shape,
      "data-passages": t.passages,
      "data-stack": t.monsters.length,
    },
    s("title", null, `${shapeName(t.shape)} at ${t.x},${t.y}${t.monsters.length ? ": " + t.monsters.map((m) => `${monsterName(m.monster)} of player ${mark(m.owner).letter}`).join(", then ") + " (top)" : ""}`),
    s("rect", { x: 0, y: 0, width: CELL, height: CELL, class: "wall" }),
    floor(t.passages),
    s("rect", { x: 0.5, y: 0.5, width: CELL - 1, height: CELL - 1, class: "edge" }),
  );
  // the last turn's tile: a ring in its player's colour
  if (o.lastBy) g.append(s("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, class: "last-ring", stroke: o.lastBy.colour }));
  if (o.target) g.append(s("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "target-ring" }));
  return g;
}

// The monsters on a tile (covered ones peek out below the top one), or null; `lastBy` rings the
// top monster when it was played in the last turn.
function monsterStack(t: DTile, mark: (seat: number) => SeatMark, lastBy: SeatMark | null): SVGElement | null {
  const top = topMonster(t);
  if (!top) return null;
  const { px, py } = cellOrigin(t.x, t.y);
  const g = s("g", { class: `monster-stack${lastBy ? " last-monster" : ""}`, transform: `translate(${px},${py})`, "data-x": t.x, "data-y": t.y });
  const depth = t.monsters.length;
  for (let i = 0; i < depth - 1; i++) {
    const m = t.monsters[i];
    const off = (depth - 1 - i) * 6;
    const icon = monsterIcon(mark(m.owner), m.monster, 0.8);
    icon.setAttribute("transform", `translate(${CELL / 2 - off},${CELL / 2 + off})`);
    icon.setAttribute("class", "monster covered");
    g.append(icon);
  }
  if (lastBy) g.append(s("circle", { cx: CELL / 2, cy: CELL / 2, r: 33, class: "last-monster-ring", stroke: lastBy.colour }));
  const icon = monsterIcon(mark(top.owner), top.monster, 1);
  icon.setAttribute("transform", `translate(${CELL / 2},${CELL / 2})`);
  icon.setAttribute("class", `monster top owner-${top.owner}`);
  icon.setAttribute("data-owner", String(top.owner));
  icon.setAttribute("data-monster", top.monster);
  g.append(icon);
  if (depth > 1)
    g.append(
      s("g", { class: "stack-badge", transform: "translate(15,15)" },
        s("circle", { r: 12 }),
        s("text", { y: 5, "text-anchor": "middle" }, `×${depth}`)),
    );
  return g;
}

// A scoring line: a band in its owner's colour along the passage's tiles, a little off the
// centre line by seat so that two players' lines on one passage both show.
function lineBand(l: InfluenceLine, m: SeatMark): SVGElement {
  const off = (m.seat % 2 === 0 ? -1 : 1) * 7;
  const centre = ([x, y]: [number, number]) => {
    const { px, py } = cellOrigin(x, y);
    return { cx: px + CELL / 2, cy: py + CELL / 2 };
  };
  const a = centre(l.cells[0]);
  const b = centre(l.cells[l.cells.length - 1]);
  const reach = CELL * 0.3; // past the end tiles' centres, into their passages
  const horiz = l.axis === "EW";
  const [x1, x2] = horiz ? [Math.min(a.cx, b.cx) - reach, Math.max(a.cx, b.cx) + reach] : [a.cx + off, a.cx + off];
  const [y1, y2] = horiz ? [a.cy + off, a.cy + off] : [Math.min(a.cy, b.cy) - reach, Math.max(a.cy, b.cy) + reach];
  return s("line", { x1, y1, x2, y2, class: `influence-line ${m.cls}`, stroke: m.colour, "data-owner": l.owner, "data-points": l.points });
}

// A monster token centred on (0,0): the owner's mark (colour and shape), the monster's letter,
// and the owner's number in a corner notch.
function monsterIcon(o: SeatMark, monster: MonsterId, scale: number): SVGElement {
  const r = 22 * scale;
  return s(
    "g",
    { class: "monster-icon" },
    s("path", { d: shapePath(o.shape, r), fill: o.colour, stroke: "#111", "stroke-width": 2.5 }),
    s("text", { y: 7 * scale, "text-anchor": "middle", class: "monster-letter", "font-size": 20 * scale }, MONSTERS[monster]?.letter ?? "?"),
    s("g", { transform: `translate(${r * 0.8},${-r * 0.8})` },
      s("circle", { r: 9 * scale, fill: "#fff", stroke: "#111", "stroke-width": 1.5 }),
      s("text", { y: 4 * scale, "text-anchor": "middle", class: "owner-letter", "font-size": 12 * scale }, o.letter)),
  );
}

function miniTile(passages: string): SVGElement {
  return s(
    "svg",
    { viewBox: `0 0 ${CELL} ${CELL}`, class: "mini-tile", "aria-hidden": "true" },
    s("rect", { x: 0, y: 0, width: CELL, height: CELL, class: "wall" }),
    floor(passages),
  );
}

function legend(): HTMLElement {
  return h(
    "div",
    { class: "legend", "aria-label": "legend" },
    ...Object.entries(MONSTERS).map(([, m]) => h("span", null, h("b", null, m.letter), ` ${m.name} › ${MONSTERS[m.defeats].letter}`)),
  );
}

