import { h } from "../../dom";
import type { TableState } from "../../protocol";
import { PanZoom, zoomTools } from "../../panzoom";
import { BoardBase, keyButton } from "../board_base";
import type { GameHost } from "../game";
import { startPrompt } from "../prompt";
import {
  TurnMemory,
  actionText,
  endRule,
  overWords,
  sideShown,
  stallStatus,
  cardFacts,
  cardId,
  cardName,
  catalogue,
  fullYard,
  groupActions,
  isYardView,
  money,
  pileCardKey,
  pileKey,
  pileWords,
  pointsLines,
  pointsWord,
  type Catalogue,
  type Pick,
  type YChoices,
  type YPile,
  type YSeat,
  type YView,
} from "./model";
import "./yard.css";

const TYPE_LETTER: Record<string, string> = { Tool: "T", Plant: "P", Ornament: "O", Feature: "F", Pest: "!", Event: "E" };

// The Yard table: the Store, the Neighbors and the Trash above every player's 3x3 Yard (yours
// first and largest), and beside them your hand, the prompt and where the points come from.
// Every legal action is a click on the thing it acts on: a card of your hand, of the Store, of
// the Trash, a Neighbor, a Pile (also of a rival's Yard: play a card, then tap the Pile), a card
// on a Pile, a rival, a card of a rival's Garage; the prompt holds the rest (Home, Away, work,
// done, stop).
export class YardBoard extends BoardBase {
  private readonly root: HTMLElement;
  private readonly panel: HTMLElement;
  private cat: Catalogue = new Map();
  private readonly turns = new TurnMemory();
  private info: { id: string; at: string } | null = null; // the card whose text is shown, and where
  private breakdown: number | null = null; // the seat whose points are explained
  private ruleOpen = false; // "How the game ends" is open
  // the Yards: one pan/zoom area (at fit, the whole width, as tall as the Yards)
  private readonly yardsLayer: HTMLElement;
  private readonly yardsView: HTMLElement;
  protected readonly pz: PanZoom;

  constructor(host: GameHost) {
    super(host);
    this.root = h("div", { class: "yard-board", "data-testid": "yard-board" });
    this.panel = h("div", { class: "yard-panel" });
    this.yardsLayer = h("div", { class: "y-yards-layer" });
    this.yardsView = h("div", { class: "y-yards-view", "data-testid": "map" }, this.yardsLayer);
    this.pz = PanZoom.html(this.yardsView, this.yardsLayer, { bottom: 40 });
    this.yardsView.append(zoomTools(this.pz, "the Yards"));
    host.board.append(this.root);
    host.panel.append(this.panel);
    this.loadCards("yard", (cards) => (this.cat = catalogue(cards)));
  }

  destroy(): void {
    super.destroy();
    this.turns.clear();
  }

  // The end card: how the game ended and where each seat's points come from.
  endBreakdown(): HTMLElement | null {
    const view = this.last?.view;
    if (!isYardView(view)) return null;
    return h("div", { class: "y-end" }, h("p", { class: "y-over" }, overWords(view)), ...view.seats.map((s, i) => this.explain(i, s, true)));
  }

  update(state: TableState): void {
    this.last = state;
    const view = state.view;
    if (!isYardView(view)) return;
    this.turns.note(view);
    const me = state.seat;
    const mine = me !== null && !state.over && state.toMove === me;
    const c = groupActions(mine ? state.legal : [], me, view);
    const marks = this.turns.marks(view, me);
    const scrollTop = this.root.scrollTop;
    const top: (HTMLElement | string)[] = [this.prompt(state, view, c)];
    if (me !== null && view.seats[me]) top.push(this.hand(view.seats[me], c, state));
    this.yardsLayer.replaceChildren(this.yards(view, c, me, marks, state));
    this.root.replaceChildren(...top, this.eventBanner(state), this.market(view, c), this.yardsView);
    this.root.scrollTop = scrollTop;
    this.pz.autoFit();
    this.panel.replaceChildren(...this.side(state, view));
  }

  // ---------------------------------------------------------------------------------------------
  // The Store, the Neighbors, the Trash

