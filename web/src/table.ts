// The table shell every game shares: the header (whose turn, undo, rules, connection), the log,
// the legal actions as text buttons (the fallback that makes every action reachable), the error
// toast, the dead-end card and the end card. It reads the table from a TableSource and mounts the
// game's drawing from the registry; it never names a game.
import { askToNotify, canAskToNotify, notifyTurn, setFavicon } from "./attention";
import { variantName } from "./cards";
import { h } from "./dom";
import type { GameBoard, GameHost } from "./games/game";
import { gameUi } from "./games/registry";
import { logEntries, type LogEntry } from "./log";
import { absenceWords, clockWords, durationWords, hasClock, seatNames, seatTags, timeLeftWords, type Presence } from "./names";
import { initialState, myTurn, rankingWords, reduce, renderText, type MatchResult, type Step, type TableState } from "./protocol";
import { markBadge, seatMark } from "./seats";
import type { SourceStatus, TableSource } from "./source";

const ERROR_WORDS: Record<string, string> = {
  bad_token: "This link is not valid for this table.",
  no_table: "There is no such table.",
  unavailable: "This table cannot be opened now.",
  not_your_turn: "It is not your turn.",
  stale: "The table moved on; here is the current position.",
  illegal: "That move is not allowed.",
  cannot_undo: "Nothing to take back.",
  spectator: "Spectators cannot act.",
  rate_limited: "Too many messages; slow down.",
  server_error: "The server could not save that move; the table was reloaded.",
  too_large: "That message was too large.",
  bad_frame: "The server did not understand that message.",
};

const TAG_WORDS: Record<string, string> = { you: "you", bot: "bot", away: "away", "stand-in": "a bot plays" };

// A name as an element: isolated from the text around it (a name written right to left cannot
// turn the sentence around it), in its seat's colour.
export function nameEl(name: string, seat: number | null): HTMLElement {
  return h("bdi", { class: `name${seat === null ? "" : ` ${seatMark(seat).cls}`}` }, name);
}

