import { h, s } from "../../dom";
import type { TableState } from "../../protocol";
import { PanZoom, zoomTools } from "../../panzoom";
import { shapePath } from "../../seats";
import { BoardBase, svgBoard } from "../board_base";
import type { GameHost } from "../game";
import { actButton, startPrompt } from "../prompt";
import {
  COMBAT_ORDER,
  TURF_NAMES,
  TURF_TYPES,
  changedCells,
  combatName,
  expand,
  groupActions,
  homeTurfs,
  homeWords,
  isTurfWarsView,
  lastWar,
  parseActionLabel,
  parseBoard,
  scoredSoFar,
  teleporterPairs,
  type Cell,
  type Pick,
  type TWChoices,
  type TWSeat,
  type TWView,
  type TurfType,
} from "./model";
import "./turfwars.css";

const CELL = 64;

interface Card {
  id: string;
  name: string;
  kind: string;
  text: string;
  home?: string;
  nemesis?: string;
  cost?: number;
}

// Words for the prompt's buttons, by step.
const COUNT_VERB: Record<string, string> = { commit: "Commit", defend_commit: "Defend with", maneuver_count: "Move", pull_count: "Move" };
const COMBAT_VERB: Record<string, string> = { combat_card: "Play", keep_combat: "Keep", exchange: "Give", fury: "Retaliate" };

// The Turf Wars table: the board (turf types with letters, troops as their owner's mark and
// count, dead spaces, teleporters and their pairs), the prompt with every choice as a click, the
// players, the Turf War in progress or the last one as a battle, your combat hand, action card
// and secret win cards, the event in force and where DP come from.
export class TurfWarsBoard extends BoardBase {
  private readonly root: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly world: SVGGElement;
  protected readonly pz: PanZoom;
  private readonly svgWrap: HTMLElement;
  private boardSize = 0; // the board's cells a side, when the view was last fitted
  private cards = new Map<string, Card>(); // by id
  private byName = new Map<string, Card>(); // action cards by name
  private myLast: Cell[][] | null = null; // the board when this seat last had to decide
  private stretchBase: Cell[][] | null = null; // the board before this seat's current turn
  private prevBoard: Cell[][] | null = null; // the board of the previous update (spectators)
  private wasMine = false;
  private open: string | null = null; // "dp": the DP breakdown is open

  constructor(host: GameHost) {
    super(host);
    const { svg, world, pz } = svgBoard("tw-svg", "the board", { bottom: 44 });
    this.world = world;
    this.pz = pz;
    this.svgWrap = h("div", { class: "tw-svg-wrap", "data-testid": "map" }, svg, zoomTools(pz, "the board"));
    this.root = h("div", { class: "tw-board", "data-testid": "turfwars-board" });
    this.panel = h("div", { class: "tw-panel" });
    host.board.append(this.root);
    host.panel.append(this.panel);
    this.loadCards("turfwars", (list) => {
      for (const c of list as Card[]) {
        if (!c || typeof c.id !== "string") continue;
        this.cards.set(c.id, c);
        if (c.kind === "action") this.byName.set(c.name, c);
      }
    });
  }

  endBreakdown(): HTMLElement | null {
    const state = this.last;
    if (!state || !isTurfWarsView(state.view)) return null;
    const box = this.dpBox(state, state.view, parseBoard(state.view.turfs));
    box.setAttribute("open", "");
    return box;
  }

  update(state: TableState): void {
    const prev = this.last;
    this.last = state;
    const view = state.view;
    if (!isTurfWarsView(view)) return;
    const board = parseBoard(view.turfs);
    const me = state.seat;
    const mine = me !== null && !state.over && state.toMove === me;
    // what changed since this seat's previous turn (a spectator: since the previous step)
    if (me === null) {
      if (prev !== state && prev?.move !== state.move) this.stretchBase = this.prevBoard;
    } else if (mine && !this.wasMine) {
      this.stretchBase = this.myLast;
    }
    const marks = changedCells(this.stretchBase, board);
    if (mine) this.myLast = board;
    this.wasMine = mine;
    if (prev?.move !== state.move) this.prevBoard = board;

    const c = groupActions(mine ? state.legal : []);
    this.drawBoard(view, board, c, marks, state);
    // beside the board: the war, the event, your cards; the panel: the players and the DP
    const aside: HTMLElement[] = [this.war(state, view), this.eventBox(view)];
    if (me !== null && view.seats[me]) aside.push(this.mine(view, view.seats[me], c));
    this.root.replaceChildren(
      this.prompt(state, view, c),
      h("div", { class: "tw-main" }, this.svgWrap, h("div", { class: "tw-aside" }, ...aside)),
      this.legend(view, board),
    );
    this.panel.replaceChildren(...this.side(state, view, board));
  }