  private market(view: YView, c: YChoices): HTMLElement {
    const storeVerb = c.storeKind === "buy" ? "Buy" : "Trash";
    const store = h(
      "section",
      { class: "y-row store", "aria-label": "the Store" },
      h(
        "h4",
        null,
        "Store",
        h(
          "small",
          { class: "muted" },
          ` · deck ${view.deck_count}${view.deck_bottom.length ? ` (${view.deck_bottom.length} done Event${view.deck_bottom.length > 1 ? "s" : ""} at the bottom)` : ""}`,
        ),
      ),
      h("div", { class: "y-cards" }, ...view.store.map((id) => this.chip(id, c.store.get(id), storeVerb, "store"))),
    );
    const neighbors = h(
      "section",
      { class: "y-row neighbors", "aria-label": "the Neighbors" },
      h(
        "h4",
        null,
        "Neighbors",
        h("small", { class: "muted" }, view.neighbors_set_aside ? ` · ${view.neighbors_set_aside} face down, to come` : " · none to come"),
      ),
      h("div", { class: "y-cards" }, ...view.neighbors.map((id) => this.chip(id, c.neighbors.get(id), "Sway", "neighbor"))),
    );
    const trash = h(
      "section",
      { class: "y-row trash", "aria-label": "the Trash" },
      h("h4", null, "Trash", h("small", { class: "muted" }, ` · ${view.trash.length} card${view.trash.length === 1 ? "" : "s"}`)),
      h(
        "div",
        { class: "y-cards small" },
        ...(view.trash.length ? view.trash.map((id) => this.chip(id, c.trash.get(id), "Take", "trash")) : [h("span", { class: "muted" }, "empty")]),
      ),
    );
    const extra: HTMLElement[] = [];
    // Pests the Pest Magnet gathered: played from here, one after the other
    if (view.gathered_pests.length)
      extra.push(
        this.withInfo(
          h(
            "section",
            { class: "y-row gathered", "aria-label": "gathered Pests" },
            h("h4", null, "Gathered Pests, to be played"),
            h("div", { class: "y-cards small" }, ...[...new Set(view.gathered_pests)].map((id) => this.chip(id, c.gathered.get(id), "Play", "gathered"))),
          ),
          "gathered",
        ),
      );
    return h("div", { class: "y-market" }, this.withInfo(store, "store"), this.withInfo(neighbors, "neighbor"), this.withInfo(trash, "trash"), ...extra);
  }

  // A card, Neighbor or Event as a chip: name, facts, type letters; its text in the tooltip and,
  // on tap, in the info box. `pick` adds a button that takes that action.
  private chip(id: string, pick: Pick | undefined, verb: string, where: string): HTMLElement {
    const card = this.cat.get(id);
    const types = (card?.types ?? []).filter((t) => t !== "Event");
    const el = h(
      "div",
      {
        class: `y-chip ${where}${pick ? " can" : ""}${this.isInfo(id, where) ? " info-open" : ""}${types.includes("Pest") ? " pest" : ""}`,
        "data-card": id,
        title: card ? `${card.name}: ${card.text}` : cardName(this.cat, id),
      },
      h(
        "button",
        { type: "button", class: "y-chip-body", "aria-label": `${cardName(this.cat, id)}: show its text`, "aria-expanded": String(this.isInfo(id, where)) },
        h("span", { class: "y-name" }, cardName(this.cat, id)),
        h("span", { class: "y-facts" }, cardFacts(card), ...types.map((t) => h("span", { class: `y-type t-${t.toLowerCase()}`, title: t }, TYPE_LETTER[t] ?? t[0]))),
      ),
    );
    el.querySelector(".y-chip-body")!.addEventListener("click", () => this.toggleInfo(id, where));
    if (where === "neighbor" && card) el.append(h("span", { class: "y-ntext" }, neighborWants(card)));
    if (pick) el.append(this.actButton(pick, verb));
    return el;
  }

  private actButton(pick: Pick, text: string, cls = "small primary"): HTMLButtonElement {
    const b = h("button", { type: "button", class: `${cls} y-act`, "data-action": pick.id, title: actionText(pick.label, this.host.names()), disabled: this.host.busy() }, text);
    b.addEventListener("click", (ev) => {
      ev.stopPropagation();
      this.info = null;
      this.host.act(pick.id);
    });
    return b;
  }

