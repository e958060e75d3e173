import { h, s } from "../../dom";
import type { TableState } from "../../protocol";
import { PanZoom, zoomTools } from "../../panzoom";
import { shapePath } from "../../seats";
import { BoardBase, svgBoard } from "../board_base";
import type { GameHost, SeatMark } from "../game";
import { actButton, startPrompt } from "../prompt";
import {
  EVENT_SPOTS,
  FACTION_NAMES,
  FACTIONS,
  OBJECTIVES,
  cardUse,
  TERRAIN_LETTER,
  crystalsHeld,
  groupActions,
  isCryHavocView,
  lastBattle,
  mapById,
  mapRows,
  regionName,
  regionsHeld,
  seatOf,
  tacticsNow,
  vpBySource,
  wrapLetters,
  type CHChoices,
  type CHRegion,
  type CHView,
  type Faction,
  type MapDef,
  type Pick,
} from "./model";
import "./cryhavoc.css";

const W = 150; // a region cell
const H = 104;
const GAP = 10;

interface Card {
  id: string;
  name: string;
  kind: string;
  text: string;
  move?: number;
  recruit?: number;
  build?: number;
  faction?: string;
  terrain?: string;
}

// The mark of the neutral Trogs (2-3 players): a grey hexagon with a T; no seat uses a hexagon
// in Cry Havoc (at most four seats).
const NEUTRAL: SeatMark = { seat: -1, colour: "#8a8a8a", ink: "#000000", letter: "T", shape: "hexagon", cls: "neutral" };

// The Cry Havoc table: the map (regions with terrain, crystals, control, units, structures,
// tokens and battles; the wrap-around links lettered at both ends; HQs), the score track with its
// event spaces, the initiative; the battle board with its three objectives and the tactics played;
// your hand, deck and discard, skills; prisoners; where the VP come from. Moving is two taps: a
// region with your units, then where one goes.
export class CryHavocBoard extends BoardBase {
  private readonly root: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly world: SVGGElement;
  protected readonly pz: PanZoom;
  private readonly mapWrap: HTMLElement;
  private mapKey = ""; // the map whose size the view was fitted to
  private cardAsked = -1; // the move at which the hand was last brought into view
  private cards = new Map<string, Card>();
  private from: string | null = null; // the region a unit moves from (the first tap)

  constructor(host: GameHost) {
    super(host);
    // the whole map fits its box (a phone shows every column), pinch, wheel or + to look closer
    const { svg, world, pz } = svgBoard("ch-svg", "the map", { bottom: 44, wheelNeedsCtrl: true });
    this.world = world;
    this.pz = pz;
    this.mapWrap = h("div", { class: "ch-map-wrap", "data-testid": "map" }, svg, zoomTools(pz, "the map"));
    this.root = h("div", { class: "ch-board", "data-testid": "cryhavoc-board" });
    this.panel = h("div", { class: "ch-panel" });
    host.board.append(this.root);
    host.panel.append(this.panel);
    this.loadCards("cryhavoc", (list) => {
      for (const c of list as Card[]) if (c && typeof c.id === "string") this.cards.set(c.id, c);
    });
  }

  private markOf(view: CHView, f: Faction): SeatMark {
    const seat = seatOf(view, f);
    return seat === null ? NEUTRAL : this.host.mark(seat);
  }

  private factionName(view: CHView, f: Faction): string {
    const seat = seatOf(view, f);
    return seat === null ? "the neutral Trogs" : `${this.host.names()[seat] ?? ""} (${FACTION_NAMES[f]})`;
  }