  // ---------------------------------------------------------------------------------------------
  // The board

  private drawBoard(view: TWView, board: Cell[][], c: TWChoices, marks: Set<string>, state: TableState) {
    const n = board.length;
    const me = state.seat;
    const pairs = teleporterPairs(board);
    const warTarget = view.war?.target ?? null;
    const told = lastWar(state.log);
    const home = me !== null ? view.seats[me]?.home : undefined;
    this.pz.setContent({ x: -4, y: -22, w: n * CELL + 8, h: n * CELL + 26 });
    if (n !== this.boardSize) {
      this.boardSize = n;
      this.pz.fit();
    }
    const g = s("g", { class: "tw-cells" });
    // column letters above the board, row numbers in each row's first cell
    for (let col = 0; col < n; col++)
      g.append(s("text", { x: col * CELL + CELL / 2, y: -6, class: "tw-coord", "text-anchor": "middle" }, String.fromCharCode(65 + col)));
    for (const row of board)
      for (const cell of row) {
        if (cell.kind === "off") continue;
        const x = cell.col * CELL;
        const y = cell.row * CELL;
        const pick = c.cells.get(cell.name);
        const cls = ["tw-cell", cell.kind];
        if (cell.type) cls.push(`t-${cell.type}`);
        if (pick) cls.push("target");
        if (marks.has(cell.name)) cls.push("changed");
        if (warTarget === cell.name) cls.push("war");
        else if (!view.war && told && told.target === cell.name && state.log[state.log.length - 1]?.move === told.move) cls.push("warred");
        const scoring = cell.owner !== null && me !== null && cell.owner === me && cell.type === home;
        if (scoring) cls.push("home-held");
        const el = s("g", {
          class: cls.join(" "),
          transform: `translate(${x},${y})`,
          "data-cell": cell.name,
          "aria-label": cellWords(cell, this.host.names()),
        });
        el.append(s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 5, class: "tw-ground" }));
        if (cell.kind === "turf" && cell.type) {
          el.append(s("text", { x: 5, y: 15, class: "tw-letter" }, letterOf(cell.type)));
          if (cell.owner !== null) {
            const m = this.host.mark(cell.owner);
            el.append(
              s(
                "g",
                { class: `tw-troops ${m.cls}`, transform: `translate(${CELL / 2},${CELL / 2 + 6})` },
                s("path", { d: shapePath(m.shape, 15), fill: m.colour, stroke: "#111", "stroke-width": 1.6 }),
                s("text", { y: m.shape === "triangle" ? 9 : 6, "text-anchor": "middle", class: "tw-count", fill: m.ink }, String(cell.troops)),
              ),
            );
          }
          if (scoring) el.append(s("text", { x: CELL - 6, y: 15, "text-anchor": "end", class: "tw-star" }, "★"));
        } else if (cell.kind === "teleporter") {
          el.append(
            s("circle", { cx: CELL / 2, cy: CELL / 2, r: 18, class: `tw-portal${view.teleporters_active ? " active" : ""}` }),
            s("text", { x: CELL / 2, y: CELL / 2 + 5, "text-anchor": "middle", class: "tw-portal-n" }, `T${pairs.get(cell.name) ?? ""}`),
          );
        } else if (cell.kind === "dead") {
          el.append(s("path", { d: `M16,16L${CELL - 16},${CELL - 16}M${CELL - 16},16L16,${CELL - 16}`, class: "tw-dead-x" }));
        }
        if (cell.col === 0 || board[cell.row][cell.col - 1]?.kind === "off")
          el.append(s("text", { x: 5, y: CELL - 5, class: "tw-rownum" }, String(cell.row + 1)));
        if (pick) {
          this.tapButton(el, () => this.host.act(pick.id));
          el.setAttribute("data-action", String(pick.id));
          el.append(s("title", null, pick.label));
        }
        g.append(el);
      }
    this.world.replaceChildren(g);
  }

  private legend(view: TWView, board: Cell[][]): HTMLElement {
    const counts = new Map<TurfType, number>();
    for (const row of board) for (const c of row) if (c.type) counts.set(c.type, (counts.get(c.type) ?? 0) + 1);
    return h(
      "div",
      { class: "tw-legend" },
      ...TURF_TYPES.map((t) => h("span", { class: `tw-key t-${t}` }, h("b", null, letterOf(t)), ` ${TURF_NAMES[t]}`)),
      h("span", { class: "tw-key" }, "★ your home turf (1 DP each)"),
      h("span", { class: "tw-key" }, view.teleporters_active ? "T1–T2: teleporter pairs, working" : "teleporters off"),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // The prompt: the question and every answer that is not a turf on the board

  private prompt(state: TableState, view: TWView, c: TWChoices): HTMLElement {
    const { box, mine } = startPrompt(this.host, state, view.prompt, "tw");
    if (!mine) return box;
    const row = h("div", { class: "tw-answers" });
    const btn = (p: Pick, text: string, cls = "small primary") => actButton(this.host, p.id, p.label, text, `${cls} tw-act`);
    if (c.cells.size) row.append(h("span", { class: "muted tw-hint" }, "Tap a highlighted turf."));
    // how many troops: one button a number
    if (c.counts.length) {
      const verb = COUNT_VERB[c.step ?? ""] ?? "";
      row.append(h("span", { class: "tw-counts", role: "group", "aria-label": "how many troops" }, verb ? h("span", { class: "muted" }, `${verb}:`) : null, ...c.counts.map((k) => btn(k.pick, String(k.n), "small"))));
    }
    for (const f of c.factions) {
      const card = this.cards.get(f.faction);
      row.append(
        h(
          "div",
          { class: "tw-choice-card" },
          h("strong", null, card?.name ?? f.faction),
          card?.home ? h("small", { class: "muted" }, ` home ${card.home}${card.nemesis ? ` · nemesis ${card.nemesis}` : ""}`) : null,
          h("p", null, card?.text ?? ""),
          btn(f.pick, f.pick.label.startsWith("clone") ? "Clone" : "Choose"),
        ),
      );
    }
    for (const k of c.homes) row.append(btn(k.pick, TURF_NAMES[k.home] ?? k.home, `small t-${k.home} tw-home-btn`));
    for (const [seat, p] of c.seats) {
      const b = btn(p, "", "small tw-seat-btn");
      b.replaceChildren(this.host.nameTag(seat));
      b.append(h("span", { class: "muted" }, ` ${actionVerb(p.label)}`));
      row.append(b);
    }
    if (c.draft.length) {
      row.append(
        h(
          "div",
          { class: "tw-packet", "aria-label": "the packet" },
          h("small", { class: "muted" }, `Pick one card; the other ${c.draft.length - 1} go on.`),
          h(
            "div",
            { class: "tw-cards" },
            ...c.draft.map((d) => {
              const { name, priority } = parseActionLabel(d.label);
              return h(
                "div",
                { class: "tw-acard", "data-card": d.label },
                h("span", { class: "tw-prio" }, String(priority ?? "")),
                h("strong", null, name),
                h("p", null, this.byName.get(name)?.text ?? ""),
                btn(d.pick, "Pick"),
              );
            }),
          ),
        ),
      );
    }
    for (const p of c.buys.values()) row.append(btn(p, cap(p.label), "small"));
    for (const p of c.directions) row.append(btn(p, cap(p.label)));
    for (const p of c.optOut) row.append(btn(p, cap(p.label)));
    if (c.combat.size) row.append(h("span", { class: "muted tw-hint" }, `${COMBAT_VERB[c.step ?? ""] ?? "Choose"} a combat card from your hand.`));
    if (c.pass) row.append(btn(c.pass, cap(c.pass.label), "small"));
    for (const p of c.other) row.append(btn(p, p.label, "small"));
    box.append(row);
    return box;
  }

  // ---------------------------------------------------------------------------------------------
  // The side panel

  private side(state: TableState, view: TWView, board: Cell[][]): HTMLElement[] {
    const out: HTMLElement[] = [this.players(state, view, board)];
    out.push(this.dpBox(state, view, board));
    out.push(
      h(
        "p",
        { class: "muted tw-round" },
        `${view.round > 0 ? `Round ${view.round} of 10` : "Setting up"} · ${PHASE_WORDS[view.phase] ?? view.phase} · decks: ${view.action_deck} action, ${view.combat_deck} combat, ${view.event_deck} events, ${view.secret_deck} secret`,
      ),
    );
    return out;
  }

  private players(state: TableState, view: TWView, board: Cell[][]): HTMLElement {
    const homes = homeTurfs(view, board);
    const me = state.seat;
    const goal = view.domination;
    return h(
      "div",
      { class: "players tw-players" },
      ...view.seats.map((st, i) => {
        const faction = st.faction ? this.cards.get(st.faction)?.name ?? st.faction : st.picked ? "faction chosen, hidden" : "choosing a faction";
        const badges: HTMLElement[] = [];
        if (view.ftt === i) badges.push(h("span", { class: "tag tw-ftt", title: "First Turn Token: moves first" }, "first"));
        if (me !== null && view.seats[me]?.nemesis_seat === i) badges.push(h("span", { class: "tag tw-nemesis" }, "your nemesis"));
        if (st.eliminated) badges.push(h("span", { class: "tag tw-out" }, "eliminated"));
        if (st.stayed_out) badges.push(h("span", { class: "tag" }, "stays out"));
        if (st.face_down_card) badges.push(h("span", { class: "tag" }, "card face down"));
        return h(
          "div",
          { class: `player seat-${i}${state.toMove === i && !state.over ? " to-move" : ""}${me === i ? " you" : ""}${st.eliminated ? " out" : ""}`, "data-seat": i },
          this.host.nameTag(i),
          h("span", { class: "score", "data-testid": `dp-${i}` }, String(st.dp)),
          h(
            "small",
            { class: "pinfo" },
            h("span", { class: "tw-faction", title: st.faction ? this.cards.get(st.faction)?.text ?? "" : "" }, faction),
            st.clone ? ` (cloning ${this.cards.get(st.clone)?.name ?? st.clone})` : "",
            st.faction ? ` · ${homeWords(TURF_NAMES[st.home] ?? st.home, homes[i], goal)}` : "",
            ` · ${st.troops} troop${st.troops === 1 ? "" : "s"} on ${st.turfs} turf${st.turfs === 1 ? "" : "s"}`,
            h("br"),
            `cards: ${st.combat_cards} combat · ${st.secret_cards} secret · ${st.held_action_cards} held`,
            st.action_card ? ` · plays ${st.action_card}` : st.picked && view.phase === "actions" ? " · card face down" : "",
            ...badges,
          ),
        );
      }),
    );
  }

  // The Turf War in progress (from the view), or the last one the log told.
  private war(state: TableState, view: TWView): HTMLElement {
    const names = this.host.names();
    if (view.war) {
      const w = view.war;
      const cellType = parseBoard(view.turfs).flat().find((c) => c.name === w.target)?.type;
      return h(
        "section",
        { class: "tw-war live", "data-testid": "war", "aria-label": "Turf War" },
        h("h4", null, `Turf War at ${w.target}${cellType ? ` (${TURF_NAMES[cellType]})` : ""}`, w.cancelled ? " — negated" : ""),
        h(
          "div",
          { class: "tw-sides" },
          ...w.sides.map((sd, k) =>
            h(
              "div",
              { class: `tw-side ${sd.role}`, "data-seat": sd.seat },
              h("small", { class: "muted" }, sd.role === "attacker" ? "attacks" : "defends"),
              this.host.nameTag(sd.seat),
              h("span", null, `${sd.committed} troop${sd.committed === 1 ? "" : "s"}`),
              h("span", { class: `tw-card${sd.card ? "" : " hidden"}` }, sd.card ? combatName(sd.card) : view.seats[sd.seat]?.face_down_card ? "card face down" : "no card yet"),
              ...w.supporters
                .filter((sp) => sp.side === k)
                .map((sp) =>
                  h(
                    "small",
                    { class: "tw-supporter" },
                    "+ ",
                    names[sp.seat] ?? "",
                    ` ${sp.troops} troop${sp.troops === 1 ? "" : "s"}${sp.forced ? " (called for help)" : ""}${sp.card ? `, card ${combatName(sp.card)}` : ""}`,
                  ),
                ),
            ),
          ),
        ),
      );
    }
    const told = lastWar(state.log);
    if (!told) return h("section", { class: "tw-war", hidden: true });
    return h(
      "section",
      { class: "tw-war", "data-testid": "war" },
      h("h4", null, `Last Turf War, at ${told.target}`),
      h(
        "div",
        { class: "tw-sides" },
        ...told.sides.map((sd) =>
          h(
            "div",
            { class: `tw-side ${sd.role}${told.winner === sd.seat ? " won" : ""}`, "data-seat": sd.seat },
            h("small", { class: "muted" }, `${sd.role === "attacker" ? "attacked" : "defended"}${told.winner === sd.seat ? " · won" : ""}`),
            this.host.nameTag(sd.seat),
            h("span", null, `${sd.committed} in, ${sd.lost} lost`),
            h("span", { class: "tw-card" }, sd.card ? combatName(sd.card) : "no card"),
            sd.strength !== undefined ? h("small", { class: "muted" }, `strength ${sd.strength}`) : null,
          ),
        ),
      ),
      h("p", { class: "tw-war-text" }, this.host.render(told.text)),
    );
  }

  // Your combat hand, your action card, your secret win cards.
  private mine(view: TWView, me: TWSeat, c: TWChoices): HTMLElement {
    const verb = COMBAT_VERB[c.step ?? ""] ?? "Play";
    const hand = expand(me.hand, COMBAT_ORDER);
    const shown = new Set<string>();
    const combat = hand.map((id) => {
      const first = !shown.has(id);
      shown.add(id);
      const pick = first ? c.combat.get(id) : undefined;
      const why = me.unplayable?.[id];
      const card = this.cards.get(id);
      const b = pick ? h("button", { type: "button", class: "small primary tw-act", "data-action": pick.id, title: pick.label, disabled: this.host.busy() }, verb) : null;
      b?.addEventListener("click", () => this.host.act(pick!.id));
      return h(
        "div",
        { class: `tw-ccard${pick ? " can" : ""}${id === "zero" ? " zero" : ""}`, "data-card": id, title: card ? `${card.name}: ${card.text}` : combatName(id) },
        h("span", { class: "tw-cval" }, combatName(id)),
        b,
        !pick && why && c.combat.size ? h("small", { class: "muted" }, why) : null,
      );
    });
    // the two cards drawn by a purchase, one to keep
    for (const id of me.drawn ?? []) {
      const pick = c.combat.get(id);
      if (!pick || shown.has(id)) continue;
      shown.add(id);
      const b = h("button", { type: "button", class: "small primary tw-act", "data-action": pick.id, disabled: this.host.busy() }, "Keep");
      b.addEventListener("click", () => this.host.act(pick.id));
      combat.push(h("div", { class: "tw-ccard can drawn", "data-card": id }, h("span", { class: "tw-cval" }, combatName(id)), b));
    }
    const secrets = (me.secrets ?? "").split(" ").filter(Boolean);
    const held = expand(me.held);
    return h(
      "section",
      { class: "mine tw-mine", "aria-label": "your cards" },
      h("h4", null, `Your combat cards (${hand.length})`, me.face_down ? h("small", { class: "muted" }, ` · face down: ${combatName(me.face_down)}`) : null),
      h("div", { class: "tw-hand" }, ...(combat.length ? combat : [h("span", { class: "muted" }, "none")])),
      h(
        "p",
        { class: "tw-pick" },
        h("strong", null, "Action card: "),
        me.pick ? this.actionCard(me.pick) : view.phase === "draft" ? "not picked yet" : "none this round",
      ),
      held.length ? h("p", { class: "tw-held" }, h("strong", null, "Bought, for the next draft: "), held.join(", ")) : null,
      h(
        "div",
        { class: "tw-secrets" },
        h("strong", null, `Secret win cards (${secrets.length}), only you see them:`),
        ...secrets.map((id) => h("p", { "data-secret": id }, h("b", null, this.cards.get(id)?.name ?? id), `: ${this.cards.get(id)?.text ?? ""}`)),
      ),
    );
  }

  private actionCard(label: string): HTMLElement {
    const { name } = parseActionLabel(label);
    return h("span", { title: this.byName.get(name)?.text ?? "" }, label, h("small", { class: "muted" }, ` — ${this.byName.get(name)?.text ?? ""}`));
  }

  private eventBox(view: TWView): HTMLElement {
    if (!view.event) return h("section", { class: "tw-event muted" }, "No event in force yet.");
    const e = this.cards.get(view.event);
    return h("section", { class: "tw-event", "data-testid": "event" }, h("strong", null, `Event: ${e?.name ?? view.event}. `), e?.text ?? "");
  }

  private dpBox(state: TableState, view: TWView, board: Cell[][]): HTMLElement {
    const scored = scoredSoFar(state.log, view.seats.length);
    const homes = homeTurfs(view, board);
    const types = view.seats.map((_, i) => new Set(board.flat().filter((c) => c.owner === i && c.type).map((c) => c.type)).size);
    const box = h(
      "details",
      { class: "tw-dp", open: this.open === "dp", "data-testid": "dp-breakdown" },
      h("summary", null, "Where the DP come from"),
      h(
        "table",
        null,
        h("tr", null, h("th", null, ""), h("th", null, "turfs"), h("th", null, "home"), h("th", null, "all six"), h("th", null, "support"), h("th", null, "other"), h("th", null, "DP")),
        ...view.seats.map((st, i) => {
          const p = scored[i];
          const other = st.dp - p.turfs - p.home - p.rainbow - p.support;
          return h(
            "tr",
            { "data-seat": i },
            h("td", null, this.host.nameTag(i)),
            h("td", { class: "num" }, String(p.turfs)),
            h("td", { class: "num" }, String(p.home)),
            h("td", { class: "num" }, String(p.rainbow)),
            h("td", { class: "num" }, String(p.support)),
            h("td", { class: "num", title: "events, purchases spent, Pirates" }, String(other)),
            h("td", { class: "num" }, h("b", null, String(st.dp))),
          );
        }),
      ),
      h("p", { class: "muted" }, "Scored at the end of each round: 1 DP per 2 turfs, 1 per home turf, 5 for holding every type. Now:"),
      h(
        "ul",
        null,
        ...view.seats.map((st, i) => h("li", null, this.host.nameTag(i), ` ${st.turfs} turfs, ${homes[i]} home (${TURF_NAMES[st.home] ?? st.home}), ${types[i]} of 6 types`)),
      ),
    );
    box.addEventListener("toggle", () => (this.open = (box as HTMLDetailsElement).open ? "dp" : null));
    return box;
  }
}

const PHASE_WORDS: Record<string, string> = {
  factions: "choosing factions",
  starting_turfs: "starting turfs",
  pre_event: "before the event",
  reinforcements: "reinforcements",
  event: "the event",
  draft: "the draft",
  actions: "the actions",
  bloodlust: "bloodlust",
  score: "scoring and spending",
  over: "over",
};

function letterOf(t: TurfType): string {
  return t === "swamp" ? "W" : t[0].toUpperCase();
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// "support player 3 (Unicorns)" -> "support"; "call player 4 (Pirates)" -> "call"
function actionVerb(label: string): string {
  return label.split(" ")[0] ?? "";
}

function cellWords(c: Cell, names: string[]): string {
  if (c.kind === "dead") return `${c.name}: dead space`;
  if (c.kind === "teleporter") return `${c.name}: teleporter`;
  const t = c.type ? TURF_NAMES[c.type] : "";
  if (c.owner === null) return `${c.name} ${t}, empty`;
  return `${c.name} ${t}: ${c.troops} troop${c.troops === 1 ? "" : "s"} of ${names[c.owner] ?? `player ${c.owner + 1}`}`;
}