  private isInfo(id: string, at: string): boolean {
    return this.info?.id === id && this.info.at === at;
  }

  private toggleInfo(id: string, at: string) {
    this.info = this.isInfo(id, at) ? null : { id, at };
    this.redraw();
  }

  // The section with the info box of the card tapped in it, if any, appended.
  private withInfo(section: HTMLElement, at: string): HTMLElement {
    if (this.info?.at === at) section.append(this.infoBox(this.info.id, at));
    return section;
  }

  private infoBox(id: string, at: string): HTMLElement {
    const card = this.cat.get(id);
    const close = h("button", { type: "button", class: "small", "aria-label": "close" }, "×");
    close.addEventListener("click", () => this.toggleInfo(id, at));
    return h(
      "div",
      { class: "y-info", role: "note", "data-testid": "card-info" },
      h("strong", null, cardName(this.cat, id)),
      card?.types?.length ? h("small", { class: "muted" }, ` ${card.types.join(", ")}`) : null,
      h("span", { class: "y-info-facts" }, cardFacts(card)),
      h("p", null, card?.text ?? ""),
      close,
    );
  }

  private eventBanner(state: TableState): HTMLElement | string {
    // the newest Event line of the log: what was revealed and what it did
    for (let i = state.log.length - 1; i >= 0; i--) {
      const lines = state.log[i].lines;
      const at = lines.findIndex((l) => l.kind === "event");
      if (at >= 0) {
        return h("div", { class: "y-event", "data-testid": "last-event" }, h("strong", null, "Last Event: "), this.host.render(lines[at].text));
      }
    }
    return "";
  }

  // ---------------------------------------------------------------------------------------------
  // The Yards

  private yards(view: YView, c: YChoices, me: number | null, marks: Set<string>, state: TableState): HTMLElement {
    const order = view.seats.map((_, i) => i);
    if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    return h(
      "div",
      { class: `y-yards n${view.seats.length}` },
      ...order.map((seat) => this.yardOf(view, seat, c, me, marks, state)),
    );
  }

  private yardOf(view: YView, seat: number, c: YChoices, me: number | null, marks: Set<string>, state: TableState): HTMLElement {
    const s = view.seats[seat];
    const mark = this.host.mark(seat);
    const head = h(
      "div",
      { class: "y-head" },
      this.host.nameTag(seat),
      this.sideChip(view, seat, `side-${seat}`),
      h("span", { class: "y-money", title: "Piggy Bank" }, money(s.money)),
      this.pointsButton(seat, s),
    );
    const rival = c.rivals.get(seat);
    if (rival) head.append(this.actButton(rival, "Choose"));
    const scoring = new Map<string, number>();
    for (const e of s.points?.yard ?? []) scoring.set(`${e.pile}:${e.card}`, (scoring.get(`${e.pile}:${e.card}`) ?? 0) + e.points);
    const grid = h(
      "div",
      { class: "y-grid", role: "grid", "aria-label": `${this.host.names()[seat] ?? ""}'s Yard` },
      ...fullYard(s).map((p) => this.pile(seat, p, c, marks.has(pileKey(seat, p.pile)), scoring)),
    );
    const facts: (HTMLElement | string)[] = [];
    facts.push(
      h("span", null, "Sway: ", s.sway.length ? s.sway.map((n) => cardName(this.cat, n)).join(", ") : "none"),
      h("span", null, `Garage ${s.garage_count}`),
      h("span", null, `hand ${s.hand_count}`),
    );
    const parts: HTMLElement[] = [head, h("div", { class: "y-facts-line muted" }, ...facts), grid];
    // a rival's Garage, where a card lets you take from it (the Crowbar): its known cards
    const garagePicks = s.garage.filter((id) => c.garage.has(`${seat}:${id}`));
    if (garagePicks.length)
      parts.push(
        h(
          "div",
          { class: "y-row garage" },
          h("h4", null, "Garage"),
          h("div", { class: "y-cards small" }, ...[...new Set(garagePicks)].map((id) => this.chip(id, c.garage.get(`${seat}:${id}`), "Take", `yard-${seat}`))),
        ),
      );
    return this.withInfo(h(
      "section",
      {
        class: `y-yard ${mark.cls}${seat === me ? " yours" : ""}${state.toMove === seat && !state.over ? " to-move" : ""}`,
        "data-seat": seat,
        "aria-label": `${this.host.names()[seat] ?? ""}'s Yard`,
      },
      ...parts,
    ), `yard-${seat}`);
  }