  update(state: TableState): void {
    this.last = state;
    const view = state.view;
    if (!isCryHavocView(view)) return;
    const map = mapById(view.map);
    const me = state.seat;
    const mine = me !== null && !state.over && state.toMove === me;
    const c = groupActions(mine ? state.legal : []);
    if (this.from && !c.steps.has(this.from)) this.from = null;
    if (!this.from && c.steps.size === 1) this.from = [...c.steps.keys()][0];
    if (map) this.drawMap(view, map, c);
    const aside: HTMLElement[] = [];
    if (view.battle) aside.push(this.battle(state, view, map, c));
    else {
      const told = lastBattle(state.log);
      if (told) aside.push(this.lastBattleBox(map, told));
    }
    if (me !== null && view.you) aside.push(this.hand(view, c));
    // in a battle the battle board and your hand come first; otherwise the map does
    const cards = h("div", { class: "ch-aside" }, ...aside);
    const mapParts = [this.mapWrap, this.track(view)];
    const top = this.root.scrollTop;
    this.root.replaceChildren(this.prompt(state, view, map, c), ...(view.battle ? [cards, ...mapParts] : [...mapParts, cards]));
    this.root.scrollTop = top;
    this.panel.replaceChildren(this.players(state, view), this.vpBox(state, view), this.round(state, view));
    // the prompt asks for a card of the hand: the hand comes into view (once a question)
    if (c.cards.size && this.cardAsked !== state.move) {
      this.cardAsked = state.move;
      this.panel.ownerDocument.defaultView?.requestAnimationFrame(() =>
        this.root.querySelector(".ch-mine .ch-card.can")?.scrollIntoView({ block: "nearest" }),
      );
    }
  }

  endBreakdown(): HTMLElement | null {
    const state = this.last;
    if (!state || !isCryHavocView(state.view)) return null;
    const box = this.vpBox(state, state.view);
    box.setAttribute("open", "");
    return box;
  }

  // ---------------------------------------------------------------------------------------------
  // The map