// A narration sentence with its {P1} placeholders as name elements.
export function richText(text: string, names: string[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{P(\d+)\}/g)) {
    const i = Number(m[1]) - 1;
    out.push(text.slice(last, m.index));
    out.push(nameEl(renderText(m[0], names), i));
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

export function renderTable(root: HTMLElement, source: TableSource): () => void {
  const page = new TablePage(root, source);
  return () => page.close();
}

// One table page: what it knows of the table, the elements it fills, the mounted drawing.
class TablePage {
  private state: TableState = initialState();
  private busy = false;
  private drawing: GameBoard | null = null;
  private mountedGame: string | null = null;
  private endDismissed = false;
  private failed = false;
  private toastTimer = 0;
  private presence: Presence[] | null = null;
  private conn: SourceStatus = "connecting";
  private wasMine = false;
  private replaceBar = h("div", { class: "replace-bar", hidden: true });
  private frameAt = 0; // when the last state frame came (ms since 1970, this browser's clock)
  private clockTimer = 0; // redraws the clock faces each second while a clock runs
  private changedAt: number | null = null; // the table's last change (ms since 1970), as the source knows it

  private readonly status = h("span", { class: "conn", "data-conn": "connecting" }, "connecting…");
  private readonly turn = h("div", { class: "turn", "aria-live": "polite", "data-testid": "turn" });
  private readonly title = h("strong", { class: "title" }, "Table");
  private readonly undoBtn = h("button", { type: "button", class: "undo", disabled: true }, "Undo");
  private readonly rulesBtn = h("button", { type: "button", class: "rules-toggle", "aria-expanded": "false" }, "Rules");
  private readonly notifyBtn = h(
    "button",
    { type: "button", class: "notify", hidden: true, title: "A browser notification when it becomes your turn while you look at another tab" },
    "Notify me",
  );
  private readonly rules = h("aside", { class: "rules-panel", hidden: true });
  private readonly log = new LogBox();
  private readonly errorBox = h("div", { class: "error-toast", role: "alert", hidden: true });
  private readonly fallback = h(
    "details",
    { class: "fallback" },
    h("summary", null, "All moves as text"),
    h("div", { class: "fallback-list" }),
  );
  private readonly sidePanel = h("div", { class: "game-panel" });
  private readonly boardArea = h("div", { class: "board-area" });
  private readonly endOverlay = h("div", { class: "end-overlay", hidden: true, role: "dialog", "aria-label": "game over" });
  private readonly deadEnd = h("div", { class: "dead-end pad", hidden: true, role: "alert" });
  // A hot seat's cover while the device changes hands: the page under it holds the public view.
  private readonly handover = h("div", { class: "handover-overlay", hidden: true, role: "dialog", "aria-label": "pass the device" });
  private handoverSeat: number | null = null;
  private rematchAsked = false;

  // The drawing redraws when its area changes size (a rotated phone, a resized window), once a
  // frame at most.
  private resizeFrame = 0;
  private readonly boardObserver = new ResizeObserver(() => {
    if (this.resizeFrame) return;
    this.resizeFrame = requestAnimationFrame(() => {
      this.resizeFrame = 0;
      this.drawing?.redraw();
    });
  });

  private readonly host: GameHost = this.makeHost();

  constructor(
    private readonly root: HTMLElement,
    private readonly source: TableSource,
  ) {
    this.listen();
    this.undoBtn.addEventListener("click", () => this.undo());
    // the browser asks the player only now, after this click (never on load)
    this.notifyBtn.addEventListener("click", () => void askToNotify().finally(() => this.draw()));
    this.rulesBtn.addEventListener("click", () => {
      this.rules.hidden = !this.rules.hidden;
      this.rulesBtn.setAttribute("aria-expanded", String(!this.rules.hidden));
    });
    root.replaceChildren(this.layout());
    document.addEventListener("keydown", this.onKey);
    this.draw();
    this.boardObserver.observe(this.boardArea);
  }

  close() {
    const root = this.root;
    window.clearInterval(this.clockTimer);
    this.source.close();
    document.removeEventListener("keydown", this.onKey);
    this.log.disconnect();
    this.boardObserver.disconnect();
    cancelAnimationFrame(this.resizeFrame);
    window.clearTimeout(this.toastTimer);
    setFavicon(false);
    this.unmount();
    delete root.dataset.move;
    delete root.dataset.over;
    delete root.dataset.seat;
    delete root.dataset.frames;
  }

  // Keys the page does not use go to the source (a replay steps with the arrows); never while
  // the player types or works a control.
  private readonly onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (e.altKey || e.ctrlKey || e.metaKey || (t && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(t.tagName))) return;
    if (this.source.key?.(e.key)) e.preventDefault();
  };

  private names(): string[] {
    return seatNames(this.state.seats);
  }

  private seatsNow() {
    const presence = this.presence;
    return this.state.seats.map((st) => ({
      ...st,
      connected: presence && st.seat < presence.length ? presence[st.seat].connected : st.connected,
    }));
  }

  // An engine label as the game's players read it (seats named), else as it is.
  private actionText(label: string, nm: string[]): string {
    return gameUi(this.state.game)?.actionText?.(label, nm) ?? label;
  }

  private act(id: number) {
    const state = this.state;
    if (this.busy || !myTurn(state) || !state.legal.some((a) => a.id === id)) return;
    if (this.source.act(id, state.move)) this.busy = true;
    this.draw();
  }

  private undo() {
    const state = this.state;
    if (this.busy || state.seat === null || state.undoable <= 0) return;
    if (this.source.undo()) this.busy = true;
    this.draw();
  }

  // What the page offers the game's drawing (games/game.ts).
  private makeHost(): GameHost {
    return {
      board: this.boardArea,
      panel: this.sidePanel,
      act: (id) => this.act(id),
      undo: () => this.undo(),
      redraw: () => {
        if (this.state.view) this.drawing?.update(this.state);
      },
      busy: () => this.busy,
      names: () => this.names(),
      nameTag: (seat) => this.nameTag(seat),
      mark: seatMark,
      render: (text) => renderText(text, this.names()),
      absence: (seat) => {
        const st = this.state.seats.find((x) => x.seat === seat);
        const p = this.presence?.[seat];
        if (!st || st.kind !== "human" || !p || p.connected || seat === this.state.seat) return null;
        return absenceWords(this.names()[seat] ?? "", p.awaySeconds, this.state.pace, this.secondsLeft());
      },
      variant: () => variantName(this.state.options),
    };
  }

  private nameTag(seat: number): HTMLElement {
    const st = this.seatsNow().find((x) => x.seat === seat);
    const tags = st ? seatTags(st, this.state.seat, String(seat) in this.state.standIns) : [];
    // the clock's face: the seat to move's counts down; with a Fischer clock every player's shows
    const running = seat === this.state.toMove;
    const left = running ? this.secondsLeft() : (this.state.clocks?.[seat] ?? null);
    const clock =
      hasClock(this.state.pace) && !this.state.over && left !== null && !this.source.controls && st?.kind === "human"
        ? h(
            "span",
            { class: `tag clock-left${running && left <= 10 ? " low" : ""}`, "data-testid": "clock-left", "data-running": running ? "" : null, title: running ? "time left for this turn" : "time left" },
            clockWords(left),
          )
        : null;
    return h(
      "span",
      { class: `name-tag ${seatMark(seat).cls}`, "data-seat": seat },
      markBadge(seatMark(seat)),
      nameEl(this.names()[seat] ?? renderText(`{P${seat + 1}}`, []), seat),
      ...tags.map((t) => h("span", { class: `tag tag-${t}` }, TAG_WORDS[t])),
      clock,
    );
  }

  // The source's events: every one draws the page again.
  private listen() {
    const root = this.root;
    this.source.start({
      frame: (f) => {
        if (f.type === "state" || f.type === "error") this.busy = false;
        // for tests: how many frames this page drew (they compare it with the frames they saw)
        root.dataset.frames = String(Number(root.dataset.frames ?? 0) + 1);
        if (f.type === "state") this.frameAt = Date.now();
        this.state = reduce(this.state, f);
        this.draw();
      },
      status: (st: SourceStatus) => {
        this.conn = st;
        if (st !== "open") this.busy = false;
        if (st === "failed") this.failed = true;
        this.draw();
      },
      changed: (at) => {
        this.changedAt = at;
        this.draw();
      },
      handover: (seat) => {
        this.handoverSeat = seat;
        this.drawHandover();
      },
      presence: (p) => {
        this.presence = p;
        this.draw(); // the drawing's update() follows, with the new tags in nameTag() and absence()
      },
    });
  }

  // The page: the header, the dead-end card, the board beside the side (the game's panel, the
  // moves as text, the log), and the rules, the error toast and the end card over them.
  private layout(): HTMLElement {
    return h(
      "div",
      { class: "table-page" },
      h(
        "header",
        { class: "table-head" },
        h("a", { href: "#/", class: "home", "aria-label": "lobby" }, "◂ Lobby"),
        this.title,
        this.turn,
        h("span", { class: "head-tools" }, this.undoBtn, this.notifyBtn, this.rulesBtn, this.status),
      ),
      this.source.controls?.() ?? "",
      this.deadEnd,
      this.handover,
      this.replaceBar,
      h(
        "div",
        { class: "table-body" },
        this.boardArea,
        h(
          "div",
          { class: "side" },
          h("div", { class: "side-top" }, this.sidePanel, this.fallback),
          h("section", { class: "log-box" }, h("h3", { class: "log-title" }, "Log"), this.log.el),
        ),
      ),
      this.rules,
      this.errorBox,
      this.endOverlay,
    );
  }

  private mount() {
    const state = this.state;
    const ui = gameUi(state.game);
    this.mountedGame = state.game;
    // a content variant (turf serve --variant) is named beside the game: its cards and numbers
    // are not the printed ones
    const variant = variantName(state.options);
    this.title.textContent = `${ui?.title ?? state.game ?? "Table"}${variant === "base" ? "" : ` · ${variant}`}`;
    this.rules.replaceChildren(
      h("h2", null, `${ui?.title ?? state.game}: short rules`),
      ...(variant === "base"
        ? []
        : [h("p", { class: "variant-note" }, `This table plays the variant “${variant}”: some cards and numbers differ from the printed game. The card texts shown here are the variant's.`)]),
      ui ? h("ol", null, ...ui.rules.map((r) => h("li", null, r))) : h("p", null, "This game's table is not drawn yet: its moves are listed as buttons."),
      h("button", { type: "button", onclick: (() => this.rulesBtn.click()) as EventListener }, "Close"),
    );
    if (ui?.mount) {
      this.drawing = ui.mount(this.host);
    } else {
      this.boardArea.append(h("p", { class: "muted pad" }, "This game's table is not drawn in the browser yet: play with the moves listed beside it."));
    }
  }

  private unmount() {
    this.drawing?.destroy();
    this.drawing = null;
    this.boardArea.replaceChildren();
    this.sidePanel.replaceChildren();
    this.mountedGame = null;
  }

  private draw() {
    this.runClock();
    this.drawReplace();
    const state = this.state;
    const nm = this.names();
    this.status.dataset.conn = this.conn;
    this.status.textContent = connWords(this.conn, state);
    if (this.failed) {
      this.drawDeadEnd();
      return;
    }
    if (state.game && this.mountedGame !== state.game) {
      this.unmount();
      this.mount();
    }
    if (state.game) document.title = `${myTurn(state) ? "● Your turn · " : ""}${gameUi(state.game)?.title ?? state.game} · Turf`;
    const mine = myTurn(state);
    setFavicon(mine);
    if (mine && !this.wasMine && state.game && state.table) notifyTurn(`${gameUi(state.game)?.title ?? state.game} · Turf`, `turf-${state.table}`);
    this.wasMine = mine;
    this.notifyBtn.hidden = state.seat === null || state.over || !canAskToNotify() || !!this.source.controls;

    // for tests and tools: the move this page shows
    // (absent between a welcome and its state frame: the page is resyncing)
    const root = this.root;
    if (state.view) root.dataset.move = String(state.move);
    else delete root.dataset.move;
    root.dataset.over = String(state.over);
    root.dataset.seat = state.seat === null ? "spectator" : String(state.seat);

    this.drawTurn();
    this.drawFallback(nm);
    this.log.draw(state.log, nm);
    this.showError();
    if (state.view) this.drawing?.update(state);
    this.log.toBottom();
    this.drawEnd(nm);
  }

  // A link that opens no seat at this table: the dead-end card instead of the table.
  // "Pass the device to Bea", and her button to say she has it.
  private drawHandover() {
    const seat = this.handoverSeat;
    this.handover.hidden = seat === null;
    if (seat === null) return;
    const name = this.names()[seat] ?? renderText(`{P${seat + 1}}`, []);
    const claim = h("button", { type: "button", class: "primary claim", onclick: (() => this.source.claim?.()) as EventListener }, "I am ", nameEl(name, seat));
    this.handover.replaceChildren(
      h(
        "div",
        { class: "handover-card" },
        markBadge(seatMark(seat), 40),
        h("h2", null, "Pass the device to ", nameEl(name, seat)),
        h("p", null, "It is their turn. Their hand shows once they say it is them."),
        claim,
      ),
    );
    claim.focus();
  }

  private drawDeadEnd() {
    this.deadEnd.hidden = false;
    const code = this.state.error?.code;
    const [title, words] =
      code === "no_replay"
        ? ["This game has no replay yet", "A replay opens once the game is over; until then the table can be watched live from the lobby."]
        : code === "unavailable"
        ? ["This table cannot be opened now", this.state.error?.message ?? "The server cannot open it now. Try the link again later."]
        : code === "no_seats_here"
        ? [
            "This device holds no seat at this table",
            "A hot seat plays the seats whose links were opened on this device. Open each player's link here once, or start a new table and choose Play all here.",
          ]
        : [
            code === "no_table" ? "There is no such table" : "This link does not open a seat at this table",
            "The link may be cut short or mistyped, or the table was removed. Ask whoever made the table for the link again, or start a new table.",
          ];
    this.deadEnd.replaceChildren(h("h2", null, title), h("p", null, words), h("a", { class: "button primary", href: "#/" }, "Go to the lobby"));
    this.turn.textContent = "No table";
    // nothing to take back and no rules to read at a table that is not there
    this.undoBtn.hidden = true;
    this.rulesBtn.hidden = true;
    this.rules.hidden = true;
  }

  // Seconds the seat to move has left (null: no deadline): counted from what the server said
  // when it made the last frame, so that this browser's clock being off does not matter.
  private secondsLeft(): number | null {
    if (this.state.deadlineIn !== null) return Math.max(0, this.state.deadlineIn - (Date.now() - this.frameAt) / 1000);
    return this.state.deadline === null ? null : Math.max(0, this.state.deadline - Math.floor(Date.now() / 1000));
  }

  // A live table's clock: the seat to move's face counts down each second, in the turn line and
  // on its name tag wherever the drawing shows it (the server alone decides when time is up).
  private runClock() {
    const running = hasClock(this.state.pace) && !this.state.over && this.secondsLeft() !== null && !this.source.controls;
    if (running && !this.clockTimer) {
      this.clockTimer = window.setInterval(() => {
        const left = this.secondsLeft();
        for (const el of this.root.querySelectorAll<HTMLElement>(".clock-left[data-running]")) {
          el.textContent = left === null ? "" : clockWords(left);
          el.classList.toggle("low", left !== null && left <= 10);
        }
        this.drawTurn();
      }, 1000);
    } else if (!running && this.clockTimer) {
      window.clearInterval(this.clockTimer);
      this.clockTimer = 0;
    }
  }

  // Another player has left the table (not connected: away a while, or never came): a player may
  // ask a bot to play their seat until their link comes back. Not on a hot seat or a replay.
  private drawReplace() {
    const st = this.state;
    const away =
      !this.source.replace || st.seat === null || st.over || !st.view || !this.presence
        ? []
        : st.seats.filter((s) => {
            const p = this.presence?.[s.seat];
            return s.kind === "human" && s.seat !== st.seat && !(String(s.seat) in st.standIns) && p && !p.connected && (p.awaySeconds === null || p.awaySeconds >= 30);
          });
    this.replaceBar.hidden = away.length === 0;
    this.replaceBar.replaceChildren(
      ...away.map((s) =>
        h(
          "p",
          { class: "replace-one", "data-seat": s.seat },
          this.nameTag(s.seat),
          " is not at the table. ",
          h("button", { type: "button", class: "small", "data-testid": "replace", onclick: (() => this.source.replace?.(s.seat)) as EventListener }, "Let a bot play for them"),
          h("span", { class: "muted small replace-until" }, " until they open their link again"),
        ),
      ),
    );
  }

  // Whose turn, in the header, and the Undo button.
  private drawTurn() {
    const state = this.state;
    const you = state.seat;
    const turn = this.turn;
    turn.replaceChildren();
    if (!state.view) turn.append("Connecting to the table…");
    else if (state.over) turn.append("Game over");
    else if (state.toMove === null) turn.append("…");
    // (a replay seen by a seat shows that seat's hand, but it is nobody's turn here)
    else if (you !== null && state.toMove === you && !this.source.controls) turn.append("Your turn");
    else {
      turn.append(this.nameTag(state.toMove), " to move");
      // how long the others have had (a turn-based table waits days): said from a minute on
      const secs = this.changedAt === null ? 0 : (Date.now() - this.changedAt) / 1000;
      if (secs >= 60) turn.append(h("span", { class: "since", "data-testid": "turn-since" }, ` · for ${durationWords(secs)}`));
    }
    // a turn-based table, or a clock: the time the seat to move has left (the server's deadline)
    const left = this.secondsLeft();
    // (with a clock, the name tag of the seat to move carries its face: said once)
    const faceShown = hasClock(state.pace) && !(you !== null && state.toMove === you);
    if (left !== null && !state.over && !this.source.controls && !faceShown)
      turn.append(h("span", { class: "time-left", "data-testid": "time-left" }, ` · ${hasClock(state.pace) ? (left > 0 ? `${clockWords(left)} left` : "time is up") : timeLeftWords(left)}`));
    if (this.source.controls && state.view) turn.append(" · replay");
    else if (you === null && state.view) turn.append(" · you are watching");
    turn.dataset.mine = String(myTurn(state));

    this.undoBtn.disabled = this.busy || you === null || state.undoable <= 0 || state.over;
    this.undoBtn.hidden = you === null || !!this.source.controls; // a replay takes nothing back
  }

  // The fallback: every legal action as a text button.
  private drawFallback(nm: string[]) {
    const state = this.state;
    const you = state.seat;
    const list = this.fallback.querySelector(".fallback-list")!;
    list.replaceChildren(
      ...(myTurn(state)
        ? state.legal.map((a) =>
            h(
              "button",
              {
                type: "button",
                class: "small legal",
                "data-action": a.id,
                disabled: this.busy,
                onclick: (() => this.act(a.id)) as EventListener,
              },
              this.actionText(a.label, nm),
            ),
          )
        : [h("span", { class: "muted" }, you === null ? "Spectators do not move." : "Not your turn.")]),
    );
    // games without a drawn table play from this list: keep it open for them
    if (state.game && !this.drawing) this.fallback.open = true;
    this.fallback.hidden = you === null;
  }

  // Errors: a toast for four seconds (a new error restarts it).
  private showError() {
    const error = this.state.error;
    if (!error) return;
    this.errorBox.hidden = false;
    this.errorBox.textContent = ERROR_WORDS[error.code] ?? error.message;
    window.clearTimeout(this.toastTimer);
    this.toastTimer = window.setTimeout(() => (this.errorBox.hidden = true), 4000);
  }

  // The end card, until the player dismisses it to look at the board.
  private drawEnd(nm: string[]) {
    const state = this.state;
    if (state.over && state.result && !this.endDismissed) {
      this.endOverlay.hidden = false;
      this.endOverlay.replaceChildren(this.endCard(state.result, nm));
    } else if (!state.over) {
      this.endOverlay.hidden = true;
      this.endDismissed = false;
    }
  }

  // A seat asks for the rematch; once it is made, every viewer can go to it (a seat at its seat).
  private rematchButton(): HTMLElement | null {
    const state = this.state;
    const source = this.source;
    if (state.rematch && source.openRematch) {
      const id = state.rematch;
      return h("button", { type: "button", class: "primary rematch", onclick: (() => source.openRematch?.(id)) as EventListener }, state.seat === null ? "Watch the rematch" : "Play the rematch");
    }
    if (state.seat === null || !source.rematch) return null;
    return h(
      "button",
      {
        type: "button",
        class: "primary rematch",
        disabled: this.rematchAsked,
        title: "A new table with the same players and options, dealt afresh; the others are told",
        onclick: (() => {
          this.rematchAsked = source.rematch?.() ?? false;
          this.draw();
        }) as EventListener,
      },
      this.rematchAsked ? "Asking for a rematch…" : "Rematch",
    );
  }

  // The ranking in words; where the scores come from: the game's own breakdown (its side panel's);
  // each seat's result in a table as well where the ranking lines do not say it, or without a
  // breakdown.
  private endCard(result: MatchResult, nm: string[]): HTMLElement {
    const seats = this.state.seats;
    const words = rankingWords(result, nm);
    const breakdown = this.drawing?.endBreakdown?.() ?? null;
    const table = !breakdown || resultsUnsaid(words, result, seats);
    const rematch = this.rematchButton();
    const dismiss = () => {
      this.endDismissed = true;
      this.endOverlay.hidden = true;
    };
    return h(
      "div",
      { class: "end-card" },
      h("h2", null, "Game over"),
      ...words.map((w, i) => h("p", { class: i === 0 ? "winner" : "" }, w)),
      table
        ? h(
            "table",
            { class: "final-scores" },
            h("tr", null, h("th", null, "Player"), h("th", null, "Result")),
            ...seats.map((s) =>
              h(
                "tr",
                { "data-seat": s.seat },
                h("td", null, this.nameTag(s.seat)),
                h("td", { class: "final-score" }, result.words?.[s.seat] ?? String(result.scores[s.seat])),
              ),
            ),
          )
        : null,
      breakdown ? h("div", { class: "end-breakdown", "data-testid": "end-breakdown" }, breakdown) : null,
      h(
        "div",
        { class: "end-buttons" },
        h("button", { type: "button", onclick: dismiss as EventListener }, "Look at the board"),
        rematch,
        this.state.table && !this.source.controls ? h("a", { class: "button replay-link", href: `#/replay/${this.state.table}` }, "Replay") : null,
        h("a", { class: `button${rematch ? "" : " primary"}`, href: "#/" }, "Back to the lobby"),
      ),
    );
  }
}