  private pile(seat: number, p: YPile, c: YChoices, changed: boolean, scoring: Map<string, number>): HTMLElement {
    const picks = c.piles.get(pileKey(seat, p.pile)) ?? [];
    const targeted = c.targets.has(pileKey(seat, p.pile));
    const n = p.cards.length;
    const cards = [...p.cards].reverse(); // top first
    const el = h(
      "div",
      {
        class: `y-pile ${p.grass ? "grass" : "dirt"}${targeted ? " target" : ""}${changed ? " changed" : ""}${n > p.places ? " over" : ""}`,
        role: "gridcell",
        "data-pile": p.pile,
        "data-seat": seat,
        "aria-label": `${pileWords(p.pile)}: ${p.grass ? "Grass" : "Dirt"}, ${n} card${n === 1 ? "" : "s"} on ${p.places} Place${p.places === 1 ? "" : "s"}`,
      },
      h(
        "div",
        { class: "y-ground" },
        h("span", { class: "y-pid" }, p.pile),
        h("span", { class: "y-gl", title: p.grass ? "Grass" : "Dirt" }, p.grass ? "G" : "D"),
        h("span", { class: "y-fill", title: "cards / Places" }, `${n}/${p.places}`),
      ),
      ...cards.map((card, depth) => {
        const id = cardId(card);
        const pts = depth === cards.findIndex((x) => cardId(x) === id) ? scoring.get(`${p.pile}:${id}`) : undefined;
        const cardPicks = c.pileCards.get(pileCardKey(seat, p.pile, depth)) ?? [];
        const cat = this.cat.get(id);
        const row = h(
          "div",
          {
            class: `y-pcard${depth === 0 ? " top" : " under"}${typeof card === "object" ? " busy" : ""}${cat?.types?.includes("Pest") ? " pest" : ""}`,
            title: cat ? `${cat.name}: ${cat.text}` : cardName(this.cat, id),
            "data-card": id,
          },
          h("span", { class: "y-name" }, cardName(this.cat, id)),
          pts ? h("span", { class: `y-pts${pts < 0 ? " neg" : ""}`, title: "points it scores now" }, pts > 0 ? `+${pts}` : `−${-pts}`) : null,
        );
        row.addEventListener("click", (ev) => {
          // a tap on a Pile that is itself the move ("onto", Grass) plays it, wherever on the Pile
          if ((ev.target as Element).closest("button") || picks.length === 1) return;
          ev.stopPropagation();
          this.toggleInfo(id, `yard-${seat}`);
        });
        for (const k of cardPicks) row.append(this.actButton(k, verbOf(k.label)));
        return row;
      }),
    );
    if (picks.length === 1) {
      el.dataset.action = String(picks[0].id);
      const go = () => {
        if (!this.host.busy()) this.host.act(picks[0].id);
      };
      keyButton(el, go);
      el.title = actionText(picks[0].label, this.host.names());
      el.addEventListener("click", (ev) => {
        if ((ev.target as Element).closest("button")) return;
        go();
      });
    } else if (picks.length > 1) {
      el.append(h("div", { class: "y-pile-picks" }, ...picks.map((k) => this.actButton(k, verbOf(k.label)))));
    }
    return el;
  }

  private pointsButton(seat: number, s: YSeat): HTMLElement {
    const b = h(
      "button",
      { type: "button", class: "small y-points", "data-testid": `score-${seat}`, "aria-expanded": String(this.breakdown === seat), title: "where the points come from" },
      pointsWord(s.score),
    );
    b.addEventListener("click", () => {
      this.breakdown = this.breakdown === seat ? null : seat;
      this.redraw();
    });
    return b;
  }

  // ---------------------------------------------------------------------------------------------
  // The side panel: the prompt, your hand, the points explained