  private drawMap(view: CHView, map: MapDef, c: CHChoices) {
    const rows = mapRows(map);
    const width = map.columns * (W + GAP) + 40;
    const height = rows * (H + GAP) + 10;
    this.pz.setContent({ x: -20, y: -5, w: width, h: height });
    const key = `${map.id}:${width}x${height}`;
    if (key !== this.mapKey) {
      this.mapKey = key;
      // the box keeps the map's shape (and room for the zoom tools below it), within the CSS
      // max-height; the view fits it
      this.mapWrap.style.aspectRatio = `${width + 24} / ${height + 44 + 24}`; // + the fit's margins
      this.pz.fit();
    }
    const g = s("g");
    const byId = new Map(view.regions.map((r) => [r.id, r]));
    const wraps = wrapLetters(map);
    const centre = (id: string) => {
      const r = map.regions.find((x) => x.id === id)!;
      return { x: r.cell[1] * (W + GAP) + W / 2, y: r.cell[0] * (H + GAP) + H / 2 };
    };
    // the links between regions: a bar across each border
    for (const [a, b] of map.links) {
      const p = centre(a);
      const q = centre(b);
      g.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "ch-link" }));
    }
    const dests = this.from ? c.steps.get(this.from) ?? new Map<string, Pick>() : new Map<string, Pick>();
    for (const def of map.regions) {
      const r = byId.get(def.id) ?? { id: def.id, crystals: 0 };
      const x = def.cell[1] * (W + GAP);
      const y = def.cell[0] * (H + GAP);
      const pick = c.regions.get(def.id);
      const dest = dests.get(def.id);
      const isSource = c.steps.has(def.id);
      const menu = (c.units.get(def.id)?.length ?? 0) + (c.built.get(def.id)?.length ?? 0) > 0;
      const cls = ["ch-region", def.terrain ? `t-${def.terrain}` : "hq-slot"];
      if (pick || dest) cls.push("target");
      if (isSource) cls.push("source");
      if (this.from === def.id) cls.push("from");
      if (menu) cls.push("menu");
      if (r.battle) cls.push("battle");
      if (view.battle?.region === def.id) cls.push("fighting");
      const el = s("g", { class: cls.join(" "), transform: `translate(${x},${y})`, "data-region": def.id, "aria-label": this.regionWords(view, map, r) });
      el.append(s("rect", { width: W, height: H, rx: 8, class: "ch-ground" }));
      if (r.control) {
        // control: the controller's colour around the region AND its mark in the corner
        const m = this.markOf(view, r.control);
        el.append(
          s("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 7, class: "ch-control", stroke: m.colour }),
          s("g", { class: "ch-flag", transform: `translate(${W - 32},${28})` }, s("path", { d: shapePath(m.shape, 7), fill: m.colour, stroke: "#111", "stroke-width": 1.2 })),
        );
      }
      el.append(s("text", { x: 7, y: 16, class: "ch-name" }, def.name));
      if (def.terrain) el.append(s("text", { x: W - 8, y: 33, class: "ch-terrain", "text-anchor": "end" }, TERRAIN_LETTER[def.terrain] ?? "?"));
      if (r.hq) el.append(s("text", { x: 7, y: 32, class: "ch-hq" }, `HQ · ${FACTION_NAMES[r.hq]}`));
      else el.append(s("text", { x: 7, y: 32, class: "ch-crystals" }, `◆ ${r.crystals}`));
      // units: each faction's mark with its count
      let ux = 16;
      for (const f of FACTIONS) {
        const n = r.units?.[f] ?? 0;
        if (!n) continue;
        const m = this.markOf(view, f);
        el.append(
          s(
            "g",
            { class: `ch-units ${m.cls}`, transform: `translate(${ux},${H - 40})`, "data-faction": f },
            s("path", { d: shapePath(m.shape, 12), fill: m.colour, stroke: "#111", "stroke-width": 1.5 }),
            s("text", { y: m.shape === "triangle" ? 8 : 5, "text-anchor": "middle", class: "ch-count", fill: m.ink }, String(n)),
          ),
        );
        ux += 30;
      }
      // tokens and structures along the bottom
      const marks: string[] = [];
      if (r.exploration_token) marks.push("? explore");
      if (r.trog_token) marks.push(r.trog_token === "war_party" ? "Trog party" : "Trog nest");
      if (r.structures?.length) marks.push(r.structures.map((id) => this.cards.get(id)?.name ?? id).join(", "));
      if (r.artillery) marks.push("Artillery");
      if (r.watchtower) marks.push("Watchtower");
      if (marks.length) el.append(s("text", { x: 7, y: H - 9, class: "ch-marks" }, marks.join(" · ")));
      if (r.battle) {
        el.append(
          s(
            "g",
            { class: "ch-battle-token", transform: `translate(${W - 18},${H - 44})` },
            s("circle", { r: 12 }),
            s("text", { y: 5, "text-anchor": "middle" }, String(r.battle)),
          ),
        );
      }
      for (const letter of wraps.get(def.id) ?? []) {
        const left = def.cell[1] === 0;
        el.append(s("text", { x: left ? -6 : W + 6, y: H / 2 + 4, "text-anchor": left ? "end" : "start", class: "ch-wrap" }, left ? `${letter}⇠` : `⇢${letter}`));
      }
      const act = pick ?? dest;
      if (act || isSource) {
        this.tapButton(el, () => {
          if (act) {
            this.host.act(act.id);
          } else {
            this.from = this.from === def.id ? null : def.id;
            this.redraw();
          }
        });
        el.append(s("title", null, act ? act.label : "move a unit from here"));
        if (act) el.setAttribute("data-action", String(act.id));
      }
      g.append(el);
    }
    this.world.replaceChildren(g);
  }

  private regionWords(view: CHView, map: MapDef, r: CHRegion): string {
    const parts = [regionName(map, r.id)];
    if (r.hq) parts.push(`HQ of the ${FACTION_NAMES[r.hq]}`);
    else parts.push(`${r.crystals} crystal${r.crystals === 1 ? "" : "s"}`);
    if (r.control) parts.push(`held by ${this.factionName(view, r.control)}`);
    for (const f of FACTIONS) if (r.units?.[f]) parts.push(`${r.units[f]} ${FACTION_NAMES[f]}`);
    if (r.battle) parts.push(`battle ${r.battle}`);
    return parts.join(", ");
  }

  // ---------------------------------------------------------------------------------------------
  // The prompt

  private prompt(state: TableState, view: CHView, map: MapDef | undefined, c: CHChoices): HTMLElement {
    const { box, mine } = startPrompt(this.host, state, view.prompt, "ch");
    if (!mine) return box;
    const row = h("div", { class: "ch-answers" });
    const btn = (p: Pick, text: string, cls = "small primary") => actButton(this.host, p.id, p.label, text, `${cls} ch-act`);
    for (const p of c.actions) row.append(btn(p, p.label));
    if (c.steps.size)
      row.append(
        h(
          "span",
          { class: "muted ch-hint" },
          this.from ? `Moving from ${regionName(map, this.from)}: tap where a unit goes (or another region of yours).` : "Tap a region with your units, then where one goes.",
        ),
      );
    if (c.regions.size) row.append(h("span", { class: "muted ch-hint" }, "Tap a highlighted region."));
    // how many units: each button says what it does ("2 on Region Control"), never a bare number
    for (const k of c.numbers) row.append(btn(k.pick, cap(k.pick.label), "small ch-number"));
    for (const p of c.objectives) row.append(btn(p, p.label, "small"));
    for (const p of c.structures) row.append(btn(p, p.label, "small"));
    for (const list of c.built.values()) for (const p of list) row.append(btn(p, p.label, "small"));
    for (const list of c.units.values()) for (const p of list) row.append(btn(p, p.label, "small"));
    for (const p of c.skills) row.append(btn(p, cap(p.label), "small"));
    if (c.cards.size) row.append(h("span", { class: "muted ch-hint" }, "Choose a card of your hand."));
    for (const p of c.other) row.append(btn(p, p.label, "small"));
    for (const p of c.buttons) row.append(btn(p, cap(p.label), "small"));
    box.append(row);
    return box;
  }

  // ---------------------------------------------------------------------------------------------
  // The battle board

  private battle(state: TableState, view: CHView, map: MapDef | undefined, c: CHChoices): HTMLElement {
    const b = view.battle!;
    const sideTag = (k: number) => {
      const sd = b.sides[k];
      return sd.seat >= 0 ? this.host.nameTag(sd.seat) : h("span", { class: "name-tag" }, "neutral Trogs");
    };
    const tactics = tacticsNow(state.log);
    return h(
      "section",
      { class: "ch-battle live", "data-testid": "battle", "aria-label": "the battle board" },
      h("h4", null, `Battle at ${regionName(map, b.region)}`),
      h(
        "div",
        { class: "ch-sides" },
        h("div", null, h("small", { class: "muted" }, "attacker"), sideTag(0), b.sides[0].passed ? h("small", { class: "muted" }, " passed") : null),
        h("div", null, h("small", { class: "muted" }, "defender"), sideTag(1), b.sides[1].passed ? h("small", { class: "muted" }, " passed") : null),
      ),
      h(
        "table",
        { class: "ch-objectives" },
        h("tr", null, h("th", null, "objective"), h("th", null, "attacker"), h("th", null, "defender")),
        ...OBJECTIVES.map((name, i) =>
          h(
            "tr",
            { class: b.next_objective === i ? "next" : "" },
            h("td", { title: this.cards.get(OBJECTIVE_IDS[i])?.text ?? "" }, name),
            h("td", { class: "num" }, unitsWithBonus(b.sides[0].board[i], b.sides[0].bonus[i])),
            h("td", { class: "num" }, unitsWithBonus(b.sides[1].board[i], b.sides[1].bonus[i])),
          ),
        ),
      ),
      tactics.length ? h("div", { class: "ch-tactics" }, h("strong", null, "Tactics played: "), tactics.map((t) => this.host.render(t)).join(" ")) : null,
      c.numbers.length ? h("p", { class: "muted ch-hint" }, "Choose how many of your units go on the objective the prompt names.") : null,
    );
  }

  private lastBattleBox(map: MapDef | undefined, told: { region: string; text: string; data: Record<string, unknown> }): HTMLElement {
    const objectives = Array.isArray(told.data.objectives) ? (told.data.objectives as Record<string, unknown>[]) : [];
    return h(
      "section",
      { class: "ch-battle", "data-testid": "battle" },
      h("h4", null, `Last battle, at ${regionName(map, told.region)}`),
      objectives.length
        ? h(
            "table",
            { class: "ch-objectives" },
            h("tr", null, h("th", null, ""), h("th", null, "attacker"), h("th", null, "defender")),
            ...objectives.map((o, i) =>
              h("tr", null, h("td", null, OBJECTIVES[Number(o.objective ?? i)] ?? ""), h("td", { class: "num" }, String(o.attacker ?? "")), h("td", { class: "num" }, String(o.defender ?? ""))),
            ),
          )
        : null,
      h("p", { class: "ch-battle-text" }, this.host.render(told.text)),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Your hand, deck, discard, skills

  private hand(view: CHView, c: CHChoices): HTMLElement {
    const you = view.you!;
    const me = this.last?.seat ?? 0;
    const seat = view.seats[me];
    const copies = new Map<string, number>();
    for (const id of you.hand) copies.set(id, (copies.get(id) ?? 0) + 1);
    const cards = [...copies.keys()].map((id) => {
      const card = this.cards.get(id);
      const picks = c.cards.get(id) ?? [];
      const n = copies.get(id) ?? 1;
      const icons = card ? [card.move ? `move ${card.move}` : "", card.recruit ? `recruit ${card.recruit}` : "", card.build ? `build ${card.build}` : ""].filter(Boolean).join(" · ") : "";
      const why = you.unplayable?.[id];
      return h(
        "div",
        { class: `ch-card${picks.length ? " can" : ""}`, "data-card": id, title: card ? `${card.name}: ${card.text}` : id },
        h("strong", null, card?.name ?? id, n > 1 ? h("span", { class: "muted" }, ` ×${n}`) : null),
        icons ? h("small", { class: "muted" }, icons) : null,
        card ? h("p", null, card.text) : null,
        ...picks.map((p) => {
          const use = cardUse(p.label, card?.name ?? "", c.step);
          const b = h("button", { type: "button", class: `small ${use.wasted ? "warn" : "primary"} ch-act`, "data-action": p.id, title: p.label, disabled: this.host.busy() }, use.text);
          b.addEventListener("click", () => this.host.act(p.id));
          return b;
        }),
        !picks.length && why && view.battle ? h("small", { class: "muted" }, why) : null,
      );
    });
    for (const id of you.drawn ?? []) {
      const picks = c.cards.get(id) ?? [];
      const card = this.cards.get(id);
      cards.push(
        h(
          "div",
          { class: "ch-card drawn can", "data-card": id },
          h("strong", null, card?.name ?? id),
          h("small", { class: "muted" }, "drawn: keep one"),
          ...picks.map((p) => {
            const b = h("button", { type: "button", class: "small primary ch-act", "data-action": p.id, disabled: this.host.busy() }, "Keep");
            b.addEventListener("click", () => this.host.act(p.id));
            return b;
          }),
        ),
      );
    }
    const skills = Object.entries(seat?.skills ?? {});
    return h(
      "section",
      { class: "mine ch-mine", "aria-label": "your cards" },
      h("h4", null, `Your hand (${you.hand.length})`, h("small", { class: "muted" }, ` · deck ${seat?.deck_count ?? 0} · discard ${seat?.discard.length ?? 0}`)),
      h("div", { class: "ch-hand" }, ...(cards.length ? cards : [h("span", { class: "muted" }, "no cards")])),
      skills.length
        ? h(
            "div",
            { class: "ch-skills" },
            h("strong", null, "Skills: "),
            ...skills.map(([id, exhausted]) => h("span", { class: `ch-skill${exhausted ? " used" : ""}`, title: this.cards.get(id)?.text ?? "" }, this.cards.get(id)?.name ?? id, exhausted ? " (used)" : "")),
          )
        : null,
    );
  }

  // ---------------------------------------------------------------------------------------------
  // The score track and the players

  private track(view: CHView): HTMLElement {
    const top = Math.max(40, ...view.seats.map((s) => s.vp + 5));
    const marks = view.seats.map((st, i) => ({ i, vp: st.vp }));
    return h(
      "div",
      { class: "ch-track", role: "img", "aria-label": `score track: ${view.seats.map((st, i) => `${this.host.names()[i] ?? ""} ${st.vp}`).join(", ")}` },
      h("div", { class: "ch-track-bar" }, ...EVENT_SPOTS.map((v, k) =>
        h(
          "span",
          { class: `ch-event-space${view.event_spaces[k] ? "" : " empty"}`, style: `left:${(v / top) * 100}%`, title: `event space at ${v} VP: ${view.event_spaces[k]} event token(s) face down` },
          `${v}: ${view.event_spaces[k]}`,
        ),
      ), ...marks.map((m, k) => {
        const mk = this.host.mark(m.i);
        const el = h("span", { class: `ch-vp-mark ${mk.cls}`, style: `left:${(m.vp / top) * 100}%; top:${2 + k * 9}px`, title: `${this.host.names()[m.i] ?? ""}: ${m.vp} VP` });
        el.append(svgMark(mk), h("span", { class: "ch-vp-n" }, String(m.vp)));
        return el;
      })),
      h("small", { class: "muted" }, `Score track, 0 to ${top} VP. Under the line, each event space: its VP and how many face-down events it holds; a score marker passing one pulls them forward to the next.`),
    );
  }

  private players(state: TableState, view: CHView): HTMLElement {
    const me = state.seat;
    return h(
      "div",
      { class: "players ch-players" },
      ...view.seats.map((st, i) => {
        const order = view.initiative.indexOf(i);
        const held = view.prisoners[st.faction] ?? {};
        const prisoners = Object.entries(held)
          .map(([f, n]) => `${n} ${FACTION_NAMES[f as Faction]}`)
          .join(", ");
        return h(
          "div",
          { class: `player seat-${i}${state.toMove === i && !state.over ? " to-move" : ""}${me === i ? " you" : ""}`, "data-seat": i },
          this.host.nameTag(i),
          h("span", { class: "score", "data-testid": `vp-${i}` }, String(st.vp)),
          h(
            "small",
            { class: "pinfo" },
            h("span", { class: "ch-faction", title: this.cards.get(st.faction)?.text ?? "" }, FACTION_NAMES[st.faction]),
            ` · initiative ${order + 1} · ${regionsHeld(view, st.faction)} region${regionsHeld(view, st.faction) === 1 ? "" : "s"}, ◆ ${crystalsHeld(view, st.faction)}${st.crystal_store ? ` + ${st.crystal_store} stored` : ""}`,
            h("br"),
            `hand ${st.hand_count} · deck ${st.deck_count} · discard ${st.discard.length} · reserve ${view.reserve[st.faction] ?? 0}`,
            prisoners ? ` · prisoners: ${prisoners}` : "",
            view.scoring_enabled_by === i ? h("span", { class: "tag ch-enabled" }, "enabled scoring") : null,
          ),
        );
      }),
    );
  }

  private vpBox(state: TableState, view: CHView): HTMLElement {
    const bySource = vpBySource(state.log, view.seats.length);
    return h(
      "details",
      { class: "ch-vp", "data-testid": "vp-breakdown" },
      h("summary", null, "Where the VP come from"),
      h(
        "table",
        null,
        h("tr", null, h("th", null, ""), h("th", null, "scorings"), h("th", null, "prisoners"), h("th", null, "battles, cards"), h("th", null, "VP")),
        ...view.seats.map((st, i) => {
          const scored = bySource[i].get("scoring") ?? 0;
          const prisoners = bySource[i].get("prisoners") ?? 0;
          return h(
            "tr",
            { "data-seat": i },
            h("td", null, this.host.nameTag(i)),
            h("td", { class: "num" }, String(scored)),
            h("td", { class: "num" }, String(prisoners)),
            h("td", { class: "num" }, String(st.vp - scored - prisoners)),
            h("td", { class: "num" }, h("b", null, String(st.vp))),
          );
        }),
      ),
      h("p", { class: "muted" }, "A scoring pays 1 VP per crystal in the regions you control (◆ above), and the player who enabled it 1 VP per region."),
    );
  }

  private round(state: TableState, view: CHView): HTMLElement {
    // R35: with game_end=when-events-run-out a round that begins with no event left is the last
    const rounds = state.options?.game_end === "when-events-run-out" ? "at most 5" : "5";
    const events = view.events_revealed.map((id) => this.cards.get(id)?.name ?? id);
    return h(
      "div",
      { class: "muted ch-round" },
      h("p", null, `Round ${view.round} of ${rounds} · action round ${Math.min(view.action_round, 3)} of 3${view.scoring_enabled_by !== null ? " · scoring enabled" : ""}`),
      h("p", null, `Initiative: ${view.initiative.map((s) => this.host.names()[s] ?? "").join(" → ")}; next round: ${view.upcoming_initiative.map((s) => this.host.names()[s] ?? "").join(" → ")}`),
      events.length ? h("p", null, `Events so far: ${events.join(", ")}`) : null,
      h("p", null, `Terrain decks: ${view.terrain_decks.map((n, t) => `${["Mountain", "Desert", "Jungle", "Ocean"][t]} ${n}`).join(", ")}`),
    );
  }
}

const OBJECTIVE_IDS = ["region_control", "capture_prisoners", "attrition"];

function unitsWithBonus(units: number, bonus: number): string {
  return bonus ? `${units} +${bonus}` : String(units);
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function svgMark(m: SeatMark): SVGElement {
  const svg = s("svg", { viewBox: "-14 -14 28 28", width: 16, height: 16, "aria-hidden": "true" });
  svg.append(s("path", { d: shapePath(m.shape, 10), fill: m.colour, stroke: "#111", "stroke-width": 1.5 }));
  return svg;
}