// The log, one numbered entry per turn, redrawn when it changed. It keeps its newest line in
// view: after every change of its content or of its size (the game's panel above it grows and
// shrinks), unless the reader scrolled up to read. A scroll event of our own (it arrives later,
// maybe after more lines came) says nothing of the reader: only a scroll away from where we put
// the log decides.
class LogBox {
  readonly el = h("ol", { class: "log", "aria-label": "game log" });
  private stick = true;
  private autoTop = -1;
  private rendered = ""; // the key of the log as drawn
  private readonly observer = new ResizeObserver(() => this.toBottom());

  constructor() {
    const log = this.el;
    log.addEventListener("scroll", () => {
      if (Math.abs(log.scrollTop - this.autoTop) <= 1) return;
      this.stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    });
    this.observer.observe(log);
  }

  toBottom() {
    if (!this.stick) return;
    this.el.scrollTop = this.el.scrollHeight;
    this.autoTop = this.el.scrollTop;
  }

  draw(steps: readonly Step[], nm: string[]) {
    const entries = logEntries(steps);
    const key = logKey(steps, entries, nm);
    if (key === this.rendered) return;
    this.rendered = key;
    this.el.replaceChildren(
      ...entries.map((e) =>
        h(
          "li",
          { class: `log-entry ${seatMark(e.seat).cls}`, "data-seat": e.seat, "data-move": e.moves[0], "data-turn": e.n },
          h("span", { class: "log-n", "aria-hidden": "true" }, `${e.n}.`),
          h(
            "div",
            { class: "log-lines" },
            ...e.lines.map((l) => h("p", { class: `log-line kind-${l.kind}`, "data-seat": l.seat ?? "" }, ...richText(l.text, nm))),
          ),
        ),
      ),
    );
    this.stick = true;
  }

  disconnect() {
    this.observer.disconnect();
  }
}

// --- words and keys, without the page ---------------------------------------------------------

// The connection in the header's words.
export function connWords(conn: SourceStatus, state: Pick<TableState, "table" | "seat">): string {
  if (conn === "open") return state.table && state.seat === null ? "watching" : "connected";
  return conn === "connecting" ? "connecting…" : conn === "failed" ? "no table" : "reconnecting…";
}

// Whether the ranking lines leave a seat's result in words unsaid (the end card then lists each
// seat's result in a table).
export function resultsUnsaid(words: string[], result: MatchResult, seats: readonly { seat: number }[]): boolean {
  const said = words.join(" ");
  return seats.some((s) => !said.includes((result.words?.[s.seat] ?? "").replace(/\.$/, "")));
}

// What the drawn log depends on: the names, the moves, and how many lines each entry has.
export function logKey(steps: readonly Step[], entries: readonly LogEntry[], nm: string[]): string {
  return `${nm.join("\u0001")}\u0002${steps.map((s) => s.move).join(",")}\u0002${entries.map((e) => e.lines.length).join(",")}`;
}