  private side(state: TableState, view: YView): HTMLElement[] {
    const me = state.seat;
    const out: HTMLElement[] = [this.players(state, view)];
    const who = this.breakdown ?? me;
    if (who !== null && view.seats[who]) out.push(this.explain(who, view.seats[who]));
    out.push(
      h(
        "p",
        { class: "muted y-round" },
        `Round ${view.round} · turn ${view.turn} · ${view.edition === 1 ? "1st" : "2nd"} edition · `,
        this.host.names()[view.first_player] ?? "",
        " went first",
      ),
      view.terminal ? h("p", { class: "muted y-round y-end-rule", "data-testid": "end-rule" }, overWords(view)) : this.endRuleBox(view),
    );
    return out;
  }

  // How the game ends, and how one that stalls ends, one tap away; where this table stands once
  // the Store deck is used up, in sight.
  private endRuleBox(view: YView): HTMLElement {
    const stall = stallStatus(view);
    const box = h(
      "details",
      { class: "muted y-round y-end-rule", "data-testid": "end-rule", open: this.ruleOpen },
      h("summary", null, "How the game ends", stall ? h("span", { class: "y-stall" }, ` · ${stall}`) : null),
      h("p", null, endRule(view)),
    );
    box.addEventListener("toggle", () => (this.ruleOpen = (box as HTMLDetailsElement).open));
    return box;
  }

  // One row a player: name, Home/Away, money, points (tap: where they come from), Sway, Garage
  // and hand sizes.
  private players(state: TableState, view: YView): HTMLElement {
    return h(
      "div",
      { class: "players y-players" },
      ...view.seats.map((s, i) =>
        h(
          "div",
          { class: `player seat-${i}${state.toMove === i && !state.over ? " to-move" : ""}${state.seat === i ? " you" : ""}`, "data-seat": i },
          this.host.nameTag(i),
          h("span", { class: "score", "data-testid": `total-${i}` }, String(s.score)),
          h(
            "small",
            { class: "pinfo" },
            this.sideChip(view, i),
            ` ${money(s.money)} · ${s.sway.length} Neighbor${s.sway.length === 1 ? "" : "s"} · Garage ${s.garage_count} · hand ${s.hand_count}`,
          ),
        ),
      ),
    );
  }

  private prompt(state: TableState, view: YView, c: YChoices): HTMLElement {
    const { box, mine } = startPrompt(this.host, state, view.decision, "y", overWords(view));
    if (!mine) return box;
    const row = h("span", { class: "y-buttons" });
    if (c.sides.home) row.append(this.actButton(c.sides.home, "Home", "small primary"));
    if (c.sides.away) row.append(this.actButton(c.sides.away, "Away", "small primary"));
    for (const b of c.buttons) row.append(this.actButton(b, BUTTON_WORDS[b.label] ?? b.label, b.label === "done" || b.label === "stop" ? "small" : "small primary"));
    for (const o of c.other) row.append(this.actButton(o, actionText(o.label, this.host.names()), "small"));
    if (row.childElementCount) box.append(row);
    const hints: string[] = [];
    if (c.piles.size) hints.push("Tap a highlighted Pile.");
    if (c.pileCards.size) hints.push("Choose a card on a highlighted Pile.");
    if (c.rivals.size) hints.push("Choose a rival.");
    if (hints.length) box.append(h("span", { class: "muted y-hint" }, hints.join(" ")));
    return box;
  }

  // Home, Away, or "Home or Away?" while the seat whose turn it is has not turned its card yet
  // (its side then is last turn's, in the tooltip).
  private sideChip(view: YView, seat: number, testid?: string): HTMLElement {
    const shown = sideShown(view, seat);
    const last = view.seats[seat]?.side === "away" ? "Away" : "Home";
    return h(
      "span",
      { class: `y-side ${shown}`, "data-testid": testid ?? null, title: shown === "choosing" ? `choosing this turn's side (last turn: ${last})` : null },
      shown === "choosing" ? "Home or Away?" : last,
    );
  }

  // Your hand as a row of cards: name, facts, type letters, its text on hover or tap, and a
  // button when it can be played now; else why not (once, when every card has the same reason).
  private hand(s: YSeat, c: YChoices, state: TableState): HTMLElement {
    const verb = c.handKind === "hand_card" ? "Trash" : "Play";
    const ids = [...new Set(s.hand)];
    const reasons = new Set(ids.map((id) => s.hand_blocked?.[id] ?? ""));
    const shared = reasons.size === 1 && !c.hand.size ? [...reasons][0] : "";
    const chips = ids.map((id) => {
      const n = s.hand.filter((x) => x === id).length;
      const el = this.chip(id, c.hand.get(id), verb, "hand");
      if (n > 1) el.querySelector(".y-name")?.append(h("span", { class: "muted" }, ` ×${n}`));
      const why = s.hand_blocked?.[id];
      if (!c.hand.get(id) && why && !shared && !state.over) el.append(h("span", { class: "y-why", title: why }, `Cannot play: ${why}`));
      return el;
    });
    const unknown = s.hand_count - s.hand.length;
    return this.withInfo(h(
      "section",
      { class: "y-row y-hand", "aria-label": "your hand" },
      h(
        "h4",
        null,
        "Your hand",
        h("small", { class: "muted" }, ` · Garage: ${s.garage.length ? s.garage.map((id) => cardName(this.cat, id)).join(", ") : s.garage_count ? `${s.garage_count} cards` : "empty"}`),
      ),
      h("div", { class: "y-cards" }, ...(chips.length ? chips : [h("span", { class: "muted" }, "No cards.")])),
      unknown > 0 ? h("p", { class: "muted y-note" }, `and ${unknown} card${unknown > 1 ? "s" : ""} you have not seen`) : null,
      shared && !state.over ? h("p", { class: "muted y-why-all" }, `You cannot play a card now: ${shared}.`) : null,
    ), "hand");
  }

  private explain(seat: number, s: YSeat, end = false): HTMLElement {
    const lines = pointsLines(s, this.cat);
    const yardSum = (s.points?.yard ?? []).reduce((a, e) => a + e.points, 0);
    const swaySum = (s.points?.sway ?? []).reduce((a, e) => a + e.points, 0);
    const box = h(
      "details",
      { class: "y-explain", "data-testid": end ? "end-points" : "points-breakdown", open: end || this.breakdown !== null, "data-seat": seat },
      h("summary", null, this.host.nameTag(seat), ` ${pointsWord(s.score)}: Yard ${yardSum}, Sway ${swaySum}`),
      lines.length
        ? h(
            "table",
            null,
            ...lines.map((l) => {
              const tr = h("tr", { "data-pile": l.pile ?? "" }, h("td", null, l.what), h("td", { class: "muted" }, l.where), h("td", { class: "num" }, String(l.points)));
              if (l.pile) {
                const hi = (on: boolean) =>
                  this.root.querySelector(`.y-yard[data-seat="${seat}"] .y-pile[data-pile="${l.pile}"]`)?.classList.toggle("explained", on);
                tr.addEventListener("pointerenter", () => hi(true));
                tr.addEventListener("pointerleave", () => hi(false));
              }
              return tr;
            }),
          )
        : h("p", { class: "muted" }, "Nothing scores yet."),
    );
    if (!end)
      box.addEventListener("toggle", () => {
        if (!(box as HTMLDetailsElement).open && this.breakdown !== null) this.breakdown = null;
      });
    return box;
  }
}

// What a Neighbor wants, short: its Criteria and its Bribe ("3 Grass Piles; pay $6").
function neighborWants(card: { text: string; criteria?: string }): string {
  const parts: string[] = [];
  if (card.criteria && card.criteria !== "nothing") parts.push(card.criteria);
  const bribe = /Bribe: (.*?)\.(?: Worth|$)/.exec(card.text)?.[1];
  if (bribe) parts.push(bribe.charAt(0).toLowerCase() + bribe.slice(1));
  return parts.join("; ") || card.text;
}

const BUTTON_WORDS: Record<string, string> = { done: "Done", stop: "Stop", work: "Work (+$5)" };

// "trash Skunk on a1 (under 2)" -> "Trash"; "start Garden on a1" -> "Start"; "onto b2" -> "Here".
function verbOf(label: string): string {
  const w = label.split(" ")[0] ?? label;
  if (w === "onto") return "Here";
  return w.charAt(0).toUpperCase() + w.slice(1);
}
